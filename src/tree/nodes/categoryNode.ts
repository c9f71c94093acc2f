// One category of a workspace (Integrations, Backups, …): a paged list of items. The categories
// differ only in data, so one class runs them all from the table in categories.ts.
import type * as vscode from 'vscode';
import type { Page, PageParams, SkyviaClient } from '../../api';
import { contextValue, type Kind } from '../contextValues';
import { icon } from '../icons';
import type { ItemNode, Node } from '../node';
import { PagedParent } from '../pagedParent';
import type { TreeContext } from '../treeContext';
import { treeItem } from '../treeItems';

export interface CategorySpec<T> {
  kind: Kind;
  label: string;
  icon: string;
  list(client: SkyviaClient, workspaceId: number, page: Required<PageParams>, signal: AbortSignal): Promise<Page<T>>;
  /** The item's id, for node identity across reloads. */
  idOf(item: T): number | string | null | undefined;
  create(ctx: TreeContext, parent: Node, key: string, workspaceId: number, item: T): ItemNode<T>;
}

export class CategoryNode<T> extends PagedParent<T> {
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
    const id = this.spec.idOf(item);
    return id != null && id !== '' ? `id:${id}` : `row:${index}`;
  }

  protected createChild(item: T, key: string): ItemNode<T> {
    return this.spec.create(this.ctx, this, key, this.workspaceId, item);
  }

  protected emptyLabel(): string {
    return `No ${this.spec.label.toLowerCase()}`;
  }

  protected description(): string | undefined {
    return undefined;
  }

  treeItem(): vscode.TreeItem {
    return this.describe(
      treeItem(this, {
        label: this.spec.label,
        icon: icon(this.spec.icon),
        contextValue: contextValue(this.spec.kind, 'refreshable'),
        collapsible: 'collapsed',
      }),
    );
  }
}
