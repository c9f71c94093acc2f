// The state machine of runs started through the API or by a schedule, for every kind that has
// them (integration runs, backup snapshots).
//
// A run stores only when it started and what was asked of it (cancel, kill). Its state at any
// instant is computed from the clock on each request, so nothing needs a timer: no leaks, no
// flakiness, and a manual clock makes a whole run happen in one `advance()`.

import type { RunState } from '../api/types';
import type { DemoItem, RunningKind } from './kinds';
import type { KindStore } from './store';
import { failedIfAsked } from './failures';
import { unusualIfAsked } from './unusual';

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
  /** Its id: runId of an integration run; snapshotId (also its BackupRun runId) of a snapshot. */
  id: number;
  ownerId: number;
  startedAt: number;
  outcome: 'Succeeded' | 'Failed';
  plannedRows: number;
  logLines: number;
  runBySchedule: boolean;
  cancelAt?: number;
  killAt?: number;
  /** When it finishes, if not at RUN_TIMING.finishAt (a run made unusual by taking hours). */
  finishAt?: number;
  /** It was made to succeed unusually (`POST /__demo/unusual`; how, its kind's `Figures` say). */
  unusual?: boolean;
  /** It was made to fail so (`POST /__demo/failure`): its record errors and its end say it. */
  failure?: string;
}

/** How long a snapshot made unusual takes: hours, where the demo's take minutes. */
export const UNUSUAL_SNAPSHOT_MS = 3 * 3_600_000;

/** A run of `item`, started at `startedAt` by a client or by its schedule: added to its entries, counted when a client started it. */
export function startRun<R extends DemoItem>(
  store: KindStore,
  kind: RunningKind<R>,
  item: R,
  startedAt: number,
  outcome: ApiRun['outcome'],
  runBySchedule: boolean,
): ApiRun {
  const planned: ApiRun = { id: store.takeId(kind), ownerId: item.id, startedAt, outcome, ...kind.runs.plan(item), runBySchedule };
  const run = unusualIfAsked(store, kind, item, failedIfAsked(store, kind, item, planned));
  store.started(kind, item.id).push(run);
  if (!runBySchedule) store.countStart(kind.runs.counter);
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

/** State and times of a run or snapshot started through the API, as of `now`. */
export function startedTimes(run: ApiRun, now: number): { v: RunView; startTime: number | null; endTime: number | null } {
  const v = viewRun(run, now);
  const started = v.state === 'New' || v.state === 'Queued' ? null : run.startedAt + RUN_TIMING.runningAt;
  const startTime = v.active ? started : Math.min(run.startedAt + RUN_TIMING.runningAt, v.endAt ?? now);
  return { v, startTime, endTime: v.endAt ?? null };
}
