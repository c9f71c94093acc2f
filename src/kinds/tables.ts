// Every kind's record in tables by kind, each checked against its list of kinds (shared/refs.ts):
// a kind without a record fails to compile. (kinds/index.ts adds what is built on them.)
import { isEntryKind, WORKSPACE_ITEM_KINDS, type EntryKind, type HistoryItemKind, type RefKind, type WorkspaceItemKind } from '../shared/refs';
import { ACCOUNT, WORKSPACE } from './account';
import { AGENT } from './agents';
import { AUTOMATION, EXECUTION } from './automations';
import { BACKUP, SNAPSHOT } from './backups';
import { CONNECTION } from './connections';
import { ENDPOINT, REQUEST } from './endpoints';
import { INTEGRATION, RUN } from './integrations';
import type { EntryRecord, HistoryRecord, ItemRecord, KindRecord, Listed, WorkspaceItemRecord } from './kind';
import { ACCOUNT_USER, INVITATION, WORKSPACE_USER } from './people';

/** Items with a history, by kind. */
export const HISTORIES = { integration: INTEGRATION, backup: BACKUP, automation: AUTOMATION, endpoint: ENDPOINT } as Record<
  HistoryItemKind,
  HistoryRecord<Listed>
> satisfies Record<HistoryItemKind, HistoryRecord<Listed>>;

const ITEMS_BY_KIND = {
  integration: INTEGRATION,
  backup: BACKUP,
  automation: AUTOMATION,
  agent: AGENT,
  connection: CONNECTION,
  endpoint: ENDPOINT,
} as Record<WorkspaceItemKind, WorkspaceItemRecord<Listed>> satisfies Record<WorkspaceItemKind, WorkspaceItemRecord<Listed>>;

/** The items a workspace lists in its categories, by kind, in the order the categories show: `WORKSPACE_ITEM_KINDS`'s (shared/refs.ts), the one place that order is said. */
export const WORKSPACE_ITEMS = Object.fromEntries(WORKSPACE_ITEM_KINDS.map((k) => [k, ITEMS_BY_KIND[k]])) as Record<
  WorkspaceItemKind,
  WorkspaceItemRecord<Listed>
>;

/** History entries, by kind. */
export const ENTRIES = { run: RUN, snapshot: SNAPSHOT, execution: EXECUTION, request: REQUEST } as Record<EntryKind, EntryRecord> satisfies Record<
  EntryKind,
  EntryRecord
>;

/** Every kind of object, by kind. */
export const KINDS = {
  account: ACCOUNT,
  workspace: WORKSPACE,
  ...WORKSPACE_ITEMS,
  accountUser: ACCOUNT_USER,
  workspaceUser: WORKSPACE_USER,
  invitation: INVITATION,
  ...ENTRIES,
} as Record<RefKind, KindRecord> satisfies Record<RefKind, KindRecord>;

/** What has a row of its own with capabilities: workspace items, users, invitations. */
export const ITEMS: Partial<Record<RefKind, ItemRecord>> = {
  ...WORKSPACE_ITEMS,
  accountUser: ACCOUNT_USER,
  workspaceUser: WORKSPACE_USER,
  invitation: INVITATION,
};

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
