// Words that are not any one kind's: an outcome as a badge says it, the service's state words,
// and rows counted. What each kind of object is called, and every sentence with one in it, is in
// that kind's record (src/kinds).
import * as l10n from '@vscode/l10n';
import { plural } from './format';
import type { Outcome } from './outcome';

/** An outcome as a badge or a table cell says it: "Failed". */
export function outcomeTitle(outcome: Outcome): string {
  switch (outcome) {
    case 'running':
      return l10n.t('Running');
    case 'queued':
      return l10n.t('Queued');
    case 'succeeded':
      return l10n.t('Succeeded');
    case 'failed':
      return l10n.t('Failed');
    case 'canceled':
      return l10n.t('Canceled');
    default:
      return l10n.t('Unknown');
  }
}

/**
 * A state word the service sends (`New`, `Running`, `Killing`…), in the user's language: each
 * value of both API descriptions' enums has its own word, so "Killed" stays distinct from
 * "Canceled". A word no description lists is shown as the service sent it — its enums are open.
 */
export function stateWord(state: string): string {
  switch (state.toLowerCase()) {
    case 'new':
      return l10n.t('New');
    case 'queued':
      return l10n.t('Queued');
    case 'running':
      return l10n.t('Running');
    case 'executing':
      return l10n.t('Executing');
    case 'canceling':
    case 'cancelling':
      return l10n.t('Canceling');
    case 'killing':
      return l10n.t('Killing');
    case 'succeeded':
    case 'success':
      return l10n.t('Succeeded');
    case 'completed':
      return l10n.t('Completed');
    case 'failed':
      return l10n.t('Failed');
    case 'error':
      return l10n.t('Error');
    case 'canceled':
    case 'cancelled':
      return l10n.t('Canceled');
    case 'killed':
      return l10n.t('Killed');
    default:
      return state;
  }
}

/** "1 row", "1,200 rows": rows written by an integration run. */
export function rowCount(n: number): string {
  return plural(
    n,
    (c) => l10n.t('{0} row', c),
    (c) => l10n.t('{0} rows', c),
  );
}
