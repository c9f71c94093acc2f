// A pending invitation to the account. A leaf.
import type * as vscode from 'vscode';
import type { AccountInvitation } from '../../api';
import { joinParts, nameOr, relativeTime, tooltipMarkdown, whenText } from '../../util/format';
import { contextValue } from '../contextValues';
import { icon } from '../icons';
import { Node, type ItemDetails, type ItemNode } from '../node';
import type { TreeContext } from '../treeContext';
import { treeItem } from '../treeItems';

export class InvitationNode extends Node implements ItemNode<AccountInvitation> {
  constructor(
    ctx: TreeContext,
    parent: Node,
    key: string,
    private invitation: AccountInvitation,
  ) {
    super(ctx, parent, key);
  }

  get data(): AccountInvitation {
    return this.invitation;
  }

  update(invitation: AccountInvitation): void {
    this.invitation = invitation;
  }

  treeItem(): vscode.TreeItem {
    const i = this.invitation;
    const details = this.details();
    return treeItem(this, {
      label: details.title,
      description: joinParts(i.type, i.invitationDate && `invited ${relativeTime(i.invitationDate)}`),
      tooltip: tooltipMarkdown(details.title, details.rows),
      icon: icon('mail'),
      contextValue: contextValue('invitation', 'hasId'),
    });
  }

  override copyableId(): string {
    return String(this.invitation.id);
  }

  override details(): ItemDetails {
    const i = this.invitation;
    return {
      title: nameOr(i.email, 'Invitation', i.id),
      rows: [
        ['Name', i.fullName ?? undefined],
        ['User type', i.type],
        ['Invited', whenText(i.invitationDate)],
        ['Workspaces', i.workspaces?.length ? i.workspaces.map((w) => joinParts(`#${w.workspaceId}`, w.roleName)).join(', ') : undefined],
        ['Invitation id', String(i.id)],
      ],
      data: i,
    };
  }
}
