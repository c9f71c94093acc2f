// The demo account's internal records of people and workspaces, and what every kind's records
// share. These are not API shapes: each kind's handler file (and shapes.ts for the account) turns
// them into the JSON the service sends, in the seed or the live spelling. A kind's own record is
// declared with its seed (handlers/<kind>Seed.ts or its handler file).

export type UserTypeName = 'Administrator' | 'Member';

export interface WorkspaceRec {
  id: number;
  name: string;
  isPersonal: boolean;
}

export interface RoleRec {
  id: number;
  name: string;
}

export interface UserRec {
  id: number;
  email: string;
  fullName: string;
  type: UserTypeName;
}

export interface InvitationRec {
  id: number;
  email: string;
  type: UserTypeName;
  workspaces: { workspaceId: number; roleId: number }[];
  invitationDate: number;
}

/**
 * Which lazy entries of a history succeed unusually: counting back from the newest, every
 * `every`-th from `offset` (the newest is 0), so one lies a few entries back at any scale.
 */
export interface Unusually {
  every: number;
  offset: number;
}

/** Whether lazy entry `i` of a history of `count` is one its item made unusual (if it succeeded). */
export function plantedUnusual(spec: Unusually | undefined, count: number, i: number): boolean {
  return !!spec && (count - 1 - i) % spec.every === spec.offset;
}
