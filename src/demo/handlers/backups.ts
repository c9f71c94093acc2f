// Backups: lists, snapshots (the same state machine as runs) and the backup schedule.

import { SORT_BY } from '../../api/types';
import type { OperationId } from '../../api/operations';
import { badRequest, notFound } from '../errors';
import { pageHistory } from '../history';
import { apiSnapshotFacts, lazySnapshotFacts, snapshotLogText, type SnapshotFacts } from '../items';
import type { BackupRec } from '../model';
import { historyQuery, pageOf, paging } from '../params';
import { activeRun, newSnapshot, type ApiRun } from '../runs';
import { backupJson, backupRunJson, backupScheduleJson, snapshotDetailsJson, snapshotJson } from '../shapes';
import { id32 } from './common';
import { noContent, ok, type Ctx, type Handler } from './types';

function backupOf(c: Ctx): BackupRec {
  return c.state.backup(id32(c, 'workspaceId'), id32(c, 'backupId'));
}

function snapshotsOf(c: Ctx, b: BackupRec): ApiRun[] {
  return c.state.listOf(c.state.snapshots, b.id);
}

export const backupHandlers = {
  listBackups: (c: Ctx) => {
    const ws = c.state.workspace(id32(c, 'workspaceId'));
    const page = pageOf(c.state.seed.backups.list(ws.id), paging(c.query));
    return ok({ data: page.data.map(backupJson), hasMore: page.hasMore });
  },

  getBackup: (c: Ctx) => ok(backupJson(backupOf(c))),

  listSnapshots: (c: Ctx) => {
    const b = backupOf(c);
    const q = historyQuery(c.query, SORT_BY.snapshots);
    const finished = snapshotsOf(c, b)
      .map((r) => apiSnapshotFacts(r, c.now))
      .filter((f) => !f.active);
    const page = pageHistory<SnapshotFacts>(b.history, { items: finished, dateOf: (f) => f.startTime ?? f.queueTime, failed: (f) => f.state === 'Failed' }, q);
    return ok({ data: page.refs.map((ref) => snapshotJson(ref.kind === 'lazy' ? lazySnapshotFacts(b, ref.index) : ref.item)), hasMore: page.hasMore });
  },

  createSnapshot: (c: Ctx) => {
    const b = backupOf(c);
    const list = snapshotsOf(c, b);
    if (activeRun(list, c.now)) throw badRequest('A snapshot of this backup is already in progress.');
    const run = newSnapshot(b, c.state.seed.nextIds.snapshot++, c.now, 'Succeeded', false);
    list.push(run);
    c.state.counters.snapshotsStarted++;
    return ok(backupRunJson(apiSnapshotFacts(run, c.now), c.now, c.state.shapes));
  },

  getSnapshot: (c: Ctx) => {
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

  getActiveSnapshot: (c: Ctx) => {
    const run = activeRun(snapshotsOf(c, backupOf(c)), c.now);
    return run ? ok(backupRunJson(apiSnapshotFacts(run, c.now), c.now, c.state.shapes)) : noContent();
  },

  // Every backup has a schedule record (the contract shows no "none" case for backups).
  getBackupSchedule: (c: Ctx) => {
    const b = backupOf(c);
    return ok(backupScheduleJson(b.scheduleActive, c.state.shapes));
  },

  enableBackupSchedule: (c: Ctx) => {
    const b = backupOf(c);
    b.scheduleActive = true;
    return ok(backupScheduleJson(true, c.state.shapes));
  },

  disableBackupSchedule: (c: Ctx) => {
    const b = backupOf(c);
    b.scheduleActive = false;
    return ok(backupScheduleJson(false, c.state.shapes));
  },
} satisfies Partial<Record<OperationId, Handler>>;
