// Backups and their snapshots: everything that is particular to them.
import * as l10n from '@vscode/l10n';
import type { Backup, Snapshot, SnapshotDetails } from '../api';
import { activeText, scheduleText } from '../shared/describe';
import { durationBetween, formatDateTime, formatDuration, joinParts, plural, relativeTime, whenText } from '../shared/format';
import { outcomeOf } from '../shared/outcome';
import { numId, wsId } from '../shared/refs';
import { stateWord } from '../shared/words';
import {
  endedSentence,
  latestField,
  latestColor,
  namedTitle,
  pinCapability,
  progressText,
  runFlags,
  scheduleCapabilities,
  scheduleFlags,
  scheduleWords,
  secondsOf,
  settled,
  span,
  startRecord,
} from './common';
import type { EntryRecord, HistoryRecord } from './kind';

/** A snapshot as listed, as read, or as "active snapshot" answers (a run's shape). */
type AnySnapshot = SnapshotDetails & { date?: string; duration?: number; runId?: number };

const when = (s: Snapshot) => s.startTime ?? s.queueTime;

export const SNAPSHOT: EntryRecord<AnySnapshot> = {
  kind: 'snapshot',
  english: ['snapshot', 'snapshots'],
  words: {
    noun: () => l10n.t('snapshot'),
    title: () => l10n.t('Snapshot'),
    plural: () => l10n.t('snapshots'),
    count: (n) =>
      plural(
        n,
        (c) => l10n.t('{0} snapshot', c),
        (c) => l10n.t('{0} snapshots', c),
      ),
    which: () => l10n.t('Which snapshot?'),
    another: () => l10n.t('Another snapshot…'),
    name: (id) => l10n.t('Snapshot {0}', id),
    nameOf: (id, item) => l10n.t('Snapshot {0} of {1}', id, item),
    fact: (id) => l10n.t('snapshot {0}', id),
    meaning: (outcome) =>
      ({
        running: () => l10n.t('Running snapshot'),
        queued: () => l10n.t('Queued snapshot'),
        succeeded: () => l10n.t('Succeeded snapshot'),
        failed: () => l10n.t('Failed snapshot'),
        canceled: () => l10n.t('Canceled snapshot'),
        unknown: () => l10n.t('Snapshot'),
      })[outcome](),
    ended: (e) =>
      endedSentence(e, {
        succeeded: () =>
          l10n.t({
            message: 'The snapshot of “{0}” succeeded ({1}).',
            args: [e.item, e.facts],
            comment: ['{1} lists what is known, such as "snapshot 123 · 2 min"'],
          }),
        failed: () =>
          l10n.t({
            message: 'The snapshot of “{0}” failed ({1}).',
            args: [e.item, e.facts],
            comment: ['{1} lists what is known, such as "snapshot 123 · 2 min"'],
          }),
        failedWith: (error) =>
          l10n.t({
            message: 'The snapshot of “{0}” failed: {1} ({2}).',
            args: [e.item, error, e.facts],
            comment: ['{1} is the service\'s error; {2} lists what is known, such as "snapshot 123 · 2 min"'],
          }),
        killed: () =>
          l10n.t({
            message: 'The snapshot of “{0}” was killed ({1}).',
            args: [e.item, e.facts],
            comment: ['{1} lists what is known, such as "snapshot 123 · 2 min"'],
          }),
        canceled: () =>
          l10n.t({
            message: 'The snapshot of “{0}” was canceled ({1}).',
            args: [e.item, e.facts],
            comment: ['{1} lists what is known, such as "snapshot 123 · 2 min"'],
          }),
        unread: () =>
          l10n.t({
            message: 'The snapshot of “{0}” ended as “{1}” ({2}); its outcome could not be read.',
            args: [e.item, e.state, e.facts],
            comment: ['{1} is the service\'s state word; {2} lists what is known, such as "snapshot 123 · 2 min"'],
          }),
      }),
    pinnedFailed: (item, id, when) =>
      when
        ? l10n.t('A snapshot of pinned “{0}” failed: snapshot {1} of {2}.', item, id, when)
        : l10n.t('A snapshot of pinned “{0}” failed: snapshot {1}.', item, id),
    moreFailed: (n) =>
      plural(
        n,
        (c) => l10n.t('{0} more snapshot failed since the last look.', c),
        (c) => l10n.t('{0} more snapshots failed since the last look.', c),
      ),
    ofItem: (item) => ({
      placeholder: l10n.t('Which snapshot of {0}? (newest first)', item),
      empty: l10n.t('There is nothing to choose from: no snapshot of {0}.', item),
    }),
    noSuccessBefore: (item, id, looked) =>
      l10n.t('No snapshot of {0} succeeded before snapshot {1} ({2} read): there is nothing to compare it with.', item, id, looked),
    reading: (id, log) => (log ? l10n.t('Reading snapshot {0} and its log', id) : l10n.t('Reading snapshot {0}', id)),
    rowButtons: (id, when) => ({ log: l10n.t('Open the log of snapshot {0}, {1}', id, when), open: l10n.t('Open snapshot {0}, {1}', id, when) }),
    history: () => ({
      title: l10n.t('Snapshots'),
      region: l10n.t('History of snapshots'),
      caption: l10n.t('Snapshots, newest first unless sorted otherwise'),
      more: l10n.t('Load more snapshots'),
      empty: l10n.t('No snapshots yet.'),
      emptyFiltered: l10n.t('No snapshots match the filter.'),
    }),
    empty: (filtered) => (filtered ? l10n.t('No snapshots match the filter') : l10n.t('No snapshots yet')),
    show: () => l10n.t('Show Snapshot'),
    underWay: (item, id, queued) =>
      queued ? l10n.t('{0} already has a snapshot queued (snapshot {1}).', item, id) : l10n.t('{0} is already creating a snapshot (snapshot {1}).', item, id),
  },
  title: (ref) => l10n.t('Snapshot {0}', ref.id),
  details: (ref, s, facts) => {
    const at = (v: string | null | undefined) => whenText(v, facts.now);
    return [
      [l10n.t('State'), s.state && stateWord(s.state)],
      [l10n.t('Queued'), at(s.queueTime ?? s.date)],
      [l10n.t('Started'), at(s.startTime)],
      [l10n.t('Ended'), at(s.endTime)],
      [l10n.t('Duration'), durationBetween(s.startTime, s.endTime) || formatDuration(s.duration)],
      [
        l10n.t('Started by'),
        s.runBySchedule === undefined
          ? undefined
          : s.runBySchedule
            ? l10n.t({ message: 'schedule', comment: ['A snapshot "Started by" its schedule'] })
            : l10n.t({ message: 'a person or the API', comment: ['A snapshot "Started by" whom'] }),
      ],
      [l10n.t('Snapshot id'), ref.id],
    ];
  },
  read: (client, ref, signal) => client.getSnapshot(wsId(ref), ref.parentId as number, numId(ref), { signal }),
  idOf: (s) => (s.snapshotId != null ? String(s.snapshotId) : undefined),
  outcome: (s) => outcomeOf(s.state),
  label: (s) => formatDateTime(when(s), false) || l10n.t('Snapshot #{0}', s.snapshotId),
  description: (s, now) =>
    joinParts(
      s.state && stateWord(s.state),
      now !== undefined && relativeTime(when(s), now),
      durationBetween(s.startTime, s.endTime),
      s.runBySchedule === true && l10n.t('by schedule'),
    ),
  capabilities: (e) => ['canOpenLog', outcomeOf(e.state) === 'failed' && 'canCompare'],
  comparable: true,
  latest: (s) => ({ state: s.state, date: when(s) }),
  // A snapshot row has times, no counts (the records backed up are only in its log): how long it
  // took, and how long it waited in the queue before it started — seconds against minutes, so
  // the wait gets its own axis.
  chart: {
    series: () => [
      { label: l10n.t('Duration (s)'), axis: 'seconds', tone: 'primary', style: 'line' },
      { label: l10n.t('Wait in queue (s)'), axis: l10n.t('seconds queued'), tone: 'neutral', style: 'dashed' },
    ],
    point: (s) => ({ date: when(s), values: [secondsOf(span(s.startTime, s.endTime)), secondsOf(span(s.queueTime, s.startTime))] }),
  },
  // A snapshot that took three times as long as usual, or waited far longer in the queue: the
  // service calls it a success, and the data may be hours older than thought.
  usual: [
    {
      // l10n-ignore: the figure's name in English, for the chat's model and the output channel
      figure: 'duration (s)',
      of: (s) => secondsOf(span(s.startTime, s.endTime)) ?? (typeof s.duration === 'number' ? s.duration : undefined),
      rule: 'more',
      least: 60,
      says: (v, u) => l10n.t('took {0}, usually about {1}', formatDuration(v), formatDuration(u)),
    },
    {
      // l10n-ignore: the figure's name in English, for the chat's model and the output channel
      figure: 'wait in queue (s)',
      of: (s) => secondsOf(span(s.queueTime, s.startTime)),
      rule: 'more',
      least: 600,
      says: (v, u) => l10n.t('waited {0} in the queue, usually about {1}', formatDuration(v), formatDuration(u)),
    },
  ],
  // The documented `log`, or the live service's `result`.
  logOf: (s) => s.log ?? s.result ?? undefined,
  final: async (client, run, base, signal) => {
    const s = await client.getSnapshot(wsId(run.item), numId(run.item), numId(run.ref), { signal });
    return {
      record: settled({ ...base, state: s.state ?? run.state, outcome: outcomeOf(s.state), durationMs: span(s.startTime ?? s.queueTime, s.endTime) }),
      row: s,
    };
  },
};

export const BACKUP: HistoryRecord<Backup, AnySnapshot> = {
  kind: 'backup',
  english: ['backup', 'backups'],
  words: {
    noun: () => l10n.t('backup'),
    title: () => l10n.t('Backup'),
    plural: () => l10n.t('backups'),
    count: (n) =>
      plural(
        n,
        (c) => l10n.t('{0} backup', c),
        (c) => l10n.t('{0} backups', c),
      ),
    which: () => l10n.t('Which backup?'),
    another: () => l10n.t('Another backup…'),
    numbered: (id) => l10n.t('Backup #{0}', id),
    unnamed: () => l10n.t('(unnamed backup)'),
    inWorkspace: (ws) => ({ placeholder: l10n.t('Which backup in {0}?', ws), empty: l10n.t('There is nothing to choose from: no backup in {0}.', ws) }),
    historyUnread: (why) => l10n.t("Couldn't read its snapshots: {0}", why),
    readingHistory: (failedOnly, item) => {
      if (item === undefined) return failedOnly ? l10n.t('Reading failed snapshots of backups') : l10n.t('Reading snapshots of backups');
      return failedOnly
        ? l10n.t({
            message: 'Reading failed snapshots of backup {0}',
            args: [item],
            comment: ['{0} is its name in quotes, or its id (such as "12 in workspace 3")'],
          })
        : l10n.t({ message: 'Reading snapshots of backup {0}', args: [item], comment: ['{0} is its name in quotes, or its id (such as "12 in workspace 3")'] });
    },
  },
  toggle: {
    enable: 'skyvia.enableSchedule',
    disable: 'skyvia.disableSchedule',
    schedule: true,
    // The backup schedule record's shape is not documented: what comes back is kept as it came.
    send: async (client, item, enable, _row, signal) => {
      const [ws, id] = [wsId(item), numId(item)];
      const s = enable ? await client.enableBackupSchedule(ws, id, { signal }) : await client.disableBackupSchedule(ws, id, { signal });
      return { schedule: s ? (s.active ? 'active' : 'inactive') : enable ? 'active' : 'inactive', scheduleRecord: s ?? null };
    },
    words: {
      pickTitle: (enable) => (enable ? l10n.t('Enable a schedule') : l10n.t('Disable a schedule')),
      done: (enable, name) => (enable ? l10n.t('Enabled the schedule of {0}.', name) : l10n.t('Disabled the schedule of {0}.', name)),
      doneMany: (enable, n) =>
        enable
          ? plural(
              n,
              (c) => l10n.t('{0} backup had its schedule enabled.', c),
              (c) => l10n.t('{0} backups had their schedule enabled.', c),
            )
          : plural(
              n,
              (c) => l10n.t('{0} backup had its schedule disabled.', c),
              (c) => l10n.t('{0} backups had their schedule disabled.', c),
            ),
      progressMany: (enable, n) => (enable ? l10n.t('Enabling the schedules of {0} backups…', n) : l10n.t('Disabling the schedules of {0} backups…', n)),
      doing: (enabled, item) => {
        return enabled
          ? l10n.t({
              message: 'Enabling the schedule of the backup {0}',
              args: [item],
              comment: ['{0} is its name in quotes, or its id (such as "12 in workspace 3")'],
            })
          : l10n.t({
              message: 'Disabling the schedule of the backup {0}',
              args: [item],
              comment: ['{0} is its name in quotes, or its id (such as "12 in workspace 3")'],
            });
      },
      question: (enabled, ...n) =>
        enabled
          ? { title: l10n.t('Enable the schedule?'), message: l10n.t('Enable the schedule of the backup “{0}” (id {1} in workspace “{2}”)?', ...n) }
          : { title: l10n.t('Disable the schedule?'), message: l10n.t('Disable the schedule of the backup “{0}” (id {1} in workspace “{2}”)?', ...n) },
    },
  },
  category: { token: 'backups', label: () => l10n.t('Backups'), empty: () => l10n.t('No backups'), icon: 'archive' },
  title: namedTitle({ numbered: (id) => l10n.t('Backup #{0}', id), unnamed: () => l10n.t('(unnamed backup)') }),
  details: (ref, b, facts) => [
    [l10n.t('Schedule'), scheduleText(facts.schedule, b.scheduled)],
    [l10n.t('Active snapshot'), activeText(facts.active, facts.now)],
    [l10n.t('Last snapshot'), latestField(facts.latest, facts.now, SNAPSHOT)],
    [l10n.t('Created'), whenText(b.created, facts.now)],
    [l10n.t('Modified'), whenText(b.modified, facts.now)],
    [l10n.t('Backup id'), ref.id],
  ],
  read: (client, ref, signal) => client.getBackup(wsId(ref), numId(ref), { signal }),
  listItems: (client, ws, page, signal) => client.listBackups(ws, page, { signal }),
  entry: SNAPSHOT,
  list: (client, ref, query, signal) => client.listSnapshots(wsId(ref), numId(ref), query, { signal }),
  active: async (client, item, name, signal) => {
    const r = await client.getActiveSnapshot(wsId(item), numId(item), { signal });
    return r ? startRecord('snapshot', item, name, r, false, false) : null;
  },
  // The backup schedule record's shape is not documented: keep what came, read `active` if it is there.
  schedule: async (client, item, signal) => {
    const s = await client.getBackupSchedule(wsId(item), numId(item), { signal });
    return { scheduleRecord: s ?? null, ...(s ? { schedule: s.active ? 'active' : 'inactive' } : {}) };
  },
  scannedForFailures: true,
  start: {
    command: 'skyvia.createSnapshot',
    needs: 'canSnapshot',
    send: async (client, item, name, signal) =>
      startRecord('snapshot', item, name, await client.createSnapshot(wsId(item), numId(item), { signal }), true, false),
    words: {
      pickTitle: () => l10n.t('Create a backup snapshot'),
      done: (name, id, state) => l10n.t('Started a snapshot of {0} (snapshot {1}, {2}).', name, id, state),
      doneMany: (n) =>
        plural(
          n,
          (c) => l10n.t('Started a snapshot of {0} backup.', c),
          (c) => l10n.t('Started snapshots of {0} backups.', c),
        ),
      busy: () => l10n.t('starting snapshot…'),
      progress: (name, n) => (n === 1 ? l10n.t('Starting a snapshot of {0}…', name) : l10n.t('Starting snapshots of {0} backups…', n)),
      couldNot: (name, reason) => l10n.t("Couldn't create a snapshot of {0}: {1}", name, reason),
      doing: (item) =>
        l10n.t({
          message: 'Creating a snapshot of the backup {0}',
          args: [item],
          comment: ['{0} is its name in quotes, or its id (such as "12 in workspace 3")'],
        }),
      question: (...n) => ({
        title: l10n.t('Create a backup snapshot?'),
        message: l10n.t('Create a snapshot of the backup “{0}” (id {1} in workspace “{2}”) now?', ...n),
      }),
    },
  },
  probe: { expand: ['active'], hover: ['active', 'schedule'] },
  icon: (v) => (v.facts.active ? ['loading~spin'] : ['archive', latestColor(v.facts)]),
  description: (v) => joinParts(v.filterText, scheduleWords(v), progressText(v)),
  flags: (v) => [...scheduleFlags(v), ...runFlags(v)],
  capabilities: (v) => [!v.busy && !v.facts.active && 'canSnapshot', ...scheduleCapabilities(v), 'canShowActive', pinCapability(v)],
};
