// Serialisation of the demo's facts in the two spellings of the API.
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

import type { ExecutionFacts, RequestFacts, RunFacts, SnapshotFacts } from './items';
import type { AgentRec, AutomationRec, BackupRec, ConnectionRec, EndpointRec, IntegrationRec, InvitationRec, RoleRec, UserRec, WorkspaceRec } from './model';
import type { LiveExecution } from './runs';

export type Shapes = 'seed' | 'live';

export function iso(ms: number): string {
  return new Date(ms).toISOString();
}

const isoOrNull = (ms: number | null): string | null => (ms === null ? null : iso(ms));
const seconds = (ms: number): number => Math.max(0, Math.round(ms / 1000));

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

// ---- integrations

export function integrationJson(i: IntegrationRec): object {
  return { id: i.id, name: i.name, type: i.type, created: iso(i.created), modified: iso(i.modified), scheduled: i.schedule === 'active' };
}

/** A finished run in the history list. */
export function runListItemJson(f: RunFacts, shapes: Shapes): object {
  return {
    runId: f.runId,
    date: iso(f.date),
    duration: seconds((f.endTime ?? f.date) - f.date),
    state: f.state,
    ...(shapes === 'seed' ? { subState: 'None' } : {}),
    successRows: f.successRows,
    errorRows: f.errorRows,
  };
}

/** The run returned by POST executions: the contract lists `duration` on it (0 for a new run). */
export function runResultJson(f: RunFacts, now: number): object {
  return {
    runId: f.runId,
    date: iso(f.date),
    duration: seconds((f.endTime ?? now) - f.date),
    state: f.state,
    successRows: f.successRows,
    errorRows: f.errorRows,
  };
}

/** The active run: as the run result but without `duration` (the contract says it is absent). */
export function activeRunJson(f: RunFacts): object {
  return { runId: f.runId, date: iso(f.date), state: f.state, successRows: f.successRows, errorRows: f.errorRows };
}

/** `GET …/executions/{executionId}` (IntegrationExecutionResultDto; the live service's only). */
export function runDetailsJson(f: RunFacts, log: string): object {
  return { runId: f.runId, queueTime: iso(f.date), startTime: isoOrNull(f.startTime), endTime: isoOrNull(f.endTime), state: f.state, result: log };
}

export function scheduleJson(active: boolean): object {
  return { active };
}

// ---- backups

export function backupJson(b: BackupRec): object {
  return { id: b.id, name: b.name, created: iso(b.created), modified: iso(b.modified), scheduled: b.scheduleActive };
}

export function snapshotJson(f: SnapshotFacts): object {
  return {
    snapshotId: f.snapshotId,
    queueTime: iso(f.queueTime),
    startTime: isoOrNull(f.startTime),
    endTime: isoOrNull(f.endTime),
    state: f.state,
    runBySchedule: f.runBySchedule,
  };
}

export function snapshotDetailsJson(f: SnapshotFacts, log: string, shapes: Shapes): object {
  return { ...snapshotJson(f), ...(shapes === 'seed' ? { log } : { result: log }) };
}

/** BackupRun (create snapshot, active snapshot). runId is the snapshot's id. */
export function backupRunJson(f: SnapshotFacts, now: number, shapes: Shapes): object {
  return {
    runId: f.snapshotId,
    date: iso(f.queueTime),
    duration: seconds((f.endTime ?? now) - f.queueTime),
    state: f.state,
    ...(shapes === 'seed' ? { successRows: f.rows, errorRows: f.errorRows } : {}),
  };
}

/** Backup schedule record: `undefined` means "200 with an empty body" (the seed shows no record). */
export function backupScheduleJson(active: boolean, shapes: Shapes): object | undefined {
  return shapes === 'seed' ? undefined : { active };
}

// ---- automations

export function automationJson(a: AutomationRec): object {
  return { id: a.id, name: a.name, triggerType: a.triggerType, created: iso(a.created), modified: iso(a.modified) };
}

export function executionJson(f: ExecutionFacts): object {
  return { executionId: f.executionId, state: f.state, date: iso(f.date), billedTasks: f.billedTasks, testMode: f.testMode };
}

export function executionDetailsJson(f: ExecutionFacts, text: { result: string; error: string | null }, shapes: Shapes): object {
  return {
    executionId: f.executionId,
    state: f.state,
    version: f.version,
    testMode: f.testMode,
    comment: f.comment,
    started: iso(f.date),
    executed: isoOrNull(f.executed),
    billedTasks: f.billedTasks,
    ...(shapes === 'seed' ? { result: text.result } : { error: text.error }),
  };
}

export function activeExecutionJson(e: LiveExecution): object {
  return { executionId: e.executionId, date: iso(e.startedAt), state: 'Executing', testMode: false };
}

/**
 * The live schema declares `executing` as a bare `$ref` (not nullable): with nothing executing
 * the live shape leaves the field out; the seed shape sends `null`.
 */
export function automationStateJson(a: AutomationRec, executing: LiveExecution | undefined, shapes: Shapes): object {
  return {
    trigger: { enabled: a.enabled },
    queue: { queuedCount: executing ? 3 : 0 },
    ...(executing ? { executing: activeExecutionJson(executing) } : shapes === 'seed' ? { executing: null } : {}),
    testMode: false,
  };
}

// ---- agents, connections, endpoints

export function agentJson(a: AgentRec): object {
  return { id: a.id, name: a.name, key: a.key };
}

export function testResultJson(message: string): object {
  return { message, refresh: false };
}

export function connectionJson(c: ConnectionRec): object {
  return { id: c.id, name: c.name, connector: c.connector };
}

export function connectionDetailsJson(c: ConnectionRec): object {
  return { ...connectionJson(c), type: c.type };
}

export function endpointJson(e: EndpointRec): object {
  return { id: e.id, name: e.name, token: e.token, active: e.active, type: e.type, created: iso(e.created), modified: iso(e.modified) };
}

export function requestJson(f: RequestFacts): object {
  return { executionId: f.executionId, date: iso(f.date), method: f.method, failed: f.failed, bytes: f.bytes, remoteIP: f.remoteIP, url: f.url };
}

export function requestDetailsJson(f: RequestFacts, ep: EndpointRec, shapes: Shapes): object {
  return {
    ...(shapes === 'seed' ? { endpointId: ep.id, workspaceId: ep.workspaceId } : {}),
    date: iso(f.date),
    url: f.url,
    method: f.method,
    remoteIP: f.remoteIP,
    userAgent: f.userAgent,
    user: f.user,
    error: f.error,
    ...(shapes === 'seed' ? { errorDetails: f.errorDetails } : { pageToken: f.pageToken, external: f.external }),
    log: f.log,
    bytes: f.bytes,
    rows: f.rows,
  };
}
