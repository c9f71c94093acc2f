// A backup's snapshots: the facts of a lazily generated snapshot (a pure function of its history
// and index) or of one created since (computed from the clock), and a snapshot's log.

import type { RunState } from '../../api/types';
import { snapshotLog } from '../logs';
import { plantedUnusual } from '../model';
import { hash32, intIn } from '../random';
import { RUN_TIMING, startedTimes, UNUSUAL_SNAPSHOT_MS, type ApiRun } from '../runs';
import type { BackupRec } from './backupSeed';

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
  const { v, startTime, endTime } = startedTimes(run, now);
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
