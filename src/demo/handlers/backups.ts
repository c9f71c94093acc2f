// Backups: lists, snapshots (runs of the state machine of runs.ts, created here or by a schedule),
// the backup schedule, and how a snapshot is made unusual: it takes hours.

import { SORT_BY } from '../../api/types';
import { badRequest, notFound } from '../errors';
import { pageHistory } from '../history';
import { apiSnapshotFacts, lazySnapshotFacts, snapshotLogText, type SnapshotFacts } from './backupSnapshots';
import type { RunningKind } from '../kinds';
import { historyQuery } from '../params';
import { activeRun, startRun, UNUSUAL_SNAPSHOT_MS, type ApiRun } from '../runs';
import { iso, isoOrNull, seconds, type Shapes } from '../shapes';
import { seedBackups, type BackupRec } from './backupSeed';
import { id32, itemOf, listOf } from './common';
import { noContent, ok, type Ctx, type Handlers, type Reply } from './types';

// ---- answers

function backupJson(b: BackupRec): object {
  return { id: b.id, name: b.name, created: iso(b.created), modified: iso(b.modified), scheduled: b.scheduleActive };
}

function snapshotJson(f: SnapshotFacts): object {
  return {
    snapshotId: f.snapshotId,
    queueTime: iso(f.queueTime),
    startTime: isoOrNull(f.startTime),
    endTime: isoOrNull(f.endTime),
    state: f.state,
    runBySchedule: f.runBySchedule,
  };
}

function snapshotDetailsJson(f: SnapshotFacts, log: string, shapes: Shapes): object {
  return { ...snapshotJson(f), ...(shapes === 'seed' ? { log } : { result: log }) };
}

/** BackupRun (create snapshot, active snapshot). runId is the snapshot's id. */
function backupRunJson(f: SnapshotFacts, now: number, shapes: Shapes): object {
  return {
    runId: f.snapshotId,
    date: iso(f.queueTime),
    duration: seconds((f.endTime ?? now) - f.queueTime),
    state: f.state,
    ...(shapes === 'seed' ? { successRows: f.rows, errorRows: f.errorRows } : {}),
  };
}

/** Backup schedule record: `undefined` means "200 with an empty body" (the seed shows no record). */
function backupScheduleJson(active: boolean, shapes: Shapes): object | undefined {
  return shapes === 'seed' ? undefined : { active };
}

// ---- operations

function backupOf(c: Ctx): BackupRec {
  return itemOf(c, backups, 'backupId');
}

function snapshotsOf(c: Ctx, b: BackupRec): ApiRun[] {
  return c.state.kinds.started(backups, b.id);
}

const backupHandlers = {
  listBackups: (c: Ctx): Reply => listOf(c, backups, backupJson),

  getBackup: (c: Ctx): Reply => ok(backupJson(backupOf(c))),

  listSnapshots: (c: Ctx): Reply => {
    const b = backupOf(c);
    const q = historyQuery(c.query, SORT_BY.snapshots);
    const finished = snapshotsOf(c, b)
      .map((r) => apiSnapshotFacts(r, c.now))
      .filter((f) => !f.active);
    const page = pageHistory<SnapshotFacts>(b.history, { items: finished, dateOf: (f) => f.startTime ?? f.queueTime, failed: (f) => f.state === 'Failed' }, q);
    return ok({ data: page.refs.map((ref) => snapshotJson(ref.kind === 'lazy' ? lazySnapshotFacts(b, ref.index) : ref.item)), hasMore: page.hasMore });
  },

  createSnapshot: (c: Ctx): Reply => {
    const b = backupOf(c);
    if (activeRun(snapshotsOf(c, b), c.now)) throw badRequest('A snapshot of this backup is already in progress.');
    const run = startRun(c.state.kinds, backups, b, c.now, 'Succeeded', false);
    return ok(backupRunJson(apiSnapshotFacts(run, c.now), c.now, c.state.shapes));
  },

  getSnapshot: (c: Ctx): Reply => {
    const b = backupOf(c);
    const id = id32(c, 'snapshotId');
    const index = id - b.snapshotIdBase;
    let facts: SnapshotFacts | undefined;
    if (index >= 0 && index < b.history.count) facts = lazySnapshotFacts(b, index);
    else {
      const run = snapshotsOf(c, b).find((r) => r.id === id);
      if (run) facts = apiSnapshotFacts(run, c.now);
    }
    if (!facts) throw notFound('Snapshot', id);
    return ok(snapshotDetailsJson(facts, snapshotLogText(b, facts, c.now), c.state.shapes));
  },

  getActiveSnapshot: (c: Ctx): Reply => {
    const run = activeRun(snapshotsOf(c, backupOf(c)), c.now);
    return run ? ok(backupRunJson(apiSnapshotFacts(run, c.now), c.now, c.state.shapes)) : noContent();
  },

  // Every backup has a schedule record (the contract shows no "none" case for backups).
  getBackupSchedule: (c: Ctx): Reply => {
    const b = backupOf(c);
    return ok(backupScheduleJson(b.scheduleActive, c.state.shapes));
  },

  enableBackupSchedule: (c: Ctx): Reply => {
    const b = backupOf(c);
    b.scheduleActive = true;
    return ok(backupScheduleJson(true, c.state.shapes));
  },

  disableBackupSchedule: (c: Ctx): Reply => {
    const b = backupOf(c);
    b.scheduleActive = false;
    return ok(backupScheduleJson(false, c.state.shapes));
  },
} satisfies Handlers;

export const backups: RunningKind<BackupRec, typeof backupHandlers> = {
  noun: 'Backup',
  handlers: backupHandlers,
  seed: seedBackups,
  runs: {
    counter: 'snapshotsStarted',
    history: (b) => b.history,
    scheduled: (b) => b.scheduleActive,
    scheduledOutcome: (_b, slotFails) => (slotFails ? 'Failed' : 'Succeeded'),
    plan: (b) => ({ plannedRows: 20_000 + (b.id % 7) * 11_000, logLines: b.logLines }),
    figures: {
      param: 'backupId',
      entry: 'snapshot',
      planted: (b) => b.unusual,
      lazyEntry: (b, i) => {
        const f = lazySnapshotFacts(b, i);
        return { id: f.snapshotId, succeeded: f.state === 'Succeeded' };
      },
      // It succeeds, hours later.
      unusualRun: { finishAt: UNUSUAL_SNAPSHOT_MS },
    },
  },
};
