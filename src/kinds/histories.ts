// The items that have a history, by kind: the one table the tree's pickers and the panels read.
import type { RefKind } from '../shared/refs';
import type { HistorySpec } from './kind';
import { AUTOMATION } from './automations';
import { BACKUP } from './backups';
import { ENDPOINT } from './endpoints';
import { INTEGRATION } from './integrations';

export type HistoryItemKind = 'integration' | 'backup' | 'automation' | 'endpoint';

export const HISTORY_SPECS = {
  integration: INTEGRATION,
  backup: BACKUP,
  automation: AUTOMATION,
  endpoint: ENDPOINT,
} as unknown as Record<HistoryItemKind, HistorySpec<unknown, unknown>>;

/** The history spec of an item kind, if it has a history. */
export function historyOf(kind: RefKind): HistorySpec<unknown, unknown> | undefined {
  return (HISTORY_SPECS as Partial<Record<RefKind, HistorySpec<unknown, unknown>>>)[kind];
}
