// A workspace's members: add an account user (picked from those not in it yet, with a role),
// remove one (asks first, naming who and where).
import * as l10n from '@vscode/l10n';
import type { AccountUser } from '../../api';
import { CommandId } from '../../shared/commandIds';
import { joinParts, plural } from '../../shared/format';
import { numId, refs, wsId } from '../../shared/refs';
import { quote } from '../../shared/format';
import type { Action, ActionContext } from './action';
import { roleById, roleItems, roleName, rolesSeen, typedRole, unnamedRole, type Roles } from './roles';
import { kindsOfCommand, titleOf } from '../../kinds';

/** What of the action context these actions use. */
type Uses = Pick<ActionContext, 'client' | 'nameOf' | 'prompter' | 'tree'>;

export interface AddUserInput {
  userId: number;
  roleId: number;
  userName?: string;
  roleName?: string;
}

export const addWorkspaceUser: Action<AddUserInput, void, Uses> = {
  id: CommandId.addWorkspaceUser,
  kinds: kindsOfCommand(CommandId.addWorkspaceUser),
  pickTitle: () => l10n.t('Add a user to a workspace'),
  busy: () => l10n.t('adding user…'),
  async input(ctx, [t], given) {
    if (given && typeof given === 'object') return given as AddUserInput;
    const ws = wsId(t.ref);
    // Who is in it already: the workspace's own list is exact (one request); account users come with their memberships.
    const [members, users] = await Promise.all([ctx.client(t.ref.account).listWorkspaceUsers(ws), ctx.client(t.ref.account).listAccountUsers({ take: 200 })]);
    const inside = new Set(members.map((m) => m.id));
    const candidates = users.data.filter((u) => u.id != null && !inside.has(u.id) && !(u.workspaces ?? []).some((w) => w.workspaceId === ws));
    if (!candidates.length) {
      void ctx.prompter.message('info', l10n.t('Every user of the account is already in {0}. Invite someone to the account first.', quote(t.name)));
      return undefined;
    }
    const user = await ctx.prompter.pick(
      candidates.map((u) => ({
        label: titleOf(refs.accountUser(t.ref.account, u.id as number), u),
        description: joinParts(u.fullName ? u.email : undefined, u.type),
        value: u,
      })),
      { title: l10n.t('Add a user to {0} (1/2)', t.name), placeholder: l10n.t('Which account user?') },
    );
    if (!user) return undefined;
    const roles: Roles = new Map();
    for (const u of users.data) for (const w of u.workspaces ?? []) if (!roles.has(w.roleId)) roles.set(w.roleId, w.roleName?.trim() || unnamedRole(w.roleId));
    for (const m of members) if (m.roleId != null && !roles.has(m.roleId)) roles.set(m.roleId, m.roleName?.trim() || unnamedRole(m.roleId));
    if (!roles.size) for (const [id, name] of await rolesSeen(ctx.client(t.ref.account))) roles.set(id, name);
    const userName = titleOf(refs.accountUser(t.ref.account, user.id as number), user);
    const roleId = await ctx.prompter.pick(roleItems(roles), {
      title: l10n.t('Add {0} to {1} (2/2)', userName, t.name),
      placeholder: l10n.t('Which role? (or type a role id)'),
      typed: typedRole,
    });
    if (roleId === undefined) return undefined;
    return { userId: user.id as number, roleId, userName, roleName: roleName(roles, roleId) };
  },
  progress: ([t]) => l10n.t('Adding a user to {0}…', quote(t.name)),
  couldNot: (t, reason) => l10n.t("Couldn't add a user to {0}: {1}", quote(t.name), reason),
  send: (ctx, t, input, signal) => ctx.client(t.ref.account).addWorkspaceUser(wsId(t.ref), { userId: input.userId, roleId: input.roleId }, { signal }),
  after: (ctx, t) => ctx.tree.reloadLists(t.ref.account, 'workspaceUsers', wsId(t.ref)),
  done: (t, _r, _ctx, input) => {
    // Given by id alone (a script's argument), the user and the role go by their ids.
    const role = input.roleName ?? roleById(input.roleId);
    const text = input.userName
      ? l10n.t('Added {0} to {1} as {2}.', quote(input.userName), quote(t.name), role)
      : l10n.t('Added user {0} to {1} as {2}.', input.userId, quote(t.name), role);
    return { severity: 'info', text };
  },
};

export const removeWorkspaceUser: Action<undefined, void, Uses> = {
  id: CommandId.removeWorkspaceUser,
  kinds: kindsOfCommand(CommandId.removeWorkspaceUser),
  pickTitle: () => l10n.t('Remove a user from a workspace'),
  many: {
    done: (n) =>
      plural(
        n,
        (c) => l10n.t('{0} user removed from the workspace.', c),
        (c) => l10n.t('{0} users removed from the workspace.', c),
      ),
  },
  busy: () => l10n.t('removing…'),
  confirm: (targets) => ({
    message:
      targets.length === 1
        ? l10n.t('Remove {0} from this workspace?', quote(targets[0].name))
        : l10n.t('Remove {0} users from this workspace?', targets.length),
    detail: `${targets.map((t) => joinParts(t.name, (t.data as AccountUser | undefined)?.email ?? undefined)).join('\n')}\n\n${l10n.t('They stay in the account and in their other workspaces.')}`,
    button: l10n.t('Remove'),
  }),
  progress: (targets) =>
    targets.length === 1
      ? l10n.t('Removing {0} from the workspace…', quote(targets[0].name))
      : l10n.t('Removing {0} users from the workspace…', targets.length),
  couldNot: (t, reason) => l10n.t("Couldn't remove {0} from the workspace: {1}", quote(t.name), reason),
  send: (ctx, t, _input, signal) => ctx.client(t.ref.account).removeWorkspaceUser(wsId(t.ref), numId(t.ref), { signal }),
  after: (ctx, t) => ctx.tree.removeItem(t.ref),
  done: (t, _r, ctx) => ({
    severity: 'info',
    text: l10n.t('Removed {0} from {1}.', quote(t.name), quote(ctx.nameOf(refs.workspace(t.ref.account, wsId(t.ref))))),
  }),
};
