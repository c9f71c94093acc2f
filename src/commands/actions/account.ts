// The account's people: invite a user (a multi-step input), resend or delete an invitation,
// remove a user from the account. Removing and deleting ask first, naming who.
import type { AccountInvitation, AccountUser, InvitationStatus, InviteUserRequest } from '../../api';
import { checkEmail } from '../../api';
import { CommandId } from '../../shared/commandIds';
import type { Target } from '../../shared/refs';
import { quote } from '../runner';
import type { Action } from './action';
import { askInvitation, readInvitationArg, type InvitationInput } from './invitationInput';

export const inviteUser: Action<InvitationInput, InvitationStatus> = {
  id: CommandId.inviteUser,
  kinds: ['account'],
  pickTitle: 'Invite a user',
  verb: 'invite a user to',
  busy: 'inviting…',
  input: (ctx, _targets, given) => (given !== undefined && !isPrefill(given) ? Promise.resolve(readInvitationArg(given)) : askInvitation(ctx, isPrefill(given) ? given.prefill : undefined)),
  progress: () => 'Sending the invitation…',
  send(ctx, _t, input, signal) {
    const request: InviteUserRequest = { email: input.email, userType: input.userType, workspaces: input.workspaces.map(({ workspaceId, roleId }) => ({ workspaceId, roleId })) };
    return ctx.client.inviteUser(request, { signal });
  },
  after: (ctx) => ctx.tree.reloadLists('invitations'),
  done: (_t, status, ctx) => {
    const where = status.status ? ` (${status.status})` : '';
    return { severity: 'info', text: `Invited ${status.email ?? 'the user'}${where}. The invitation is pending until they accept it.`, buttons: [{ label: 'Show Invitations', run: () => ctx.runCommand('skyvia.explorer.focus') }] };
  },
  failed(ctx, _t, error, input) {
    // A 400 names the fields: say each, and offer the same answers again to correct them.
    const e = error as { errors?: Record<string, string[]>; userMessage?: string; kind?: string };
    if (e.kind !== 'validation') return undefined;
    const fields = e.errors ? Object.entries(e.errors).map(([f, m]) => `${f || 'request'}: ${m.join(' ')}`) : [e.userMessage ?? 'The invitation was rejected.'];
    return {
      severity: 'error',
      text: `Couldn't send the invitation — ${fields.join('; ')}`,
      buttons: [{ label: 'Edit Invitation', run: () => ctx.runCommand(CommandId.inviteUser, undefined, undefined, { prefill: input }) }],
    };
  },
};

function isPrefill(v: unknown): v is { prefill: InvitationInput } {
  return !!v && typeof v === 'object' && 'prefill' in v;
}

export const resendInvitation: Action<undefined, InvitationStatus> = {
  id: CommandId.resendInvitation,
  kinds: ['invitation'],
  pickTitle: 'Resend an invitation',
  many: { done: 'sent again' },
  verb: 'resend the invitation of',
  busy: 'resending…',
  progress: (t) => `Sending the invitation of ${t.name} again…`,
  send: (ctx, t, _input, signal) => ctx.client.resendInvitation(Number(t.ref.id), { signal }),
  // There is no single read of an invitation: its row takes the new date without reloading the list.
  after: (ctx, t) => ctx.tree.updateItem(t.ref, { ...(t.data ?? { id: Number(t.ref.id) }), invitationDate: new Date().toISOString() } as AccountInvitation),
  done: (t, status) => ({ severity: 'info', text: `Sent the invitation to ${status.email ?? t.name} again.` }),
};

export const deleteInvitation: Action<undefined, void> = {
  id: CommandId.deleteInvitation,
  kinds: ['invitation'],
  pickTitle: 'Delete an invitation',
  many: { done: 'deleted' },
  verb: 'delete the invitation of',
  busy: 'deleting…',
  confirm: (targets) => ({
    message: targets.length === 1 ? `Delete the invitation of ${targets[0].name}?` : `Delete ${targets.length} invitations?`,
    detail: `${targets.length > 1 ? `${targets.map((t) => t.name).join(', ')}\n\n` : ''}The link in the e-mail stops working. You can invite them again later.`,
    button: 'Delete',
  }),
  progress: (t) => `Deleting the invitation of ${t.name}…`,
  send: (ctx, t, _input, signal) => ctx.client.deleteInvitation(Number(t.ref.id), { signal }),
  after: (ctx, t) => ctx.tree.removeItem(t.ref),
  done: (t) => ({ severity: 'info', text: `Deleted the invitation of ${t.name}.` }),
};

function emailOf(t: Target): string {
  const email = (t.data as AccountUser | undefined)?.email ?? (t.ref.id.includes('@') ? t.ref.id : undefined);
  if (!email) throw new Error(`${t.name} has no e-mail address, and users are removed from the account by e-mail.`);
  return checkEmail('account user', email);
}

export const removeAccountUser: Action<undefined, void> = {
  id: CommandId.removeAccountUser,
  kinds: ['accountUser'],
  pickTitle: 'Remove a user from the account',
  many: { done: 'removed from the account' },
  verb: 'remove',
  busy: 'removing…',
  confirm: (targets) => ({
    message: targets.length === 1 ? `Remove ${quote(targets[0].name)} from the account?` : `Remove ${targets.length} users from the account?`,
    detail: `${targets.map((t) => `${t.name}${(t.data as AccountUser | undefined)?.email && (t.data as AccountUser).email !== t.name ? ` <${(t.data as AccountUser).email}>` : ''}`).join('\n')}\n\nThey lose access to every workspace of the account at once.`,
    button: 'Remove',
  }),
  progress: (t) => `Removing ${quote(t.name)} from the account…`,
  send: (ctx, t, _input, signal) => ctx.client.removeAccountUser(emailOf(t), { signal }),
  after(ctx, t) {
    ctx.tree.removeItem(t.ref);
    // Their workspace memberships went with them.
    const id = (t.data as AccountUser | undefined)?.id;
    if (id != null) ctx.tree.reloadLists('workspaceUsers');
  },
  done: (t) => ({ severity: 'info', text: `Removed ${quote(t.name)} from the account.` }),
};
