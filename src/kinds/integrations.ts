// Integrations and their runs.
import * as l10n from '@vscode/l10n';
import type { Integration, IntegrationRun } from '../api';
import { formatCount, formatDateTime, formatDuration, joinParts, relativeTime } from '../shared/format';
import { rowCount, stateWord } from '../shared/nouns';
import { outcomeOf } from '../shared/outcome';
import { numId, wsId } from '../shared/refs';
import type { EntrySpec, HistorySpec } from './kind';
import { latestColor, pinCapability, progressText, runFlags, scheduleCapabilities, scheduleFlags, scheduleWords, stopCapabilities } from './common';

export const RUN: EntrySpec<IntegrationRun> = {
  kind: 'run',
  rowButtons: (id, when) => ({ log: l10n.t('Open the log of run {0}, {1}', id, when), open: l10n.t('Open run {0}, {1}', id, when) }),
  idOf: (r) => (r.runId != null ? String(r.runId) : undefined),
  outcome: (r) => outcomeOf(r.state),
  label: (r) => formatDateTime(r.date, false) || l10n.t('Run #{0}', r.runId),
  description: (r, now) => joinParts(r.state && stateWord(r.state), now !== undefined && relativeTime(r.date, now), formatDuration(r.duration), rowsText(r)),
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
};

export const INTEGRATION: HistorySpec<Integration, IntegrationRun> = {
  kind: 'integration',
  listItems: (client, ws, page, signal) => client.listIntegrations(ws, page, { signal }),
  noun: 'runs',
  entry: RUN,
  hasActiveRun: true,
  readsOnHover: true,
  list: (client, ref, query, signal) => client.listIntegrationRuns(wsId(ref), numId(ref), query, { signal }),
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
