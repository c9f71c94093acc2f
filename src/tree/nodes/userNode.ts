// A user of the account or of a workspace. A leaf.
import type * as vscode from 'vscode';
import type { AccountUser, WorkspaceUser } from '../../api';
import { joinParts, nameOr, tooltipMarkdown } from '../../util/format';
import { contextValue } from '../contextValues';
import { icon } from '../icons';
import { Node, type ItemDetails, type ItemNode } from '../node';
import type { TreeContext } from '../treeContext';
import { treeItem } from '../treeItems';

type User = AccountUser | WorkspaceUser;

export class UserNode extends Node implements ItemNode<User> {
  constructor(
    ctx: TreeContext,
    parent: Node,
    key: string,
    /** Account users and workspace users take different actions (remove from account / from workspace). */
    readonly scope: 'account' | 'workspace',
    private user: User,
  ) {
    super(ctx, parent, key);
  }

  get data(): User {
    return this.user;
  }

  update(user: User): void {
    this.user = user;
  }

  private get role(): string | undefined {
    const u = this.user;
    return ('roleName' in u ? u.roleName : undefined) ?? ('type' in u ? u.type : undefined) ?? undefined;
  }

  treeItem(): vscode.TreeItem {
    const u = this.user;
    const details = this.details();
    const label = details.title;
    return treeItem(this, {
      label,
      description: joinParts(u.email && u.email !== label ? u.email : undefined, this.role),
      tooltip: tooltipMarkdown(details.title, details.rows),
      icon: icon('person'),
      contextValue: contextValue(this.scope === 'account' ? 'accountUser' : 'workspaceUser', u.id != null && 'hasId'),
    });
  }

  override copyableId(): string | undefined {
    return this.user.id != null ? String(this.user.id) : undefined;
  }

  override details(): ItemDetails {
    const u = this.user;
    const workspaces = 'workspaces' in u && u.workspaces?.length ? u.workspaces.map((w) => joinParts(`#${w.workspaceId}`, w.roleName)).join(', ') : undefined;
    return {
      title: u.fullName?.trim() || nameOr(u.email, 'User', u.id),
      rows: [
        ['E-mail', u.email ?? undefined],
        ['Role', this.role],
        ['Workspaces', workspaces],
        ['User id', u.id != null ? String(u.id) : undefined],
      ],
      data: u,
    };
  }
}
