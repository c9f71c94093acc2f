// The account the token belongs to, and its workspaces.
import * as l10n from '@vscode/l10n';
import type { Workspace } from '../api';
import { nameOr, plural } from '../shared/format';
import { str } from '../shared/describe';
import { CommandId } from '../shared/commandIds';
import { wsId } from '../shared/refs';
import type { KindRecord } from './kind';

export const ACCOUNT: KindRecord<object> = {
  kind: 'account',
  english: ['account', 'accounts'],
  words: {
    noun: () => l10n.t('account'),
    title: () => l10n.t('Account'),
    plural: () => l10n.t('accounts'),
    count: (n) =>
      plural(
        n,
        (c) => l10n.t('{0} account', c),
        (c) => l10n.t('{0} accounts', c),
      ),
    which: () => l10n.t('Which account?'),
    another: () => l10n.t('Another account…'),
  },
  title: () => l10n.t('the account'),
  details: () => [],
  commands: { canInvite: CommandId.inviteUser },
  reach: { via: 'theAccount' },
};

const workspaceNames = { numbered: (id: string) => l10n.t('Workspace #{0}', id), unnamed: () => l10n.t('(unnamed workspace)') };

export const WORKSPACE: KindRecord<Workspace> = {
  kind: 'workspace',
  english: ['workspace', 'workspaces'],
  words: {
    noun: () => l10n.t('workspace'),
    title: () => l10n.t('Workspace'),
    plural: () => l10n.t('workspaces'),
    count: (n) =>
      plural(
        n,
        (c) => l10n.t('{0} workspace', c),
        (c) => l10n.t('{0} workspaces', c),
      ),
    which: () => l10n.t('Which workspace?'),
    another: () => l10n.t('Another workspace…'),
  },
  title: (ref, w) => nameOr(str(w?.name), workspaceNames, ref.id),
  details: (ref, w) => [
    [
      l10n.t('Kind'),
      w.isPersonal === undefined
        ? undefined
        : w.isPersonal
          ? l10n.t({ message: 'personal', comment: ['The "Kind" of a workspace'] })
          : l10n.t({ message: 'shared', comment: ['The "Kind" of a workspace'] }),
    ],
    [l10n.t('Workspace id'), ref.id],
  ],
  read: (client, ref, signal) => client.getWorkspace(wsId(ref), { signal }),
  commands: { canAddUser: CommandId.addWorkspaceUser },
  reach: { via: 'theWorkspace' },
};
