// The account's people: invite a user (a multi-step input), resend or delete an invitation,
// remove a user from the account. Removing and deleting ask first, naming who.
import * as l10n from '@vscode/l10n';
import type { AccountInvitation, AccountUser, InvitationStatus, InviteUserRequest } from '../../api';
import { checkEmail } from '../../api';
import { CommandId } from '../../shared/commandIds';
import { kindsOfCommand } from '../../kinds';
import type { Target } from '../../shared/refs';
import { plural, quote } from '../../shared/format';
import type { Action, ActionContext } from './action';
import { askInvitation, readInvitationArg, type InvitationInput } from './invitationInput';

/** What of the action context these actions use. */
type Uses = Pick<ActionContext, 'client' | 'prompter' | 'tree' | 'runCommand'>;

export const inviteUser: Action<InvitationInput, InvitationStatus, Uses> = {
  id: CommandId.inviteUser,
  kinds: kindsOfCommand(CommandId.inviteUser),
  pickTitle: () => l10n.t('Invite a user'),
  busy: () => l10n.t('inviting…'),
  input: (ctx, [t], given) =>
    given !== undefined && !isPrefill(given)
      ? Promise.resolve(readInvitationArg(given))
      : askInvitation(ctx, t.ref.account, isPrefill(given) ? given.prefill : undefined),
  progress: () => l10n.t('Sending the invitation…'),
  couldNot: (_t, reason) => l10n.t("Couldn't send the invitation: {0}", reason),
  send(ctx, t, input, signal) {
    const request: InviteUserRequest = {
      email: input.email,
      userType: input.userType,
      workspaces: input.workspaces.map(({ workspaceId, roleId }) => ({ workspaceId, roleId })),
    };
    return ctx.client(t.ref.account).inviteUser(request, { signal });
  },
  after: (ctx, t) => ctx.tree.reloadLists(t.ref.account, 'invitations'),
  done: (_t, status, ctx) => ({
    severity: 'info',
    text: invited(status),
    buttons: [{ label: l10n.t('Show Invitations'), run: () => ctx.runCommand('skyvia.explorer.focus') }],
  }),
  failed(ctx, _t, error, input) {
    // A 400 names the fields: say each, and offer the same answers again to correct them.
    const e = error as { errors?: Record<string, string[]>; userMessage?: string; kind?: string };
    if (e.kind !== 'validation') return undefined;
    const fields = e.errors
      ? Object.entries(e.errors).map(([f, m]) => `${f || 'request'}: ${m.join(' ')}`)
      : [e.userMessage ?? l10n.t('The invitation was rejected.')];
    return {
      severity: 'error',
      text: l10n.t("Couldn't send the invitation — {0}", fields.join('; ')),
      buttons: [{ label: l10n.t('Edit Invitation'), run: () => ctx.runCommand(CommandId.inviteUser, undefined, undefined, { prefill: input }) }],
    };
  },
};

/** Who was invited, and the invitation's status as the service says it ("Pending"). */
function invited({ email, status }: InvitationStatus): string {
  if (email)
    return status
      ? l10n.t('Invited {0} ({1}). The invitation is pending until they accept it.', email, status)
      : l10n.t('Invited {0}. The invitation is pending until they accept it.', email);
  return status
    ? l10n.t('Invited the user ({0}). The invitation is pending until they accept it.', status)
    : l10n.t('Invited the user. The invitation is pending until they accept it.');
}

function isPrefill(v: unknown): v is { prefill: InvitationInput } {
  return !!v && typeof v === 'object' && 'prefill' in v;
}

export const resendInvitation: Action<undefined, InvitationStatus, Uses> = {
  id: CommandId.resendInvitation,
  kinds: kindsOfCommand(CommandId.resendInvitation),
  pickTitle: () => l10n.t('Resend an invitation'),
  many: {
    done: (n) =>
      plural(
        n,
        (c) => l10n.t('{0} invitation sent again.', c),
        (c) => l10n.t('{0} invitations sent again.', c),
      ),
  },
  busy: () => l10n.t('resending…'),
  progress: (targets) =>
    targets.length === 1 ? l10n.t('Sending the invitation of {0} again…', targets[0].name) : l10n.t('Sending {0} invitations again…', targets.length),
  couldNot: (t, reason) => l10n.t("Couldn't resend the invitation of {0}: {1}", quote(t.name), reason),
  send: (ctx, t, _input, signal) => ctx.client(t.ref.account).resendInvitation(Number(t.ref.id), { signal }),
  // There is no single read of an invitation: its row takes the new date without reloading the list.
  after: (ctx, t) => ctx.tree.updateItem(t.ref, { ...(t.data ?? { id: Number(t.ref.id) }), invitationDate: new Date().toISOString() } as AccountInvitation),
  done: (t, status) => ({ severity: 'info', text: l10n.t('Sent the invitation to {0} again.', status.email ?? t.name) }),
};

export const deleteInvitation: Action<undefined, void, Uses> = {
  id: CommandId.deleteInvitation,
  kinds: kindsOfCommand(CommandId.deleteInvitation),
  pickTitle: () => l10n.t('Delete an invitation'),
  many: {
    done: (n) =>
      plural(
        n,
        (c) => l10n.t('{0} invitation deleted.', c),
        (c) => l10n.t('{0} invitations deleted.', c),
      ),
  },
  busy: () => l10n.t('deleting…'),
  confirm: (targets) => ({
    message: targets.length === 1 ? l10n.t('Delete the invitation of {0}?', targets[0].name) : l10n.t('Delete {0} invitations?', targets.length),
    detail: `${targets.length > 1 ? `${targets.map((t) => t.name).join(', ')}\n\n` : ''}${l10n.t('The link in the e-mail stops working. You can invite them again later.')}`,
    button: l10n.t('Delete'),
  }),
  progress: (targets) =>
    targets.length === 1 ? l10n.t('Deleting the invitation of {0}…', targets[0].name) : l10n.t('Deleting {0} invitations…', targets.length),
  couldNot: (t, reason) => l10n.t("Couldn't delete the invitation of {0}: {1}", quote(t.name), reason),
  send: (ctx, t, _input, signal) => ctx.client(t.ref.account).deleteInvitation(Number(t.ref.id), { signal }),
  after: (ctx, t) => ctx.tree.removeItem(t.ref),
  done: (t) => ({ severity: 'info', text: l10n.t('Deleted the invitation of {0}.', t.name) }),
};

function emailOf(t: Target): string {
  const email = (t.data as AccountUser | undefined)?.email ?? (t.ref.id.includes('@') ? t.ref.id : undefined);
  if (!email) throw new Error(l10n.t('{0} has no e-mail address, and users are removed from the account by e-mail.', t.name));
  return checkEmail('removeAccountUser', email);
}

export const removeAccountUser: Action<undefined, void, Uses> = {
  id: CommandId.removeAccountUser,
  kinds: kindsOfCommand(CommandId.removeAccountUser),
  pickTitle: () => l10n.t('Remove a user from the account'),
  many: {
    done: (n) =>
      plural(
        n,
        (c) => l10n.t('{0} user removed from the account.', c),
        (c) => l10n.t('{0} users removed from the account.', c),
      ),
  },
  busy: () => l10n.t('removing…'),
  confirm: (targets) => ({
    message:
      targets.length === 1 ? l10n.t('Remove {0} from the account?', quote(targets[0].name)) : l10n.t('Remove {0} users from the account?', targets.length),
    detail: `${targets.map((t) => `${t.name}${(t.data as AccountUser | undefined)?.email && (t.data as AccountUser).email !== t.name ? ` <${(t.data as AccountUser).email}>` : ''}`).join('\n')}\n\n${l10n.t('They lose access to every workspace of the account at once.')}`,
    button: l10n.t('Remove'),
  }),
  progress: (targets) =>
    targets.length === 1 ? l10n.t('Removing {0} from the account…', quote(targets[0].name)) : l10n.t('Removing {0} users from the account…', targets.length),
  couldNot: (t, reason) => l10n.t("Couldn't remove {0} from the account: {1}", quote(t.name), reason),
  send: (ctx, t, _input, signal) => ctx.client(t.ref.account).removeAccountUser(emailOf(t), { signal }),
  after(ctx, t) {
    ctx.tree.removeItem(t.ref);
    // Their workspace memberships went with them.
    const id = (t.data as AccountUser | undefined)?.id;
    if (id != null) ctx.tree.reloadLists(t.ref.account, 'workspaceUsers');
  },
  done: (t) => ({ severity: 'info', text: l10n.t('Removed {0} from the account.', quote(t.name)) }),
};
