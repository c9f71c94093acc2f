// Account users, workspace users and invitations.
import * as l10n from '@vscode/l10n';
import type { AccountInvitation, AccountUser, WorkspaceUser } from '../api';
import { joinParts, relativeTime } from '../shared/format';
import type { ItemSpec, ItemView } from './kind';

type User = AccountUser | WorkspaceUser;

function userDescription(v: ItemView<User>): string {
  const u = v.data;
  const name = u.fullName?.trim();
  const role = ('roleName' in u ? u.roleName : undefined) ?? ('type' in u ? u.type : undefined) ?? undefined;
  return joinParts(name && u.email ? u.email : undefined, role);
}

export const ACCOUNT_USER: ItemSpec<AccountUser> = {
  kind: 'accountUser',
  icon: () => ['person'],
  description: userDescription,
  flags: () => [],
  capabilities: (v) => [!v.busy && !!v.data.email && 'canRemove'],
};

export const WORKSPACE_USER: ItemSpec<WorkspaceUser> = {
  kind: 'workspaceUser',
  icon: () => ['person'],
  description: userDescription,
  flags: () => [],
  capabilities: (v) => [!v.busy && 'canRemove'],
};

export const INVITATION: ItemSpec<AccountInvitation> = {
  kind: 'invitation',
  icon: () => ['mail'],
  description: (v) => joinParts(v.data.type, v.data.invitationDate && l10n.t('invited {0}', relativeTime(v.data.invitationDate, v.now))),
  flags: () => [],
  capabilities: (v) => [!v.busy && 'canResend', !v.busy && 'canDelete'],
};
