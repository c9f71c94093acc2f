// Backups and their snapshots.
import * as l10n from '@vscode/l10n';
import type { Backup, Snapshot } from '../api';
import { durationBetween, formatDateTime, joinParts, relativeTime } from '../shared/format';
import { stateWord } from '../shared/nouns';
import { outcomeOf } from '../shared/outcome';
import { numId, wsId } from '../shared/refs';
import type { EntrySpec, HistorySpec } from './kind';
import { latestColor, pinCapability, progressText, runFlags, scheduleCapabilities, scheduleFlags, scheduleWords } from './common';

const when = (s: Snapshot) => s.startTime ?? s.queueTime;

export const SNAPSHOT: EntrySpec<Snapshot> = {
  kind: 'snapshot',
  rowButtons: (id, when) => ({ log: l10n.t('Open the log of snapshot {0}, {1}', id, when), open: l10n.t('Open snapshot {0}, {1}', id, when) }),
  idOf: (s) => (s.snapshotId != null ? String(s.snapshotId) : undefined),
  outcome: (s) => outcomeOf(s.state),
  label: (s) => formatDateTime(when(s), false) || l10n.t('Snapshot #{0}', s.snapshotId),
  description: (s, now) => joinParts(s.state && stateWord(s.state), now !== undefined && relativeTime(when(s), now), durationBetween(s.startTime, s.endTime), s.runBySchedule === true && l10n.t('by schedule')),
  latest: (s) => ({ state: s.state, date: when(s) }),
  // A snapshot row has times, no counts (the records backed up are only in its log): how long it
  // took, and how long it waited in the queue before it started — seconds against minutes, so
  // the wait gets its own axis.
  chart: {
    series: () => [
      { label: l10n.t('Duration (s)'), axis: 'seconds', tone: 'primary', style: 'line' },
      { label: l10n.t('Wait in queue (s)'), axis: l10n.t('seconds queued'), tone: 'neutral', style: 'dashed' },
    ],
    point: (s) => ({ date: when(s), values: [secondsBetween(s.startTime, s.endTime), secondsBetween(s.queueTime, s.startTime)] }),
  },
};

function secondsBetween(from: string | null | undefined, to: string | null | undefined): number | undefined {
  const ms = from && to ? Date.parse(to) - Date.parse(from) : NaN;
  return Number.isFinite(ms) && ms >= 0 ? ms / 1000 : undefined;
}

export const BACKUP: HistorySpec<Backup, Snapshot> = {
  kind: 'backup',
  listItems: (client, ws, page, signal) => client.listBackups(ws, page, { signal }),
  noun: 'snapshots',
  entry: SNAPSHOT,
  hasActiveRun: true,
  readsOnHover: true,
  list: (client, ref, query, signal) => client.listSnapshots(wsId(ref), numId(ref), query, { signal }),
  icon: (v) => (v.facts.active ? ['loading~spin'] : ['archive', latestColor(v.facts)]),
  description: (v) => joinParts(v.filterText, scheduleWords(v), progressText(v)),
  flags: (v) => [...scheduleFlags(v), ...runFlags(v)],
  capabilities: (v) => [!v.busy && !v.facts.active && 'canSnapshot', ...scheduleCapabilities(v), 'canShowActive', pinCapability(v)],
};
