// Facts about the demo account that tests, benchmarks and the extension's own tests rely on.
// The seed builds these entities first, with these ids, at every scale; counts are at scale 1 and
// are multiplied by the scale (rounded, at least 1) otherwise — see `scaledCount`.

export const DEMO_FIXTURES = {
  /** The token owner: Administrator, member of every workspace, owner of the personal one. */
  owner: { userId: 7001, email: 'dana.whitfield@bluefinch-retail.example' },
  workspaces: { personal: 4201, salesOps: 4202, finance: 4205, dataPlatform: 4210 },
  /** A general-purpose workspace for tests: "Data Platform". */
  workspaceId: 4210,
  roles: { administrator: 1, developer: 2, viewer: 3 },
  users: {
    /** A Member in Data Platform (Developer) and Sales Ops (Viewer). */
    member: { userId: 7003, email: 'priya.raman@bluefinch-retail.example' },
    /** An account user in no workspace, free to be added to one. */
    unassigned: { userId: 7009, email: 'sofia.rossi@bluefinch-retail.example' },
  },
  /** Pending invitations at scale 1 (ids 880..883). */
  invitations: { count: 4, firstId: 880 },
  integrations: {
    /** "Orders → Warehouse (hourly)": 5,000 finished runs, an active schedule, ~3% failures. */
    bigHistory: { workspaceId: 4210, integrationId: 18231, runs: 5000 },
    /** A schedule that is defined but disabled: enable → 200. */
    inactiveSchedule: { workspaceId: 4210, integrationId: 18233 },
    /** "Legacy ERP Sync (broken)": every run fails, including those started through the API. */
    alwaysFails: { workspaceId: 4210, integrationId: 18234 },
    /** `name: null`, no schedule. */
    nullName: { workspaceId: 4210, integrationId: 18235 },
    /** No schedule defined: GET schedule → 204, enable → 404. Runs succeed. */
    noSchedule: { workspaceId: 4210, integrationId: 18237 },
    /** Runs started through the API alternate: the 1st succeeds, the 2nd fails, … */
    flaky: { workspaceId: 4210, integrationId: 18238 },
    /** Integrations in Data Platform at scale 1. */
    countInWorkspace: 10,
  },
  backups: {
    /** "Snowflake Metadata Backup": schedule active, 30 snapshots. */
    main: { workspaceId: 4210, backupId: 5120, snapshots: 30 },
    /** Schedule defined but disabled. */
    inactiveSchedule: { workspaceId: 4210, backupId: 5121 },
  },
  automations: {
    /** "Order webhook → Slack alert": 1,000 finished executions; the first has id 2^53 + 1. */
    bigHistory: { workspaceId: 4210, automationId: 2301, executions: 1000, firstExecutionId: '9007199254740993' },
    /** "Lead enrichment": always has one execution Executing while enabled (disable ends it). */
    executing: { workspaceId: 4210, automationId: 2302 },
    /** A disabled Manual automation. */
    disabled: { workspaceId: 4210, automationId: 2304 },
  },
  /**
   * Succeeded, but not as usual: counting back from the newest entry, every `every`-th from
   * `offset` succeeds unusually (if it succeeded at all) — the hourly integration's runs write 0
   * rows, the main backup's snapshots take hours. `POST /__demo/unusual` makes the next one of any
   * integration or backup so; `GET /__demo/unusual` lists every entry made so.
   */
  unusual: {
    integration: { workspaceId: 4210, integrationId: 18231, every: 61, offset: 5 },
    backup: { workspaceId: 4210, backupId: 5120, every: 11, offset: 2 },
    /**
     * "Postgres → S3 Parquet Archive": a run a day, never failed. Its last 24 hours or 7 days hold
     * 1 or 7 successes, fewer than a baseline takes: a run made unusual now is judged against the
     * runs before the range.
     */
    daily: { workspaceId: 4210, integrationId: 18236, everyHours: 24 },
  },
  agents: {
    online: { workspaceId: 4210, agentId: 310 },
    offline: { workspaceId: 4210, agentId: 311 },
  },
  connections: {
    direct: { workspaceId: 4210, connectionId: 9501 },
    /** Through the online agent: test passes. */
    agent: { workspaceId: 4210, connectionId: 9502 },
    /** `name: null`; its test fails (access denied). */
    nullName: { workspaceId: 4210, connectionId: 9505 },
    /** Through the offline agent: test fails. */
    offlineAgent: { workspaceId: 4210, connectionId: 9506 },
  },
  endpoints: {
    odata: { workspaceId: 4210, endpointId: 640, requests: 120 },
    sql: { workspaceId: 4210, endpointId: 641 },
    inactive: { workspaceId: 4210, endpointId: 642 },
  },

  // Flat aliases of the facts above, every one in `workspaceId` (Data Platform).
  /** Developer: a valid role for invitations and workspace membership. */
  roleId: 2,
  /** A Member who may be removed from the account (not the owner). */
  removableUserEmail: 'jonas.becker@bluefinch-retail.example',
  /** An account user in no workspace. */
  userNotInWorkspace: 7009,
  bigHistoryIntegrationId: 18231,
  /** "Postgres → S3 Parquet Archive": never failed, nothing running, runs succeed. */
  idleIntegrationId: 18236,
  /** "Salesforce Accounts → BigQuery": a defined, active schedule. */
  scheduledIntegrationId: 18232,
  unscheduledIntegrationId: 18237,
  nullNameIntegrationId: 18235,
  failingIntegrationId: 18234,
  bigHistoryAutomationId: 2301,
  executingAutomationId: 2302,
  backupId: 5120,
  endpointId: 640,
  /** `name: null`; its test answers 200 with a failure message. */
  failingConnectionId: 9505,
  /**
   * Text built to break an unsafe UI — markup, Markdown emphasis and a `command:` link. The
   * hostile items below carry it in their log lines and error texts (run, snapshot, execution and
   * request logs; a failed run's message; an execution's error; a request's error), in both API
   * shapes. It must show as the text it is everywhere.
   */
  hostileText: '<img src=x onerror=alert(1)> **bold** [run](command:skyvia.signOut)',
  /**
   * In Personal: a name built to break an unsafe UI — markup, a bare URL, Markdown emphasis and a
   * `command:` link. It must show as the text it is everywhere (tree, tooltip, documents, panels).
   */
  hostileIntegration: {
    workspaceId: 4201,
    integrationId: 18248,
    name: 'Scratch <img src=x onerror=alert(1)> https://evil.example/x **bold** [run](command:skyvia.signOut)',
  },
  /** In Personal, likewise: a backup, an automation and an endpoint with hostile names and hostile text in their histories' logs. */
  hostileBackup: { workspaceId: 4201, backupId: 5126, name: 'Sheets <img src=x onerror=alert(1)> **bold** [run](command:skyvia.signOut)' },
  hostileAutomation: { workspaceId: 4201, automationId: 2310, name: 'Alert <img src=x onerror=alert(1)> **bold** [run](command:skyvia.signOut)' },
  hostileEndpoint: { workspaceId: 4201, endpointId: 645, name: 'Feed <img src=x onerror=alert(1)> **bold** [run](command:skyvia.signOut)' },
  /**
   * Text with a right-to-left override: drawn as it is sent, "report\u202Egnp.exe" reads as
   * "reportexe.png". The hostile items carry it where no name is: a failed run's error (so its log
   * line), every execution's comment, every request's URL and user agent.
   */
  reversingText: 'report\u202Egnp.exe',
  /**
   * In Personal: answers that repeat a secret the service handed out, as a careless service might.
   * Testing the agent says `Agent <its key> is offline…`; disabling the endpoint (the hostile one)
   * answers 409 `Endpoint <its token> cannot be disabled now…`.
   */
  echoesSecrets: { workspaceId: 4201, agentId: 314, endpointId: 645 },
} as const;

/** A count of the seed at `scale` (histories, log lines, items per category). */
export function scaledCount(base: number, scale: number): number {
  return Math.max(1, Math.round(base * scale));
}
