// What a person calls each kind of object, in their language. Every word is a whole literal of its
// own — never an English noun with an "s" added or capitalized by code — because other languages
// inflect, capitalize and count differently: a translator sees "Run {0} of {1}" and "{0} runs" as
// they will be shown. The English words for the output channel and the chat's model are
// `KIND_WORDS` (refs.ts); people see these.
import * as l10n from '@vscode/l10n';
import type { Outcome } from './outcome';
import type { EntryKind, ItemRef, RefKind } from './refs';

/** "integration", "run": the singular, as it reads inside a sentence. */
export function kindNoun(kind: RefKind): string {
  switch (kind) {
    case 'account': return l10n.t('account');
    case 'workspace': return l10n.t('workspace');
    case 'integration': return l10n.t('integration');
    case 'backup': return l10n.t('backup');
    case 'automation': return l10n.t('automation');
    case 'agent': return l10n.t('agent');
    case 'connection': return l10n.t('connection');
    case 'endpoint': return l10n.t('endpoint');
    case 'accountUser': return l10n.t('account user');
    case 'workspaceUser': return l10n.t('workspace user');
    case 'invitation': return l10n.t('invitation');
    case 'run': return l10n.t('run');
    case 'snapshot': return l10n.t('snapshot');
    case 'execution': return l10n.t('execution');
    case 'request': return l10n.t('request');
  }
}

/** "Integration", "Run": the singular standing alone (a picker's row, a field's value, a button). */
export function kindTitle(kind: RefKind): string {
  switch (kind) {
    case 'account': return l10n.t('Account');
    case 'workspace': return l10n.t('Workspace');
    case 'integration': return l10n.t('Integration');
    case 'backup': return l10n.t('Backup');
    case 'automation': return l10n.t('Automation');
    case 'agent': return l10n.t('Agent');
    case 'connection': return l10n.t('Connection');
    case 'endpoint': return l10n.t('Endpoint');
    case 'accountUser': return l10n.t('Account user');
    case 'workspaceUser': return l10n.t('Workspace user');
    case 'invitation': return l10n.t('Invitation');
    case 'run': return l10n.t('Run');
    case 'snapshot': return l10n.t('Snapshot');
    case 'execution': return l10n.t('Execution');
    case 'request': return l10n.t('Request');
  }
}

/** "1 integration", "3 integrations": a count with its noun, singular or plural as the count asks. */
export function kindCount(kind: RefKind, n: number): string {
  const one = n === 1;
  const c = n.toLocaleString('en-US');
  switch (kind) {
    case 'account': return one ? l10n.t('1 account') : l10n.t('{0} accounts', c);
    case 'workspace': return one ? l10n.t('1 workspace') : l10n.t('{0} workspaces', c);
    case 'integration': return one ? l10n.t('1 integration') : l10n.t('{0} integrations', c);
    case 'backup': return one ? l10n.t('1 backup') : l10n.t('{0} backups', c);
    case 'automation': return one ? l10n.t('1 automation') : l10n.t('{0} automations', c);
    case 'agent': return one ? l10n.t('1 agent') : l10n.t('{0} agents', c);
    case 'connection': return one ? l10n.t('1 connection') : l10n.t('{0} connections', c);
    case 'endpoint': return one ? l10n.t('1 endpoint') : l10n.t('{0} endpoints', c);
    case 'accountUser': return one ? l10n.t('1 account user') : l10n.t('{0} account users', c);
    case 'workspaceUser': return one ? l10n.t('1 workspace user') : l10n.t('{0} workspace users', c);
    case 'invitation': return one ? l10n.t('1 invitation') : l10n.t('{0} invitations', c);
    case 'run': return one ? l10n.t('1 run') : l10n.t('{0} runs', c);
    case 'snapshot': return one ? l10n.t('1 snapshot') : l10n.t('{0} snapshots', c);
    case 'execution': return one ? l10n.t('1 execution') : l10n.t('{0} executions', c);
    case 'request': return one ? l10n.t('1 request') : l10n.t('{0} requests', c);
  }
}

/** "integrations", "runs": the plural inside a sentence, when no count goes with it. */
export function kindPlural(kind: RefKind): string {
  switch (kind) {
    case 'account': return l10n.t('accounts');
    case 'workspace': return l10n.t('workspaces');
    case 'integration': return l10n.t('integrations');
    case 'backup': return l10n.t('backups');
    case 'automation': return l10n.t('automations');
    case 'agent': return l10n.t('agents');
    case 'connection': return l10n.t('connections');
    case 'endpoint': return l10n.t('endpoints');
    case 'accountUser': return l10n.t('account users');
    case 'workspaceUser': return l10n.t('workspace users');
    case 'invitation': return l10n.t('invitations');
    case 'run': return l10n.t('runs');
    case 'snapshot': return l10n.t('snapshots');
    case 'execution': return l10n.t('executions');
    case 'request': return l10n.t('requests');
  }
}

/**
 * How a history entry is called in messages, tabs and pickers: "Run 123", or with its item
 * "Run 123 of Nightly Sync". Other kinds read "Invitation 7".
 */
export function entryName(ref: ItemRef, itemName?: string): string {
  if (itemName) {
    switch (ref.kind) {
      case 'run': return l10n.t('Run {0} of {1}', ref.id, itemName);
      case 'snapshot': return l10n.t('Snapshot {0} of {1}', ref.id, itemName);
      case 'execution': return l10n.t('Execution {0} of {1}', ref.id, itemName);
      case 'request': return l10n.t('Request {0} of {1}', ref.id, itemName);
    }
  }
  switch (ref.kind) {
    case 'run': return l10n.t('Run {0}', ref.id);
    case 'snapshot': return l10n.t('Snapshot {0}', ref.id);
    case 'execution': return l10n.t('Execution {0}', ref.id);
    case 'request': return l10n.t('Request {0}', ref.id);
    // Not a history entry: its kind and id stand side by side, nothing to phrase.
    default: return `${kindTitle(ref.kind)} ${ref.id}`;
  }
}

/**
 * A history entry's outcome said with its kind, as its icon shows it: "Failed run", "Running
 * snapshot" — what a screen reader says first for a row whose meaning is in its icon.
 */
export function entryMeaning(kind: EntryKind, outcome: Outcome): string {
  switch (kind) {
    case 'run':
      switch (outcome) {
        case 'running': return l10n.t('Running run');
        case 'queued': return l10n.t('Queued run');
        case 'succeeded': return l10n.t('Succeeded run');
        case 'failed': return l10n.t('Failed run');
        case 'canceled': return l10n.t('Canceled run');
        default: return l10n.t('Run');
      }
    case 'snapshot':
      switch (outcome) {
        case 'running': return l10n.t('Running snapshot');
        case 'queued': return l10n.t('Queued snapshot');
        case 'succeeded': return l10n.t('Succeeded snapshot');
        case 'failed': return l10n.t('Failed snapshot');
        case 'canceled': return l10n.t('Canceled snapshot');
        default: return l10n.t('Snapshot');
      }
    case 'execution':
      switch (outcome) {
        case 'running': return l10n.t('Running execution');
        case 'queued': return l10n.t('Queued execution');
        case 'succeeded': return l10n.t('Succeeded execution');
        case 'failed': return l10n.t('Failed execution');
        case 'canceled': return l10n.t('Canceled execution');
        default: return l10n.t('Execution');
      }
    case 'request':
      switch (outcome) {
        case 'running': return l10n.t('Running request');
        case 'queued': return l10n.t('Queued request');
        case 'succeeded': return l10n.t('Succeeded request');
        case 'failed': return l10n.t('Failed request');
        case 'canceled': return l10n.t('Canceled request');
        default: return l10n.t('Request');
      }
  }
}

/** An outcome as a badge or a table cell says it: "Failed". */
export function outcomeTitle(outcome: Outcome): string {
  switch (outcome) {
    case 'running': return l10n.t('Running');
    case 'queued': return l10n.t('Queued');
    case 'succeeded': return l10n.t('Succeeded');
    case 'failed': return l10n.t('Failed');
    case 'canceled': return l10n.t('Canceled');
    default: return l10n.t('Unknown');
  }
}

/**
 * A state word the service sends (`New`, `Running`, `Killing`…), in the user's language: each
 * value of both API descriptions' enums has its own word, so "Killed" stays distinct from
 * "Canceled". A word no description lists is shown as the service sent it — its enums are open.
 */
export function stateWord(state: string): string {
  switch (state.toLowerCase()) {
    case 'new': return l10n.t('New');
    case 'queued': return l10n.t('Queued');
    case 'running': return l10n.t('Running');
    case 'executing': return l10n.t('Executing');
    case 'canceling':
    case 'cancelling': return l10n.t('Canceling');
    case 'killing': return l10n.t('Killing');
    case 'succeeded':
    case 'success': return l10n.t('Succeeded');
    case 'completed': return l10n.t('Completed');
    case 'failed': return l10n.t('Failed');
    case 'error': return l10n.t('Error');
    case 'canceled':
    case 'cancelled': return l10n.t('Canceled');
    case 'killed': return l10n.t('Killed');
    default: return state;
  }
}

/** "1 row", "1,200 rows": rows written by an integration run. */
export function rowCount(n: number): string {
  return n === 1 ? l10n.t('1 row') : l10n.t('{0} rows', n.toLocaleString('en-US'));
}
