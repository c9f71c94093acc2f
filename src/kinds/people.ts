// Account users, workspace users and invitations: listed, never read one by one.
import * as l10n from '@vscode/l10n';
import type { AccountInvitation, AccountUser, WorkspaceUser } from '../api';
import type { PickTexts } from '../shared/pickTexts';
import { refs } from '../shared/refs';
import { memberships, str } from '../shared/describe';
import { joinParts, nameOr, plural, relativeTime, whenText } from '../shared/format';
import { CommandId } from '../shared/commandIds';
import type { ItemRecord, ItemView } from './kind';

type User = AccountUser & WorkspaceUser;

/** The palette's question over the account's users, or a workspace's. */
function users(): PickTexts {
  return { placeholder: l10n.t('Which user?'), empty: l10n.t('There is nothing to choose from: no user.') };
}

const userNames = { numbered: (id: string) => l10n.t('User #{0}', id), unnamed: () => l10n.t('(unnamed user)') };

function userDescription(v: ItemView<User>): string {
  const u = v.data;
  const name = u.fullName?.trim();
  const role = u.roleName ?? u.type ?? undefined;
  return joinParts(name && u.email ? u.email : undefined, role);
}

/** A user is called by full name, else e-mail, else "User #7007". */
function userTitle(ref: { id: string }, u: User | undefined): string {
  return (typeof u?.fullName === 'string' && u.fullName.trim()) || nameOr(str(u?.email), userNames, u?.id != null ? String(u.id) : ref.id);
}

const userDetails = (_ref: unknown, u: User): [string, string | undefined][] => [
  [l10n.t('E-mail'), str(u.email)],
  [l10n.t('Role'), str(u.roleName) ?? str(u.type)],
  [l10n.t('Workspaces'), memberships(u.workspaces)],
  [l10n.t('User id'), u.id != null ? String(u.id) : undefined],
];

export const ACCOUNT_USER: ItemRecord<User> = {
  kind: 'accountUser',
  english: ['account user', 'account users'], // l10n-ignore: English on purpose, for the log and the chat's model
  words: {
    noun: () => l10n.t('account user'),
    title: () => l10n.t('Account user'),
    plural: () => l10n.t('account users'),
    count: (n) =>
      plural(
        n,
        (c) => l10n.t('{0} account user', c),
        (c) => l10n.t('{0} account users', c),
      ),
    which: () => l10n.t('Which user?'),
    another: () => l10n.t('Another user…'),
    ...userNames,
  },
  title: userTitle,
  details: userDetails,
  icon: () => ['person'],
  description: userDescription,
  flags: () => [],
  capabilities: (v) => [!v.busy && !!v.data.email && 'canRemove'],
  // Listed without an id, it is known by its e-mail alone: there is no id to copy.
  copyableId: (_ref, u) => (u.id != null ? String(u.id) : undefined),
  commands: { canRemove: CommandId.removeAccountUser },
  reach: {
    via: 'accountList',
    texts: users,
    list: (client, page) => client.listAccountUsers(page),
    refOf: (account, u: AccountUser) => refs.accountUser(account, u.id ?? u.email ?? ''),
  },
};

export const WORKSPACE_USER: ItemRecord<User> = {
  kind: 'workspaceUser',
  english: ['workspace user', 'workspace users'], // l10n-ignore: English on purpose, for the log and the chat's model
  words: {
    noun: () => l10n.t('workspace user'),
    title: () => l10n.t('Workspace user'),
    plural: () => l10n.t('workspace users'),
    count: (n) =>
      plural(
        n,
        (c) => l10n.t('{0} workspace user', c),
        (c) => l10n.t('{0} workspace users', c),
      ),
    which: () => l10n.t('Which user?'),
    another: () => l10n.t('Another user…'),
    ...userNames,
  },
  title: userTitle,
  details: userDetails,
  icon: () => ['person'],
  description: userDescription,
  flags: () => [],
  capabilities: (v) => [!v.busy && 'canRemove'],
  commands: { canRemove: CommandId.removeWorkspaceUser },
  // The service gives a workspace's users in one list.
  reach: {
    via: 'workspaceList',
    texts: users,
    list: async (client, workspaceId) => ({ data: await client.listWorkspaceUsers(workspaceId), hasMore: false }),
    refOf: (account, workspaceId, u: WorkspaceUser) => refs.workspaceUser(account, workspaceId, u.id),
  },
};

const invitationNames = { numbered: (id: string) => l10n.t('Invitation #{0}', id), unnamed: () => l10n.t('(unnamed invitation)') };

export const INVITATION: ItemRecord<AccountInvitation> = {
  kind: 'invitation',
  english: ['invitation', 'invitations'],
  words: {
    noun: () => l10n.t('invitation'),
    title: () => l10n.t('Invitation'),
    plural: () => l10n.t('invitations'),
    count: (n) =>
      plural(
        n,
        (c) => l10n.t('{0} invitation', c),
        (c) => l10n.t('{0} invitations', c),
      ),
    which: () => l10n.t('Which invitation?'),
    another: () => l10n.t('Another invitation…'),
    ...invitationNames,
  },
  title: (ref, i) => nameOr(str(i?.email), invitationNames, ref.id),
  details: (ref, i, facts) => [
    [l10n.t('Name'), str(i.fullName)],
    [l10n.t('User type'), str(i.type)],
    [l10n.t('Invited'), whenText(i.invitationDate, facts.now)],
    [l10n.t('Workspaces'), memberships(i.workspaces)],
    [l10n.t('Invitation id'), ref.id],
  ],
  icon: () => ['mail'],
  description: (v) => joinParts(v.data.type, v.data.invitationDate && l10n.t('invited {0}', relativeTime(v.data.invitationDate, v.now))),
  flags: () => [],
  capabilities: (v) => [!v.busy && 'canResend', !v.busy && 'canDelete'],
  commands: { canResend: CommandId.resendInvitation, canDelete: CommandId.deleteInvitation },
  reach: {
    via: 'accountList',
    texts: () => ({ placeholder: l10n.t('Which invitation?'), empty: l10n.t('There is nothing to choose from: no invitation.') }),
    list: (client, page) => client.listInvitations(page),
    refOf: (account, i: AccountInvitation) => refs.invitation(account, i.id),
  },
};
