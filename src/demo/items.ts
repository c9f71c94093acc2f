// What each history item is: the facts of a lazily generated item (a pure function of its
// series and index) or of an item created through the API (computed from the clock). Handlers
// turn facts into JSON with shapes.ts.

import type { RunState } from '../api/types';
import { hash32, intIn, pickBy } from './random';
import { plantedUnusual, type AutomationRec, type BackupRec, type EndpointRec, type IntegrationRec } from './model';
import { RUN_TIMING, UNUSUAL_SNAPSHOT_MS, viewRun, type ApiRun, type LiveExecution } from './runs';
import { automationError, automationResult, integrationRunLog, snapshotLog } from './logs';

// ---- integration runs

export interface RunFacts {
  runId: number;
  /** The run's date: when it was queued. */
  date: number;
  startTime: number | null;
  endTime: number | null;
  state: RunState;
  successRows: number;
  errorRows: number;
  active: boolean;
  /** What a run made to fail from outside says (`POST /__demo/failure`). */
  failure?: string;
}

const ALWAYS_FAILS_MESSAGE = "ORA-12541: TNS:no listener. The agent 'dc2-legacy-erp-agent' has not connected for 3 days.";

export function lazyRunFacts(integ: IntegrationRec, i: number): RunFacts {
  const s = integ.history;
  const date = s.dateOf(i);
  const failed = s.failed(i);
  const state: RunState = failed ? 'Failed' : s.rand(i, 1) < 0.02 ? 'Canceled' : 'Succeeded';
  const max = s.maxDurationMs();
  const durationMs = Math.max(1000, Math.min(max, Math.floor((20_000 + s.rand(i, 2) * 280_000) * (integ.typicalRows > 50_000 ? 4 : 1))));
  const queued = Math.min(Math.floor(durationMs / 4), 1000 + Math.floor(s.rand(i, 3) * 9000));
  const rows = Math.floor(integ.typicalRows * (0.6 + 0.8 * s.rand(i, 4)));
  // Now and then (for some integrations) a run that succeeds having written nothing.
  if (state === 'Succeeded' && plantedUnusual(integ.unusual, s.count, i))
    return { runId: integ.runIdBase + i, date, startTime: date + queued, endTime: date + durationMs, state, successRows: 0, errorRows: 0, active: false };
  return {
    runId: integ.runIdBase + i,
    date,
    startTime: date + queued,
    endTime: date + durationMs,
    state,
    successRows: failed ? Math.floor(rows * 0.3 * s.rand(i, 5)) : state === 'Canceled' ? Math.floor(rows / 2) : rows,
    errorRows: failed ? intIn(1, 50, s.seed, i, 6) : s.rand(i, 7) < 0.1 ? intIn(1, 5, s.seed, i, 8) : 0,
    active: false,
  };
}

/** State and times of a run or snapshot started through the API, as of `now`. */
function apiTimes(run: ApiRun, now: number) {
  const v = viewRun(run, now);
  const started = v.state === 'New' || v.state === 'Queued' ? null : run.startedAt + RUN_TIMING.runningAt;
  const startTime = v.active ? started : Math.min(run.startedAt + RUN_TIMING.runningAt, v.endAt ?? now);
  return { v, startTime, endTime: v.endAt ?? null };
}

export function apiRunFacts(run: ApiRun, now: number): RunFacts {
  const { v, startTime, endTime } = apiTimes(run, now);
  return {
    runId: run.id,
    date: run.startedAt,
    startTime,
    endTime,
    state: v.state,
    successRows: v.successRows,
    errorRows: v.errorRows,
    active: v.active,
    ...(run.failure !== undefined ? { failure: run.failure } : {}),
  };
}

export function runLog(integ: IntegrationRec, f: RunFacts, now: number): string {
  return integrationRunLog({
    runId: f.runId,
    name: integ.name,
    integrationId: integ.id,
    type: integ.type,
    source: integ.source,
    target: integ.target,
    startMs: f.startTime ?? f.date,
    endMs: f.endTime ?? Math.max(now, f.startTime ?? f.date),
    state: f.state,
    successRows: f.successRows,
    errorRows: f.errorRows,
    // An active run's log grows with its progress.
    lines: f.active ? Math.max(1, Math.floor(integ.logLines * Math.min(1, (now - f.date) / RUN_TIMING.finishAt))) : integ.logLines,
    seed: hash32(integ.history.seed, f.runId),
    ...(f.failure !== undefined
      ? { failure: f.failure, recordError: f.failure }
      : {
          ...(integ.failure !== undefined ? { failure: integ.failure } : integ.outcome === 'fail' ? { failure: ALWAYS_FAILS_MESSAGE } : {}),
          ...(integ.recordError !== undefined ? { recordError: integ.recordError } : {}),
        }),
    finished: !f.active,
  });
}

// ---- backup snapshots

export interface SnapshotFacts {
  snapshotId: number;
  queueTime: number;
  startTime: number | null;
  endTime: number | null;
  state: RunState;
  runBySchedule: boolean;
  /** Records in the snapshot (BackupRun successRows in the seed shape). */
  rows: number;
  errorRows: number;
  active: boolean;
}

export function lazySnapshotFacts(b: BackupRec, i: number): SnapshotFacts {
  const s = b.history;
  const start = s.dateOf(i);
  const failed = s.failed(i);
  // Now and then (for some backups) a snapshot that succeeds, hours later.
  const planted = !failed && plantedUnusual(b.unusual, s.count, i);
  const durationMs = Math.max(1000, Math.min(s.maxDurationMs(), planted ? UNUSUAL_SNAPSHOT_MS : 60_000 + Math.floor(s.rand(i, 1) * 1_500_000)));
  return {
    snapshotId: b.snapshotIdBase + i,
    queueTime: start - intIn(1, 30, s.seed, i, 2) * 1000,
    startTime: start,
    endTime: start + durationMs,
    state: failed ? 'Failed' : 'Succeeded',
    runBySchedule: s.rand(i, 3) < 0.85,
    rows: intIn(5_000, 400_000, s.seed, i, 4),
    errorRows: failed ? intIn(1, 20, s.seed, i, 5) : 0,
    active: false,
  };
}

export function apiSnapshotFacts(run: ApiRun, now: number): SnapshotFacts {
  const { v, startTime, endTime } = apiTimes(run, now);
  return {
    snapshotId: run.id,
    queueTime: run.startedAt,
    startTime,
    endTime,
    state: v.state,
    runBySchedule: run.runBySchedule,
    rows: v.successRows,
    errorRows: v.errorRows,
    active: v.active,
  };
}

export function snapshotLogText(b: BackupRec, f: SnapshotFacts, now: number): string {
  const start = f.startTime ?? f.queueTime;
  return snapshotLog({
    snapshotId: f.snapshotId,
    connector: b.connector,
    startMs: start,
    endMs: f.endTime ?? Math.max(now, start),
    state: f.state,
    lines: f.active ? Math.max(2, Math.floor(b.logLines * Math.min(1, (now - f.queueTime) / RUN_TIMING.finishAt))) : b.logLines,
    seed: hash32(b.history.seed, f.snapshotId),
    finished: !f.active,
  });
}

// ---- automation executions

export interface ExecutionFacts {
  executionId: bigint;
  date: number;
  executed: number | null;
  state: string;
  billedTasks: number;
  testMode: boolean;
  version: number;
  comment: string | null;
  seed: number;
}

export function lazyExecutionFacts(a: AutomationRec, i: number): ExecutionFacts {
  const s = a.history;
  const date = s.dateOf(i);
  const failed = s.failed(i);
  const testMode = s.rand(i, 1) < 0.03;
  return {
    executionId: a.executionIdBase + BigInt(i),
    date,
    executed: date + Math.min(s.maxDurationMs(), 300 + Math.floor(s.rand(i, 2) * 40_000)),
    state: failed ? 'Failed' : s.rand(i, 3) < 0.01 ? 'Canceled' : 'Succeeded',
    billedTasks: failed ? intIn(0, a.steps.length - 1, s.seed, i, 4) : a.steps.length + intIn(0, 3, s.seed, i, 5),
    testMode,
    // Automations get edited now and then: the version grows along the history.
    version: 1 + Math.floor((i * 6) / Math.max(1, s.count)),
    comment: a.comment ?? (testMode ? 'Test run from the automation designer' : null),
    seed: s.hash(i, 6),
  };
}

export function liveExecutionFacts(a: AutomationRec, e: LiveExecution): ExecutionFacts {
  return {
    executionId: e.executionId,
    date: e.startedAt,
    executed: e.endedAt ?? null,
    state: e.endedAt === undefined ? 'Executing' : 'Succeeded',
    billedTasks: e.billedTasks,
    testMode: false,
    version: 7,
    comment: null,
    seed: hash32(a.history.seed, Number(e.executionId % 1_000_000_007n)),
  };
}

export function executionText(a: AutomationRec, f: ExecutionFacts): { result: string; error: string | null } {
  const facts = { steps: a.steps, state: f.state, billedTasks: f.billedTasks, seed: f.seed, failure: a.failure };
  return { result: automationResult(facts), error: automationError(facts) };
}

// ---- endpoint requests

export interface RequestFacts {
  executionId: string;
  date: number;
  method: string;
  failed: boolean;
  bytes: number;
  rows: number;
  remoteIP: string;
  url: string;
  userAgent: string;
  user: string;
  error: string | null;
  errorDetails: string | null;
  log: string[];
  pageToken: string | null;
  external: boolean;
}

const REMOTE_IPS = ['52.31.4.107', '203.0.113.24', '198.51.100.7', '10.20.0.15', '2001:db8::4f2a'];
const USER_AGENTS = [
  'Microsoft.Data.Mashup (https://go.microsoft.com/fwlink/?LinkID=304225)',
  'Tableau/2024.2 (OData)',
  'python-requests/2.32.3',
  'Microsoft Office Excel/16.0',
  'DBeaver 24.1.0 - Main',
];
const USERS = ['powerbi_reader', 'tableau_service', 'analyst', 'excel_user'];
// Parts of request ids that need URL encoding in a path: ids are opaque strings, clients must encode.
const ID_TAILS = ['', ' q', '#f', '?page=2', '%41', '&x=1', ':full', 'é'];

function day(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/**
 * Request ids look like `req/2026-11-20+640-0000a1 q`: the day and the zero-padded base-36 index keep
 * ids sorting the same way as dates (so sortBy=executionId needs no sort), and the index makes
 * an id reversible: `requestIndex` finds the item without a search.
 */
export function requestId(ep: EndpointRec, i: number): string {
  return `req/${day(ep.history.dateOf(i))}+${ep.id}-${i.toString(36).padStart(6, '0')}${pickBy(ID_TAILS, ep.history.seed, i, 0x1d)}`;
}

export function requestIndex(ep: EndpointRec, id: string): number | undefined {
  const m = /^req\/\d{4}-\d{2}-\d{2}\+(\d+)-([0-9a-z]{6})/.exec(id);
  if (!m || Number(m[1]) !== ep.id) return undefined;
  const i = parseInt(m[2] as string, 36);
  return i < ep.history.count && requestId(ep, i) === id ? i : undefined;
}

export function lazyRequestFacts(ep: EndpointRec, i: number): RequestFacts {
  const s = ep.history;
  const date = s.dateOf(i);
  const failed = s.failed(i);
  const entity = pickBy(ep.entities, s.seed, i, 1);
  const odata = ep.type === 'OData';
  const method = odata
    ? pickBy(['GET', 'GET', 'GET', 'GET', 'GET', 'GET', 'POST', 'PATCH', 'DELETE'], s.seed, i, 2)
    : pickBy(['POST', 'POST', 'GET'], s.seed, i, 2);
  const top = pickBy([50, 100, 500, 1000], s.seed, i, 3);
  const skip = intIn(0, 20, s.seed, i, 4) * top;
  const path = odata
    ? `/odata/v4/${ep.token.slice(0, 12)}/${entity}${method === 'GET' ? `?$top=${top}&$skip=${skip}&$orderby=Id` : `(${intIn(1000, 99999, s.seed, i, 5)})`}`
    : `/sql/${ep.token.slice(0, 12)}/query`;
  const rows = failed ? 0 : odata && method !== 'GET' ? 1 : intIn(1, top, s.seed, i, 6);
  const bytes = failed ? intIn(180, 900, s.seed, i, 7) : 400 + rows * intIn(180, 640, s.seed, i, 8);
  const ms = intIn(40, failed ? 120_000 : 4_000, s.seed, i, 9);
  const error = failed
    ? pickBy(
        [
          'Query timeout expired after 120 s.',
          `Entity set '${entity}' not found.`,
          'Authentication failed: invalid endpoint token.',
          'Syntax error near keyword FROM.',
        ],
        s.seed,
        i,
        10,
      )
    : null;
  const paged = odata && method === 'GET' && rows === top;
  return {
    executionId: requestId(ep, i),
    date,
    method,
    failed,
    bytes,
    rows,
    remoteIP: pickBy(REMOTE_IPS, s.seed, i, 11),
    url: `https://connect.skyvia.com${path}`,
    userAgent: ep.userAgent ?? pickBy(USER_AGENTS, s.seed, i, 12),
    user: pickBy(USERS, s.seed, i, 13),
    error,
    errorDetails:
      error === null
        ? null
        : `${error}\n   at Skyvia.Connect.QueryExecutor.Execute(Query query)\n   at Skyvia.Connect.Endpoint.HandleRequest(RequestContext context)`,
    log: [
      `Request received: ${method} ${path}`,
      `Authenticated endpoint user '${pickBy(USERS, s.seed, i, 13)}'.`,
      odata ? `Translated OData query for entity set '${entity}'.` : `Parsed SQL statement against '${entity}'.`,
      failed ? `Error: ${error}` : `Executed query in ${ms} ms, ${rows} rows.`,
      `Response sent: ${bytes} bytes.`,
    ],
    pageToken: paged ? `p${hash32(s.seed, i, 14).toString(36)}` : null,
    external: hash32(s.seed, i, 15) % 3 === 0,
  };
}
