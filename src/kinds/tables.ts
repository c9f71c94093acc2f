// Every kind's record in tables by kind. The records are listed by src/kinds/registry.ts, which
// `npm run contributions` makes of the records this folder exports; each list of kinds in
// shared/refs.ts is checked against it here, so a kind without a record of its type fails to
// compile. (kinds/index.ts adds what is built on them.)
import {
  isEntryKind,
  ENTRY_KINDS,
  PARENT_KIND,
  REF_KINDS,
  WORKSPACE_ITEM_KINDS,
  type EntryKind,
  type HistoryItemKind,
  type RefKind,
  type WorkspaceItemKind,
} from '../shared/refs';
import type { EntryRecord, HistoryRecord, ItemRecord, KindRecord, Listed, WorkspaceItemRecord } from './kind';
import { ITEM_RECORD_KINDS, RECORDS } from './registry';

type ItemRecordKind = (typeof ITEM_RECORD_KINDS)[number];

/** What each list of kinds asks of its records: one for every kind, of the list's type. */
type Registered = { [K in RefKind]: KindRecord<unknown> } & { [K in WorkspaceItemKind]: WorkspaceItemRecord<unknown> } & {
  [K in HistoryItemKind]: HistoryRecord<unknown, unknown>;
} & { [K in EntryKind]: EntryRecord<unknown> } & { [K in ItemRecordKind]: ItemRecord<unknown> };
const REGISTERED: Registered = RECORDS;

/** The records of some kinds, by kind, in the list's order. */
function tableOf<K extends RefKind, R>(kinds: readonly K[]): Record<K, R> {
  return Object.fromEntries(kinds.map((k) => [k, REGISTERED[k]])) as Record<K, R>;
}

/** Items with a history, by kind. */
export const HISTORIES = tableOf<HistoryItemKind, HistoryRecord<Listed>>([...new Set(Object.values(PARENT_KIND))]);

/** The items a workspace lists in its categories, by kind, in the order the categories show: `WORKSPACE_ITEM_KINDS`'s (shared/refs.ts), the one place that order is said. */
export const WORKSPACE_ITEMS = tableOf<WorkspaceItemKind, WorkspaceItemRecord<Listed>>(WORKSPACE_ITEM_KINDS);

/** History entries, by kind. */
export const ENTRIES = tableOf<EntryKind, EntryRecord>(ENTRY_KINDS);

/** Every kind of object, by kind. */
export const KINDS = tableOf<RefKind, KindRecord>(REF_KINDS);

/** What has a row of its own with capabilities: workspace items, users, invitations. */
export const ITEMS: Partial<Record<RefKind, ItemRecord>> = tableOf<ItemRecordKind, ItemRecord>(ITEM_RECORD_KINDS);

/** The record of an item with a history, if the kind is one. */
export function historyOf(kind: RefKind): HistoryRecord<Listed> | undefined {
  return (HISTORIES as Partial<Record<RefKind, HistoryRecord<Listed>>>)[kind];
}

/** The record of a history entry, if the kind is one. */
export function entryOf(kind: RefKind): EntryRecord | undefined {
  return isEntryKind(kind) ? ENTRIES[kind] : undefined;
}

/** The record of an item with a row and capabilities, if the kind is one. */
export function itemOf(kind: RefKind): ItemRecord | undefined {
  return ITEMS[kind];
}
