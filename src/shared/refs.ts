// How everything names an API object: commands, documents, the tree's node index, the stores of
// state and the run watcher all meet at an `ItemRef`, never at a node class or a node id. A
// palette command, a button in a notification and a context menu therefore share one path.
//
// Ids are kept as text: int32 ids as digits, automation execution ids as exact int64 digits,
// endpoint request ids as the free-form strings they are. `numId` turns the int32 ones back.
export const REF_KINDS = [
  'account',
  'workspace',
  'integration',
  'backup',
  'automation',
  'agent',
  'connection',
  'endpoint',
  'accountUser',
  'workspaceUser',
  'invitation',
  'run',
  'snapshot',
  'execution',
  'request',
] as const;

export type RefKind = (typeof REF_KINDS)[number];

/** Items of a workspace that are listed in one of its categories. */
export const WORKSPACE_ITEM_KINDS = ['integration', 'backup', 'automation', 'agent', 'connection', 'endpoint'] as const satisfies readonly RefKind[];
export type WorkspaceItemKind = (typeof WORKSPACE_ITEM_KINDS)[number];
/** History entries: they belong to an item (`parentId`). */
export const ENTRY_KINDS = ['run', 'snapshot', 'execution', 'request'] as const satisfies readonly RefKind[];
export type EntryKind = (typeof ENTRY_KINDS)[number];

/**
 * Which signed-in account an object belongs to: a short key of its own (the demo account's is
 * `demo`), never the token. Two accounts may hold the same workspace and item ids, so every ref
 * names its account, and so does every key made of one.
 */
export type AccountId = string;

export interface ItemRef {
  readonly account: AccountId;
  readonly kind: RefKind;
  /** Absent for account-level objects (account users, invitations). */
  readonly workspaceId?: number;
  /** The item a history entry belongs to: the integration of a run, the backup of a snapshot… */
  readonly parentId?: number;
  /** For account users without an id, their e-mail (removal is by e-mail anyway). */
  readonly id: string;
}

/** The item kind each history entry belongs to. */
export const PARENT_KIND = {
  run: 'integration',
  snapshot: 'backup',
  execution: 'automation',
  request: 'endpoint',
} as const satisfies Record<EntryKind, WorkspaceItemKind>;

/** Items with a history of entries. */
export type HistoryItemKind = (typeof PARENT_KIND)[EntryKind];

export function isEntryKind(kind: RefKind): kind is EntryKind {
  return (ENTRY_KINDS as readonly RefKind[]).includes(kind);
}

export function isWorkspaceItemKind(kind: RefKind): kind is WorkspaceItemKind {
  return (WORKSPACE_ITEM_KINDS as readonly RefKind[]).includes(kind);
}

export function isRefKind(value: unknown): value is RefKind {
  return typeof value === 'string' && (REF_KINDS as readonly string[]).includes(value);
}

/** One string per object, stable across sessions of the same account: the key of every map. */
export function refKey(ref: ItemRef): string {
  return [encodeURIComponent(ref.account), ref.kind, ref.workspaceId ?? '', ref.parentId ?? '', encodeURIComponent(ref.id)].join('/');
}

/** Whether a `refKey` (or a key that begins with one) names an object of this account. */
export function isKeyOf(account: AccountId, key: string): boolean {
  return key.startsWith(`${encodeURIComponent(account)}/`);
}

/** The ref a `refKey` names (a document's URI carries it); `undefined` for a text that is none. */
export function parseRefKey(key: string): ItemRef | undefined {
  const parts = key.split('/');
  if (parts.length !== 5 || !parts[0] || !isRefKind(parts[1]) || !parts[4]) return undefined;
  const int = (text: string) => (/^\d+$/.test(text) && Number.isSafeInteger(Number(text)) ? Number(text) : undefined);
  const [, kind, ws, parent] = parts;
  if ((ws && int(ws) === undefined) || (parent && int(parent) === undefined)) return undefined;
  let id: string;
  let account: string;
  try {
    account = decodeURIComponent(parts[0]);
    id = decodeURIComponent(parts[4]);
  } catch {
    return undefined;
  }
  return { account, kind, ...(ws ? { workspaceId: int(ws) } : {}), ...(parent ? { parentId: int(parent) } : {}), id };
}

/** A ref as a log line or a message says it: "endpoint/4210/640", "run/4210/18234/41705114" (never its account's key). */
export function refPath(ref: ItemRef): string {
  return [ref.kind, ref.workspaceId, ref.parentId, ref.id].filter((p) => p !== undefined).join('/');
}

export function sameRef(a: ItemRef | undefined, b: ItemRef | undefined): boolean {
  return !!a && !!b && refKey(a) === refKey(b);
}

/** An int32 id of a ref; throws for the text ids (executions, requests, e-mails). */
export function numId(ref: ItemRef): number {
  const n = Number(ref.id);
  // l10n-ignore: a programming error (a ref of the wrong kind), not reached in normal use
  if (!/^\d+$/.test(ref.id) || !Number.isSafeInteger(n)) throw new TypeError(`${ref.kind} id "${ref.id}" is not a number`);
  return n;
}

/** The workspace of a ref, which workspace-scoped operations need. */
export function wsId(ref: ItemRef): number {
  // l10n-ignore: a programming error (an account-level ref given to a workspace operation), not reached in normal use
  if (ref.workspaceId === undefined) throw new TypeError(`${ref.kind} ${ref.id} has no workspace`);
  return ref.workspaceId;
}

/** The item a history entry belongs to. */
export function parentRef(ref: ItemRef): ItemRef | undefined {
  if (!isEntryKind(ref.kind) || ref.parentId === undefined) return undefined;
  return { account: ref.account, kind: PARENT_KIND[ref.kind], workspaceId: ref.workspaceId, id: String(ref.parentId) };
}

/** Builders, so no caller spells a ref by hand. Each names the account first. */
export const refs = {
  /** The account the token belongs to: what account-wide actions (Invite user) act on. */
  account: (account: AccountId): ItemRef => ({ account, kind: 'account', id: 'account' }),
  workspace: (account: AccountId, workspaceId: number): ItemRef => ({ account, kind: 'workspace', workspaceId, id: String(workspaceId) }),
  item: (account: AccountId, kind: WorkspaceItemKind, workspaceId: number, id: number | string): ItemRef => ({ account, kind, workspaceId, id: String(id) }),
  entry: (account: AccountId, kind: EntryKind, workspaceId: number, parentId: number, id: string | number): ItemRef => ({
    account,
    kind,
    workspaceId,
    parentId,
    id: String(id),
  }),
  /** An entry of an item's history, by the item's ref. */
  entryOf: (item: ItemRef, kind: EntryKind, id: string | number): ItemRef => ({
    account: item.account,
    kind,
    workspaceId: wsId(item),
    parentId: numId(item),
    id: String(id),
  }),
  workspaceUser: (account: AccountId, workspaceId: number, userId: number): ItemRef => ({ account, kind: 'workspaceUser', workspaceId, id: String(userId) }),
  accountUser: (account: AccountId, idOrEmail: number | string): ItemRef => ({ account, kind: 'accountUser', id: String(idOrEmail) }),
  invitation: (account: AccountId, id: number): ItemRef => ({ account, kind: 'invitation', id: String(id) }),
};

/**
 * Reads a ref passed as a command argument (a notification button, a test, a keybinding) or kept
 * by a panel. One that names no account (a keybinding, a panel kept before accounts had keys)
 * belongs to `account` when given — the only or first account signed in — else it is none.
 */
export function asRef(value: unknown, account?: AccountId): ItemRef | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const v = value as Record<string, unknown>;
  if (!isRefKind(v.kind) || (typeof v.id !== 'string' && typeof v.id !== 'number')) return undefined;
  const owner = typeof v.account === 'string' && v.account ? v.account : account;
  if (!owner) return undefined;
  const int = (x: unknown) => (typeof x === 'number' && Number.isInteger(x) ? x : undefined);
  return { account: owner, kind: v.kind, workspaceId: int(v.workspaceId), parentId: int(v.parentId), id: String(v.id) };
}

/**
 * A command's argument as it was given, with its account filled in where it named none: a ref,
 * or a target whose ref names none (a keybinding, a script written for one account), belongs to
 * `account`. Anything else is returned as it is.
 */
export function ownedBy<T>(value: T, account: AccountId | undefined): T {
  if (!account || !value || typeof value !== 'object') return value;
  const v = value as Record<string, unknown>;
  if (isRefKind(v.kind) && !v.account) return { ...v, account } as T;
  const ref = v.ref as Record<string, unknown> | undefined;
  if (ref && typeof ref === 'object' && isRefKind(ref.kind) && !ref.account && typeof v.name === 'string') return { ...v, ref: { ...ref, account } } as T;
  return value;
}

/** What an action works on: a ref, what a person calls it, and its data when known. */
export interface Target {
  readonly ref: ItemRef;
  /** The item's name, "Run 123", an e-mail: what messages and confirmations say. */
  readonly name: string;
  /** The list row or the latest single read, when known (palette targets from a ref have none). */
  readonly data?: object;
  /**
   * For a history entry named with its item ("Run 123 of Nightly Sync": a notification, the
   * Activity and Failures views), that item's name: what its panel and log title say.
   */
  readonly itemName?: string;
}
