// A workspace: its seven categories. Expanding it costs no request.
import type * as vscode from 'vscode';
import { l10n } from 'vscode';
import type { Workspace } from '../../api';
import { refs, type ItemRef, type Target } from '../../shared/refs';
import { commandToken, contextValue } from '../../kinds/contextValues';
import { CommandId } from '../../shared/commandIds';
import { icon } from '../../host/icons';
import { targetOf, tooltipOf, viewOf } from '../itemView';
import { Node, type RowNode } from '../node';
import type { TreeContext } from '../treeContext';
import { treeItem } from '../treeItems';
import { CategoryNode } from './categoryNode';
import { WorkspaceUsersNode } from './workspaceUsersNode';
import { WORKSPACE_ITEMS } from '../../kinds';

export class WorkspaceNode extends Node implements RowNode<Workspace> {
  private categories?: Node[];
  private readonly wsRef: ItemRef;

  constructor(
    ctx: TreeContext,
    parent: Node,
    key: string,
    private workspace: Workspace,
  ) {
    super(ctx, parent, key);
    this.wsRef = refs.workspace(this.account, workspace.id);
    ctx.register(this.wsRef, this);
  }

  override get ref(): ItemRef {
    return this.wsRef;
  }

  get data(): Workspace {
    return this.workspace;
  }

  get workspaceId(): number {
    return this.workspace.id;
  }

  update(workspace: Workspace): void {
    this.workspace = workspace;
  }

  override target(): Target {
    return targetOf(this.wsRef, this.workspace);
  }

  override copyableId(): string {
    return String(this.workspace.id);
  }

  override children(): Node[] {
    const ws = this.workspace.id;
    // Created once, so each category keeps its cache while the workspace node lives.
    return (this.categories ??= [
      ...Object.values(WORKSPACE_ITEMS).map((record) => new CategoryNode(this.ctx, this, ws, record)),
      new WorkspaceUsersNode(this.ctx, this, ws),
    ]);
  }

  override loadedChildren(): Node[] {
    return this.categories ?? [];
  }

  /** Refresh on a workspace reloads what is below it, each list when it is next shown. */
  override reset(): void {
    for (const category of this.categories ?? []) category.reset();
  }

  treeItem(): vscode.TreeItem {
    const w = this.workspace;
    const view = viewOf(this.ctx, this.wsRef, w);
    return treeItem(this, {
      label: this.target().name,
      description: view.busy ?? (w.isPersonal ? l10n.t('personal') : undefined),
      tooltip: tooltipOf(view).value,
      icon: icon(w.isPersonal ? 'folder' : 'folder-library'),
      contextValue: contextValue(
        'workspace',
        w.isPersonal === true && 'personal',
        'refreshable',
        'hasId',
        w.isPersonal !== true && commandToken(CommandId.addWorkspaceUser),
      ),
      collapsible: 'collapsed',
    });
  }

  override dispose(): void {
    this.ctx.unregister(this.wsRef, this);
    for (const category of this.categories ?? []) category.dispose();
  }
}
