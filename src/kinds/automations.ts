// Automations and their executions: everything that is particular to them. The list does not say
// whether an automation is enabled: its state read (on hover, expansion or an action) does, and
// until then both Enable and Disable are offered.
import * as l10n from '@vscode/l10n';
import type { ActiveAutomationExecution, Automation, AutomationExecution, AutomationExecutionDetails } from '../api';
import { activeText, str, yesNo } from '../shared/describe';
import { formatCount, formatDateTime, joinParts, plural, relativeTime, whenText } from '../shared/format';
import { failureLine } from '../shared/logLines';
import type { RunRecord } from '../shared/model';
import { outcomeOf } from '../shared/outcome';
import { numId, refs, wsId, type ItemRef } from '../shared/refs';
import { stateWord } from '../shared/words';
import { endedSentence, latestColor, latestField, namedTitle, pinCapability, progressText, runFlags, settled, span } from './common';
import type { EntryRecord, HistoryRecord } from './kind';

type AnyExecution = AutomationExecution & AutomationExecutionDetails;

export const EXECUTION: EntryRecord<AnyExecution> = {
  kind: 'execution',
  english: ['execution', 'executions'],
  words: {
    noun: () => l10n.t('execution'),
    title: () => l10n.t('Execution'),
    plural: () => l10n.t('executions'),
    count: (n) =>
      plural(
        n,
        (c) => l10n.t('{0} execution', c),
        (c) => l10n.t('{0} executions', c),
      ),
    which: () => l10n.t('Which execution?'),
    another: () => l10n.t('Another execution…'),
    name: (id) => l10n.t('Execution {0}', id),
    nameOf: (id, item) => l10n.t('Execution {0} of {1}', id, item),
    fact: (id) => l10n.t('execution {0}', id),
    meaning: (outcome) =>
      ({
        running: () => l10n.t('Running execution'),
        queued: () => l10n.t('Queued execution'),
        succeeded: () => l10n.t('Succeeded execution'),
        failed: () => l10n.t('Failed execution'),
        canceled: () => l10n.t('Canceled execution'),
        unknown: () => l10n.t('Execution'),
      })[outcome](),
    ended: (e) =>
      endedSentence(e, {
        succeeded: () =>
          l10n.t({
            message: 'The execution of “{0}” succeeded ({1}).',
            args: [e.item, e.facts],
            comment: ['{1} lists what is known, such as "execution 123 · 2 min"'],
          }),
        failed: () =>
          l10n.t({
            message: 'The execution of “{0}” failed ({1}).',
            args: [e.item, e.facts],
            comment: ['{1} lists what is known, such as "execution 123 · 2 min"'],
          }),
        failedWith: (error) =>
          l10n.t({
            message: 'The execution of “{0}” failed: {1} ({2}).',
            args: [e.item, error, e.facts],
            comment: ['{1} is the service\'s error; {2} lists what is known, such as "execution 123 · 2 min"'],
          }),
        killed: () =>
          l10n.t({
            message: 'The execution of “{0}” was killed ({1}).',
            args: [e.item, e.facts],
            comment: ['{1} lists what is known, such as "execution 123 · 2 min"'],
          }),
        canceled: () =>
          l10n.t({
            message: 'The execution of “{0}” was canceled ({1}).',
            args: [e.item, e.facts],
            comment: ['{1} lists what is known, such as "execution 123 · 2 min"'],
          }),
        unread: () =>
          l10n.t({
            message: 'The execution of “{0}” ended as “{1}” ({2}); its outcome could not be read.',
            args: [e.item, e.state, e.facts],
            comment: ['{1} is the service\'s state word; {2} lists what is known, such as "execution 123 · 2 min"'],
          }),
      }),
    pinnedFailed: (item, id, when) =>
      when
        ? l10n.t('An execution of pinned “{0}” failed: execution {1} of {2}.', item, id, when)
        : l10n.t('An execution of pinned “{0}” failed: execution {1}.', item, id),
    moreFailed: (n) =>
      plural(
        n,
        (c) => l10n.t('{0} more execution failed since the last look.', c),
        (c) => l10n.t('{0} more executions failed since the last look.', c),
      ),
    ofItem: (item) => ({
      placeholder: l10n.t('Which execution of {0}? (newest first)', item),
      empty: l10n.t('There is nothing to choose from: no execution of {0}.', item),
    }),
    noSuccessBefore: (item, id, looked) =>
      l10n.t('No execution of {0} succeeded before execution {1} ({2} read): there is nothing to compare it with.', item, id, looked),
    reading: (id, log) => (log ? l10n.t('Reading execution {0} and its log', id) : l10n.t('Reading execution {0}', id)),
    rowButtons: (id, when) => ({ log: l10n.t('Open the log of execution {0}, {1}', id, when), open: l10n.t('Open execution {0}, {1}', id, when) }),
    history: () => ({
      title: l10n.t('Executions'),
      region: l10n.t('History of executions'),
      caption: l10n.t('Executions, newest first unless sorted otherwise'),
      more: l10n.t('Load more executions'),
      empty: l10n.t('No executions yet.'),
      emptyFiltered: l10n.t('No executions match the filter.'),
    }),
    empty: (filtered) => (filtered ? l10n.t('No executions match the filter') : l10n.t('No executions yet')),
    show: () => l10n.t('Show Execution'),
    underWay: (item, id, queued) =>
      queued ? l10n.t('{0} already has an execution queued (execution {1}).', item, id) : l10n.t('{0} is already executing (execution {1}).', item, id),
  },
  title: (ref) => l10n.t('Execution {0}', ref.id),
  details: (ref, e, facts) => {
    const at = (v: string | null | undefined) => whenText(v, facts.now);
    return [
      [l10n.t('State'), e.state && stateWord(e.state)],
      [l10n.t('Started'), at(e.started ?? e.date)],
      [l10n.t('Executed'), at(e.executed)],
      [l10n.t('Billed tasks'), formatCount(e.billedTasks)],
      [l10n.t('Test mode'), yesNo(e.testMode)],
      [l10n.t('Version'), str(e.version)],
      [l10n.t('Comment'), str(e.comment)],
      [l10n.t('Execution id'), ref.id],
    ];
  },
  read: (client, ref, signal) => client.getAutomationExecution(wsId(ref), ref.parentId as number, ref.id, { signal }),
  idOf: (e) => e.executionId || undefined,
  outcome: (e) => outcomeOf(e.state),
  label: (e) => formatDateTime(e.date, false) || l10n.t('Execution #{0}', e.executionId),
  description: (e, now) =>
    joinParts(
      e.state && stateWord(e.state),
      now !== undefined && relativeTime(e.date, now),
      typeof e.billedTasks === 'number' &&
        plural(
          e.billedTasks,
          (c) => l10n.t('{0} task', c),
          (c) => l10n.t('{0} tasks', c),
        ),
      e.testMode === true && l10n.t('test mode'),
    ),
  capabilities: (e) => ['canOpenLog', outcomeOf(e.state) === 'failed' && 'canCompare'],
  comparable: true,
  latest: (e) => ({ state: e.state, date: e.date }),
  // An execution row has no duration (only its own read has start and end); what it does carry
  // is the tasks it was billed for — what an automation costs, run by run.
  chart: {
    series: () => [{ label: l10n.t('Billed tasks'), axis: 'tasks', tone: 'primary', style: 'line' }],
    point: (e) => ({ date: e.date, values: [e.billedTasks] }),
  },
  // An execution billed for nothing where it is billed for several tasks: its steps did not run.
  // An execution in test mode is the designer's, not the automation's usual work: left out.
  usual: [
    {
      // l10n-ignore: the figure's name in English, for the chat's model and the output channel
      figure: 'billed tasks',
      of: (e) => (e.testMode === true || typeof e.billedTasks !== 'number' ? undefined : e.billedTasks),
      rule: 'fewer',
      least: 1,
      says: (v, u) =>
        plural(
          v,
          (c) => l10n.t('{0} task billed, usually about {1}', c, formatCount(u)),
          (c) => l10n.t('{0} tasks billed, usually about {1}', c, formatCount(u)),
        ),
    },
  ],
  // Its `result`, and its `error` as an ERROR line when that says more.
  // l10n-ignore: ERROR is the log format's own level keyword, which the log grammar and Go to First Error match
  logOf: (e) => [e.result, e.error && e.error !== e.result ? `ERROR ${e.error}` : undefined].filter(Boolean).join('\n') || undefined,
  final: async (client, run, base, signal) => {
    const d = await client.getAutomationExecution(wsId(run.item), numId(run.item), run.ref.id, { signal });
    const error = failureLine(d.error) ?? (outcomeOf(d.state) === 'failed' ? failureLine(d.result) : undefined);
    return { record: settled({ ...base, state: d.state ?? run.state, outcome: outcomeOf(d.state), error, durationMs: span(d.started, d.executed) }), row: d };
  },
};

/** The execution an automation's state says is under way, as a run record. */
export function executionRecord(item: ItemRef, name: string, e: ActiveAutomationExecution, startedHere: boolean): RunRecord {
  // The active-execution record's `state` is free text (or null): it is executing by definition.
  const state = e.state || 'Executing'; // l10n-ignore: the service's own state word, stood in for the one it left out (data, read by outcomeOf)
  return {
    ref: refs.entryOf(item, 'execution', e.executionId),
    item,
    itemName: name,
    state,
    outcome: outcomeOf(state) === 'unknown' ? 'running' : outcomeOf(state),
    date: e.date,
    startedHere,
    seenAt: Date.now(),
  };
}

export const AUTOMATION: HistoryRecord<Automation, AnyExecution> = {
  kind: 'automation',
  english: ['automation', 'automations'],
  words: {
    noun: () => l10n.t('automation'),
    title: () => l10n.t('Automation'),
    plural: () => l10n.t('automations'),
    count: (n) =>
      plural(
        n,
        (c) => l10n.t('{0} automation', c),
        (c) => l10n.t('{0} automations', c),
      ),
    which: () => l10n.t('Which automation?'),
    another: () => l10n.t('Another automation…'),
    numbered: (id) => l10n.t('Automation #{0}', id),
    unnamed: () => l10n.t('(unnamed automation)'),
    inWorkspace: (ws) => ({ placeholder: l10n.t('Which automation in {0}?', ws), empty: l10n.t('There is nothing to choose from: no automation in {0}.', ws) }),
    historyUnread: (why) => l10n.t("Couldn't read its executions: {0}", why),
    readingHistory: (failedOnly, item) => {
      if (item === undefined) return failedOnly ? l10n.t('Reading failed executions of automations') : l10n.t('Reading executions of automations');
      return failedOnly
        ? l10n.t({
            message: 'Reading failed executions of automation {0}',
            args: [item],
            comment: ['{0} is its name in quotes, or its id (such as "12 in workspace 3")'],
          })
        : l10n.t({
            message: 'Reading executions of automation {0}',
            args: [item],
            comment: ['{0} is its name in quotes, or its id (such as "12 in workspace 3")'],
          });
    },
  },
  toggle: {
    enable: 'skyvia.enableAutomation',
    disable: 'skyvia.disableAutomation',
    schedule: false,
    // A 200 (no body) is the service's word that it is now as asked: that becomes its fact.
    send: async (client, item, enable, _row, signal) => {
      await (enable ? client.enableAutomation(wsId(item), numId(item), { signal }) : client.disableAutomation(wsId(item), numId(item), { signal }));
      return { enabled: enable };
    },
    words: {
      pickTitle: (enable) => (enable ? l10n.t('Enable an automation') : l10n.t('Disable an automation')),
      done: (enable, name) => (enable ? l10n.t('Automation {0} enabled.', name) : l10n.t('Automation {0} disabled.', name)),
      doneMany: (enable, n) =>
        enable
          ? plural(
              n,
              (c) => l10n.t('{0} automation enabled.', c),
              (c) => l10n.t('{0} automations enabled.', c),
            )
          : plural(
              n,
              (c) => l10n.t('{0} automation disabled.', c),
              (c) => l10n.t('{0} automations disabled.', c),
            ),
      progressMany: (enable, n) => (enable ? l10n.t('Enabling {0} automations…', n) : l10n.t('Disabling {0} automations…', n)),
      doing: (enabled, item) => {
        return enabled
          ? l10n.t({ message: 'Enabling the automation {0}', args: [item], comment: ['{0} is its name in quotes, or its id (such as "12 in workspace 3")'] })
          : l10n.t({ message: 'Disabling the automation {0}', args: [item], comment: ['{0} is its name in quotes, or its id (such as "12 in workspace 3")'] });
      },
      question: (enabled, ...n) =>
        enabled
          ? { title: l10n.t('Enable the automation?'), message: l10n.t('Enable the automation “{0}” (id {1} in workspace “{2}”)?', ...n) }
          : { title: l10n.t('Disable the automation?'), message: l10n.t('Disable the automation “{0}” (id {1} in workspace “{2}”)?', ...n) },
    },
  },
  category: { token: 'automations', label: () => l10n.t('Automations'), empty: () => l10n.t('No automations'), icon: 'zap' },
  title: namedTitle({ numbered: (id) => l10n.t('Automation #{0}', id), unnamed: () => l10n.t('(unnamed automation)') }),
  details: (ref, a, facts) => [
    [l10n.t('Trigger'), str(a.triggerType)],
    [
      l10n.t('State'),
      facts.enabled === undefined
        ? undefined
        : facts.enabled
          ? l10n.t({ message: 'enabled', comment: ['The "State" of an automation'] })
          : l10n.t({ message: 'disabled', comment: ['The "State" of an automation'] }),
    ],
    [l10n.t('Queued'), facts.queued === undefined || facts.queued < 0 ? undefined : formatCount(facts.queued)],
    [l10n.t('Test mode'), yesNo(facts.testMode)],
    [l10n.t('Executing'), activeText(facts.active, facts.now)],
    [l10n.t('Last execution'), latestField(facts.latest, facts.now, EXECUTION)],
    [l10n.t('Created'), whenText(a.created, facts.now)],
    [l10n.t('Modified'), whenText(a.modified, facts.now)],
    [l10n.t('Automation id'), ref.id],
  ],
  read: (client, ref, signal) => client.getAutomation(wsId(ref), numId(ref), { signal }),
  listItems: (client, ws, page, signal) => client.listAutomations(ws, page, { signal }),
  entry: EXECUTION,
  list: (client, ref, query, signal) => client.listAutomationExecutions(wsId(ref), numId(ref), query, { signal }),
  active: async (client, item, name, signal) => {
    const r = await client.getActiveAutomationExecution(wsId(item), numId(item), { signal });
    return r ? executionRecord(item, name, r, false) : null;
  },
  // Its trigger, queue, test mode and executing execution.
  state: async (client, item, name, signal) => {
    const s = await client.getAutomationState(wsId(item), numId(item), { signal });
    return {
      facts: {
        enabled: typeof s.trigger?.enabled === 'boolean' ? s.trigger.enabled : undefined,
        // A count below zero is no count (seen as -1 from the service): not shown as sent.
        queued: typeof s.queue?.queuedCount === 'number' && s.queue.queuedCount >= 0 ? s.queue.queuedCount : undefined,
        testMode: typeof s.testMode === 'boolean' ? s.testMode : undefined,
      },
      active: s.executing ? executionRecord(item, name, s.executing, false) : null,
    };
  },
  scannedForFailures: true,
  probe: { expand: ['state'], hover: ['state'] },
  icon: (v) => (v.facts.active ? ['loading~spin'] : ['zap', v.facts.enabled === false ? 'disabledForeground' : latestColor(v.facts)]),
  description: (v) => {
    const { enabled, queued, testMode } = v.facts;
    return joinParts(
      v.filterText,
      v.data.triggerType,
      enabled === undefined ? undefined : enabled ? l10n.t('enabled') : l10n.t('disabled'),
      !!queued && l10n.t('{0} queued', formatCount(queued)),
      testMode === true && l10n.t('test mode'),
      progressText(v),
    );
  },
  flags: (v) => [v.facts.enabled === true && 'enabled', v.facts.enabled === false && 'disabled', ...runFlags(v)],
  // While the trigger's state is unknown (not read yet), both are offered.
  capabilities: (v) => [
    !v.busy && v.facts.enabled !== true && 'canEnable',
    !v.busy && v.facts.enabled !== false && 'canDisable',
    'canShowActive',
    pinCapability(v),
  ],
};
