// The backups of the demo account: hand-written ones with the fixtures' ids, then filler at scales
// above 1. Each backup owns the snapshot ids [snapshotIdBase, snapshotIdBase + history.count).

import { DEMO_FIXTURES as F } from '../fixtures';
import type { Series } from '../history';
import type { Unusually } from '../model';
import { intIn, pickBy, unit } from '../random';
import { SOURCES, type SeedTools } from '../seedTools';

/** Hash salt of backups: equal ids of different kinds get unrelated values. */
const SALT = 2;
const W = F.workspaces;

export interface BackupRec {
  id: number;
  workspaceId: number;
  name: string | null;
  connector: string;
  created: number;
  modified: number;
  scheduleActive: boolean;
  logLines: number;
  history: Series;
  snapshotIdBase: number;
  /** Now and then a snapshot succeeds unusually: it takes hours (see `Unusually`). */
  unusual?: Unusually;
}

interface BackupSeed {
  id: number;
  ws: number;
  name: string | null;
  connector: string;
  scheduleActive: boolean;
  snapshots: number;
  everyHours: number;
  failRate: number;
  /** Now and then a snapshot succeeds unusually. */
  unusual?: Unusually;
}

const BACKUPS: BackupSeed[] = [
  {
    id: F.backups.main.backupId,
    ws: W.dataPlatform,
    name: 'Snowflake Metadata Backup',
    connector: 'Snowflake',
    scheduleActive: true,
    snapshots: F.backups.main.snapshots,
    everyHours: 24,
    failRate: 0.04,
    unusual: F.unusual.backup,
  },
  {
    id: F.backups.inactiveSchedule.backupId,
    ws: W.dataPlatform,
    name: 'PostgreSQL Orders Backup',
    connector: 'PostgreSQL',
    scheduleActive: false,
    snapshots: 20,
    everyHours: 48,
    failRate: 0.0,
  },
  { id: 5122, ws: W.salesOps, name: 'Salesforce Nightly Backup', connector: 'Salesforce', scheduleActive: true, snapshots: 60, everyHours: 24, failRate: 0.07 },
  { id: 5123, ws: W.salesOps, name: 'HubSpot CRM Backup', connector: 'HubSpot', scheduleActive: true, snapshots: 40, everyHours: 24, failRate: 0.02 },
  {
    id: 5124,
    ws: W.finance,
    name: 'QuickBooks Online Backup',
    connector: 'QuickBooks Online',
    scheduleActive: true,
    snapshots: 45,
    everyHours: 24,
    failRate: 0.03,
  },
  { id: 5125, ws: W.personal, name: 'Google Sheets Backup', connector: 'Google Sheets', scheduleActive: false, snapshots: 10, everyHours: 168, failRate: 0.1 },
  // Its connector's name carries the hostile text into every snapshot's log.
  {
    id: F.hostileBackup.backupId,
    ws: W.personal,
    name: F.hostileBackup.name,
    connector: `Sheets ${F.hostileText}`,
    scheduleActive: false,
    snapshots: 8,
    everyHours: 72,
    failRate: 0.25,
  },
];

export function seedBackups(t: SeedTools): { items: BackupRec[]; nextEntryId: number } {
  const items: BackupRec[] = [];
  let snapshotCursor = 2_310_001;
  const addBackup = (b: BackupSeed): void => {
    const history = t.series(SALT, b.id, b.snapshots, b.everyHours, b.failRate);
    items.push({
      id: b.id,
      workspaceId: b.ws,
      name: b.name,
      connector: b.connector,
      ...t.createdBefore(history, SALT, b.id),
      scheduleActive: b.scheduleActive,
      logLines: t.count(intIn(40, 160, SALT, b.id, 4)),
      history,
      snapshotIdBase: snapshotCursor,
      ...(b.unusual ? { unusual: b.unusual } : {}),
    });
    snapshotCursor += history.count;
  };
  t.withFiller(BACKUPS, 5201, (id, ws, k): BackupSeed => {
    const [connector] = pickBy(SOURCES, SALT, id, 1);
    return {
      id,
      ws,
      name: `${connector} Backup (${k + 1})`,
      connector,
      scheduleActive: unit(SALT, id, 2) < 0.7,
      snapshots: intIn(10, 60, SALT, id, 3),
      everyHours: 24,
      failRate: pickBy([0, 0.03, 0.1], SALT, id, 5),
    };
  }).forEach(addBackup);
  return { items, nextEntryId: snapshotCursor + 1000 };
}
