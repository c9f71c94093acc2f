// An integration's runs: the facts of a lazily generated run (a pure function of its history and
// index) or of one started since (computed from the clock), and a run's log.

import type { RunState } from '../../api/types';
import { integrationRunLog } from '../logs';
import { plantedUnusual } from '../model';
import { hash32, intIn } from '../random';
import { RUN_TIMING, startedTimes, type ApiRun } from '../runs';
import type { IntegrationRec } from './integrationSeed';

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

export function apiRunFacts(run: ApiRun, now: number): RunFacts {
  const { v, startTime, endTime } = startedTimes(run, now);
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
