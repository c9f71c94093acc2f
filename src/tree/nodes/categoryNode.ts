// One category of a workspace (Integrations, Backups, …): a paged list of items, run from the
// kind's record — how its list is read, what it is called, and what node each row becomes (an
// item with a history expands into it; the others are leaves). Its description counts the runs
// under way among its items.
import type * as vscode from 'vscode';
import { l10n } from 'vscode';
import type { Page, PageParams } from '../../api';
import { refs } from '../../shared/refs';
import { historyOf, type HistoryRecord, type WorkspaceItemRecord } from '../../kinds';
import { contextValue } from '../../kinds/contextValues';
import { icon } from '../../host/icons';
import type { Node, RowNode } from '../node';
import { PagedParent } from '../pagedParent';
import type { TreeContext } from '../treeContext';
import { treeItem } from '../treeItems';
import { HistoryItemNode } from './historyItemNode';
import { ItemNode } from './itemNode';

type Row = { id?: number | null };

/** A row without an id cannot be acted on; it is still shown, under a ref that names its position. */
const NO_ID = -1;

export class CategoryNode extends PagedParent<Row> {
  constructor(
    ctx: TreeContext,
    parent: Node,
    readonly workspaceId: number,
    readonly spec: WorkspaceItemRecord,
  ) {
    super(ctx, parent, spec.category.token);
  }

  protected fetchPage(page: Required<PageParams>, signal: AbortSignal): Promise<Page<Row>> {
    return this.spec.listItems(this.ctx.client(this.account), this.workspaceId, page, signal) as Promise<Page<Row>>;
  }

  /** An item's key is its id: the same string its ref holds, not a second one per row. */
  protected keyOf(item: Row, index: number): string {
    return item.id != null ? String(item.id) : `row:${index}`;
  }

  protected createChild(item: Row, key: string): RowNode<Row> {
    const ref = refs.item(this.account, this.spec.kind, this.workspaceId, item.id != null ? key : NO_ID);
    const history = historyOf(this.spec.kind);
    return history
      ? new HistoryItemNode<Row, unknown>(this.ctx, this, key, ref, item, history as HistoryRecord<Row>)
      : new ItemNode(this.ctx, this, key, ref, item, this.spec);
  }

  protected emptyLabel(): string {
    return this.spec.category.empty();
  }

  /** "2 running": the items of this category with a run under way. */
  protected description(): string | undefined {
    const running = this.rowNodes.filter((n) => n.ref && this.ctx.runs.active(n.ref)).length;
    return running ? l10n.t('{0} running', running) : undefined;
  }

  treeItem(): vscode.TreeItem {
    return this.describe(
      treeItem(this, {
        label: this.spec.category.label(),
        icon: icon(this.spec.category.icon),
        contextValue: contextValue(this.spec.category.token, 'refreshable'),
        collapsible: 'collapsed',
      }),
    );
  }
}
