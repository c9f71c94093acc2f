// The run under way of an item, shown as the first row of its history (history lists hold only
// finished runs). Its spinner, state and row counts follow the run store; Cancel and Kill apply to
// it as to its item, where the item's record can stop a run.
import { l10n } from 'vscode';
import type * as vscode from 'vscode';
import { CommandId } from '../../shared/commandIds';
import { activeText } from '../../shared/describe';
import { formatDateTime, joinParts, relativeTime, tooltipMarkdown, whenText } from '../../shared/format';
import { rowCount, stateWord } from '../../shared/words';
import type { RunRecord } from '../../shared/model';
import { parentRef, type EntryKind, type ItemRef, type Target } from '../../shared/refs';
import { contextValue } from '../../kinds/contextValues';
import { outcomeIcon } from '../../host/icons';
import { Node } from '../node';
import type { TreeContext } from '../treeContext';
import { treeItem } from '../treeItems';
import { stopCapabilities } from '../../kinds/common';
import { viewOf } from '../itemView';
import { entryKey } from './entryNode';
import { commandTokens, ENTRIES, entryName, entryTokens, historyOf, runTarget } from '../../kinds';

export class ActiveRunNode extends Node {
  constructor(
    ctx: TreeContext,
    parent: Node,
    public record: RunRecord,
  ) {
    super(ctx, parent, entryKey(record.ref.kind, record.ref.id));
    ctx.register(record.ref, this);
  }

  override get ref(): ItemRef {
    return this.record.ref;
  }

  override target(): Target {
    return runTarget(this.record);
  }

  override copyableId(): string {
    return this.record.ref.id;
  }

  treeItem(): vscode.TreeItem {
    // The run as the fact store has it now (the watcher's latest look), else as first shown.
    const item = this.ctx.facts.get(parentRef(this.record.ref) ?? this.record.ref);
    const r = item.active && item.active.ref.id === this.record.ref.id ? item.active : this.record;
    const busy = item.busy;
    // Cancel and Kill as its item offers them, where its item's record can stop a run.
    const stops = historyOf(r.item.kind)?.stop ? commandTokens(r.item.kind, stopCapabilities(viewOf(this.ctx, r.item, {}))) : [];
    return treeItem(this, {
      label: formatDateTime(r.date, false) || entryName(r.ref),
      description:
        busy ??
        joinParts(
          stateWord(r.state),
          r.date && relativeTime(r.date) && l10n.t('started {0}', relativeTime(r.date)),
          // Rows where the run's record counts them (kinds/common.ts startRecord).
          typeof r.successRows === 'number' && rowCount(r.successRows),
        ),
      tooltip: tooltipMarkdown(joinParts(entryName(r.ref), stateWord(r.state)), [
        [l10n.t('Item'), r.itemName],
        [l10n.t('Progress'), activeText(r)],
        [l10n.t('Started'), whenText(r.date)],
        [l10n.t('Watched since'), whenText(r.seenAt)],
      ]),
      icon: outcomeIcon(r.outcome === 'queued' ? 'queued' : 'running'),
      meaning: l10n.t('{0}, under way', ENTRIES[r.ref.kind as EntryKind].words.meaning(r.outcome === 'queued' ? 'queued' : 'running')),
      meaningFirst: true,
      contextValue: contextValue(r.ref.kind, 'active', r.outcome === 'queued' ? 'queued' : 'running', 'hasId', ...stops, ...entryTokens(r.ref.kind, r, false)),
      command: { command: CommandId.openPanel, title: l10n.t('Open Panel'), arguments: [this] },
    });
  }

  override dispose(): void {
    this.ctx.unregister(this.record.ref, this);
  }
}
