// "Invitations" of the account: paged.
import { l10n } from 'vscode';
import type * as vscode from 'vscode';
import type { AccountInvitation, Page, PageParams } from '../../api';
import { refs } from '../../shared/refs';
import { commandToken, contextValue } from '../../kinds/contextValues';
import { CommandId } from '../../shared/commandIds';
import { icon } from '../../host/icons';
import type { Node } from '../node';
import { PagedParent } from '../pagedParent';
import { INVITATION } from '../../kinds/people';
import type { TreeContext } from '../treeContext';
import { treeItem } from '../treeItems';
import { ItemNode } from './itemNode';

export class InvitationsNode extends PagedParent<AccountInvitation> {
  constructor(ctx: TreeContext, parent: Node) {
    super(ctx, parent, 'invitations');
  }

  protected fetchPage(page: Required<PageParams>, signal: AbortSignal): Promise<Page<AccountInvitation>> {
    return this.ctx.client(this.account).listInvitations(page, { signal });
  }

  protected keyOf(invitation: AccountInvitation, index: number): string {
    return invitation.id != null ? `invitation:${invitation.id}` : `row:${index}`;
  }

  protected createChild(invitation: AccountInvitation, key: string): ItemNode<AccountInvitation> {
    return new ItemNode(this.ctx, this, key, refs.invitation(this.account, invitation.id), invitation, INVITATION);
  }

  protected emptyLabel(): string {
    return l10n.t('No pending invitations');
  }

  protected description(): string | undefined {
    return undefined;
  }

  treeItem(): vscode.TreeItem {
    return this.describe(
      treeItem(this, {
        label: l10n.t('Invitations'),
        icon: icon('mail'),
        contextValue: contextValue('invitations', 'refreshable', 'addsInline', commandToken(CommandId.inviteUser)),
        collapsible: 'collapsed',
      }),
    );
  }
}
