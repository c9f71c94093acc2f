// Types of the Skyvia public API (v1).
//
// They describe what a tolerant reader may receive from either description of the API: the seed
// contract we were given and the live service's OpenAPI. Where the two disagree both spellings
// are present (`log` vs `result`, `result` vs `error`); nullable fields are `| null`; every field
// may be missing because the live schema marks none as required. Enums are open (`| string`):
// a state we have never seen must display, not crash.

/** Run state of integration runs and backup snapshots (seed + live enum). */
export type RunState = 'New' | 'Queued' | 'Running' | 'Executing' | 'Canceling' | 'Canceled' | 'Succeeded' | 'Failed' | (string & {});

/** Automation execution states (live enum). */
export type AutomationState = 'Executing' | 'Succeeded' | 'Failed' | 'Canceling' | 'Canceled' | 'Killing' | (string & {});

export type UserType = 'Administrator' | 'Member' | (string & {});
export type IntegrationType = 'dataflow' | 'export' | 'controlflow' | 'replication' | 'import' | 'sync' | 'custom' | (string & {});
export type TriggerType = 'Manual' | 'Schedule' | 'Connection' | 'Webhook' | (string & {});
export type EndpointType = 'OData' | 'Sql' | (string & {});
export type ConnectionType = 'Direct' | 'Agent' | (string & {});

/** ISO 8601 date-time string as sent by the service. */
export type Timestamp = string;

/**
 * A 64-bit id kept as its exact decimal digits. JavaScript numbers lose digits above 2^53, so
 * automation execution ids never become `number`.
 */
export type Int64 = string;

/** `{data, hasMore}`: the paged wrapper. There is no total count. */
export interface Page<T> {
  data: T[];
  hasMore: boolean;
}

// ---- Account ----

export interface WorkspaceRole {
  workspaceId: number;
  roleName?: string | null;
  roleId: number;
}

export interface AccountUser {
  id?: number | null;
  email?: string | null;
  fullName?: string | null;
  type?: UserType;
  workspaces?: WorkspaceRole[] | null;
}

export interface AccountInvitation {
  id: number;
  email?: string | null;
  type?: UserType;
  workspaces?: WorkspaceRole[] | null;
  invitationDate?: Timestamp;
  userId?: number | null;
  fullName?: string | null;
}

export interface InvitationStatus {
  email?: string | null;
  status?: string | null;
  invitationId: number;
}

export interface InviteUserRequest {
  email: string;
  userType: 'Administrator' | 'Member';
  workspaces?: { workspaceId: number; roleId: number }[] | null;
}

// ---- Workspaces ----

export interface Workspace {
  id: number;
  name?: string | null;
  isPersonal?: boolean;
}

export interface WorkspaceUser {
  id: number;
  email?: string | null;
  fullName?: string | null;
  roleId?: number;
  roleName?: string | null;
}

// ---- Integrations ----

export interface Integration {
  id: number;
  name?: string | null;
  type?: IntegrationType | null;
  created?: Timestamp;
  modified?: Timestamp;
  scheduled?: boolean;
}

/** A run as listed, returned by "run" and by "active run" (`duration` absent on the latter). */
export interface IntegrationRun {
  runId: number;
  date?: Timestamp;
  /** Unit not documented; the service reports whole seconds. */
  duration?: number;
  state?: RunState;
  /** Seed only; the live service has no `subState`. */
  subState?: string | null;
  successRows?: number;
  errorRows?: number;
}

/** `GET …/executions/{executionId}` (live service only). */
export interface IntegrationRunResult {
  runId: number;
  queueTime?: Timestamp;
  startTime?: Timestamp | null;
  endTime?: Timestamp | null;
  state?: RunState;
  result?: string | null;
}

export interface ScheduleStatus {
  active: boolean;
}

/** Schedule read: 204 means no schedule is defined — a state, not an error. */
export type IntegrationSchedule = ScheduleStatus | { none: true };

/** Schedule enable: 404 means no schedule is defined — an outcome, not an error. */
export type ScheduleEnableOutcome = { ok: true; status?: ScheduleStatus } | { ok: false; reason: 'noSchedule'; message: string };

// ---- Backups ----

export interface Backup {
  id: number;
  name?: string | null;
  created?: Timestamp;
  modified?: Timestamp;
  scheduled?: boolean;
}

export interface Snapshot {
  snapshotId: number;
  queueTime?: Timestamp | null;
  startTime?: Timestamp | null;
  endTime?: Timestamp | null;
  state?: RunState;
  runBySchedule?: boolean;
}

export interface SnapshotDetails extends Snapshot {
  /** Seed spelling of the log text. */
  log?: string | null;
  /** Live spelling of the log text. */
  result?: string | null;
}

/** Returned by "create snapshot" and "active snapshot". */
export interface BackupRun {
  runId: number;
  date?: Timestamp;
  duration?: number;
  state?: RunState;
  /** Seed only. */
  successRows?: number;
  /** Seed only. */
  errorRows?: number;
}

// ---- Automations ----

export interface Automation {
  id: number;
  name?: string | null;
  triggerType?: TriggerType;
  created?: Timestamp;
  modified?: Timestamp;
}

export interface AutomationExecution {
  executionId: Int64;
  state?: AutomationState;
  date?: Timestamp;
  billedTasks?: number;
  testMode?: boolean;
}

export interface AutomationExecutionDetails {
  executionId: Int64;
  state?: AutomationState;
  version?: number;
  testMode?: boolean;
  comment?: string | null;
  started?: Timestamp;
  executed?: Timestamp | null;
  billedTasks?: number | null;
  /** Seed spelling. */
  result?: string | null;
  /** Live spelling. */
  error?: string | null;
}

export interface ActiveAutomationExecution {
  executionId: Int64;
  date?: Timestamp;
  state?: string | null;
  testMode?: boolean;
}

export interface AutomationStateRecord {
  trigger?: { enabled: boolean } | null;
  queue?: { queuedCount: number } | null;
  executing?: ActiveAutomationExecution | null;
  testMode?: boolean | null;
}

// ---- Agents and connections ----

export interface Agent {
  id: number;
  name?: string | null;
  /** Secret-like: shown masked until the user copies it. */
  key?: string | null;
}

/** Agent/connection test: 200 even when the test failed — the outcome is in `message`. */
export interface TestResult {
  message?: string | null;
  refresh?: boolean;
}

export interface Connection {
  id: number;
  name?: string | null;
  connector?: string | null;
}

export interface ConnectionDetails extends Connection {
  type?: ConnectionType;
}

// ---- Endpoints ----

export interface Endpoint {
  id: number;
  name?: string | null;
  /** Secret-like: shown masked until the user copies it. */
  token?: string | null;
  active?: boolean;
  type?: EndpointType;
  created?: Timestamp;
  modified?: Timestamp;
}

export type EndpointTypeMap = Record<string, number>;

export interface EndpointRequest {
  /** A string id, URL-encoded when it goes into a path. */
  executionId: string;
  date?: Timestamp;
  method?: string | null;
  failed?: boolean;
  bytes?: number;
  remoteIP?: string | null;
  url?: string | null;
}

export interface EndpointRequestDetails {
  endpointId?: number;
  workspaceId?: number;
  date?: Timestamp;
  url?: string | null;
  method?: string | null;
  remoteIP?: string | null;
  userAgent?: string | null;
  user?: string | null;
  error?: string | null;
  errorDetails?: string | null;
  log?: string[] | null;
  bytes?: number;
  rows?: number;
  pageToken?: string | null;
  external?: boolean;
}

// ---- Query parameters ----

export interface PageParams {
  /** 1..200; default 20 on the service. */
  take?: number;
  /** ≥ 0; default 0. */
  skip?: number;
}

export interface HistoryFilter extends PageParams {
  startDate?: string | Date;
  endDate?: string | Date;
  failed?: boolean;
  sortOrder?: 'asc' | 'desc';
  sortBy?: string;
}

/** Allowed `sortBy` values of each history list. Integrations accept both spellings (seed: executionId, live: runId). */
export const SORT_BY = {
  integrationRuns: ['startDate', 'runId', 'executionId'],
  snapshots: ['startTime', 'snapshotId'],
  automationExecutions: ['date', 'executionId'],
  endpointRequests: ['date', 'executionId'],
} as const;
