// The believable demo account: a retail company's data team with four workspaces — its people,
// roles and invitations. Each kind's items (integrations, backups, …) are seeded by its handler
// file (handlers/registry.ts lists the kinds) with the same tools (seedTools.ts).
//
// Deterministic: every value comes from fixed tables or from hashes of ids (random.ts), so every
// start serves the same account. Dates are relative to `anchorMs` (the hour the service started)
// so "last night's run" stays last night. Hand-written entities come first with the fixed ids of
// DEMO_FIXTURES; `scale` adds generated "filler" entities after them and stretches every history
// (histories are lazy — see history.ts — so scale 1000 costs no more memory than the entity list).

import { DEMO_FIXTURES as F } from './fixtures';
import type { InvitationRec, RoleRec, UserRec, UserTypeName, WorkspaceRec } from './model';
import { intIn, pickBy, unit } from './random';
import { DAY, seedTools } from './seedTools';

export const EMAIL_DOMAIN = 'bluefinch-retail.example';

export interface Seed {
  anchorMs: number;
  scale: number;
  workspaces: WorkspaceRec[];
  roles: RoleRec[];
  users: UserRec[];
  /** workspaceId → userId → roleId */
  memberships: Map<number, Map<number, number>>;
  invitations: InvitationRec[];
  /** The id of the next invitation: above every generated one. */
  nextIds: { invitation: number };
}

// Hash salts of people, apart from every kind's, so equal ids get unrelated values.
const K = { user: 7, invitation: 8 } as const;

const W = F.workspaces;

// ---------------------------------------------------------------------------------------------
// Hand-written entities

const WORKSPACES: WorkspaceRec[] = [
  { id: W.personal, name: 'Personal', isPersonal: true },
  { id: W.salesOps, name: 'Sales Ops', isPersonal: false },
  { id: W.finance, name: 'Finance', isPersonal: false },
  { id: W.dataPlatform, name: 'Data Platform', isPersonal: false },
];

const ROLES: RoleRec[] = [
  { id: F.roles.administrator, name: 'Administrator' },
  { id: F.roles.developer, name: 'Developer' },
  { id: F.roles.viewer, name: 'Viewer' },
];

const { administrator: ADMIN, developer: DEV, viewer: VIEW } = F.roles;

interface UserSeed {
  id: number;
  fullName: string;
  type: UserTypeName;
  /** [workspaceId, roleId] */
  in: [number, number][];
}

const USERS: UserSeed[] = [
  {
    id: 7001,
    fullName: 'Dana Whitfield',
    type: 'Administrator',
    in: [
      [W.personal, ADMIN],
      [W.salesOps, ADMIN],
      [W.finance, ADMIN],
      [W.dataPlatform, ADMIN],
    ],
  },
  {
    id: 7002,
    fullName: 'Marcus Chen',
    type: 'Administrator',
    in: [
      [W.dataPlatform, ADMIN],
      [W.finance, DEV],
    ],
  },
  {
    id: 7003,
    fullName: 'Priya Raman',
    type: 'Member',
    in: [
      [W.dataPlatform, DEV],
      [W.salesOps, VIEW],
    ],
  },
  { id: 7004, fullName: 'Tomás Álvarez', type: 'Member', in: [[W.salesOps, DEV]] },
  { id: 7005, fullName: 'Aisha Okafor', type: 'Member', in: [[W.finance, ADMIN]] },
  { id: 7006, fullName: 'Jonas Becker', type: 'Member', in: [[W.dataPlatform, VIEW]] },
  {
    id: 7007,
    fullName: 'Emily Novak',
    type: 'Member',
    in: [
      [W.salesOps, ADMIN],
      [W.dataPlatform, VIEW],
    ],
  },
  { id: 7008, fullName: 'Kenji Watanabe', type: 'Member', in: [[W.finance, VIEW]] },
  { id: 7009, fullName: 'Sofia Rossi', type: 'Member', in: [] },
  {
    id: 7010,
    fullName: "Liam O'Connor",
    type: 'Member',
    in: [
      [W.dataPlatform, DEV],
      [W.finance, VIEW],
    ],
  },
];

interface InvitationSeed {
  email: string;
  type: UserTypeName;
  workspaces: { workspaceId: number; roleId: number }[];
  daysAgo: number;
}

const INVITATIONS: InvitationSeed[] = [
  { email: `olivia.grant@${EMAIL_DOMAIN}`, type: 'Member', workspaces: [{ workspaceId: W.salesOps, roleId: VIEW }], daysAgo: 2 },
  { email: 'ravi.patel@northbeam-consulting.example', type: 'Member', workspaces: [{ workspaceId: W.dataPlatform, roleId: DEV }], daysAgo: 6 },
  {
    email: `finance.temp@${EMAIL_DOMAIN}`,
    type: 'Member',
    workspaces: [
      { workspaceId: W.finance, roleId: VIEW },
      { workspaceId: W.salesOps, roleId: VIEW },
    ],
    daysAgo: 13,
  },
  { email: `cto@${EMAIL_DOMAIN}`, type: 'Administrator', workspaces: [], daysAgo: 29 },
];

// ---------------------------------------------------------------------------------------------
// Vocabulary for generated ("filler") entities at scale > 1

const FIRST_NAMES = [
  'Ava',
  'Noah',
  'Mia',
  'Lucas',
  'Zara',
  'Ethan',
  'Chloe',
  'Mateo',
  'Hana',
  'Oliver',
  'Leila',
  'Arjun',
  'Grace',
  'Felix',
  'Nora',
  'Diego',
  'Ines',
  'Samuel',
  'Yuki',
  'Omar',
];
const LAST_NAMES = [
  'Hughes',
  'Kowalski',
  'Nakamura',
  'Silva',
  'Petrov',
  'Murphy',
  'Haddad',
  'Lindqvist',
  'Moreau',
  'Kim',
  'Dubois',
  'Singh',
  'Fischer',
  'Costa',
  'Walsh',
  'Ibrahim',
];

// ---------------------------------------------------------------------------------------------

export function buildSeed(scale: number, anchorMs: number): Seed {
  const seed: Seed = {
    anchorMs,
    scale,
    workspaces: WORKSPACES.map((w) => ({ ...w })),
    roles: ROLES.map((r) => ({ ...r })),
    users: [],
    memberships: new Map(WORKSPACES.map((w) => [w.id, new Map<number, number>()])),
    invitations: [],
    nextIds: { invitation: 0 },
  };
  const { fillerFor } = seedTools(scale, anchorMs);

  // --- users and memberships
  const addUser = (id: number, fullName: string, type: UserTypeName, email: string, memberOf: [number, number][]): void => {
    seed.users.push({ id, email, fullName, type });
    for (const [ws, role] of memberOf) seed.memberships.get(ws)?.set(id, role);
  };
  for (const u of USERS) {
    const [first = '', ...rest] = u.fullName.split(' ');
    const email = `${ascii(first)}.${ascii(rest.join(''))}@${EMAIL_DOMAIN}`.toLowerCase();
    addUser(u.id, u.fullName, u.type, email, u.in);
  }
  const shared = WORKSPACES.filter((w) => !w.isPersonal).map((w) => w.id);
  for (let k = 0, id = 7101; k < fillerFor(USERS.length); k++, id++) {
    const first = pickBy(FIRST_NAMES, K.user, id, 1);
    const last = pickBy(LAST_NAMES, K.user, id, 2);
    const memberOf: [number, number][] = [[pickBy(shared, K.user, id, 3), pickBy([DEV, VIEW, VIEW], K.user, id, 4)]];
    if (unit(K.user, id, 5) < 0.3) memberOf.push([pickBy(shared, K.user, id, 6), DEV]);
    addUser(id, `${first} ${last}`, unit(K.user, id, 7) < 0.1 ? 'Administrator' : 'Member', `${first}.${last}.${id}@${EMAIL_DOMAIN}`.toLowerCase(), memberOf);
  }

  // --- invitations
  let invitationId = F.invitations.firstId;
  for (const inv of INVITATIONS) {
    seed.invitations.push({
      id: invitationId++,
      email: inv.email,
      type: inv.type,
      workspaces: inv.workspaces,
      invitationDate: anchorMs - inv.daysAgo * DAY - intIn(0, 80_000, K.invitation, invitationId) * 1000,
    });
  }
  for (let k = 0; k < fillerFor(INVITATIONS.length); k++) {
    const first = pickBy(FIRST_NAMES, K.invitation, invitationId, 1);
    const last = pickBy(LAST_NAMES, K.invitation, invitationId, 2);
    seed.invitations.push({
      id: invitationId,
      email: `${first}.${last}.${invitationId}@partner.example`.toLowerCase(),
      type: 'Member',
      workspaces: [{ workspaceId: pickBy(shared, K.invitation, invitationId, 3), roleId: VIEW }],
      invitationDate: anchorMs - intIn(1, 60 * 86_400, K.invitation, invitationId, 4) * 1000,
    });
    invitationId++;
  }
  seed.nextIds.invitation = invitationId;
  return seed;
}

/** Strips accents and apostrophes for e-mail local parts ("Tomás" → "tomas", "O'Connor" → "oconnor"). */
function ascii(s: string): string {
  return s.normalize('NFD').replace(/[^A-Za-z]/g, '');
}
