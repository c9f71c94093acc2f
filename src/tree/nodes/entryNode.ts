// One finished entry of a history: a run, a snapshot, an automation execution, an endpoint
// request. A leaf whose icon says how it ended; a click shows its details.
import { l10n } from 'vscode';
import type * as vscode from 'vscode';
import { CommandId } from '../../shared/commandIds';
import { joinParts, tooltipMarkdown } from '../../shared/format';
import type { ItemRef, Target } from '../../shared/refs';
import { contextValue } from '../../kinds/contextValues';
import { outcomeIcon, unusualIcon } from '../../host/icons';
import { unusualLine, unusualMeaning, unusualWords } from '../../kinds/unusual';
import type { EntryRecord } from '../../kinds/kind';
import { Node, type RowNode } from '../node';
import type { TreeContext } from '../treeContext';
import { treeItem } from '../treeItems';
import { ENTRIES, describeObject, entryTokens, titleOf } from '../../kinds';

/**
 * The key of a history entry among its siblings. A run under way and the same run once finished
 * share it: the tree id of a run never changes, and never stands for two rows at once.
 */
export function entryKey(kind: string, id: string): string {
  return `${kind}:${id}`;
}

export class EntryNode<E> extends Node implements RowNode<E> {
  constructor(
    ctx: TreeContext,
    parent: Node,
    key: string,
    /** `undefined` for a row the service sent without an id: shown, but nothing can act on it. */
    private readonly entryRef: ItemRef | undefined,
    private entry: E,
    private readonly spec: EntryRecord<E>,
  ) {
    super(ctx, parent, key);
    if (entryRef) ctx.register(entryRef, this);
  }

  override get ref(): ItemRef | undefined {
    return this.entryRef;
  }

  get data(): E {
    return this.entry;
  }

  update(entry: E): void {
    this.entry = entry;
  }

  override target(): Target | undefined {
    return this.entryRef ? { ref: this.entryRef, name: titleOf(this.entryRef, this.entry as object), data: this.entry as object } : undefined;
  }

  override copyableId(): string | undefined {
    return this.entryRef?.id;
  }

  treeItem(): vscode.TreeItem {
    const outcome = this.spec.outcome(this.entry);
    const details = this.entryRef ? describeObject(this.entryRef, this.entry as object) : undefined;
    // Succeeded, but far from its item's usual: said first, in words, with a warning.
    const unusual = this.entryRef && this.ctx.facts.baselines.judge(this.entryRef, this.entry);
    const meaning = ENTRIES[this.spec.kind].words.meaning(outcome);
    const why = unusual && unusualLine(this.spec, unusual);
    return treeItem(this, {
      label: this.spec.label(this.entry),
      description: joinParts(why, this.spec.description(this.entry, Date.now())),
      tooltip: details && tooltipMarkdown(details.title, why ? [[l10n.t('Unusual'), unusualWords(this.spec, unusual)], ...details.rows] : details.rows),
      icon: unusual ? unusualIcon() : outcomeIcon(outcome),
      meaning: unusual ? unusualMeaning(meaning) : meaning,
      meaningFirst: true,
      contextValue: contextValue(
        this.spec.kind,
        outcome !== 'unknown' && outcome,
        !!unusual && 'unusual',
        this.entryRef && 'hasId',
        ...(this.entryRef ? entryTokens(this.spec.kind, this.entry as object, !!unusual) : []),
      ),
      // A click opens the panel (state, times, rows, first error, Open Log); Show Details, the
      // document with the API's JSON, stays in the context menu.
      command: this.entryRef ? { command: CommandId.openPanel, title: l10n.t('Open Panel'), arguments: [this] } : undefined,
    });
  }

  override dispose(): void {
    if (this.entryRef) this.ctx.unregister(this.entryRef, this);
  }
}
