// A node that only says something: "No backups", "Couldn't load: … — Retry", "Token rejected —
// sign in again". Empty lists and failures are shown in place, never as pop-ups.
import vscode = require('vscode');
import { commandToken, contextValue, type Flag } from '../../kinds/contextValues';
import { CommandId } from '../../shared/commandIds';
import { icon } from '../../host/icons';
import { Node } from '../node';
import type { AccountId } from '../../shared/refs';
import type { TreeContext } from '../treeContext';

export type MessageSeverity = 'info' | 'warning' | 'error';

export interface MessageOptions {
  label: string;
  description?: string;
  tooltip?: string;
  severity?: MessageSeverity;
  /** Run on click: Retry, Sign in… */
  command?: vscode.Command;
  flags?: Flag[];
  /** Whose it is, for a root that stands for an account (a refused token's "sign in again"). */
  account?: AccountId;
}

const ICONS: Record<MessageSeverity, [string, string?]> = {
  info: ['info'],
  warning: ['warning', 'list.warningForeground'],
  error: ['error', 'list.errorForeground'],
};

export class MessageNode extends Node {
  constructor(
    ctx: TreeContext,
    parent: Node | undefined,
    key: string,
    readonly options: MessageOptions,
  ) {
    super(ctx, parent, `message:${key}`);
  }

  override get account(): AccountId {
    return this.options.account ?? super.account;
  }

  get label(): string {
    return this.options.label;
  }

  treeItem(): vscode.TreeItem {
    const { label, description, tooltip, severity = 'info', command, flags = [] } = this.options;
    const item = new vscode.TreeItem(label, vscode.TreeItemCollapsibleState.None);
    item.id = this.id;
    item.description = description;
    item.tooltip = tooltip ?? label;
    item.iconPath = icon(...ICONS[severity]);
    item.command = command;
    // A row that asks to sign in again (a token refused) offers Sign Out in its menu too.
    item.contextValue = contextValue('message', ...flags, flags.includes('signIn') && commandToken(CommandId.signOut));
    return item;
  }
}
