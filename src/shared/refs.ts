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

export interface ItemRef {
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

/** One string per object, stable across sessions of the same service: the key of every map. */
export function refKey(ref: ItemRef): string {
  return [ref.kind, ref.workspaceId ?? '', ref.parentId ?? '', encodeURIComponent(ref.id)].join('/');
}

/** The ref a `refKey` names (a document's URI carries it); `undefined` for a text that is none. */
export function parseRefKey(key: string): ItemRef | undefined {
  const parts = key.split('/');
  if (parts.length !== 4 || !isRefKind(parts[0]) || !parts[3]) return undefined;
  const int = (text: string) => (/^\d+$/.test(text) && Number.isSafeInteger(Number(text)) ? Number(text) : undefined);
  const [kind, ws, parent] = parts;
  if ((ws && int(ws) === undefined) || (parent && int(parent) === undefined)) return undefined;
  let id: string;
  try {
    id = decodeURIComponent(parts[3]);
  } catch {
    return undefined;
  }
  return { kind, ...(ws ? { workspaceId: int(ws) } : {}), ...(parent ? { parentId: int(parent) } : {}), id };
}

/** A ref as a log line says it: "endpoint/4210/640", "run/4210/18234/41705114". */
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
  return { kind: PARENT_KIND[ref.kind], workspaceId: ref.workspaceId, id: String(ref.parentId) };
}

/** Builders, so no caller spells a ref by hand. */
export const refs = {
  /** The account the token belongs to: what account-wide actions (Invite user) act on. */
  account: (): ItemRef => ({ kind: 'account', id: 'account' }),
  workspace: (workspaceId: number): ItemRef => ({ kind: 'workspace', workspaceId, id: String(workspaceId) }),
  item: (kind: WorkspaceItemKind, workspaceId: number, id: number): ItemRef => ({ kind, workspaceId, id: String(id) }),
  entry: (kind: EntryKind, workspaceId: number, parentId: number, id: string | number): ItemRef => ({ kind, workspaceId, parentId, id: String(id) }),
  workspaceUser: (workspaceId: number, userId: number): ItemRef => ({ kind: 'workspaceUser', workspaceId, id: String(userId) }),
  accountUser: (idOrEmail: number | string): ItemRef => ({ kind: 'accountUser', id: String(idOrEmail) }),
  invitation: (id: number): ItemRef => ({ kind: 'invitation', id: String(id) }),
};

/** Reads a ref passed as a command argument (a notification button, a test, a keybinding). */
export function asRef(value: unknown): ItemRef | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const v = value as Record<string, unknown>;
  if (!isRefKind(v.kind) || (typeof v.id !== 'string' && typeof v.id !== 'number')) return undefined;
  const int = (x: unknown) => (typeof x === 'number' && Number.isInteger(x) ? x : undefined);
  return { kind: v.kind, workspaceId: int(v.workspaceId), parentId: int(v.parentId), id: String(v.id) };
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
