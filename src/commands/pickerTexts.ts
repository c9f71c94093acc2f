// What the palette's pickers ask that is no one kind's question: the users and invitations of
// the account (each kind's own questions are its record's words, src/kinds).
import * as l10n from '@vscode/l10n';
import type { PickTexts } from '../shared/pickTexts';

/** The account's users, or a workspace's. */
export function users(): PickTexts {
  return { placeholder: l10n.t('Which user?'), empty: l10n.t('There is nothing to choose from: no user.') };
}

/** The account's invitations. */
export function invitations(): PickTexts {
  return { placeholder: l10n.t('Which invitation?'), empty: l10n.t('There is nothing to choose from: no invitation.') };
}
