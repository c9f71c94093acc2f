// The Pinned group, first under the account: the items pinned across workspaces, each with its
// newest run's outcome, which the pinned items' watcher keeps up to date. A row here is the item
// itself — the node its category would show (HistoryItemNode: its kind's record, its facts, its
// menus, its history on expansion) — under an id made from its ref, so an item pinned and listed
// in its category is one ref with one row per parent.
//
// An item shown here before its category was ever listed has no row yet: the first expansion of
// the group reads those items (one request each, a few at a time), as a category's expansion
// reads its list; until then, and if the read fails, it shows the name it was pinned with.
import { l10n } from 'vscode';
import { joinParts } from '../../shared/format';
import type * as vscode from 'vscode';
import { isSkyviaError } from '../../api';
import { outcomeOf } from '../../shared/outcome';
import { refKey } from '../../shared/refs';
import type { Pin } from '../../state/pins';
import { mapLimited } from '../../shared/mapLimited';
import { contextValue } from '../../kinds/contextValues';
import { icon } from '../../host/icons';
import { Node } from '../node';
import type { TreeContext } from '../treeContext';
import { treeItem } from '../treeItems';
import { HistoryItemNode } from './historyItemNode';
import { historyOf } from '../../kinds';

export class PinnedNode extends Node {
  private rows = new Map<string, HistoryItemNode<object, unknown>>();
  private loading?: Promise<Node[]>;
  private loaded = false;

  constructor(ctx: TreeContext, parent: Node) {
    super(ctx, parent, 'pinned');
  }

  override children(): Node[] | Promise<Node[]> {
    if (this.loaded) return this.render();
    return (this.loading ??= this.readRows().then(() => {
      this.loaded = true;
      this.loading = undefined;
      return this.render();
    }));
  }

  override get pendingLoad(): Promise<unknown> | undefined {
    return this.loading;
  }

  override loadedChildren(): Node[] {
    return [...this.rows.values()];
  }

  /** Pinned or unpinned: the next look reads the rows of items it has not seen listed yet. */
  override reset(): void {
    if (!this.loading) this.loaded = false;
  }

  /** How many pinned items' newest entry failed, or succeeded unusually, of how many. */
  get counts(): { failed: number; unusual: number; pinned: number } {
    const pins = this.ctx.pins(this.account);
    const latest = pins.map((p) => this.ctx.facts.get(p.ref).latest);
    return {
      failed: latest.filter((l) => outcomeOf(l?.state) === 'failed').length,
      unusual: latest.filter((l) => outcomeOf(l?.state) === 'succeeded' && l?.unusual).length,
      pinned: pins.length,
    };
  }

  treeItem(): vscode.TreeItem {
    const { failed, unusual, pinned } = this.counts;
    return treeItem(this, {
      label: l10n.t('Pinned'),
      description: joinParts(failed ? l10n.t('{0} of {1} failed', failed, pinned) : `${pinned}`, unusual > 0 && l10n.t('{0} unusual', unusual)),
      tooltip: l10n.t(
        'Items pinned from any workspace, each with its newest run; their histories are looked at every few minutes (skyvia.pinned.refreshMinutes).',
      ),
      icon: failed ? icon('pinned', 'testing.iconFailed') : icon('pinned'),
      // Refresh looks at every pinned item now (the watcher's look, one request each).
      contextValue: contextValue('pinned', 'refreshable'),
      collapsible: 'expanded',
    });
  }

  override dispose(): void {
    for (const row of this.rows.values()) row.dispose();
    this.rows.clear();
  }

  /** The rows in the order the items were pinned: kept for pins that stay, made for new ones, gone for the rest. */
  private render(): Node[] {
    const pins = this.ctx.pins(this.account).filter((p) => historyOf(p.ref.kind));
    const next = new Map<string, HistoryItemNode<object, unknown>>();
    for (const pin of pins) {
      const key = refKey(pin.ref);
      next.set(key, this.rows.get(key) ?? this.rowOf(pin));
    }
    for (const [key, row] of this.rows) if (!next.has(key)) row.dispose();
    this.rows = next;
    return [...next.values()];
  }

  private rowOf(pin: Pin): HistoryItemNode<object, unknown> {
    const spec = historyOf(pin.ref.kind) as NonNullable<ReturnType<typeof historyOf>>;
    const row = (this.ctx.facts.get(pin.ref).row as object | undefined) ?? { id: Number(pin.ref.id), name: pin.name };
    return new HistoryItemNode(this.ctx, this, `pin:${refKey(pin.ref)}`, pin.ref, row, spec as never);
  }

  /** The own read of each pinned item no list has shown yet: its row, as its category would have it. */
  private async readRows(): Promise<void> {
    const missing = this.ctx.pins(this.account).filter((p) => historyOf(p.ref.kind) && !this.ctx.facts.get(p.ref).row);
    await mapLimited(missing, async (pin) => {
      try {
        this.ctx.facts.patch(pin.ref, { row: await this.ctx.reader.readItem(pin.ref) });
      } catch (e) {
        if (isSkyviaError(e, 'auth')) await this.ctx.tokenRejected(this.account, e);
        // Else shown by the name it was pinned with; its watcher's reads tell the rest.
      }
    });
  }
}
