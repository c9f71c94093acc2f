// Serialisation in the two spellings of the API: the switch between them, the helpers every
// kind's answers use, and the answers about the account (workspaces, users, invitations). Each
// kind's own answers live with its handlers (handlers/<kind>.ts).
//
// `seed` follows the contract we were given; `live` follows the live service's OpenAPI (see
// reference/skyvia/DIFFERENCES.md). The client must read both, so the demo can serve either and
// switch at runtime. Everything not listed here is the same in both.
//
//   seed: run list items carry `subState`; snapshot details `log`; automation details `result`;
//         endpoint request details `endpointId`, `workspaceId`, `errorDetails`; BackupRun has
//         successRows/errorRows; backup schedule operations answer 200 with an empty body.
//   live: no `subState`; snapshot details `result`; automation details `error`; endpoint request
//         details `pageToken`, `external`; BackupRun without rows; backup schedule `{active}`.

import type { InvitationRec, RoleRec, UserRec, WorkspaceRec } from './model';

export type Shapes = 'seed' | 'live';

export function iso(ms: number): string {
  return new Date(ms).toISOString();
}

export const isoOrNull = (ms: number | null): string | null => (ms === null ? null : iso(ms));
export const seconds = (ms: number): number => Math.max(0, Math.round(ms / 1000));

/** What a test of an agent or a connection answers: 200 whatever the outcome, which is the message. */
export function testResultJson(message: string): object {
  return { message, refresh: false };
}

// ---- account and workspaces

export function workspaceJson(w: WorkspaceRec): object {
  return { id: w.id, name: w.name, isPersonal: w.isPersonal };
}

export function accountUserJson(u: UserRec, memberships: { workspaceId: number; role: RoleRec }[]): object {
  return {
    id: u.id,
    email: u.email,
    fullName: u.fullName,
    type: u.type,
    workspaces: memberships.map((m) => ({ workspaceId: m.workspaceId, roleName: m.role.name, roleId: m.role.id })),
  };
}

export function invitationJson(inv: InvitationRec, roleOf: (id: number) => RoleRec | undefined): object {
  return {
    id: inv.id,
    email: inv.email,
    type: inv.type,
    workspaces: inv.workspaces.map((w) => ({ workspaceId: w.workspaceId, roleName: roleOf(w.roleId)?.name ?? null, roleId: w.roleId })),
    invitationDate: iso(inv.invitationDate),
    // Not a user yet: both are null until the invitation is accepted.
    userId: null,
    fullName: null,
  };
}

export function workspaceUserJson(u: UserRec, role: RoleRec): object {
  return { id: u.id, email: u.email, fullName: u.fullName, roleId: role.id, roleName: role.name };
}
