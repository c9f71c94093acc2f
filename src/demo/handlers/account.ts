// Account users and invitations.

import { DEMO_FIXTURES } from '../fixtures';
import { badRequest, notFound, validation, type FieldErrors } from '../errors';
import type { OperationId } from '../../api/operations';
import type { UserTypeName } from '../model';
import { matchesMask, pageOf, paging } from '../params';
import { accountUserJson, invitationJson } from '../shapes';
import { EMAIL, id32, intField, objectBody, throwIfErrors } from './common';
import { empty, ok, type Ctx, type Handler } from './types';

function userType(v: unknown): UserTypeName | undefined {
  // System.Text.Json's enum converter reads names case-insensitively.
  if (typeof v !== 'string') return undefined;
  const t = v.trim().toLowerCase();
  return t === 'administrator' ? 'Administrator' : t === 'member' ? 'Member' : undefined;
}

function emailField(body: Record<string, unknown>, errors: FieldErrors): string | undefined {
  const v = body['email'];
  if (typeof v !== 'string' || v.trim() === '') {
    (errors['email'] ??= []).push('The Email field is required.');
    return undefined;
  }
  if (!EMAIL.test(v.trim())) {
    (errors['email'] ??= []).push('The Email field is not a valid e-mail address.');
    return undefined;
  }
  return v.trim();
}

export const accountHandlers = {
  listAccountUsers: (c: Ctx) => {
    const p = paging(c.query);
    const mask = c.query.get('searchMask');
    const users = c.state.seed.users.filter((u) => matchesMask(mask, u.fullName, u.email));
    const page = pageOf(users, p);
    return ok({ data: page.data.map((u) => accountUserJson(u, c.state.memberships(u.id))), hasMore: page.hasMore });
  },

  removeAccountUser: (c: Ctx) => {
    const body = objectBody(c, 'RemoveAccountUserRequestDto');
    const errors: FieldErrors = {};
    const email = emailField(body, errors);
    throwIfErrors(errors);
    const users = c.state.seed.users;
    const index = users.findIndex((u) => u.email.toLowerCase() === email?.toLowerCase());
    const user = users[index];
    if (!user) throw notFound('User', `'${email ?? ''}'`);
    if (user.id === DEMO_FIXTURES.owner.userId) throw badRequest('The account owner cannot be removed from the account.');
    users.splice(index, 1);
    for (const members of c.state.seed.memberships.values()) members.delete(user.id);
    return empty();
  },

  listInvitations: (c: Ctx) => {
    const page = pageOf(c.state.seed.invitations, paging(c.query));
    return ok({ data: page.data.map((i) => invitationJson(i, (id) => c.state.role(id))), hasMore: page.hasMore });
  },

  inviteUser: (c: Ctx) => {
    const body = objectBody(c, 'InviteUserRequestDto');
    const errors: FieldErrors = {};
    const email = emailField(body, errors);
    const type = userType(body['userType']);
    if (!type)
      (errors['userType'] ??= []).push(
        body['userType'] === undefined
          ? 'The userType field is required.'
          : `The value '${String(body['userType'])}' is not valid for userType. Use Administrator or Member.`,
      );
    const workspaces: { workspaceId: number; roleId: number }[] = [];
    const raw = body['workspaces'];
    if (raw !== undefined && raw !== null) {
      if (!Array.isArray(raw)) (errors['workspaces'] ??= []).push('The workspaces field must be an array.');
      else
        raw.forEach((item: unknown, k) => {
          const path = `workspaces[${k}]`;
          if (typeof item !== 'object' || item === null) {
            (errors[path] ??= []).push('Each workspace must be an object with workspaceId and roleId.');
            return;
          }
          const entry = item as Record<string, unknown>;
          const workspaceId = intField(entry, 'workspaceId', errors, `${path}.workspaceId`);
          const roleId = intField(entry, 'roleId', errors, `${path}.roleId`);
          const ws = workspaceId === undefined ? undefined : c.state.seed.workspaces.find((w) => w.id === workspaceId);
          if (workspaceId !== undefined && !ws) (errors[`${path}.workspaceId`] ??= []).push(`Workspace ${workspaceId} was not found.`);
          if (ws?.isPersonal) (errors[`${path}.workspaceId`] ??= []).push('Users cannot be invited to a personal workspace.');
          if (roleId !== undefined && !c.state.role(roleId)) (errors[`${path}.roleId`] ??= []).push(`Role ${roleId} was not found.`);
          if (workspaceId !== undefined && roleId !== undefined) workspaces.push({ workspaceId, roleId });
        });
    }
    throwIfErrors(errors);
    const address = email as string;
    const lower = address.toLowerCase();
    if (c.state.seed.users.some((u) => u.email.toLowerCase() === lower))
      throw validation({ email: ['A user with this email already belongs to the account.'] });
    if (c.state.seed.invitations.some((i) => i.email.toLowerCase() === lower))
      throw validation({ email: ['This email has already been invited. Resend the invitation instead.'] });
    const id = c.state.seed.nextIds.invitation++;
    c.state.seed.invitations.push({ id, email: address, type: type as UserTypeName, workspaces, invitationDate: c.now });
    return ok({ email: address, status: 'Invited', invitationId: id });
  },

  resendInvitation: (c: Ctx) => {
    const id = id32(c, 'invitationId');
    const inv = c.state.seed.invitations.find((i) => i.id === id);
    if (!inv) throw notFound('Invitation', id);
    inv.invitationDate = c.now;
    return ok({ email: inv.email, status: 'Resent', invitationId: inv.id });
  },

  deleteInvitation: (c: Ctx) => {
    const id = id32(c, 'invitationId');
    const list = c.state.seed.invitations;
    const index = list.findIndex((i) => i.id === id);
    if (index < 0) throw notFound('Invitation', id);
    list.splice(index, 1);
    return empty();
  },
} satisfies Partial<Record<OperationId, Handler>>;
