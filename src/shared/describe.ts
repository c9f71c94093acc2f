// The pieces every kind's record describes its objects with (src/kinds: `details`): the facts a
// description reads, a field's value as text (a schedule, a run under way, a test's verdict, a
// flag, memberships, an endpoint's type), and an object's data with its secrets masked. Labels
// and the words of values are in the user's language, made when described (never at load); what
// the service sent (names, states, messages) is shown as it came.
import * as l10n from '@vscode/l10n';
import type { EndpointTypeMap } from '../api/types';
import { formatCount, joinParts, whenText } from './format';
import type { ItemFacts, RunRecord, ScheduleState, TestOutcome } from './model';
import { rowCount, stateWord } from './words';

/** A labelled field: its value `undefined` when the object does not say. */
export type DetailRow = [label: string, value: string | undefined];

export interface ItemDetails {
  title: string;
  rows: DetailRow[];
  /** The object as the API sent it, secrets masked and long texts summarised. */
  data: unknown;
}

/**
 * What a label of an item reads besides its own fields: its facts (state/facts.ts), the endpoint
 * type names, and the time to say "3 min ago" from. (StoredFacts: what is stored per item;
 * ItemFacts: those with its runs merged in; LabelFacts: these, for words.)
 */
export interface LabelFacts extends ItemFacts {
  endpointTypes?: EndpointTypeMap;
  now?: number;
}

export const MASK = '••••••••';

type Any = Record<string, unknown>;
/** A field's value as text: strings, numbers and flags as sent; nothing for anything else. */
export const str = (v: unknown): string | undefined =>
  typeof v === 'string' && v !== '' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : undefined;

/** A flag as a field's value. */
export function yesNo(v: unknown): string | undefined {
  if (typeof v !== 'boolean') return undefined;
  return v ? l10n.t({ message: 'yes', comment: ["A field's value: true"] }) : l10n.t({ message: 'no', comment: ["A field's value: false"] });
}

/** How a schedule stands: from its own read when there was one, else the list's `scheduled` flag. */
export function scheduleState(schedule: ScheduleState | undefined, scheduled: unknown): 'on' | 'off' | 'none' | undefined {
  if (schedule === 'none') return 'none';
  if (schedule) return schedule === 'active' ? 'on' : 'off';
  return typeof scheduled === 'boolean' ? (scheduled ? 'on' : 'off') : undefined;
}

/** Schedule text for a field: "on", "off", "none defined". */
export function scheduleText(schedule: ScheduleState | undefined, scheduled: unknown): string | undefined {
  switch (scheduleState(schedule, scheduled)) {
    case 'on':
      return l10n.t({ message: 'on', comment: ['The "Schedule" field: the schedule is enabled'] });
    case 'off':
      return l10n.t({ message: 'off', comment: ['The "Schedule" field: the schedule is disabled'] });
    case 'none':
      return l10n.t({ message: 'none defined', comment: ['The "Schedule" field: the item has no schedule'] });
    default:
      return undefined;
  }
}

/** "Running since 10:02 (3 min ago) · 1,200 rows". */
export function activeText(run: RunRecord | null | undefined, now?: number): string | undefined {
  if (run === null) return l10n.t({ message: 'none', comment: ['The "Active run" field: nothing is running now'] });
  if (!run) return undefined;
  // Rows where the run's record counts them (kinds/common.ts startRecord); a start the service did not date has no "since".
  const rows = typeof run.successRows === 'number' ? rowCount(run.successRows) : undefined;
  const since = whenText(run.date, now);
  return joinParts(stateWord(run.state), since && l10n.t('since {0}', since), rows);
}

/** "Failed 2026-11-01 10:02 (3 min ago)": the newest entry, for a field. */
export function latestText(latest: LabelFacts['latest'], now?: number): string | undefined {
  return latest ? joinParts(latest.state && stateWord(latest.state), whenText(latest.date, now)) || undefined : undefined;
}

/** "passed 2026-11-01 10:02:00 (3 min ago): Connection is OK": the verdict, when, and the service's words. */
export function testText(test: TestOutcome | undefined, now?: number): string | undefined {
  if (!test) return undefined;
  const when = whenText(test.at, now);
  const message = test.message;
  switch (test.verdict) {
    case 'passed':
      return when ? l10n.t('passed {0}: {1}', when, message) : l10n.t('passed: {0}', message);
    case 'failed':
      return when ? l10n.t('failed {0}: {1}', when, message) : l10n.t('failed: {0}', message);
    default:
      return when ? l10n.t('finished {0}: {1}', when, message) : l10n.t('finished: {0}', message);
  }
}

/** An account user's or invitation's workspaces and roles. */
export function memberships(w: unknown): string | undefined {
  if (!Array.isArray(w) || !w.length) return undefined;
  return w.map((x: Any) => joinParts(`#${str(x.workspaceId) ?? '?'}`, str(x.roleName))).join(', ');
}

/** An endpoint type as a name, whether the service sent the name or its number. */
export function endpointTypeName(type: unknown, types?: EndpointTypeMap): string | undefined {
  if (typeof type === 'string') return type;
  if (typeof type === 'number' && types) return Object.entries(types).find(([, n]) => n === type)?.[0] ?? String(type);
  return str(type);
}

/** Replaces secrets (the kind's record names them) and summarises long texts, for documents and "Copy as JSON". */
export function shownData(data: object, secrets: readonly string[] = []): unknown {
  const out: Any = { ...(data as Any) };
  for (const field of secrets) if (out[field]) out[field] = MASK;
  for (const field of ['log', 'result', 'error', 'errorDetails'] as const) {
    const v = out[field];
    const lines = typeof v === 'string' ? v.split('\n').length : Array.isArray(v) ? v.length : 0;
    if (lines > 20) out[field] = l10n.t('({0} lines: open the log to read them)', formatCount(lines));
  }
  return out;
}
