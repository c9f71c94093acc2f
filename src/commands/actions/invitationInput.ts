// The multi-step input of "Invite User": the e-mail (checked as typed), Administrator or
// Member, the workspaces to add them to (any number, personal ones excluded: no one can be
// invited into someone's personal workspace), then a role in each. The API has no roles list:
// the roles seen in the account are offered, and a role id can be typed.
import * as l10n from '@vscode/l10n';
import { isEmailAddress } from '../../api';
import { refs, type AccountId } from '../../shared/refs';
import type { PickItem } from '../prompter';
import type { ActionContext } from './action';
import { parseRoleId, roleItems, roleName, rolesSeen, typedRole } from './roles';
import { titleOf } from '../../kinds';

export interface InvitationInput {
  email: string;
  userType: 'Administrator' | 'Member';
  workspaces: { workspaceId: number; roleId: number; workspaceName?: string; roleName?: string }[];
}

/** The service's two user types, as the picker offers them: the labels are ours, the values its. */
function userTypes(): PickItem<InvitationInput['userType']>[] {
  return [
    { label: l10n.t('Member'), description: l10n.t('works in the workspaces chosen next'), value: 'Member' }, // l10n-ignore: the API's user type, sent as it is
    { label: l10n.t('Administrator'), description: l10n.t('manages the whole account'), value: 'Administrator' }, // l10n-ignore: the API's user type, sent as it is
  ];
}

/**
 * An invitation given as the command's argument (tests, scripts): taken as given. The client
 * checks the e-mail, the user type and the ids before anything is sent, and says which field is wrong.
 */
export function readInvitationArg(given: unknown): InvitationInput | undefined {
  if (!given || typeof given !== 'object') return undefined;
  const g = given as Partial<InvitationInput>;
  return { email: String(g.email ?? ''), userType: g.userType as InvitationInput['userType'], workspaces: Array.isArray(g.workspaces) ? g.workspaces : [] };
}

export async function askInvitation(
  ctx: Pick<ActionContext, 'client' | 'prompter'>,
  account: AccountId,
  prefill?: InvitationInput,
): Promise<InvitationInput | undefined> {
  const { prompter } = ctx;
  const client = ctx.client(account);
  const step = (n: number, of: number) => l10n.t('Invite a user ({0}/{1})', n, of);
  const email = await prompter.input({
    title: step(1, 4),
    prompt: l10n.t('The e-mail address of the person to invite'),
    placeholder: l10n.t('name@company.com'),
    value: prefill?.email,
    validate: (v) => (isEmailAddress(v) ? undefined : l10n.t('Enter an e-mail address, like name@company.com.')),
  });
  if (email === undefined) return undefined;
  const types = prefill ? userTypes().sort((a) => (a.value === prefill.userType ? -1 : 1)) : userTypes();
  const userType = await prompter.pick(types, { title: step(2, 4), placeholder: l10n.t('Administrator or Member?') });
  if (!userType) return undefined;

  const all = await client.listWorkspaces();
  const shared = all.filter((w) => w.isPersonal !== true);
  const chosenBefore = new Set(prefill?.workspaces.map((w) => w.workspaceId));
  const picked = shared.length
    ? await prompter.pickMany(
        shared.map((w) => ({
          label: titleOf(refs.workspace(account, w.id), w),
          description: l10n.t('workspace {0}', w.id),
          value: w,
          picked: chosenBefore.has(w.id),
        })),
        { title: step(3, 4), placeholder: l10n.t('Add them to which workspaces? (none: the account only)') },
      )
    : [];
  if (!picked) return undefined;

  const workspaces: InvitationInput['workspaces'] = [];
  if (picked.length) {
    const roles = await rolesSeen(client);
    for (const w of picked) {
      const name = titleOf(refs.workspace(account, w.id), w);
      const before = prefill?.workspaces.find((x) => x.workspaceId === w.id)?.roleId;
      const items = roleItems(roles).sort((a) => (a.value === before ? -1 : 1));
      const roleId = await prompter.pick(items, {
        title: l10n.t('Invite a user ({0}/{1}): role in {2}', 4, 4, name),
        placeholder: items.length ? l10n.t('Pick a role, or type a role id') : l10n.t('No roles are known in this account yet: type a role id'),
        typed: typedRole,
      });
      if (roleId === undefined) return undefined;
      if ('error' in parseRoleId(String(roleId))) return undefined;
      workspaces.push({ workspaceId: w.id, roleId, workspaceName: name, roleName: roleName(roles, roleId) });
    }
  }
  return { email: email.trim(), userType, workspaces };
}
