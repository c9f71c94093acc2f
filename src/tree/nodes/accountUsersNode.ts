// "Users" of the account: paged, filterable by a search mask.
import { l10n } from 'vscode';
import type * as vscode from 'vscode';
import type { AccountUser, Page, PageParams } from '../../api';
import { refs } from '../../shared/refs';
import { commandToken, contextValue } from '../../kinds/contextValues';
import { CommandId } from '../../shared/commandIds';
import { SearchableParent } from '../filteredParents';
import { icon } from '../../host/icons';
import type { Node } from '../node';
import { ACCOUNT_USER } from '../../kinds/people';
import type { TreeContext } from '../treeContext';
import { treeItem } from '../treeItems';
import { ItemNode } from './itemNode';

export class AccountUsersNode extends SearchableParent<AccountUser> {
  constructor(ctx: TreeContext, parent: Node) {
    super(ctx, parent, 'accountUsers');
  }

  protected fetchPage(page: Required<PageParams>, signal: AbortSignal): Promise<Page<AccountUser>> {
    return this.ctx.client(this.account).listAccountUsers({ ...page, searchMask: this.searchMask }, { signal });
  }

  protected keyOf(user: AccountUser, index: number): string {
    // `id` is nullable here; the e-mail is the next best identity.
    return user.id != null ? `user:${user.id}` : user.email ? `email:${user.email}` : `row:${index}`;
  }

  protected createChild(user: AccountUser, key: string): ItemNode<AccountUser> {
    return new ItemNode(this.ctx, this, key, refs.accountUser(this.account, user.id ?? user.email ?? key), user, ACCOUNT_USER);
  }

  treeItem(): vscode.TreeItem {
    return this.describe(
      treeItem(this, {
        label: l10n.t('Users'),
        icon: icon('organization'),
        contextValue: contextValue('accountUsers', 'refreshable', 'searchable', this.filtered && 'filtered', commandToken(CommandId.inviteUser)),
        collapsible: 'collapsed',
      }),
    );
  }
}
