// Integrations and their runs: everything that is particular to them.
import * as l10n from '@vscode/l10n';
import type { Integration, IntegrationRun, IntegrationRunResult } from '../api';
import { isSkyviaError } from '../api';
import { activeText, scheduleText, str } from '../shared/describe';
import { durationBetween, formatCount, formatDateTime, formatDuration, joinParts, plural, relativeTime, whenText } from '../shared/format';
import { failureLine } from '../shared/logLines';
import type { RunRecord } from '../shared/model';
import { outcomeOf } from '../shared/outcome';
import { numId, wsId } from '../shared/refs';
import { rowCount, stateWord } from '../shared/words';
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
  settled,
  secondsOf,
  span,
  startRecord,
  stopCapabilities,
} from './common';
import type { EntryRecord, Final, HistoryRecord } from './kind';

export const RUN: EntryRecord<IntegrationRun & IntegrationRunResult> = {
  kind: 'run',
  english: ['run', 'runs'],
  words: {
    noun: () => l10n.t('run'),
    title: () => l10n.t('Run'),
    plural: () => l10n.t('runs'),
    count: (n) =>
      plural(
        n,
        (c) => l10n.t('{0} run', c),
        (c) => l10n.t('{0} runs', c),
      ),
    which: () => l10n.t('Which run?'),
    another: () => l10n.t('Another run…'),
    name: (id) => l10n.t('Run {0}', id),
    nameOf: (id, item) => l10n.t('Run {0} of {1}', id, item),
    fact: (id) => l10n.t('run {0}', id),
    meaning: (outcome) =>
      ({
        running: () => l10n.t('Running run'),
        queued: () => l10n.t('Queued run'),
        succeeded: () => l10n.t('Succeeded run'),
        failed: () => l10n.t('Failed run'),
        canceled: () => l10n.t('Canceled run'),
        unknown: () => l10n.t('Run'),
      })[outcome](),
    ended: (e) =>
      endedSentence(e, {
        succeeded: () =>
          l10n.t({
            message: 'The run of “{0}” succeeded ({1}).',
            args: [e.item, e.facts],
            comment: ['{1} lists what is known, such as "run 123 · 1,234 rows · 2 min"'],
          }),
        failed: () =>
          l10n.t({
            message: 'The run of “{0}” failed ({1}).',
            args: [e.item, e.facts],
            comment: ['{1} lists what is known, such as "run 123 · 1,234 rows · 2 min"'],
          }),
        failedWith: (error) =>
          l10n.t({
            message: 'The run of “{0}” failed: {1} ({2}).',
            args: [e.item, error, e.facts],
            comment: ['{1} is the service\'s error; {2} lists what is known, such as "run 123 · 1,234 rows · 2 min"'],
          }),
        killed: () =>
          l10n.t({
            message: 'The run of “{0}” was killed ({1}).',
            args: [e.item, e.facts],
            comment: ['{1} lists what is known, such as "run 123 · 1,234 rows · 2 min"'],
          }),
        canceled: () =>
          l10n.t({
            message: 'The run of “{0}” was canceled ({1}).',
            args: [e.item, e.facts],
            comment: ['{1} lists what is known, such as "run 123 · 1,234 rows · 2 min"'],
          }),
        unread: () =>
          l10n.t({
            message: 'The run of “{0}” ended as “{1}” ({2}); its outcome could not be read.',
            args: [e.item, e.state, e.facts],
            comment: ['{1} is the service\'s state word; {2} lists what is known, such as "run 123 · 1,234 rows · 2 min"'],
          }),
      }),
    pinnedFailed: (item, id, when) =>
      when ? l10n.t('A run of pinned “{0}” failed: run {1} of {2}.', item, id, when) : l10n.t('A run of pinned “{0}” failed: run {1}.', item, id),
    moreFailed: (n) =>
      plural(
        n,
        (c) => l10n.t('{0} more run failed since the last look.', c),
        (c) => l10n.t('{0} more runs failed since the last look.', c),
      ),
    ofItem: (item) => ({
      placeholder: l10n.t('Which run of {0}? (newest first)', item),
      empty: l10n.t('There is nothing to choose from: no run of {0}.', item),
    }),
    noSuccessBefore: (item, id, looked) => l10n.t('No run of {0} succeeded before run {1} ({2} read): there is nothing to compare it with.', item, id, looked),
    reading: (id, log) => (log ? l10n.t('Reading run {0} and its log', id) : l10n.t('Reading run {0}', id)),
    rowButtons: (id, when) => ({ log: l10n.t('Open the log of run {0}, {1}', id, when), open: l10n.t('Open run {0}, {1}', id, when) }),
    history: () => ({
      title: l10n.t('Runs'),
      region: l10n.t('History of runs'),
      caption: l10n.t('Runs, newest first unless sorted otherwise'),
      more: l10n.t('Load more runs'),
      empty: l10n.t('No runs yet.'),
      emptyFiltered: l10n.t('No runs match the filter.'),
    }),
    empty: (filtered) => (filtered ? l10n.t('No runs match the filter') : l10n.t('No runs yet')),
    show: () => l10n.t('Show Run'),
    underWay: (item, id, queued) => (queued ? l10n.t('{0} is already queued (run {1}).', item, id) : l10n.t('{0} is already running (run {1}).', item, id)),
  },
  title: (ref) => l10n.t('Run {0}', ref.id),
  // A history row (`date`, `duration`), the run's own details (`queueTime`…) or an active run.
  details: (ref, r, facts) => {
    const when = (v: string | null | undefined) => whenText(v, facts.now);
    const started = r.startTime ?? r.date;
    return [
      // The seed service adds a sub-state ("None" when there is nothing to add); the live one has none.
      [l10n.t('State'), joinParts(r.state && stateWord(r.state), r.subState !== 'None' && r.subState)],
      [l10n.t('Queued'), r.queueTime ? when(r.queueTime) : undefined],
      [l10n.t('Started'), when(started)],
      [l10n.t('Ended'), when(r.endTime)],
      [l10n.t('Duration'), formatDuration(r.duration) || durationBetween(started, r.endTime)],
      [l10n.t('Rows succeeded'), formatCount(r.successRows)],
      [l10n.t('Rows failed'), formatCount(r.errorRows)],
      [l10n.t('Run id'), ref.id],
    ];
  },
  read: (client, ref, signal) => client.getIntegrationRun(wsId(ref), ref.parentId as number, numId(ref), { signal }),
  idOf: (r) => (r.runId != null ? String(r.runId) : undefined),
  outcome: (r) => outcomeOf(r.state),
  label: (r) => formatDateTime(r.date, false) || l10n.t('Run #{0}', r.runId),
  description: (r, now) => joinParts(r.state && stateWord(r.state), now !== undefined && relativeTime(r.date, now), formatDuration(r.duration), rowsText(r)),
  capabilities: (e) => ['canOpenLog', outcomeOf(e.state) === 'failed' && 'canCompare'],
  comparable: true,
  latest: (r) => ({ state: r.state, date: r.date }),
  // Both API shapes list a run's duration and its rows written and failed. Rows on a log axis:
  // thousands written and a handful failed both show; a run with no failed row has no dot.
  chart: {
    series: () => [
      { label: l10n.t('Duration (s)'), axis: 'seconds', tone: 'primary', style: 'line' },
      { label: l10n.t('Rows written'), axis: 'rows', tone: 'ok', style: 'dashed', log: true },
      { label: l10n.t('Rows failed'), axis: 'rows', tone: 'warning', style: 'points', log: true },
    ],
    point: (r) => ({ date: r.date, values: [r.duration, r.successRows, r.errorRows] }),
  },
  // A run that wrote almost nothing where it writes thousands, or rows failed where none do, or
  // three times as long: the service calls it a success, the data says otherwise.
  usual: [
    {
      // l10n-ignore: the figure's name in English, for the chat's model and the output channel
      figure: 'rows written',
      of: (r) => r.successRows ?? undefined,
      rule: 'fewer',
      least: 10,
      says: (v, u) =>
        l10n.t({ message: '{0} written, usually about {1}', args: [rowCount(v), formatCount(u)], comment: ['{0} is a count of rows, such as "0 rows"'] }),
    },
    {
      // l10n-ignore: the figure's name in English, for the chat's model and the output channel
      figure: 'rows failed',
      of: (r) => r.errorRows ?? undefined,
      rule: 'appears',
      least: 10,
      says: (v, u) =>
        u === 0
          ? l10n.t({ message: '{0} failed, usually none', args: [rowCount(v)], comment: ['{0} is a count of rows, such as "300 rows"'] })
          : l10n.t({ message: '{0} failed, usually about {1}', args: [rowCount(v), formatCount(u)], comment: ['{0} is a count of rows, such as "300 rows"'] }),
    },
    {
      // l10n-ignore: the figure's name in English, for the chat's model and the output channel
      figure: 'duration (s)',
      of: (r) => (typeof r.duration === 'number' ? r.duration : secondsOf(span(r.startTime ?? r.date, r.endTime))),
      rule: 'more',
      least: 60,
      says: (v, u) => l10n.t('took {0}, usually about {1}', formatDuration(v), formatDuration(u)),
    },
  ],
  // The live service's `result` carries the run's log.
  logOf: (r) => r.result ?? undefined,
  final: async (client, run, base, signal) => {
    const final = await finalRun(client, run, base, signal);
    return { ...final, record: settled(final.record) };
  },
};

export const INTEGRATION: HistoryRecord<Integration, IntegrationRun & IntegrationRunResult> = {
  kind: 'integration',
  english: ['integration', 'integrations'],
  words: {
    noun: () => l10n.t('integration'),
    title: () => l10n.t('Integration'),
    plural: () => l10n.t('integrations'),
    count: (n) =>
      plural(
        n,
        (c) => l10n.t('{0} integration', c),
        (c) => l10n.t('{0} integrations', c),
      ),
    which: () => l10n.t('Which integration?'),
    another: () => l10n.t('Another integration…'),
    numbered: (id) => l10n.t('Integration #{0}', id),
    unnamed: () => l10n.t('(unnamed integration)'),
    inWorkspace: (ws) => ({
      placeholder: l10n.t('Which integration in {0}?', ws),
      empty: l10n.t('There is nothing to choose from: no integration in {0}.', ws),
    }),
    historyUnread: (why) => l10n.t("Couldn't read its runs: {0}", why),
    readingHistory: (failedOnly, item) => {
      if (item === undefined) return failedOnly ? l10n.t('Reading failed runs of integrations') : l10n.t('Reading runs of integrations');
      return failedOnly
        ? l10n.t({
            message: 'Reading failed runs of integration {0}',
            args: [item],
            comment: ['{0} is its name in quotes, or its id (such as "12 in workspace 3")'],
          })
        : l10n.t({ message: 'Reading runs of integration {0}', args: [item], comment: ['{0} is its name in quotes, or its id (such as "12 in workspace 3")'] });
    },
  },
  toggle: {
    enable: 'skyvia.enableSchedule',
    disable: 'skyvia.disableSchedule',
    schedule: true,
    send: async (client, item, enable, _row, signal) => {
      const [ws, id] = [wsId(item), numId(item)];
      if (!enable) {
        const s = await client.disableIntegrationSchedule(ws, id, { signal });
        return { schedule: s ? (s.active ? 'active' : 'inactive') : 'inactive' };
      }
      // No schedule defined: 404, told as that state ("nothing to enable"), never as an error.
      const outcome = await client.enableIntegrationSchedule(ws, id, { signal });
      if (!outcome.ok) return { schedule: 'none' };
      return { schedule: outcome.status ? (outcome.status.active ? 'active' : 'inactive') : 'active' };
    },
    words: {
      pickTitle: (enable) => (enable ? l10n.t('Enable a schedule') : l10n.t('Disable a schedule')),
      done: (enable, name) => (enable ? l10n.t('Enabled the schedule of {0}.', name) : l10n.t('Disabled the schedule of {0}.', name)),
      doneMany: (enable, n) =>
        enable
          ? plural(
              n,
              (c) => l10n.t('{0} integration had its schedule enabled.', c),
              (c) => l10n.t('{0} integrations had their schedule enabled.', c),
            )
          : plural(
              n,
              (c) => l10n.t('{0} integration had its schedule disabled.', c),
              (c) => l10n.t('{0} integrations had their schedule disabled.', c),
            ),
      progressMany: (enable, n) =>
        enable ? l10n.t('Enabling the schedules of {0} integrations…', n) : l10n.t('Disabling the schedules of {0} integrations…', n),
      doing: (enabled, item) => {
        return enabled
          ? l10n.t({
              message: 'Enabling the schedule of the integration {0}',
              args: [item],
              comment: ['{0} is its name in quotes, or its id (such as "12 in workspace 3")'],
            })
          : l10n.t({
              message: 'Disabling the schedule of the integration {0}',
              args: [item],
              comment: ['{0} is its name in quotes, or its id (such as "12 in workspace 3")'],
            });
      },
      question: (enabled, ...n) =>
        enabled
          ? { title: l10n.t('Enable the schedule?'), message: l10n.t('Enable the schedule of the integration “{0}” (id {1} in workspace “{2}”)?', ...n) }
          : { title: l10n.t('Disable the schedule?'), message: l10n.t('Disable the schedule of the integration “{0}” (id {1} in workspace “{2}”)?', ...n) },
    },
  },
  category: { token: 'integrations', label: () => l10n.t('Integrations'), empty: () => l10n.t('No integrations'), icon: 'sync' },
  title: namedTitle({ numbered: (id) => l10n.t('Integration #{0}', id), unnamed: () => l10n.t('(unnamed integration)') }),
  details: (ref, i, facts) => [
    [l10n.t('Type'), str(i.type)],
    [l10n.t('Schedule'), scheduleText(facts.schedule, i.scheduled)],
    [l10n.t('Active run'), activeText(facts.active, facts.now)],
    [l10n.t('Last run'), latestField(facts.latest, facts.now, RUN)],
    [l10n.t('Created'), whenText(i.created, facts.now)],
    [l10n.t('Modified'), whenText(i.modified, facts.now)],
    [l10n.t('Integration id'), ref.id],
  ],
  read: (client, ref, signal) => client.getIntegration(wsId(ref), numId(ref), { signal }),
  listItems: (client, ws, page, signal) => client.listIntegrations(ws, page, { signal }),
  entry: RUN,
  list: (client, ref, query, signal) => client.listIntegrationRuns(wsId(ref), numId(ref), query, { signal }),
  active: async (client, item, name, signal) => {
    const r = await client.getActiveIntegrationRun(wsId(item), numId(item), { signal });
    return r ? startRecord('run', item, name, r, false, true) : null;
  },
  schedule: async (client, item, signal) => {
    const s = await client.getIntegrationSchedule(wsId(item), numId(item), { signal });
    return { schedule: 'none' in s ? 'none' : s.active ? 'active' : 'inactive' };
  },
  scannedForFailures: true,
  start: {
    command: 'skyvia.runIntegration',
    needs: 'canRun',
    send: async (client, item, name, signal) => startRecord('run', item, name, await client.runIntegration(wsId(item), numId(item), { signal }), true, true),
    words: {
      pickTitle: () => l10n.t('Run an integration'),
      done: (name, id, state) => l10n.t('Started a run of {0} (run {1}, {2}).', name, id, state),
      doneMany: (n) =>
        plural(
          n,
          (c) => l10n.t('Started a run of {0} integration.', c),
          (c) => l10n.t('Started runs of {0} integrations.', c),
        ),
      busy: () => l10n.t('starting run…'),
      progress: (name, n) => (n === 1 ? l10n.t('Starting a run of {0}…', name) : l10n.t('Starting runs of {0} integrations…', n)),
      couldNot: (name, reason) => l10n.t("Couldn't run {0}: {1}", name, reason),
      doing: (item) =>
        l10n.t({ message: 'Running the integration {0}', args: [item], comment: ['{0} is its name in quotes, or its id (such as "12 in workspace 3")'] }),
      question: (...n) => ({
        title: l10n.t('Run the integration?'),
        message: l10n.t('Start a run of the integration “{0}” (id {1} in workspace “{2}”) now? It reads and writes data as a scheduled run would.', ...n),
      }),
    },
  },
  stop: {
    cancel: {
      command: 'skyvia.cancelRun',
      needs: 'canCancel',
      send: (client, item, signal) => client.cancelIntegrationRun(wsId(item), numId(item), { signal }),
      words: {
        pickTitle: () => l10n.t('Cancel the run of an integration'),
        doneMany: (n) =>
          plural(
            n,
            (c) => l10n.t('{0} integration asked to cancel.', c),
            (c) => l10n.t('{0} integrations asked to cancel.', c),
          ),
        busy: () => l10n.t('canceling…'),
        progress: (name, n) => (n === 1 ? l10n.t('Canceling the run of {0}…', name) : l10n.t('Canceling the runs of {0} integrations…', n)),
        couldNot: (name, reason) => l10n.t("Couldn't cancel the run of {0}: {1}", name, reason),
        done: (name) => l10n.t('Asked to cancel the run of {0}; it stops after its current step.', name),
        doing: (item) =>
          l10n.t({
            message: 'Canceling the run of the integration {0}',
            args: [item],
            comment: ['{0} is its name in quotes, or its id (such as "12 in workspace 3")'],
          }),
        question: (...n) => ({
          title: l10n.t('Cancel the run?'),
          message: l10n.t('Cancel the run of the integration “{0}” (id {1} in workspace “{2}”)? It stops after its current step.', ...n),
        }),
      },
    },
    kill: {
      command: 'skyvia.killRun',
      needs: 'canKill',
      send: (client, item, signal) => client.killIntegrationRun(wsId(item), numId(item), { signal }),
      words: {
        pickTitle: () => l10n.t('Kill the run of an integration'),
        doneMany: (n) =>
          plural(
            n,
            (c) => l10n.t('Killed the run of {0} integration.', c),
            (c) => l10n.t('Killed the runs of {0} integrations.', c),
          ),
        busy: () => l10n.t('killing…'),
        progress: (name, n) => (n === 1 ? l10n.t('Killing the run of {0}…', name) : l10n.t('Killing the runs of {0} integrations…', n)),
        couldNot: (name, reason) => l10n.t("Couldn't kill the run of {0}: {1}", name, reason),
        done: (name) => l10n.t('Killed the run of {0}.', name),
        confirm: (names) => ({
          message: names.length === 1 ? l10n.t('Kill the run of {0}?', names[0]) : l10n.t('Kill the runs of {0} integrations?', names.length),
          detail: `${names.length > 1 ? `${names.join(', ')}\n\n` : ''}${l10n.t('Killing stops a run at once, without the clean-up that Cancel lets it do. What it already wrote stays written.')}`,
          button: l10n.t('Kill'),
        }),
        doing: (item) =>
          l10n.t({
            message: 'Killing the run of the integration {0}',
            args: [item],
            comment: ['{0} is its name in quotes, or its id (such as "12 in workspace 3")'],
          }),
        question: (...n) => ({
          title: l10n.t('Kill the run?'),
          message: l10n.t(
            'Kill the run of the integration “{0}” (id {1} in workspace “{2}”)? Killing stops it at once, without the clean-up a cancel lets it do.',
            ...n,
          ),
        }),
      },
    },
  },
  probe: { expand: ['active'], hover: ['active', 'schedule'] },
  icon: (v) => (v.facts.active ? ['sync~spin'] : ['sync', latestColor(v.facts)]),
  description: (v) => joinParts(v.filterText, v.data.type, scheduleWords(v), progressText(v)),
  flags: (v) => [...scheduleFlags(v), ...runFlags(v)],
  capabilities: (v) => [!v.busy && !v.facts.active && 'canRun', ...stopCapabilities(v), ...scheduleCapabilities(v), 'canShowActive', pinCapability(v)],
};

function rowsText(r: IntegrationRun): string {
  const ok = typeof r.successRows === 'number' ? rowCount(r.successRows) : '';
  const failed = typeof r.errorRows === 'number' && r.errorRows > 0 ? l10n.t('{0} failed', formatCount(r.errorRows)) : '';
  return joinParts(ok, failed);
}

/**
 * How an integration run ended: its row in the newest history (state, rows, duration — both
 * services list them), and for a failure, or a run not listed yet, its own read (the live
 * service's `result` carries the error text).
 */
async function finalRun(client: Parameters<NonNullable<EntryRecord['final']>>[0], run: RunRecord, base: RunRecord, signal?: AbortSignal): Promise<Final> {
  const ws = wsId(run.item);
  const page = await client.listIntegrationRuns(ws, numId(run.item), { take: 20, sortOrder: 'desc' }, { signal });
  const row = page.data.find((r) => String(r.runId) === run.ref.id);
  let rec: RunRecord = row
    ? {
        ...base,
        state: row.state ?? run.state,
        outcome: outcomeOf(row.state),
        successRows: row.successRows,
        errorRows: row.errorRows,
        durationMs: typeof row.duration === 'number' ? row.duration * 1000 : undefined,
      }
    : base;
  if (row && rec.outcome !== 'failed') return { record: rec, row, page: page.data };
  try {
    const r = await client.getIntegrationRun(ws, numId(run.item), numId(run.ref), { signal });
    rec = {
      ...rec,
      state: r.state ?? rec.state,
      outcome: outcomeOf(r.state ?? rec.state),
      error: failureLine(r.result) ?? rec.error,
      durationMs: rec.durationMs ?? span(r.startTime ?? r.queueTime, r.endTime),
    };
  } catch (e) {
    // The seed contract has no run-details operation: the history row is all there is.
    if (!isSkyviaError(e, 'notFound') && !isSkyviaError(e, 'http')) throw e;
  }
  return { record: rec, row: row ?? undefined, page: page.data };
}
