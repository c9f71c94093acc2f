// The demo account's internal records. These are not API shapes: `shapes.ts` turns them into the
// JSON the service sends, in the seed or the live spelling.

import type { Series } from './history';

export type UserTypeName = 'Administrator' | 'Member';
export type ScheduleState = 'none' | 'active' | 'inactive';

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

/** How runs started through the API end. */
export type RunOutcomePolicy = 'succeed' | 'fail' | 'flaky';

export interface IntegrationRec {
  id: number;
  workspaceId: number;
  name: string | null;
  type: string;
  created: number;
  modified: number;
  schedule: ScheduleState;
  outcome: RunOutcomePolicy;
  source: string;
  target: string;
  /** Lines in a run's log. */
  logLines: number;
  /** Rows a typical run moves. */
  typicalRows: number;
  history: Series;
  /** runId of lazy item i is runIdBase + i. */
  runIdBase: number;
  /** What a failed run says, if not one of the usual failures. */
  failure?: string;
  /** What a rejected record says, if not one of the usual errors. */
  recordError?: string;
  /** Now and then a run succeeds unusually: it writes 0 rows (see `Unusually`). */
  unusual?: Unusually;
  /** The next run (through the API or a schedule) succeeds unusually (`POST /__demo/unusual`). */
  nextUnusual?: boolean;
  /** The next run (through the API or a schedule) fails, every record error and its end saying this (`POST /__demo/failure`). */
  nextFailure?: string;
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

export interface BackupRec {
  id: number;
  workspaceId: number;
  name: string | null;
  connector: string;
  created: number;
  modified: number;
  scheduleActive: boolean;
  logLines: number;
  history: Series;
  snapshotIdBase: number;
  /** Now and then a snapshot succeeds unusually: it takes hours (see `Unusually`). */
  unusual?: Unusually;
  /** The next snapshot succeeds unusually: it takes UNUSUAL_SNAPSHOT_MS (`POST /__demo/unusual`). */
  nextUnusual?: boolean;
}

export interface AutomationRec {
  id: number;
  workspaceId: number;
  name: string | null;
  triggerType: 'Manual' | 'Schedule' | 'Connection' | 'Webhook';
  created: number;
  modified: number;
  enabled: boolean;
  /** Keeps one execution running while enabled, so `active` and `state.executing` have something to show. */
  alwaysExecuting: boolean;
  history: Series;
  executionIdBase: bigint;
  steps: string[];
  /** What a failed execution says, if not one of the usual errors. */
  failure?: string;
  /** The comment every execution carries, if not the usual one. */
  comment?: string;
}

export interface AgentRec {
  id: number;
  workspaceId: number;
  name: string | null;
  key: string;
  online: boolean;
  lastSeenDaysAgo: number;
  /** Its test's message repeats its key. */
  echoesKey?: boolean;
}

export interface ConnectionRec {
  id: number;
  workspaceId: number;
  name: string | null;
  connector: string;
  type: 'Direct' | 'Agent';
  agentId?: number;
  /** Why a test fails; undefined when it passes (agent connections also fail when the agent is offline). */
  failure?: string;
}

export interface EndpointRec {
  id: number;
  workspaceId: number;
  name: string | null;
  type: 'OData' | 'Sql';
  token: string;
  active: boolean;
  created: number;
  modified: number;
  entities: string[];
  history: Series;
  /** The user agent of every request, if not one of the usual ones. */
  userAgent?: string;
  /** Disabling it fails with a message that repeats its token. */
  echoesToken?: boolean;
}
