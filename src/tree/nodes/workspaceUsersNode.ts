// "Users" of a workspace: one plain (unpaged) array, filterable by a search mask.
import { l10n } from 'vscode';
import type * as vscode from 'vscode';
import type { Page, PageParams, WorkspaceUser } from '../../api';
import { refs } from '../../shared/refs';
import { commandToken, contextValue } from '../../kinds/contextValues';
import { CommandId } from '../../shared/commandIds';
import { SearchableParent } from '../filteredParents';
import { icon } from '../../host/icons';
import type { Node } from '../node';
import { WORKSPACE_USER } from '../../kinds/people';
import type { TreeContext } from '../treeContext';
import { treeItem } from '../treeItems';
import { ItemNode } from './itemNode';

export class WorkspaceUsersNode extends SearchableParent<WorkspaceUser> {
  constructor(
    ctx: TreeContext,
    parent: Node,
    readonly workspaceId: number,
  ) {
    super(ctx, parent, 'workspaceUsers');
  }

  protected async fetchPage(_page: Required<PageParams>, signal: AbortSignal): Promise<Page<WorkspaceUser>> {
    // Not paged by the API: everything comes at once, so there is never a "Load more…".
    return { data: await this.ctx.client(this.account).listWorkspaceUsers(this.workspaceId, this.searchMask, { signal }), hasMore: false };
  }

  protected keyOf(user: WorkspaceUser, index: number): string {
    return user.id != null ? `user:${user.id}` : `row:${index}`;
  }

  protected createChild(user: WorkspaceUser, key: string): ItemNode<WorkspaceUser> {
    return new ItemNode(this.ctx, this, key, refs.workspaceUser(this.account, this.workspaceId, user.id ?? -1), user, WORKSPACE_USER);
  }

  treeItem(): vscode.TreeItem {
    const personal = (this.parent as { data?: { isPersonal?: boolean } } | undefined)?.data?.isPersonal === true;
    return this.describe(
      treeItem(this, {
        label: l10n.t('Users'),
        icon: icon('person'),
        contextValue: contextValue(
          'workspaceUsers',
          'refreshable',
          'searchable',
          this.filtered && 'filtered',
          'addsInline',
          !personal && commandToken(CommandId.addWorkspaceUser),
        ),
        collapsible: 'collapsed',
      }),
    );
  }
}
