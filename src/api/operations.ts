// Every operation of the API, once. The client builds its URLs from this table and the demo
// service routes by it, so the two cannot drift apart and "all 52 operations" is checkable.
//
// `idempotent` operations may be retried on network errors, 429 and 5xx. Everything else —
// above all starting a run or a snapshot, which has no idempotency key — is sent exactly once.

export type HttpMethod = 'GET' | 'POST' | 'DELETE';

export interface Operation {
  method: HttpMethod;
  /** Path template; `{name}` segments are filled from path parameters. */
  path: string;
  idempotent: boolean;
  /** Its answer has int64 fields (automation execution ids): parsed digit-exact, not by `JSON.parse`. */
  int64?: true;
}

const get = (path: string): Operation => ({ method: 'GET', path, idempotent: true });
const post = (path: string): Operation => ({ method: 'POST', path, idempotent: false });
const del = (path: string): Operation => ({ method: 'DELETE', path, idempotent: false });
const getInt64 = (path: string): Operation => ({ ...get(path), int64: true });

const W = '/v1/workspaces/{workspaceId}';
const I = `${W}/integrations/{integrationId}`;
const B = `${W}/backups/{backupId}`;
const A = `${W}/automations/{automationId}`;
const E = `${W}/endpoints/{endpointId}`;

export const OPERATIONS = {
  // Account
  listAccountUsers: get('/v1/account/users'),
  removeAccountUser: del('/v1/account/users'),
  listInvitations: get('/v1/account/invitations'),
  inviteUser: post('/v1/account/invitations'),
  resendInvitation: post('/v1/account/invitations/{invitationId}/resend'),
  deleteInvitation: del('/v1/account/invitations/{invitationId}'),
  // Workspaces
  listWorkspaces: get('/v1/workspaces'),
  getWorkspace: get(W),
  listWorkspaceUsers: get(`${W}/users`),
  addWorkspaceUser: post(`${W}/users`),
  removeWorkspaceUser: del(`${W}/users/{userId}`),
  // Integrations
  listIntegrations: get(`${W}/integrations`),
  getIntegration: get(I),
  listIntegrationRuns: get(`${I}/executions`),
  runIntegration: post(`${I}/executions`),
  getActiveIntegrationRun: get(`${I}/executions/active`),
  getIntegrationRun: get(`${I}/executions/{executionId}`),
  cancelIntegrationRun: post(`${I}/executions/cancel`),
  killIntegrationRun: post(`${I}/executions/kill`),
  getIntegrationSchedule: get(`${I}/schedule`),
  enableIntegrationSchedule: post(`${I}/schedule/enable`),
  disableIntegrationSchedule: post(`${I}/schedule/disable`),
  // Backups
  listBackups: get(`${W}/backups`),
  getBackup: get(B),
  listSnapshots: get(`${B}/snapshots`),
  createSnapshot: post(`${B}/snapshots`),
  getSnapshot: get(`${B}/snapshots/{snapshotId}`),
  getActiveSnapshot: get(`${B}/snapshots/active`),
  getBackupSchedule: get(`${B}/schedule`),
  enableBackupSchedule: post(`${B}/schedule/enable`),
  disableBackupSchedule: post(`${B}/schedule/disable`),
  // Automations
  listAutomations: get(`${W}/automations`),
  getAutomation: get(A),
  enableAutomation: post(`${A}/enable`),
  disableAutomation: post(`${A}/disable`),
  listAutomationExecutions: getInt64(`${A}/executions`),
  getAutomationExecution: getInt64(`${A}/executions/{executionId}`),
  getActiveAutomationExecution: getInt64(`${A}/active`),
  getAutomationState: getInt64(`${A}/state`),
  // Agents
  listAgents: get(`${W}/agents`),
  getAgent: get(`${W}/agents/{agentId}`),
  // A test changes nothing but is not a read; sent once so a slow test is never doubled.
  testAgent: post(`${W}/agents/{agentId}/test`),
  // Connections
  listConnections: get(`${W}/connections`),
  getConnection: get(`${W}/connections/{connectionId}`),
  testConnection: post(`${W}/connections/{connectionId}/test`),
  // Published endpoints
  getEndpointTypes: get('/v1/endpoints/types'),
  listEndpoints: get(`${W}/endpoints`),
  getEndpoint: get(E),
  enableEndpoint: post(`${E}/enable`),
  disableEndpoint: post(`${E}/disable`),
  listEndpointRequests: get(`${E}/executions`),
  getEndpointRequest: get(`${E}/executions/{executionId}`),
} as const satisfies Record<string, Operation>;

export type OperationId = keyof typeof OPERATIONS;

/** Fills a path template; every value is URL-encoded (endpoint request ids are free-form strings). */
export function fillPath(template: string, params: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    // l10n-ignore: a programming error (a caller left out a parameter), never shown in normal use
    if (value === undefined || value === '') throw new TypeError(`Missing path parameter "${name}" for ${template}`);
    return encodeURIComponent(String(value));
  });
}
