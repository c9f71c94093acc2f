// Automations and their executions. The list does not say whether an automation is enabled:
// its state read (on hover, expansion or an action) does, and until then both Enable and
// Disable are offered.
import * as l10n from '@vscode/l10n';
import type { Automation, AutomationExecution } from '../api';
import { formatCount, formatDateTime, joinParts, relativeTime } from '../shared/format';
import { stateWord } from '../shared/nouns';
import { outcomeOf } from '../shared/outcome';
import { numId, wsId } from '../shared/refs';
import type { EntrySpec, HistorySpec } from './kind';
import { latestColor, pinCapability, progressText, runFlags } from './common';

export const EXECUTION: EntrySpec<AutomationExecution> = {
  kind: 'execution',
  rowButtons: (id, when) => ({ log: l10n.t('Open the log of execution {0}, {1}', id, when), open: l10n.t('Open execution {0}, {1}', id, when) }),
  idOf: (e) => e.executionId || undefined,
  outcome: (e) => outcomeOf(e.state),
  label: (e) => formatDateTime(e.date, false) || l10n.t('Execution #{0}', e.executionId),
  description: (e, now) =>
    joinParts(e.state && stateWord(e.state), now !== undefined && relativeTime(e.date, now), typeof e.billedTasks === 'number' && (e.billedTasks === 1 ? l10n.t('1 task') : l10n.t('{0} tasks', formatCount(e.billedTasks))), e.testMode === true && l10n.t('test mode')),
  latest: (e) => ({ state: e.state, date: e.date }),
  // An execution row has no duration (only its own read has start and end); what it does carry
  // is the tasks it was billed for — what an automation costs, run by run.
  chart: {
    series: () => [{ label: l10n.t('Billed tasks'), axis: 'tasks', tone: 'primary', style: 'line' }],
    point: (e) => ({ date: e.date, values: [e.billedTasks] }),
  },
};

export const AUTOMATION: HistorySpec<Automation, AutomationExecution> = {
  kind: 'automation',
  listItems: (client, ws, page, signal) => client.listAutomations(ws, page, { signal }),
  noun: 'executions',
  entry: EXECUTION,
  hasActiveRun: true,
  readsOnHover: true,
  list: (client, ref, query, signal) => client.listAutomationExecutions(wsId(ref), numId(ref), query, { signal }),
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
  capabilities: (v) => [!v.busy && v.facts.enabled !== true && 'canEnable', !v.busy && v.facts.enabled !== false && 'canDisable', 'canShowActive', pinCapability(v)],
};
