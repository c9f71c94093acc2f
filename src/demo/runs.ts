// State machines of work started through the API: integration runs, backup snapshots and the
// always-executing automation.
//
// A run stores only when it started and what was asked of it (cancel, kill). Its state at any
// instant is computed from the clock on each request, so nothing needs a timer: no leaks, no
// flakiness, and a manual clock makes a whole run happen in one `advance()`.

import type { RunState } from '../api/types';
import type { BackupRec, IntegrationRec } from './model';

/** Timing of a run, in simulated milliseconds after it was started (at timeScale 1). */
export const RUN_TIMING = {
  /** New until then, Queued after. */
  queuedAt: 500,
  /** Running from here. */
  runningAt: 1500,
  /** Succeeded or Failed from here. */
  finishAt: 6000,
  /** Canceling lasts this long, then Canceled. */
  cancelTakesMs: 1000,
} as const;

export interface ApiRun {
  /** runId of an integration run; snapshotId (also its BackupRun runId) of a snapshot. */
  id: number;
  ownerId: number;
  startedAt: number;
  outcome: 'Succeeded' | 'Failed';
  plannedRows: number;
  logLines: number;
  runBySchedule: boolean;
  cancelAt?: number;
  killAt?: number;
  /** When it finishes, if not at RUN_TIMING.finishAt (a snapshot made to take hours). */
  finishAt?: number;
  /** It was made to succeed unusually (`POST /__demo/unusual`): 0 rows, or hours long. */
  unusual?: boolean;
  /** It was made to fail so (`POST /__demo/failure`): its record errors and its end say it. */
  failure?: string;
}

/** How long a snapshot made unusual takes: hours, where the demo's take minutes. */
export const UNUSUAL_SNAPSHOT_MS = 3 * 3_600_000;

/** A run of an integration, started now by a client or by its schedule. */
export function newRun(integ: IntegrationRec, id: number, startedAt: number, outcome: ApiRun['outcome'], runBySchedule: boolean): ApiRun {
  const run: ApiRun = { id, ownerId: integ.id, startedAt, outcome, plannedRows: integ.typicalRows, logLines: integ.logLines, runBySchedule };
  // Made to fail from outside, with a message of the test's choosing.
  if (integ.nextFailure !== undefined) {
    const failure = integ.nextFailure;
    integ.nextFailure = undefined;
    return { ...run, outcome: 'Failed', failure };
  }
  // Made unusual from outside: it succeeds, having written nothing.
  if (integ.nextUnusual && outcome === 'Succeeded') {
    integ.nextUnusual = false;
    return { ...run, plannedRows: 0, unusual: true };
  }
  return run;
}

/** A snapshot of a backup, created now by a client or by its schedule. */
export function newSnapshot(b: BackupRec, id: number, startedAt: number, outcome: ApiRun['outcome'], runBySchedule: boolean): ApiRun {
  const run: ApiRun = { id, ownerId: b.id, startedAt, outcome, plannedRows: 20_000 + (b.id % 7) * 11_000, logLines: b.logLines, runBySchedule };
  // Made unusual from outside: it succeeds, hours later.
  if (b.nextUnusual && outcome === 'Succeeded') {
    b.nextUnusual = false;
    return { ...run, finishAt: UNUSUAL_SNAPSHOT_MS, unusual: true };
  }
  return run;
}

export interface RunView {
  state: RunState;
  active: boolean;
  /** When it ended (finished runs only). */
  endAt?: number;
  /** 0..1, how far the work got; drives row counts and log length. */
  progress: number;
  successRows: number;
  errorRows: number;
}

export function viewRun(run: ApiRun, now: number): RunView {
  const finishAt = run.finishAt ?? RUN_TIMING.finishAt;
  const naturalEnd = run.startedAt + finishAt;
  const progressAt = (t: number): number => Math.min(1, Math.max(0, (t - run.startedAt - RUN_TIMING.runningAt) / (finishAt - RUN_TIMING.runningAt)));
  const rows = (t: number, outcome: RunState): { successRows: number; errorRows: number } => {
    const p = progressAt(t);
    if (outcome === 'Failed') return { successRows: Math.floor(run.plannedRows * 0.4 * p), errorRows: Math.max(1, Math.floor(run.plannedRows * 0.02)) };
    return { successRows: Math.floor(run.plannedRows * p), errorRows: 0 };
  };
  const finished = (state: RunState, endAt: number): RunView => ({ state, active: false, endAt, progress: progressAt(endAt), ...rows(endAt, state) });

  if (run.killAt !== undefined && now >= run.killAt) return finished('Canceled', run.killAt);
  if (run.cancelAt !== undefined) {
    const end = run.cancelAt + RUN_TIMING.cancelTakesMs;
    if (now >= end) return finished('Canceled', end);
    return { state: 'Canceling', active: true, progress: progressAt(now), ...rows(now, 'Canceling') };
  }
  if (now >= naturalEnd) return finished(run.outcome, naturalEnd);
  const elapsed = now - run.startedAt;
  const state: RunState = elapsed < RUN_TIMING.queuedAt ? 'New' : elapsed < RUN_TIMING.runningAt ? 'Queued' : 'Running';
  return { state, active: true, progress: progressAt(now), ...rows(now, state) };
}

/** The run of `runs` still active at `now`, if any (only the newest can be). */
export function activeRun(runs: readonly ApiRun[] | undefined, now: number): ApiRun | undefined {
  const last = runs?.[runs.length - 1];
  return last && viewRun(last, now).active ? last : undefined;
}

/** An automation execution that lives outside the lazy history (the always-executing automation's). */
export interface LiveExecution {
  executionId: bigint;
  automationId: number;
  startedAt: number;
  /** Set when it finished (the automation was disabled). */
  endedAt?: number;
  billedTasks: number;
}
