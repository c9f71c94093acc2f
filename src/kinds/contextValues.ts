// THE table of `contextValue` tokens. A node's contextValue is its kind, then its flags, then the
// commands that apply to it now, space separated (`integration scheduled running history
// refreshable hasId cancelRun killRun disableSchedule pin`). package.json's menus (made by
// scripts/contributions.ts) show a command where its row carries the command's token
// (`viewItem =~ /\bcancelRun\b/`) or a flag (`hasId`), never by the row's kind: a kind's record
// grants capabilities (`canCancel`…), and the row turns each into the command the kind runs for it
// (kinds/index.ts `commandOf`), so two kinds sharing a capability never share a wrong command, no
// menu needs a negation, and a new state or kind never needs a menu written by hand.
import type { CommandId } from '../shared/commandIds';
import { REF_KINDS, WORKSPACE_ITEM_KINDS, type WorkspaceItemKind } from '../shared/refs';

/** A workspace's category of items: `integrations`, `backups`… (each kind's record names its own). */
export type CategoryToken = `${WorkspaceItemKind}s`;

/** First token: what the node is — an API object (every ref kind), or a list or synthetic node. */
export const NODE_KINDS = [
  ...REF_KINDS,
  'accountUsers',
  'invitations',
  // Workspace categories: one per kind of workspace item, and its users.
  ...WORKSPACE_ITEM_KINDS.map((k): CategoryToken => `${k}s`),
  'workspaceUsers',
  // The account's group of pinned items.
  'pinned',
  // Synthetic nodes.
  'loadMore',
  'message',
] as const;

/** Later tokens: states, then what can be done. */
export const FLAGS = [
  /** Children come from a request; "Refresh" applies. */
  'refreshable',
  /** Children can be filtered by a search mask ("Filter…"). */
  'searchable',
  /** Children are a run history ("Filter history…"). */
  'history',
  /** A filter is active ("Clear filter"). */
  'filtered',
  /** Stands for an API object: Show Details, Copy ID, Copy as JSON. */
  'hasId',
  /** An account's root beside other accounts' (its menu names it). */
  'several',
  // States.
  'scheduled',
  'unscheduled',
  'noSchedule',
  'running',
  'enabled',
  'disabled',
  'active',
  'inactive',
  'personal',
  'busy',
  // Outcomes of history entries.
  'queued',
  'succeeded',
  'failed',
  'canceled',
  // A success whose figures were far from its item's usual (kinds/unusual.ts): compared like a failure.
  'unusual',
  /** A list whose own Add action (Invite, Add User) shows on its row, not only in its menu. */
  'addsInline',
  // Message nodes.
  'retry',
  'signIn',
] as const;

/**
 * What a kind's record can grant an object now (`capabilities` in kind.ts): each becomes the
 * token of the command that does it for that kind on the object's row, and a panel's button.
 */
export const CAPABILITIES = [
  'canRun',
  'canCancel',
  'canKill',
  'canSnapshot',
  'canEnable',
  'canDisable',
  'canEnableSchedule',
  'canDisableSchedule',
  'canShowActive',
  'canTest',
  'canCopyToken',
  'canCopyKey',
  'canInvite',
  'canResend',
  'canDelete',
  'canRemove',
  'canAddUser',
  'canPin',
  'canUnpin',
  'canOpenLog',
  'canCompare',
] as const;

export type Kind = (typeof NODE_KINDS)[number];
export type Flag = (typeof FLAGS)[number];
export type Capability = (typeof CAPABILITIES)[number];
/** A command as a row's token: its id without the `skyvia.` prefix (`cancelRun`). */
export type CommandToken = CommandId extends `skyvia.${infer Name}` ? Name : never;

/** The token of a command on a row. */
export function commandToken(id: CommandId): CommandToken {
  return id.slice('skyvia.'.length) as CommandToken;
}

export function contextValue(kind: Kind, ...tokens: (Flag | CommandToken | false | undefined | null)[]): string {
  return [kind, ...tokens.filter((f): f is Flag | CommandToken => typeof f === 'string')].join(' ');
}
