// One category of a workspace (Integrations, Backups, …): a paged list of items. The categories
// differ only in data, so one class runs them all from the table in categories.ts. Its
// description counts the runs under way among its items.
import type * as vscode from 'vscode';
import { l10n } from 'vscode';
import type { Page, PageParams, SkyviaClient } from '../../api';
import { refs, type ItemRef, type WorkspaceItemKind } from '../../shared/refs';
import { contextValue, type Kind } from '../../kinds/contextValues';
import { icon } from '../icons';
import type { Node, RowNode } from '../node';
import { PagedParent } from '../pagedParent';
import type { TreeContext } from '../treeContext';
import { treeItem } from '../treeItems';

export interface CategorySpec<T extends { id?: number | null }> {
  kind: Kind;
  itemKind: WorkspaceItemKind;
  /** The category's name, and what its list says when empty: read when shown, in the user's language. */
  label(): string;
  empty(): string;
  icon: string;
  list(client: SkyviaClient, workspaceId: number, page: Required<PageParams>, signal: AbortSignal): Promise<Page<T>>;
  create(ctx: TreeContext, parent: Node, key: string, ref: ItemRef, row: T): RowNode<T>;
}

/** A row without an id cannot be acted on; it is still shown, under a ref that names its position. */
const NO_ID = -1;

export class CategoryNode<T extends { id?: number | null }> extends PagedParent<T> {
  constructor(
    ctx: TreeContext,
    parent: Node,
    readonly workspaceId: number,
    readonly spec: CategorySpec<T>,
  ) {
    super(ctx, parent, spec.kind);
  }

  protected fetchPage(page: Required<PageParams>, signal: AbortSignal): Promise<Page<T>> {
    return this.spec.list(this.ctx.client, this.workspaceId, page, signal);
  }

  protected keyOf(item: T, index: number): string {
    return item.id != null ? `id:${item.id}` : `row:${index}`;
  }

  protected createChild(item: T, key: string): RowNode<T> {
    return this.spec.create(this.ctx, this, key, refs.item(this.spec.itemKind, this.workspaceId, item.id ?? NO_ID), item);
  }

  protected emptyLabel(): string {
    return this.spec.empty();
  }

  /** "2 running": the items of this category with a run under way. */
  protected description(): string | undefined {
    const running = this.rowNodes.filter((n) => n.ref && this.ctx.runs.active(n.ref)).length;
    return running ? l10n.t('{0} running', running) : undefined;
  }

  treeItem(): vscode.TreeItem {
    return this.describe(
      treeItem(this, {
        label: this.spec.label(),
        icon: icon(this.spec.icon),
        contextValue: contextValue(this.spec.kind, 'refreshable'),
        collapsible: 'collapsed',
      }),
    );
  }
}
