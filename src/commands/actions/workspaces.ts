// A workspace's members: add an account user (picked from those not in it yet, with a role),
// remove one (asks first, naming who and where).
import type { AccountUser } from '../../api';
import { CommandId } from '../../shared/commandIds';
import { titleOf } from '../../shared/describe';
import { joinParts } from '../../shared/format';
import { numId, refs, wsId } from '../../shared/refs';
import { quote } from '../runner';
import type { Action } from './action';
import { roleItems, roleName, rolesSeen, typedRole, type Roles } from './roles';

export interface AddUserInput {
  userId: number;
  roleId: number;
  userName?: string;
  roleName?: string;
}

export const addWorkspaceUser: Action<AddUserInput, void> = {
  id: CommandId.addWorkspaceUser,
  kinds: ['workspace'],
  pickTitle: 'Add a user to a workspace',
  verb: 'add a user to',
  busy: 'adding user…',
  async input(ctx, [t], given) {
    if (given && typeof given === 'object') return given as AddUserInput;
    const ws = wsId(t.ref);
    // Who is in it already: the workspace's own list is exact (one request); account users come with their memberships.
    const [members, users] = await Promise.all([ctx.client.listWorkspaceUsers(ws), ctx.client.listAccountUsers({ take: 200 })]);
    const inside = new Set(members.map((m) => m.id));
    const candidates = users.data.filter((u) => u.id != null && !inside.has(u.id) && !(u.workspaces ?? []).some((w) => w.workspaceId === ws));
    if (!candidates.length) {
      void ctx.prompter.message('info', `Every user of the account is already in ${quote(t.name)}. Invite someone to the account first.`);
      return undefined;
    }
    const user = await ctx.prompter.pick(
      candidates.map((u) => ({ label: titleOf(refs.accountUser(u.id as number), u), description: joinParts(u.fullName ? u.email : undefined, u.type), value: u })),
      { title: `Add a user to ${t.name} (1/2)`, placeholder: 'Which account user?' },
    );
    if (!user) return undefined;
    const roles: Roles = new Map();
    for (const u of users.data) for (const w of u.workspaces ?? []) if (!roles.has(w.roleId)) roles.set(w.roleId, w.roleName?.trim() || `Role ${w.roleId}`);
    for (const m of members) if (m.roleId != null && !roles.has(m.roleId)) roles.set(m.roleId, m.roleName?.trim() || `Role ${m.roleId}`);
    if (!roles.size) for (const [id, name] of await rolesSeen(ctx.client)) roles.set(id, name);
    const userName = titleOf(refs.accountUser(user.id as number), user);
    const roleId = await ctx.prompter.pick(roleItems(roles), { title: `Add ${userName} to ${t.name} (2/2)`, placeholder: 'Which role? (or type a role id)', typed: typedRole });
    if (roleId === undefined) return undefined;
    return { userId: user.id as number, roleId, userName, roleName: roleName(roles, roleId) };
  },
  progress: (t) => `Adding a user to ${quote(t.name)}…`,
  send: (ctx, t, input, signal) => ctx.client.addWorkspaceUser(wsId(t.ref), { userId: input.userId, roleId: input.roleId }, { signal }),
  after: (ctx, t) => ctx.tree.reloadLists('workspaceUsers', wsId(t.ref)),
  done: (t, _r, _ctx, input) => ({ severity: 'info', text: `Added ${input.userName ? quote(input.userName) : `user ${input.userId}`} to ${quote(t.name)} as ${input.roleName ?? `role ${input.roleId}`}.` }),
};

export const removeWorkspaceUser: Action<undefined, void> = {
  id: CommandId.removeWorkspaceUser,
  kinds: ['workspaceUser'],
  pickTitle: 'Remove a user from a workspace',
  many: { done: 'removed from the workspace' },
  verb: 'remove',
  busy: 'removing…',
  confirm: (targets) => ({
    message: targets.length === 1 ? `Remove ${quote(targets[0].name)} from this workspace?` : `Remove ${targets.length} users from this workspace?`,
    detail: `${targets.map((t) => joinParts(t.name, (t.data as AccountUser | undefined)?.email ?? undefined)).join('\n')}\n\nThey stay in the account and in their other workspaces.`,
    button: 'Remove',
  }),
  progress: (t) => `Removing ${quote(t.name)} from the workspace…`,
  send: (ctx, t, _input, signal) => ctx.client.removeWorkspaceUser(wsId(t.ref), numId(t.ref), { signal }),
  after: (ctx, t) => ctx.tree.removeItem(t.ref),
  done: (t, _r, ctx) => ({ severity: 'info', text: `Removed ${quote(t.name)} from ${quote(ctx.nameOf(refs.workspace(wsId(t.ref))))}.` }),
};
