// A careless service's history lists (`carelessHistories` in faults.ts), so clients can be tested
// against answers that do not keep to what they were asked: the date and outcome filters ignored —
// the newest entries of every outcome and age come back — and some failed entries sent with
// .NET's DateTime.MinValue in every date field, how the service says "no date".

import { hash32 } from './random';

/** The operations whose answers are history pages. */
const HISTORY_LISTS: ReadonlySet<string> = new Set(['listIntegrationRuns', 'listSnapshots', 'listAutomationExecutions', 'listEndpointRequests']);
/** The filters a careless service ignores. */
const FILTERS = ['startdate', 'enddate', 'failed'];
const DATE_FIELDS = ['date', 'queueTime', 'startTime', 'endTime'];
export const NO_DATE = '0001-01-01T00:00:00';
/** One failed entry in this many (by its id, so the same one on every page that holds it). */
const UNDATED_EVERY = 3;

export function isHistoryList(op: string): boolean {
  return HISTORY_LISTS.has(op);
}

/** The query string without the filters (names match case-insensitively, as the service's do). */
export function withoutFilters(search: string): string {
  const kept = [...new URLSearchParams(search)].filter(([k]) => !FILTERS.includes(k.toLowerCase()));
  return new URLSearchParams(kept).toString();
}

/** A history page with some of its failed entries undated. */
export function undated(body: unknown): unknown {
  const data = (body as { data?: unknown } | undefined)?.data;
  if (!Array.isArray(data)) return body;
  for (const entry of data as Record<string, unknown>[]) {
    if (!(entry.state === 'Failed' || entry.failed === true) || !undatedId(entry)) continue;
    for (const field of DATE_FIELDS) if (entry[field] != null) entry[field] = NO_DATE;
  }
  return body;
}

function undatedId(entry: Record<string, unknown>): boolean {
  const id = String(entry.runId ?? entry.snapshotId ?? entry.executionId ?? '');
  return hash32(...[...id].map((c) => c.charCodeAt(0))) % UNDATED_EVERY === 0;
}
