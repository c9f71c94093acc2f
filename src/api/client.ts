// The Skyvia API, one typed method per operation (52: the seed's 51 plus the live service's
// "integration run details"). Answers are read tolerantly: the seed and live descriptions differ
// (see types.ts), and the client must work with both.
import * as l10n from '@vscode/l10n';
import { SkyviaError } from './errors';
import { toInt64 } from './json';
import { OPERATIONS, fillPath, type OperationId } from './operations';
import { toPage } from './paging';
import type { Secrets } from './secrets';
import { Transport, type CallOptions, type RequestLogEntry, type TransportOptions } from './transport';
import {
  SORT_BY,
  type AccountInvitation,
  type AccountUser,
  type ActiveAutomationExecution,
  type Agent,
  type Automation,
  type AutomationExecution,
  type AutomationExecutionDetails,
  type AutomationStateRecord,
  type Backup,
  type BackupRun,
  type Connection,
  type ConnectionDetails,
  type Endpoint,
  type EndpointRequest,
  type EndpointRequestDetails,
  type EndpointTypeMap,
  type HistoryFilter,
  type Int64,
  type Integration,
  type IntegrationRun,
  type IntegrationRunResult,
  type IntegrationSchedule,
  type InvitationStatus,
  type InviteUserRequest,
  type Page,
  type PageParams,
  type ScheduleEnableOutcome,
  type ScheduleStatus,
  type Snapshot,
  type SnapshotDetails,
  type TestResult,
  type Workspace,
  type WorkspaceUser,
} from './types';
import { checkEmail, checkId, historyQuery, pageQuery } from './validate';

export type ClientOptions = TransportOptions;
export type { CallOptions };

type Row = Record<string, unknown>;

/** Automation execution ids arrive as numbers or (above 2^53) digit strings; always digits here. */
const withInt64Id = <T>(row: Row): T => ({ ...row, executionId: toInt64(row.executionId) }) as T;
/** Endpoint request ids are strings; a numeric one is still treated as a string. */
const withStringId = <T>(row: Row): T => ({ ...row, executionId: row.executionId == null ? '' : String(row.executionId) }) as T;

const asArray = <T>(raw: unknown): T[] => (Array.isArray(raw) ? (raw.filter((x) => x && typeof x === 'object') as T[]) : []);
const asObject = <T>(raw: unknown): T | undefined => (raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as T) : undefined);
/** "Active" reads answer 204 (or an empty or null body) when nothing is running. */
const activeOrNone = <T>(raw: unknown): T | undefined => asObject<T>(raw);
const scheduleStatus = (raw: unknown): ScheduleStatus | undefined => {
  const o = asObject<{ active?: unknown }>(raw);
  return o && typeof o.active === 'boolean' ? { active: o.active } : undefined;
};

export class SkyviaClient {
  private readonly http: Transport;

  constructor(options: ClientOptions) {
    this.http = new Transport(options);
  }

  get baseUrl(): string {
    return this.http.baseUrl;
  }

  /** The service has answered as the built-in demo service. */
  get isDemoService(): boolean {
    return this.http.isDemoService;
  }

  /** Every attempt this client makes from now on (status, error, `Retry-After`), until disposed. */
  onDidRequest(watcher: (entry: RequestLogEntry) => void): { dispose(): void } {
    return this.http.watch(watcher);
  }

  /** Hides every secret seen (the token, agent keys, endpoint tokens) in a text bound for a log or the screen. */
  redact(text: string): string {
    return this.http.redact(text);
  }

  /** The secrets this client has seen, shared with the transport (and, through the options, with the caller). */
  get secrets(): Secrets {
    return this.http.secrets;
  }

  /** An agent row: its key is remembered as a secret before anyone can repeat it. */
  private readonly agentRow = <T extends Agent>(row: T): T => (this.secrets.add(row.key, 'agentKey'), row);
  /** An endpoint row: likewise its token. */
  private readonly endpointRow = <T extends Endpoint>(row: T): T => (this.secrets.add(row.token, 'endpointToken'), row);

  /** A test's outcome is the service's own words, which may repeat a key it handed out. */
  private testResult(result: TestResult): TestResult {
    return typeof result.message === 'string' ? { ...result, message: this.redact(result.message) } : result;
  }

  // ---- Account ----

  async listAccountUsers(query: PageParams & { searchMask?: string } = {}, o?: CallOptions): Promise<Page<AccountUser>> {
    const q = { ...pageQuery('listAccountUsers', query), searchMask: query.searchMask || undefined };
    return this.checkedPage('listAccountUsers', {}, await this.http.send('listAccountUsers', { ...o, query: q }));
  }

  async removeAccountUser(email: string, o?: CallOptions): Promise<void> {
    await this.http.send('removeAccountUser', { ...o, body: { email: checkEmail('removeAccountUser', email) } });
  }

  async listInvitations(page: PageParams = {}, o?: CallOptions): Promise<Page<AccountInvitation>> {
    return this.checkedPage('listInvitations', {}, await this.http.send('listInvitations', { ...o, query: pageQuery('listInvitations', page) }));
  }

  async inviteUser(request: InviteUserRequest, o?: CallOptions): Promise<InvitationStatus> {
    const email = checkEmail('inviteUser', request.email);
    if (request.userType !== 'Administrator' && request.userType !== 'Member') {
      throw new SkyviaError('validation', {
        method: 'CHECK',
        path: 'invitation',
        serverMessage: l10n.t('User type must be Administrator or Member (got "{0}").', String(request.userType)),
        errors: { userType: [l10n.t('User type must be Administrator or Member.')] },
      });
    }
    const workspaces = request.workspaces?.map((w) => ({
      workspaceId: checkId('inviteUser', 'workspaceId', w.workspaceId),
      roleId: checkId('inviteUser', 'roleId', w.roleId),
    }));
    const body = { email, userType: request.userType, workspaces: workspaces ?? [] };
    return this.invitationStatus((await this.http.send('inviteUser', { ...o, body })).data);
  }

  async resendInvitation(invitationId: number, o?: CallOptions): Promise<InvitationStatus> {
    return this.invitationStatus((await this.http.send('resendInvitation', { ...o, params: { invitationId } })).data);
  }

  async deleteInvitation(invitationId: number, o?: CallOptions): Promise<void> {
    await this.http.send('deleteInvitation', { ...o, params: { invitationId } });
  }

  private invitationStatus(raw: unknown): InvitationStatus {
    return asObject<InvitationStatus>(raw) ?? { invitationId: 0, status: null, email: null };
  }

  // ---- Workspaces ----

  async listWorkspaces(o?: CallOptions): Promise<Workspace[]> {
    return asArray<Workspace>((await this.http.send('listWorkspaces', o)).data);
  }

  async getWorkspace(workspaceId: number, o?: CallOptions): Promise<Workspace> {
    return this.one<Workspace>('getWorkspace', { workspaceId }, o);
  }

  async listWorkspaceUsers(workspaceId: number, searchMask?: string, o?: CallOptions): Promise<WorkspaceUser[]> {
    return asArray<WorkspaceUser>(
      (await this.http.send('listWorkspaceUsers', { ...o, params: { workspaceId }, query: { searchMask: searchMask || undefined } })).data,
    );
  }

  async addWorkspaceUser(workspaceId: number, user: { userId: number; roleId: number }, o?: CallOptions): Promise<void> {
    const body = { userId: checkId('addWorkspaceUser', 'userId', user.userId), roleId: checkId('addWorkspaceUser', 'roleId', user.roleId) };
    await this.http.send('addWorkspaceUser', { ...o, params: { workspaceId }, body });
  }

  async removeWorkspaceUser(workspaceId: number, userId: number, o?: CallOptions): Promise<void> {
    await this.http.send('removeWorkspaceUser', { ...o, params: { workspaceId, userId } });
  }

  // ---- Integrations ----

  async listIntegrations(workspaceId: number, page: PageParams = {}, o?: CallOptions): Promise<Page<Integration>> {
    return this.page<Integration>('listIntegrations', { workspaceId }, pageQuery('listIntegrations', page), o);
  }

  async getIntegration(workspaceId: number, integrationId: number, o?: CallOptions): Promise<Integration> {
    return this.one<Integration>('getIntegration', { workspaceId, integrationId }, o);
  }

  /** Finished runs. */
  async listIntegrationRuns(workspaceId: number, integrationId: number, filter: HistoryFilter = {}, o?: CallOptions): Promise<Page<IntegrationRun>> {
    return this.page<IntegrationRun>(
      'listIntegrationRuns',
      { workspaceId, integrationId },
      historyQuery('listIntegrationRuns', filter, SORT_BY.integrationRuns),
      o,
    );
  }

  /** Starts a run. Sent exactly once: there is no idempotency key, a retry would start a second run. */
  async runIntegration(workspaceId: number, integrationId: number, o?: CallOptions): Promise<IntegrationRun> {
    return this.one<IntegrationRun>('runIntegration', { workspaceId, integrationId }, o);
  }

  /** The run in progress, or `undefined` when none is. */
  async getActiveIntegrationRun(workspaceId: number, integrationId: number, o?: CallOptions): Promise<IntegrationRun | undefined> {
    const { status, data } = await this.http.send('getActiveIntegrationRun', { ...o, params: { workspaceId, integrationId } }, [404]);
    return status === 404 ? undefined : activeOrNone<IntegrationRun>(data);
  }

  /** Details and log of one run (live service). */
  async getIntegrationRun(workspaceId: number, integrationId: number, executionId: number, o?: CallOptions): Promise<IntegrationRunResult> {
    return this.one<IntegrationRunResult>('getIntegrationRun', { workspaceId, integrationId, executionId }, o);
  }

  async cancelIntegrationRun(workspaceId: number, integrationId: number, o?: CallOptions): Promise<void> {
    await this.http.send('cancelIntegrationRun', { ...o, params: { workspaceId, integrationId } });
  }

  async killIntegrationRun(workspaceId: number, integrationId: number, o?: CallOptions): Promise<void> {
    await this.http.send('killIntegrationRun', { ...o, params: { workspaceId, integrationId } });
  }

  /** `{active}`, or `{none: true}` when the integration has no schedule (204). */
  async getIntegrationSchedule(workspaceId: number, integrationId: number, o?: CallOptions): Promise<IntegrationSchedule> {
    const { data } = await this.http.send('getIntegrationSchedule', { ...o, params: { workspaceId, integrationId } });
    return scheduleStatus(data) ?? { none: true };
  }

  /** A 404 here means "no schedule defined": an outcome to tell the user, not a failure. */
  async enableIntegrationSchedule(workspaceId: number, integrationId: number, o?: CallOptions): Promise<ScheduleEnableOutcome> {
    try {
      const { data } = await this.http.send('enableIntegrationSchedule', { ...o, params: { workspaceId, integrationId } });
      return { ok: true, status: scheduleStatus(data) };
    } catch (e) {
      if (e instanceof SkyviaError && e.kind === 'notFound') {
        return { ok: false, reason: 'noSchedule', message: e.serverMessage || l10n.t('This integration has no schedule to enable.') };
      }
      throw e;
    }
  }

  async disableIntegrationSchedule(workspaceId: number, integrationId: number, o?: CallOptions): Promise<ScheduleStatus | undefined> {
    return scheduleStatus((await this.http.send('disableIntegrationSchedule', { ...o, params: { workspaceId, integrationId } })).data);
  }

  // ---- Backups ----

  async listBackups(workspaceId: number, page: PageParams = {}, o?: CallOptions): Promise<Page<Backup>> {
    return this.page<Backup>('listBackups', { workspaceId }, pageQuery('listBackups', page), o);
  }

  async getBackup(workspaceId: number, backupId: number, o?: CallOptions): Promise<Backup> {
    return this.one<Backup>('getBackup', { workspaceId, backupId }, o);
  }

  /** Finished snapshots. */
  async listSnapshots(workspaceId: number, backupId: number, filter: HistoryFilter = {}, o?: CallOptions): Promise<Page<Snapshot>> {
    return this.page<Snapshot>('listSnapshots', { workspaceId, backupId }, historyQuery('listSnapshots', filter, SORT_BY.snapshots), o);
  }

  /** Starts a snapshot. Sent exactly once, like a run. */
  async createSnapshot(workspaceId: number, backupId: number, o?: CallOptions): Promise<BackupRun> {
    return this.one<BackupRun>('createSnapshot', { workspaceId, backupId }, o);
  }

  /** Details; the log text is `log` (seed) or `result` (live) — read it with `snapshotLog`. */
  async getSnapshot(workspaceId: number, backupId: number, snapshotId: number, o?: CallOptions): Promise<SnapshotDetails> {
    return this.one<SnapshotDetails>('getSnapshot', { workspaceId, backupId, snapshotId }, o);
  }

  async getActiveSnapshot(workspaceId: number, backupId: number, o?: CallOptions): Promise<BackupRun | undefined> {
    const { status, data } = await this.http.send('getActiveSnapshot', { ...o, params: { workspaceId, backupId } }, [404]);
    return status === 404 ? undefined : activeOrNone<BackupRun>(data);
  }

  /** `undefined` when the service does not describe the schedule (the seed shows no record). */
  async getBackupSchedule(workspaceId: number, backupId: number, o?: CallOptions): Promise<ScheduleStatus | undefined> {
    return scheduleStatus((await this.http.send('getBackupSchedule', { ...o, params: { workspaceId, backupId } })).data);
  }

  async enableBackupSchedule(workspaceId: number, backupId: number, o?: CallOptions): Promise<ScheduleStatus | undefined> {
    return scheduleStatus((await this.http.send('enableBackupSchedule', { ...o, params: { workspaceId, backupId } })).data);
  }

  async disableBackupSchedule(workspaceId: number, backupId: number, o?: CallOptions): Promise<ScheduleStatus | undefined> {
    return scheduleStatus((await this.http.send('disableBackupSchedule', { ...o, params: { workspaceId, backupId } })).data);
  }

  // ---- Automations ----

  async listAutomations(workspaceId: number, page: PageParams = {}, o?: CallOptions): Promise<Page<Automation>> {
    return this.page<Automation>('listAutomations', { workspaceId }, pageQuery('listAutomations', page), o);
  }

  async getAutomation(workspaceId: number, automationId: number, o?: CallOptions): Promise<Automation> {
    return this.one<Automation>('getAutomation', { workspaceId, automationId }, o);
  }

  async enableAutomation(workspaceId: number, automationId: number, o?: CallOptions): Promise<void> {
    await this.http.send('enableAutomation', { ...o, params: { workspaceId, automationId } });
  }

  async disableAutomation(workspaceId: number, automationId: number, o?: CallOptions): Promise<void> {
    await this.http.send('disableAutomation', { ...o, params: { workspaceId, automationId } });
  }

  /** Finished executions; `executionId` is exact 64-bit digits. */
  async listAutomationExecutions(workspaceId: number, automationId: number, filter: HistoryFilter = {}, o?: CallOptions): Promise<Page<AutomationExecution>> {
    const query = historyQuery('listAutomationExecutions', filter, SORT_BY.automationExecutions);
    return this.page('listAutomationExecutions', { workspaceId, automationId }, query, o, withInt64Id<AutomationExecution>);
  }

  async getAutomationExecution(workspaceId: number, automationId: number, executionId: Int64 | bigint, o?: CallOptions): Promise<AutomationExecutionDetails> {
    const raw = await this.one<Row>('getAutomationExecution', { workspaceId, automationId, executionId: toInt64(executionId) }, o);
    return withInt64Id<AutomationExecutionDetails>(raw);
  }

  async getActiveAutomationExecution(workspaceId: number, automationId: number, o?: CallOptions): Promise<ActiveAutomationExecution | undefined> {
    const { status, data } = await this.http.send('getActiveAutomationExecution', { ...o, params: { workspaceId, automationId } }, [404]);
    const row = status === 404 ? undefined : activeOrNone<Row>(data);
    return row && row.executionId != null ? withInt64Id<ActiveAutomationExecution>(row) : undefined;
  }

  async getAutomationState(workspaceId: number, automationId: number, o?: CallOptions): Promise<AutomationStateRecord> {
    const raw = await this.one<AutomationStateRecord>('getAutomationState', { workspaceId, automationId }, o);
    const executing = asObject<Row>(raw.executing);
    return { ...raw, executing: executing && executing.executionId != null ? withInt64Id<ActiveAutomationExecution>(executing) : null };
  }

  // ---- Agents ----

  async listAgents(workspaceId: number, page: PageParams = {}, o?: CallOptions): Promise<Page<Agent>> {
    return this.page('listAgents', { workspaceId }, pageQuery('listAgents', page), o, (row) => this.agentRow(row as unknown as Agent));
  }

  async getAgent(workspaceId: number, agentId: number, o?: CallOptions): Promise<Agent> {
    return this.agentRow(await this.one<Agent>('getAgent', { workspaceId, agentId }, o));
  }

  /** Answers 200 even when the test failed: the outcome is in `message` (secrets it repeats redacted). */
  async testAgent(workspaceId: number, agentId: number, o?: CallOptions): Promise<TestResult> {
    return this.testResult(await this.one<TestResult>('testAgent', { workspaceId, agentId }, o));
  }

  // ---- Connections ----

  async listConnections(workspaceId: number, page: PageParams = {}, o?: CallOptions): Promise<Page<Connection>> {
    return this.page<Connection>('listConnections', { workspaceId }, pageQuery('listConnections', page), o);
  }

  async getConnection(workspaceId: number, connectionId: number, o?: CallOptions): Promise<ConnectionDetails> {
    return this.one<ConnectionDetails>('getConnection', { workspaceId, connectionId }, o);
  }

  /** Answers 200 even when the test failed: the outcome is in `message` (secrets it repeats redacted). */
  async testConnection(workspaceId: number, connectionId: number, o?: CallOptions): Promise<TestResult> {
    return this.testResult(await this.one<TestResult>('testConnection', { workspaceId, connectionId }, o));
  }

  // ---- Published endpoints ----

  async getEndpointTypes(o?: CallOptions): Promise<EndpointTypeMap> {
    return asObject<EndpointTypeMap>((await this.http.send('getEndpointTypes', o)).data) ?? {};
  }

  async listEndpoints(workspaceId: number, page: PageParams = {}, o?: CallOptions): Promise<Page<Endpoint>> {
    return this.page('listEndpoints', { workspaceId }, pageQuery('listEndpoints', page), o, (row) => this.endpointRow(row as unknown as Endpoint));
  }

  async getEndpoint(workspaceId: number, endpointId: number, o?: CallOptions): Promise<Endpoint> {
    return this.endpointRow(await this.one<Endpoint>('getEndpoint', { workspaceId, endpointId }, o));
  }

  async enableEndpoint(workspaceId: number, endpointId: number, o?: CallOptions): Promise<void> {
    await this.http.send('enableEndpoint', { ...o, params: { workspaceId, endpointId } });
  }

  async disableEndpoint(workspaceId: number, endpointId: number, o?: CallOptions): Promise<void> {
    await this.http.send('disableEndpoint', { ...o, params: { workspaceId, endpointId } });
  }

  async listEndpointRequests(workspaceId: number, endpointId: number, filter: HistoryFilter = {}, o?: CallOptions): Promise<Page<EndpointRequest>> {
    const query = historyQuery('listEndpointRequests', filter, SORT_BY.endpointRequests);
    return this.page('listEndpointRequests', { workspaceId, endpointId }, query, o, withStringId<EndpointRequest>);
  }

  /** `executionId` is a free-form string; it is URL-encoded into the path. */
  async getEndpointRequest(workspaceId: number, endpointId: number, executionId: string, o?: CallOptions): Promise<EndpointRequestDetails> {
    return this.one<EndpointRequestDetails>('getEndpointRequest', { workspaceId, endpointId, executionId }, o);
  }

  // ---- A kind's operations by id ----
  // A kind whose operations have no method above calls them from its record by their id in
  // operations.ts, checked and redacted as every method's are: one object, a page of a list, a
  // page of a history (filtered and sorted as the service allows), or an answer not read.

  /** One object (a read, or a start: sent once, never retried). */
  callForObject<T>(op: OperationId, params: Record<string, string | number>, o?: CallOptions): Promise<T> {
    return this.one<T>(op, params, o);
  }

  /** A page of a list. */
  callForPage<T>(op: OperationId, params: Record<string, string | number>, page: PageParams = {}, o?: CallOptions): Promise<Page<T>> {
    return this.page<T>(op, params, pageQuery(op, page), o);
  }

  /** A page of a history, as the service filters it; `sortBy`: the fields it sorts by. */
  callForHistory<T>(
    op: OperationId,
    params: Record<string, string | number>,
    filter: HistoryFilter,
    sortBy: readonly string[],
    o?: CallOptions,
  ): Promise<Page<T>> {
    return this.page<T>(op, params, historyQuery(op, filter, sortBy), o);
  }

  /** One object, or `undefined` where the service answers that there is none (204, 404: no run under way). */
  async callForMaybe<T>(op: OperationId, params: Record<string, string | number>, o?: CallOptions): Promise<T | undefined> {
    const { status, data } = await this.http.send(op, { ...o, params }, [404]);
    return status === 404 ? undefined : activeOrNone<T>(data);
  }

  /** An operation whose answer is not read (a cancel, a kill). */
  async callForNothing(op: OperationId, params: Record<string, string | number>, o?: CallOptions): Promise<void> {
    await this.http.send(op, { ...o, params });
  }

  // ---- shared readers ----

  private async one<T>(op: OperationId, params: Record<string, string | number>, o?: CallOptions): Promise<T> {
    const { data, status } = await this.http.send(op, { ...o, params });
    const body = asObject<T>(data);
    if (!body) {
      const { method, path } = OPERATIONS[op];
      throw new SkyviaError(
        'badResponse',
        { method, path: fillPath(path, params), status },
        data === undefined ? l10n.t('expected a JSON object, got an empty body') : l10n.t('expected a JSON object, got {0}', typeof data),
      );
    }
    return body;
  }

  private async page<T>(
    op: OperationId,
    params: Record<string, string | number>,
    query: Record<string, string | number | boolean | undefined>,
    o?: CallOptions,
    map?: (row: Row) => T,
  ): Promise<Page<T>> {
    return this.checkedPage(op, params, await this.http.send(op, { ...o, params, query }), map);
  }

  /**
   * A page is `{ data: [...], hasMore }`. Anything else (an empty 200, a bare value) is an
   * unreadable answer, never "no items": an empty list must mean the service said so.
   */
  private checkedPage<T>(op: OperationId, params: Record<string, string | number>, res: { data: unknown; status: number }, map?: (row: Row) => T): Page<T> {
    const body = res.data as { data?: unknown } | undefined;
    if (!body || typeof body !== 'object' || !Array.isArray(body.data)) {
      const { method, path } = OPERATIONS[op];
      const got =
        body === undefined
          ? l10n.t('expected a page of items, got an empty body')
          : Array.isArray(body)
            ? l10n.t('expected a page of items, got a bare list')
            : typeof body === 'object'
              ? l10n.t('expected a page of items, got an object without "data"')
              : l10n.t('expected a page of items, got {0}', typeof body);
      throw new SkyviaError('badResponse', { method, path: fillPath(path, params), status: res.status }, got);
    }
    return toPage<T>(body, map);
  }
}

/** The log text of a snapshot, whichever field the service used. */
export function snapshotLog(s: SnapshotDetails): string {
  return s.log ?? s.result ?? '';
}

/** The result/error text of an automation execution, whichever field the service used. */
export function automationOutcome(d: AutomationExecutionDetails): string {
  return d.result ?? d.error ?? '';
}
