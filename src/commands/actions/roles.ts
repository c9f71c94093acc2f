// The API has no list of roles. The roles a person can pick are the ones seen in the account —
// in its users' workspace memberships — and any role id typed by hand.
import * as l10n from '@vscode/l10n';
import type { SkyviaClient } from '../../api';
import type { PickItem } from '../prompter';

export type Roles = Map<number, string>;

/** Roles seen in the account's users' memberships (one request: the first 200 users). */
export async function rolesSeen(client: SkyviaClient, signal?: AbortSignal): Promise<Roles> {
  const roles: Roles = new Map();
  const users = await client.listAccountUsers({ take: 200 }, { signal });
  for (const u of users.data) {
    for (const w of u.workspaces ?? []) {
      if (Number.isInteger(w.roleId) && !roles.has(w.roleId)) roles.set(w.roleId, w.roleName?.trim() || unnamedRole(w.roleId));
    }
  }
  return roles;
}

export const MAX_ROLE_ID = 2_147_483_647;

/** A role id as typed: a whole number from 1 to 2^31 − 1, else why not. */
export function parseRoleId(text: string): { id: number } | { error: string } {
  const t = text.trim();
  if (!/^\d+$/.test(t)) return { error: l10n.t('A role id is a whole number, like 2.') };
  const id = Number(t);
  if (id < 1 || id > MAX_ROLE_ID) return { error: l10n.t('A role id is from 1 to {0}.', MAX_ROLE_ID) };
  return { id };
}

export function roleItems(roles: Roles): PickItem<number>[] {
  return [...roles.entries()].sort((a, b) => a[1].localeCompare(b[1])).map(([id, name]) => ({ label: name, description: roleById(id), value: id }));
}

/** Typing a number into the role picker offers it as a role id. */
export function typedRole(text: string): PickItem<number> | undefined {
  const parsed = parseRoleId(text);
  return 'id' in parsed ? { label: text.trim(), description: l10n.t('use this role id'), value: parsed.id, alwaysShow: true } : undefined;
}

export function roleName(roles: Roles, id: number): string {
  return roles.get(id) ?? roleById(id);
}

/** A role known by its id alone, as a sentence names it: "role 5". */
export function roleById(id: number): string {
  return l10n.t('role {0}', id);
}

/** A role seen without a name, as a picker's row shows it: "Role 5". */
export function unnamedRole(id: number): string {
  return l10n.t('Role {0}', id);
}
