// Workspaces and their users. Both lists are plain arrays (not paged), as on the service.

import { badRequest, notFound, validation, type FieldErrors } from '../errors';
import type { OperationId } from '../../api/operations';
import { matchesMask } from '../params';
import { workspaceJson, workspaceUserJson } from '../shapes';
import { id32, intField, objectBody, throwIfErrors } from './common';
import { empty, ok, type Ctx, type Handler } from './types';

export const workspaceHandlers = {
  listWorkspaces: (c: Ctx) => ok(c.state.seed.workspaces.map(workspaceJson)),

  getWorkspace: (c: Ctx) => ok(workspaceJson(c.state.workspace(id32(c, 'workspaceId')))),

  listWorkspaceUsers: (c: Ctx) => {
    const ws = c.state.workspace(id32(c, 'workspaceId'));
    const mask = c.query.get('searchMask');
    const out: object[] = [];
    for (const [userId, roleId] of c.state.members(ws.id)) {
      const user = c.state.user(userId);
      const role = c.state.role(roleId);
      if (user && role && matchesMask(mask, user.fullName, user.email)) out.push(workspaceUserJson(user, role));
    }
    return ok(out);
  },

  addWorkspaceUser: (c: Ctx) => {
    const ws = c.state.workspace(id32(c, 'workspaceId'));
    const body = objectBody(c, 'AddWorkspaceUserRequestDto');
    const errors: FieldErrors = {};
    const userId = intField(body, 'userId', errors);
    const roleId = intField(body, 'roleId', errors);
    throwIfErrors(errors);
    const user = c.state.user(userId as number);
    if (!user) errors['userId'] = [`User ${String(userId)} was not found in the account.`];
    if (!c.state.role(roleId as number)) errors['roleId'] = [`Role ${String(roleId)} was not found.`];
    if (Object.keys(errors).length > 0) throw validation(errors);
    if (ws.isPersonal) throw badRequest('Users cannot be added to a personal workspace.');
    const members = c.state.members(ws.id);
    if (members.has(userId as number)) throw badRequest(`User ${String(userId)} is already a member of workspace ${ws.id}.`);
    members.set(userId as number, roleId as number);
    return empty();
  },

  removeWorkspaceUser: (c: Ctx) => {
    const ws = c.state.workspace(id32(c, 'workspaceId'));
    const userId = id32(c, 'userId');
    const members = c.state.members(ws.id);
    if (!members.has(userId)) throw notFound('User', `${userId} in workspace ${ws.id}`);
    if (ws.isPersonal) throw badRequest('The owner cannot be removed from a personal workspace.');
    members.delete(userId);
    return empty();
  },
} satisfies Partial<Record<OperationId, Handler>>;
