// THE table of `contextValue` tokens. A node's contextValue is its kind, then its flags, space
// separated (`integration scheduled running canCancel canDisableSchedule history refreshable`).
// package.json menus match a kind with `viewItem =~ /^kind\b/` and a flag with
// `viewItem =~ /\bflag\b/`. Actions are shown on capability tokens (`canRun`, `canEnable`…)
// that the node computes from what it knows, so no menu needs a negation and a new state never
// needs a new menu entry.
import { REF_KINDS, WORKSPACE_ITEM_KINDS, type WorkspaceItemKind } from '../shared/refs';

/** A workspace's category of items: `integrations`, `backups`… (each kind's record names its own). */
export type CategoryToken = `${WorkspaceItemKind}s`;

/** First token: what the node is — an API object (every ref kind), or a list or synthetic node. */
export const KINDS = [
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
  // Capabilities: the actions that apply now.
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
  // Message nodes.
  'retry',
  'signIn',
] as const;

export type Kind = (typeof KINDS)[number];
export type Flag = (typeof FLAGS)[number];
/** The tokens that say an action applies now. */
export type Capability = Exclude<Extract<Flag, `can${string}`>, 'canceled'>;

export function contextValue(kind: Kind, ...flags: (Flag | false | undefined | null)[]): string {
  return [kind, ...flags.filter((f): f is Flag => typeof f === 'string')].join(' ');
}
