// An item with a history: an integration (runs), a backup (snapshots), an automation
// (executions), an endpoint (requests). Expanding it loads the newest page of its history and,
// for items that can be running, their active run alongside (shown as the first row); hovering
// it reads its schedule or state for the tooltip.
//
// Everything it shows comes from the fact store (its row, schedule, run under way, newest entry);
// what its first page teaches — the newest finished entry — is written there, so the row, a panel
// and the status bar say the same.
import type * as vscode from 'vscode';
import type { Page, PageParams } from '../../api';
import { refs, type EntryKind, type ItemRef, type Target } from '../../shared/refs';
import { HistoryParent } from '../filteredParents';
import type { HistoryRecord } from '../../kinds/kind';
import { renderItem, targetOf, tooltipOf, viewOf } from '../itemView';
import type { Node, RowNode } from '../node';
import type { TreeContext } from '../treeContext';
import { ActiveRunNode } from './activeRunNode';
import { EntryNode, entryKey } from './entryNode';

export class HistoryItemNode<T extends object, E> extends HistoryParent<E> implements RowNode<T> {
  protected readonly historyKind: EntryKind;
  private activeRow?: ActiveRunNode;

  constructor(
    ctx: TreeContext,
    parent: Node,
    key: string,
    private readonly itemRef: ItemRef,
    private row: T,
    readonly spec: HistoryRecord<T, E>,
  ) {
    super(ctx, parent, key);
    this.historyKind = spec.entry.kind;
    ctx.register(itemRef, this);
    ctx.facts.patch(itemRef, { row });
  }

  override get ref(): ItemRef {
    return this.itemRef;
  }

  /** The row as the fact store has it (a newer read of the item wins over the list's row). */
  get data(): T {
    return (this.ctx.facts.get(this.itemRef).row as T | undefined) ?? this.row;
  }

  update(row: T): void {
    this.row = row;
    this.ctx.facts.patch(this.itemRef, { row });
  }

  override target(): Target {
    return targetOf(this.itemRef, this.data);
  }

  override copyableId(): string {
    return this.itemRef.id;
  }

  /** A page of its history; its successes join the item's baseline (its rows are judged against it). */
  protected async fetchPage(page: Required<PageParams>, signal: AbortSignal): Promise<Page<E>> {
    const read = await this.spec.list(this.ctx.client(this.account), this.itemRef, this.historyQuery(page), signal);
    this.ctx.facts.baselines.observe(this.itemRef, read.data);
    return read;
  }

  /** The active run is read with the first page, so a run under way shows on expansion. */
  protected override prefetch(signal: AbortSignal): Promise<unknown> | undefined {
    return !!this.spec.active ? this.ctx.reader.probe(this.itemRef, this.target().name, 'expand', signal) : undefined;
  }

  /** The newest finished entry of the unfiltered history becomes a fact of the item. */
  protected override onFirstPage(entries: E[]): void {
    if (this.filtered) return;
    this.ctx.facts.patch(this.itemRef, { historyLatest: this.ctx.facts.baselines.latestOf(this.itemRef, entries) });
  }

  protected keyOf(entry: E, index: number): string {
    const id = this.spec.entry.idOf(entry);
    return id ? entryKey(this.spec.entry.kind, id) : `row:${index}`;
  }

  protected createChild(entry: E, key: string): EntryNode<E> {
    const id = this.spec.entry.idOf(entry);
    const ref = id ? refs.entryOf(this.itemRef, this.spec.entry.kind, id) : undefined;
    return new EntryNode(this.ctx, this, key, ref, entry, this.spec.entry);
  }

  /**
   * The run under way, first, above the finished history. It takes the key its history row will
   * have once it ended (`run:123`), and the history leaves out a row of the same run (see
   * PagedParent.render): one run is one row, and keeps its tree id as it moves from one to the other.
   */
  protected override leadingChildren(): Node[] {
    const run = !!this.spec.active ? this.ctx.facts.get(this.itemRef).active : undefined;
    if (!run) {
      this.activeRow?.dispose();
      this.activeRow = undefined;
      return [];
    }
    if (this.activeRow?.record.ref.id !== run.ref.id) {
      this.activeRow?.dispose();
      this.activeRow = new ActiveRunNode(this.ctx, this, run);
    } else {
      this.activeRow.record = run;
    }
    return [this.activeRow];
  }

  protected override leadingKeys(): string[] {
    const run = !!this.spec.active ? this.ctx.facts.get(this.itemRef).active : undefined;
    return run ? [entryKey(run.ref.kind, run.ref.id)] : [];
  }

  protected override shownLeadingRows(): Node[] {
    return this.activeRow ? [this.activeRow] : [];
  }

  private view() {
    return viewOf(this.ctx, this.itemRef, this.data, this.filterText());
  }

  protected description(): string | undefined {
    return this.spec.description(this.view());
  }

  treeItem(): vscode.TreeItem {
    return renderItem(this, this.spec, this.view(), {
      collapsible: 'collapsed',
      extraFlags: ['history', 'refreshable', this.filtered && 'filtered'],
    });
  }

  override async resolveTooltip(): Promise<vscode.MarkdownString | undefined> {
    if (this.spec.probe?.hover.length) await this.ctx.reader.probe(this.itemRef, this.target().name, 'hover');
    return tooltipOf(this.view());
  }

  override dispose(): void {
    this.ctx.unregister(this.itemRef, this);
    this.activeRow?.dispose();
    super.dispose();
  }
}
