// A workspace: its seven categories. Expanding it costs no request.
import type * as vscode from 'vscode';
import type { Workspace } from '../../api';
import { nameOr, tooltipMarkdown } from '../../util/format';
import { contextValue } from '../contextValues';
import { icon } from '../icons';
import { Node, type ItemDetails, type ItemNode } from '../node';
import type { TreeContext } from '../treeContext';
import { treeItem } from '../treeItems';
import { AGENTS, AUTOMATIONS, BACKUPS, CONNECTIONS, ENDPOINTS, INTEGRATIONS } from './categories';
import { CategoryNode } from './categoryNode';
import { WorkspaceUsersNode } from './workspaceUsersNode';

export class WorkspaceNode extends Node implements ItemNode<Workspace> {
  private categories?: Node[];

  constructor(
    ctx: TreeContext,
    parent: Node,
    key: string,
    private workspace: Workspace,
  ) {
    super(ctx, parent, key);
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

  override children(): Node[] {
    const ws = this.workspace.id;
    // Created once, so each category keeps its cache while the workspace node lives.
    return (this.categories ??= [
      new CategoryNode(this.ctx, this, ws, INTEGRATIONS),
      new CategoryNode(this.ctx, this, ws, BACKUPS),
      new CategoryNode(this.ctx, this, ws, AUTOMATIONS),
      new CategoryNode(this.ctx, this, ws, AGENTS),
      new CategoryNode(this.ctx, this, ws, CONNECTIONS),
      new CategoryNode(this.ctx, this, ws, ENDPOINTS),
      new WorkspaceUsersNode(this.ctx, this, ws),
    ]);
  }

  treeItem(): vscode.TreeItem {
    const w = this.workspace;
    const details = this.details();
    return treeItem(this, {
      label: details.title,
      description: w.isPersonal ? 'personal' : undefined,
      tooltip: tooltipMarkdown(details.title, details.rows),
      icon: icon(w.isPersonal ? 'folder' : 'folder-library'),
      contextValue: contextValue('workspace', w.isPersonal === true && 'personal', 'hasId'),
      collapsible: 'collapsed',
    });
  }

  override copyableId(): string {
    return String(this.workspace.id);
  }

  override details(): ItemDetails {
    const w = this.workspace;
    return {
      title: nameOr(w.name, 'Workspace', w.id),
      rows: [
        ['Kind', w.isPersonal === undefined ? undefined : w.isPersonal ? 'personal' : 'shared'],
        ['Workspace id', String(w.id)],
      ],
      data: w,
    };
  }
}
