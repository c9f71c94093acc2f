// THE table of `contextValue` tokens. A node's contextValue is its kind, then its flags, space
// separated (`integration scheduled running history refreshable hasId`). package.json menus match
// them with `viewItem =~ /^kind\b/` for a kind and `viewItem =~ /\bflag\b/` for a flag, so a new
// state never needs a new menu entry and no menu depends on token order beyond "kind first".

/** First token: what the node is. */
export const KINDS = [
  'account',
  'accountUsers',
  'invitations',
  'workspace',
  // Workspace categories.
  'integrations',
  'backups',
  'automations',
  'agents',
  'connections',
  'endpoints',
  'workspaceUsers',
  // Items.
  'integration',
  'backup',
  'automation',
  'agent',
  'connection',
  'endpoint',
  'accountUser',
  'workspaceUser',
  'invitation',
  // History entries.
  'run',
  'snapshot',
  'execution',
  'request',
  // Synthetic nodes.
  'loadMore',
  'message',
] as const;

/** Later tokens: capabilities and states. */
export const FLAGS = [
  /** Children come from a request; "Refresh" applies. */
  'refreshable',
  /** Children can be filtered by a search mask ("Filter…"). */
  'searchable',
  /** Children are a run history ("Filter history…"). */
  'history',
  /** A filter is active ("Clear filter"). */
  'filtered',
  /** Has an id worth copying ("Copy id", "Show details"). */
  'hasId',
  // Item states.
  'scheduled',
  'running',
  'enabled',
  'disabled',
  'active',
  'inactive',
  'personal',
  // Outcomes of history entries.
  'queued',
  'succeeded',
  'failed',
  'canceled',
  // Message nodes.
  'retry',
  'signIn',
] as const;

export type Kind = (typeof KINDS)[number];
export type Flag = (typeof FLAGS)[number];

export function contextValue(kind: Kind, ...flags: (Flag | false | undefined | null)[]): string {
  return [kind, ...flags.filter((f): f is Flag => typeof f === 'string')].join(' ');
}
