// Log texts of runs, snapshots, automation executions and endpoint requests.
//
// Generated on request from a seed, so a 300-line (or, at scale 1000, 300,000-line) log costs
// nothing until someone opens it, and the same run always shows the same log.

import { hash32, intIn, pickBy, unit } from './random';

/** The day whose "YYYY-MM-DD " was written last, and that text: a log's lines mostly share one. */
let lastDay = NaN;
let lastDayText = '';

export function formatTimestamp(ms: number): string {
  // "2026-11-20 10:00:01.123": the layout Skyvia's own logs use, easy to read in an editor. Written
  // by hand from the day's text, kept: a scale-10 log has 1,100 lines, and a Date and its ISO text
  // for each were most of the time the demo took to answer a run (grouping failures reads hundreds).
  const t = Math.trunc(ms);
  if (!Number.isFinite(t)) return new Date(ms).toISOString();
  const day = Math.floor(t / 86_400_000) * 86_400_000;
  if (day !== lastDay) {
    const iso = new Date(day).toISOString();
    lastDayText = iso.slice(0, iso.indexOf('T')) + ' ';
    lastDay = day;
  }
  const inDay = t - day;
  const h = Math.floor(inDay / 3_600_000);
  const m = Math.floor(inDay / 60_000) % 60;
  const s = Math.floor(inDay / 1000) % 60;
  const milli = inDay % 1000;
  return `${lastDayText}${h < 10 ? '0' : ''}${h}:${m < 10 ? '0' : ''}${m}:${s < 10 ? '0' : ''}${s}.${milli < 10 ? '00' : milli < 100 ? '0' : ''}${milli}`;
}

export function formatCount(n: number): string {
  const text = String(n);
  // Most counts in a log are below a thousand: nothing to group.
  return n < 1000 && n > -1000 ? text : text.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

export function formatDuration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  const hh = String(Math.floor(s / 3600)).padStart(2, '0');
  const mm = String(Math.floor((s % 3600) / 60)).padStart(2, '0');
  return `${hh}:${mm}:${String(s % 60).padStart(2, '0')}`;
}

const RUN_FAILURES = [
  (target: string) => `Connection timeout expired after 30 s while connecting to ${target}.`,
  () => "Login failed for user 'etl_reader'. (SQL Server error 18456)",
  () => 'INVALID_SESSION_ID: Session expired or invalid.',
  () => 'Transaction was deadlocked on lock resources with another process and has been chosen as the deadlock victim.',
  (target: string) => `Too many errors: the error limit of 1,000 rows was reached while writing to ${target}.`,
];

const RECORD_ERRORS = [
  "String or binary data would be truncated in table 'dbo.Orders', column 'ShipCity'.",
  'Required field is missing: [LastName].',
  "Cannot insert duplicate key row in object 'dbo.Customers' with unique index 'IX_Customers_Email'.",
  'Invalid date value: 0000-00-00.',
  'FIELD_CUSTOM_VALIDATION_EXCEPTION: Postal code does not match the country.',
];

export interface RunLogFacts {
  runId: number;
  name: string | null;
  integrationId: number;
  type: string;
  source: string;
  target: string;
  startMs: number;
  /** End of the run, or "now" for a run still going. */
  endMs: number;
  state: string;
  successRows: number;
  errorRows: number;
  lines: number;
  seed: number;
  /** A fixed failure message (the always-failing integration), else one is picked. */
  failure?: string;
  /** A fixed message for each rejected record, else one is picked per batch. */
  recordError?: string;
  finished: boolean;
}

export function integrationRunLog(f: RunLogFacts): string {
  const lines = Math.max(6, f.lines);
  const out: string[] = [];
  const at = (k: number): string => formatTimestamp(f.startMs + Math.floor(((f.endMs - f.startMs) * k) / lines));
  const push = (level: 'INFO' | 'WARN' | 'ERROR', text: string): void => {
    out.push(`${at(out.length)} ${level.padEnd(5)} ${text}`);
  };
  push('INFO', `Run ${f.runId} of integration ${f.integrationId} "${f.name ?? '(unnamed)'}" started (${f.type}).`);
  push('INFO', `Connecting to source ${f.source}.`);
  push('INFO', `Connected to ${f.source} in ${intIn(120, 2400, f.seed, 1)} ms.`);
  push('INFO', `Connecting to target ${f.target}.`);
  const failure = f.failure ?? pickBy(RUN_FAILURES, f.seed, 2)(f.target);
  const batches = lines - 6;
  // Batches differ in size (source pages are uneven); cumulative weights keep the totals exact.
  const weight = (b: number): number => 0.4 + unit(f.seed, b, 6);
  let totalWeight = 0;
  for (let b = 1; b <= batches; b++) totalWeight += weight(b);
  let cumulative = 0;
  let written = 0;
  let errors = 0;
  for (let b = 1; b <= batches; b++) {
    const h = hash32(f.seed, b, 3);
    cumulative += weight(b);
    const share = b === batches ? 1 : cumulative / totalWeight;
    const rows = Math.max(0, Math.round((f.successRows + f.errorRows) * share) - written - errors);
    const errs = Math.min(rows, Math.max(0, Math.round(f.errorRows * share) - errors));
    if (h % 17 === 0) push('WARN', `Batch ${b}: source throttled the request, retrying in ${1 + (h % 5)} s.`);
    else if (errs > 0) push('ERROR', `Batch ${b}: record ${(h % 900000) + 100000} failed: ${f.recordError ?? pickBy(RECORD_ERRORS, f.seed, b, 4)}`);
    else
      push(
        'INFO',
        `Batch ${b}: read ${formatCount(rows)} records, wrote ${formatCount(rows - errs)} rows (${formatCount(Math.floor((rows - errs) * unit(f.seed, b, 5)))} inserted).`,
      );
    written += rows - errs;
    errors += errs;
  }
  if (!f.finished) {
    push('INFO', `Progress: ${formatCount(f.successRows)} rows processed so far.`);
  } else if (f.state === 'Failed') {
    push('ERROR', `Run failed: ${failure}`);
    push('INFO', `${formatCount(f.successRows)} rows succeeded, ${formatCount(f.errorRows)} failed before the error.`);
  } else if (f.state === 'Canceled') {
    push('WARN', 'Run canceled by user request.');
    push('INFO', `${formatCount(f.successRows)} rows were written before cancellation.`);
  } else {
    push('INFO', `Writing finished: ${formatCount(f.successRows)} rows succeeded, ${formatCount(f.errorRows)} failed.`);
    push('INFO', `Run ${f.runId} completed in ${formatDuration(f.endMs - f.startMs)}.`);
  }
  return out.join('\n');
}

export interface SnapshotLogFacts {
  snapshotId: number;
  connector: string;
  startMs: number;
  endMs: number;
  state: string;
  lines: number;
  seed: number;
  finished: boolean;
}

const BACKUP_OBJECTS = ['Account', 'Contact', 'Opportunity', 'Lead', 'Case', 'Invoice', 'Product', 'Order', 'User', 'Task', 'Campaign', 'Note'];

export function snapshotLog(f: SnapshotLogFacts): string {
  const lines = Math.max(4, f.lines);
  const out: string[] = [];
  const push = (level: string, text: string): void => {
    out.push(`${formatTimestamp(f.startMs + Math.floor(((f.endMs - f.startMs) * out.length) / lines))} ${level.padEnd(5)} ${text}`);
  };
  push('INFO', `Snapshot ${f.snapshotId} started for ${f.connector}.`);
  let total = 0;
  for (let k = 1; k <= lines - 3; k++) {
    const n = intIn(0, 40_000, f.seed, k, 1);
    total += n;
    push('INFO', `Backed up ${pickBy(BACKUP_OBJECTS, f.seed, k, 2)} (part ${k}): ${formatCount(n)} records.`);
  }
  if (!f.finished) push('INFO', `In progress: ${formatCount(total)} records so far.`);
  else if (f.state === 'Failed') push('ERROR', `Snapshot failed: API request limit exceeded for ${f.connector} (REQUEST_LIMIT_EXCEEDED).`);
  else push('INFO', `Snapshot completed: ${formatCount(total)} records in ${formatDuration(f.endMs - f.startMs)}.`);
  push('INFO', 'Snapshot data stored in encrypted storage.');
  return out.join('\n');
}

export interface AutomationLogFacts {
  steps: readonly string[];
  state: string;
  billedTasks: number;
  seed: number;
  /** A fixed error message, else one is picked. */
  failure?: string;
}

const AUTOMATION_ERRORS = [
  'HTTP 429 from api.slack.com: rate limited.',
  "Lookup returned no rows for key 'customer_id'.",
  'Timeout after 60 s waiting for the connection.',
];

/** The seed's `result`: a readable account of each step. */
export function automationResult(f: AutomationLogFacts): string {
  const failAt = f.state === 'Failed' ? intIn(0, f.steps.length - 1, f.seed, 1) : -1;
  const lines: string[] = [];
  f.steps.forEach((step, k) => {
    if (failAt >= 0 && k > failAt) lines.push(`Step ${k + 1} "${step}": skipped.`);
    else if (k === failAt) lines.push(`Step ${k + 1} "${step}": failed: ${automationError(f)}`);
    else lines.push(`Step ${k + 1} "${step}": succeeded in ${intIn(20, 2400, f.seed, k, 2)} ms.`);
  });
  lines.push(
    f.state === 'Failed'
      ? 'Execution failed.'
      : f.state === 'Canceled'
        ? 'Execution canceled.'
        : f.state === 'Executing'
          ? 'Executing…'
          : `Execution succeeded: ${f.billedTasks} tasks billed.`,
  );
  return lines.join('\n');
}

/** The live service's `error`: the failure message, null when it did not fail. */
export function automationError(f: AutomationLogFacts): string | null {
  return f.state === 'Failed' ? (f.failure ?? pickBy(AUTOMATION_ERRORS, f.seed, 3)) : null;
}
