// What a panel's history section says, a whole sentence per kind of entry: the webview shows these
// as given, so no sentence of it is built of a noun ("No " + "runs" + " yet") in a language
// that inflects it, capitalizes it or puts it elsewhere.
import * as l10n from '@vscode/l10n';
import type { HistoryTexts } from '../shared/panelModel';
import type { EntryKind } from '../shared/refs';

export function historyTexts(kind: EntryKind): HistoryTexts {
  switch (kind) {
    case 'snapshot':
      return {
        title: l10n.t('Snapshots'),
        region: l10n.t('History of snapshots'),
        caption: l10n.t('Snapshots, newest first unless sorted otherwise'),
        more: l10n.t('Load more snapshots'),
        empty: l10n.t('No snapshots yet.'),
        emptyFiltered: l10n.t('No snapshots match the filter.'),
      };
    case 'execution':
      return {
        title: l10n.t('Executions'),
        region: l10n.t('History of executions'),
        caption: l10n.t('Executions, newest first unless sorted otherwise'),
        more: l10n.t('Load more executions'),
        empty: l10n.t('No executions yet.'),
        emptyFiltered: l10n.t('No executions match the filter.'),
      };
    case 'request':
      return {
        title: l10n.t('Requests'),
        region: l10n.t('History of requests'),
        caption: l10n.t('Requests, newest first unless sorted otherwise'),
        more: l10n.t('Load more requests'),
        empty: l10n.t('No requests yet.'),
        emptyFiltered: l10n.t('No requests match the filter.'),
      };
    default:
      return {
        title: l10n.t('Runs'),
        region: l10n.t('History of runs'),
        caption: l10n.t('Runs, newest first unless sorted otherwise'),
        more: l10n.t('Load more runs'),
        empty: l10n.t('No runs yet.'),
        emptyFiltered: l10n.t('No runs match the filter.'),
      };
  }
}
