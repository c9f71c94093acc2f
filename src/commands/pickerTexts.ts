// What the palette's pickers ask (targets.ts), a whole sentence per kind: "Which integration?",
// "Another integration…", "Which integration in {0}?", "Which run of {0}? (newest first)", and
// what is said when a list has nothing to choose from. Never "Which " + a noun: other languages
// inflect the noun after their "which", and put it elsewhere.
import * as l10n from '@vscode/l10n';
import type { EntryKind, RefKind, WorkspaceItemKind } from '../shared/refs';

/** The recently used list's question: "Which integration?". */
export function whichOne(kind: RefKind): string {
  switch (kind) {
    case 'account': return l10n.t('Which account?');
    case 'workspace': return l10n.t('Which workspace?');
    case 'integration': return l10n.t('Which integration?');
    case 'backup': return l10n.t('Which backup?');
    case 'automation': return l10n.t('Which automation?');
    case 'agent': return l10n.t('Which agent?');
    case 'connection': return l10n.t('Which connection?');
    case 'endpoint': return l10n.t('Which endpoint?');
    case 'accountUser': return l10n.t('Which user?');
    case 'workspaceUser': return l10n.t('Which user?');
    case 'invitation': return l10n.t('Which invitation?');
    case 'run': return l10n.t('Which run?');
    case 'snapshot': return l10n.t('Which snapshot?');
    case 'execution': return l10n.t('Which execution?');
    case 'request': return l10n.t('Which request?');
  }
}

/** The recently used list's way to the others: "Another integration…". */
export function anotherOne(kind: RefKind): string {
  switch (kind) {
    case 'account': return l10n.t('Another account…');
    case 'workspace': return l10n.t('Another workspace…');
    case 'integration': return l10n.t('Another integration…');
    case 'backup': return l10n.t('Another backup…');
    case 'automation': return l10n.t('Another automation…');
    case 'agent': return l10n.t('Another agent…');
    case 'connection': return l10n.t('Another connection…');
    case 'endpoint': return l10n.t('Another endpoint…');
    case 'accountUser': return l10n.t('Another user…');
    case 'workspaceUser': return l10n.t('Another user…');
    case 'invitation': return l10n.t('Another invitation…');
    case 'run': return l10n.t('Another run…');
    case 'snapshot': return l10n.t('Another snapshot…');
    case 'execution': return l10n.t('Another execution…');
    case 'request': return l10n.t('Another request…');
  }
}

/** A paged picker's question, and what is said when its list is empty. */
export interface PickTexts {
  placeholder: string;
  empty: string;
}

/** The items of a workspace: "Which integration in Data Platform?". */
export function inWorkspace(kind: WorkspaceItemKind, workspace: string): PickTexts {
  switch (kind) {
    case 'integration':
      return { placeholder: l10n.t('Which integration in {0}?', workspace), empty: l10n.t('There is nothing to choose from: no integration in {0}.', workspace) };
    case 'backup':
      return { placeholder: l10n.t('Which backup in {0}?', workspace), empty: l10n.t('There is nothing to choose from: no backup in {0}.', workspace) };
    case 'automation':
      return { placeholder: l10n.t('Which automation in {0}?', workspace), empty: l10n.t('There is nothing to choose from: no automation in {0}.', workspace) };
    case 'agent':
      return { placeholder: l10n.t('Which agent in {0}?', workspace), empty: l10n.t('There is nothing to choose from: no agent in {0}.', workspace) };
    case 'connection':
      return { placeholder: l10n.t('Which connection in {0}?', workspace), empty: l10n.t('There is nothing to choose from: no connection in {0}.', workspace) };
    case 'endpoint':
      return { placeholder: l10n.t('Which endpoint in {0}?', workspace), empty: l10n.t('There is nothing to choose from: no endpoint in {0}.', workspace) };
  }
}

/** The history of an item, newest first: "Which run of Nightly Sync? (newest first)". */
export function ofItem(kind: EntryKind, item: string): PickTexts {
  switch (kind) {
    case 'run':
      return { placeholder: l10n.t('Which run of {0}? (newest first)', item), empty: l10n.t('There is nothing to choose from: no run of {0}.', item) };
    case 'snapshot':
      return { placeholder: l10n.t('Which snapshot of {0}? (newest first)', item), empty: l10n.t('There is nothing to choose from: no snapshot of {0}.', item) };
    case 'execution':
      return { placeholder: l10n.t('Which execution of {0}? (newest first)', item), empty: l10n.t('There is nothing to choose from: no execution of {0}.', item) };
    case 'request':
      return { placeholder: l10n.t('Which request of {0}? (newest first)', item), empty: l10n.t('There is nothing to choose from: no request of {0}.', item) };
  }
}

/** The account's users, or a workspace's. */
export function users(): PickTexts {
  return { placeholder: l10n.t('Which user?'), empty: l10n.t('There is nothing to choose from: no user.') };
}

/** The account's invitations. */
export function invitations(): PickTexts {
  return { placeholder: l10n.t('Which invitation?'), empty: l10n.t('There is nothing to choose from: no invitation.') };
}
