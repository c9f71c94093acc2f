// The believable demo account: a retail company's data team with four workspaces.
//
// Deterministic: every value comes from fixed tables or from hashes of ids (random.ts), so every
// start serves the same account. Dates are relative to `anchorMs` (the hour the service started)
// so "last night's run" stays last night. Hand-written entities come first with the fixed ids of
// DEMO_FIXTURES; `scale` adds generated "filler" entities after them and stretches every history
// (histories are lazy — see history.ts — so scale 1000 costs no more memory than the entity list).

import { DEMO_FIXTURES as F, scaledCount } from './fixtures';
import { Series } from './history';
import type {
  AgentRec,
  AutomationRec,
  BackupRec,
  ConnectionRec,
  EndpointRec,
  IntegrationRec,
  InvitationRec,
  RoleRec,
  RunOutcomePolicy,
  ScheduleState,
  UserRec,
  UserTypeName,
  Unusually,
  WorkspaceRec,
} from './model';
import { hash32, hexBy, intIn, pickBy, unit } from './random';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
export const EMAIL_DOMAIN = 'bluefinch-retail.example';

/** Entities that belong to a workspace, indexed both ways. */
export class Catalog<T extends { id: number; workspaceId: number }> {
  private readonly byId = new Map<number, T>();
  private readonly byWorkspace = new Map<number, T[]>();

  add(item: T): void {
    this.byId.set(item.id, item);
    let list = this.byWorkspace.get(item.workspaceId);
    if (!list) this.byWorkspace.set(item.workspaceId, (list = []));
    list.push(item);
  }

  /** The item if it exists in that workspace (an id from another workspace is "not found"). */
  get(workspaceId: number, id: number): T | undefined {
    const item = this.byId.get(id);
    return item && item.workspaceId === workspaceId ? item : undefined;
  }

  list(workspaceId: number): readonly T[] {
    return this.byWorkspace.get(workspaceId) ?? [];
  }

  get size(): number {
    return this.byId.size;
  }

  values(): IterableIterator<T> {
    return this.byId.values();
  }
}

export interface Seed {
  anchorMs: number;
  scale: number;
  workspaces: WorkspaceRec[];
  roles: RoleRec[];
  users: UserRec[];
  /** workspaceId → userId → roleId */
  memberships: Map<number, Map<number, number>>;
  invitations: InvitationRec[];
  integrations: Catalog<IntegrationRec>;
  backups: Catalog<BackupRec>;
  automations: Catalog<AutomationRec>;
  agents: Catalog<AgentRec>;
  connections: Catalog<ConnectionRec>;
  endpoints: Catalog<EndpointRec>;
  /** Ids for things created through the API: above every generated id, so they sort last. */
  nextIds: { run: number; snapshot: number; execution: bigint; invitation: number };
}

// Hash salts, one per entity kind, so equal ids of different kinds get unrelated values.
const K = { integration: 1, backup: 2, automation: 3, agent: 4, connection: 5, endpoint: 6, user: 7, invitation: 8 } as const;

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

interface IntegrationSeed {
  id: number;
  ws: number;
  name: string | null;
  type: string;
  schedule: ScheduleState;
  outcome: RunOutcomePolicy;
  failRate: number;
  runs: number;
  everyHours: number;
  source: string;
  target: string;
  logLines: number;
  rows: number;
  failure?: string;
  recordError?: string;
  /** Now and then a run succeeds unusually. */
  unusual?: Unusually;
}

const INTEGRATIONS: IntegrationSeed[] = [
  {
    id: F.integrations.bigHistory.integrationId,
    ws: W.dataPlatform,
    name: 'Orders → Warehouse (hourly)',
    type: 'replication',
    schedule: 'active',
    outcome: 'succeed',
    failRate: 0.03,
    runs: F.integrations.bigHistory.runs,
    everyHours: 1,
    source: 'PostgreSQL',
    target: 'SQL Server',
    logLines: 320,
    rows: 4200,
    unusual: F.unusual.integration,
  },
  {
    id: 18232,
    ws: W.dataPlatform,
    name: 'Salesforce Accounts → BigQuery',
    type: 'import',
    schedule: 'active',
    outcome: 'succeed',
    failRate: 0.02,
    runs: 48,
    everyHours: 24,
    source: 'Salesforce',
    target: 'Google BigQuery',
    logLines: 140,
    rows: 26000,
  },
  {
    id: F.integrations.inactiveSchedule.integrationId,
    ws: W.dataPlatform,
    name: 'Nightly Warehouse Load',
    type: 'controlflow',
    schedule: 'inactive',
    outcome: 'succeed',
    failRate: 0.05,
    runs: 36,
    everyHours: 24,
    source: 'SQL Server',
    target: 'Snowflake',
    logLines: 220,
    rows: 180000,
  },
  {
    id: F.integrations.alwaysFails.integrationId,
    ws: W.dataPlatform,
    name: 'Legacy ERP Sync (broken)',
    type: 'sync',
    schedule: 'active',
    outcome: 'fail',
    failRate: 1,
    runs: 30,
    everyHours: 24,
    source: 'Oracle',
    target: 'Salesforce',
    logLines: 60,
    rows: 900,
  },
  {
    id: F.integrations.nullName.integrationId,
    ws: W.dataPlatform,
    name: null,
    type: 'dataflow',
    schedule: 'none',
    outcome: 'succeed',
    failRate: 0.06,
    runs: 20,
    everyHours: 36,
    source: 'Amazon S3',
    target: 'PostgreSQL',
    logLines: 80,
    rows: 1500,
  },
  {
    id: 18236,
    ws: W.dataPlatform,
    name: 'Postgres → S3 Parquet Archive',
    type: 'export',
    schedule: 'active',
    outcome: 'succeed',
    failRate: 0.0,
    runs: 40,
    everyHours: 24,
    source: 'PostgreSQL',
    target: 'Amazon S3',
    logLines: 90,
    rows: 310000,
  },
  {
    id: F.integrations.noSchedule.integrationId,
    ws: W.dataPlatform,
    name: 'Shopify Webhook Loader',
    type: 'custom',
    schedule: 'none',
    outcome: 'succeed',
    failRate: 0.04,
    runs: 24,
    everyHours: 12,
    source: 'Shopify',
    target: 'PostgreSQL',
    logLines: 70,
    rows: 640,
  },
  {
    id: F.integrations.flaky.integrationId,
    ws: W.dataPlatform,
    name: 'HubSpot Contacts Import',
    type: 'import',
    schedule: 'none',
    outcome: 'flaky',
    failRate: 0.35,
    runs: 26,
    everyHours: 24,
    source: 'HubSpot',
    target: 'SQL Server',
    logLines: 110,
    rows: 5200,
  },
  {
    id: 18239,
    ws: W.dataPlatform,
    name: 'Jira Issues → BigQuery',
    type: 'dataflow',
    schedule: 'active',
    outcome: 'succeed',
    failRate: 0.02,
    runs: 58,
    everyHours: 6,
    source: 'Jira',
    target: 'Google BigQuery',
    logLines: 75,
    rows: 800,
  },
  {
    id: 18240,
    ws: W.dataPlatform,
    name: 'Customer 360 Build',
    type: 'controlflow',
    schedule: 'inactive',
    outcome: 'succeed',
    failRate: 0.08,
    runs: 22,
    everyHours: 48,
    source: 'Snowflake',
    target: 'Snowflake',
    logLines: 260,
    rows: 95000,
  },
  {
    id: 18241,
    ws: W.salesOps,
    name: 'HubSpot ↔ Salesforce Contacts',
    type: 'sync',
    schedule: 'active',
    outcome: 'succeed',
    failRate: 0.05,
    runs: 60,
    everyHours: 6,
    source: 'HubSpot',
    target: 'Salesforce',
    logLines: 130,
    rows: 2300,
  },
  {
    id: 18242,
    ws: W.salesOps,
    name: 'Opportunities → Google Sheets',
    type: 'export',
    schedule: 'inactive',
    outcome: 'succeed',
    failRate: 0.0,
    runs: 30,
    everyHours: 24,
    source: 'Salesforce',
    target: 'Google Sheets',
    logLines: 40,
    rows: 1200,
  },
  {
    id: 18243,
    ws: W.salesOps,
    name: 'Pipedrive Deals Import',
    type: 'import',
    schedule: 'none',
    outcome: 'succeed',
    failRate: 0.1,
    runs: 18,
    everyHours: 48,
    source: 'Pipedrive',
    target: 'Salesforce',
    logLines: 55,
    rows: 700,
  },
  {
    id: 18244,
    ws: W.finance,
    name: 'QuickBooks → SQL Server',
    type: 'replication',
    schedule: 'active',
    outcome: 'succeed',
    failRate: 0.03,
    runs: 45,
    everyHours: 12,
    source: 'QuickBooks Online',
    target: 'SQL Server',
    logLines: 150,
    rows: 8800,
  },
  {
    id: 18245,
    ws: W.finance,
    name: 'Stripe Payments → PostgreSQL',
    type: 'import',
    schedule: 'active',
    outcome: 'flaky',
    failRate: 0.15,
    runs: 52,
    everyHours: 6,
    source: 'Stripe',
    target: 'PostgreSQL',
    logLines: 95,
    rows: 3100,
  },
  {
    id: 18246,
    ws: W.finance,
    name: 'Xero Invoices Export',
    type: 'export',
    schedule: 'none',
    outcome: 'succeed',
    failRate: 0.05,
    runs: 22,
    everyHours: 24,
    source: 'Xero',
    target: 'Amazon S3',
    logLines: 45,
    rows: 450,
  },
  {
    id: 18247,
    ws: W.personal,
    name: 'CSV Upload → Postgres (test)',
    type: 'import',
    schedule: 'none',
    outcome: 'succeed',
    failRate: 0.2,
    runs: 12,
    everyHours: 72,
    source: 'CSV',
    target: 'PostgreSQL',
    logLines: 30,
    rows: 120,
  },
  // Its target's name and its failures carry the hostile text into every run's log; the first error of a failed run holds the override.
  {
    id: F.hostileIntegration.integrationId,
    ws: W.personal,
    name: F.hostileIntegration.name,
    type: 'dataflow',
    schedule: 'none',
    outcome: 'succeed',
    failRate: 0.25,
    runs: 8,
    everyHours: 72,
    source: 'Google Sheets',
    target: `MySQL ${F.hostileText}`,
    logLines: 25,
    rows: 60,
    failure: `Row rejected: ${F.hostileText} ${F.reversingText}`,
    recordError: `Attachment ${F.reversingText} refused.`,
  },
];

interface BackupSeed {
  id: number;
  ws: number;
  name: string | null;
  connector: string;
  scheduleActive: boolean;
  snapshots: number;
  everyHours: number;
  failRate: number;
  /** Now and then a snapshot succeeds unusually. */
  unusual?: Unusually;
}

const BACKUPS: BackupSeed[] = [
  {
    id: F.backups.main.backupId,
    ws: W.dataPlatform,
    name: 'Snowflake Metadata Backup',
    connector: 'Snowflake',
    scheduleActive: true,
    snapshots: F.backups.main.snapshots,
    everyHours: 24,
    failRate: 0.04,
    unusual: F.unusual.backup,
  },
  {
    id: F.backups.inactiveSchedule.backupId,
    ws: W.dataPlatform,
    name: 'PostgreSQL Orders Backup',
    connector: 'PostgreSQL',
    scheduleActive: false,
    snapshots: 20,
    everyHours: 48,
    failRate: 0.0,
  },
  { id: 5122, ws: W.salesOps, name: 'Salesforce Nightly Backup', connector: 'Salesforce', scheduleActive: true, snapshots: 60, everyHours: 24, failRate: 0.07 },
  { id: 5123, ws: W.salesOps, name: 'HubSpot CRM Backup', connector: 'HubSpot', scheduleActive: true, snapshots: 40, everyHours: 24, failRate: 0.02 },
  {
    id: 5124,
    ws: W.finance,
    name: 'QuickBooks Online Backup',
    connector: 'QuickBooks Online',
    scheduleActive: true,
    snapshots: 45,
    everyHours: 24,
    failRate: 0.03,
  },
  { id: 5125, ws: W.personal, name: 'Google Sheets Backup', connector: 'Google Sheets', scheduleActive: false, snapshots: 10, everyHours: 168, failRate: 0.1 },
  // Its connector's name carries the hostile text into every snapshot's log.
  {
    id: F.hostileBackup.backupId,
    ws: W.personal,
    name: F.hostileBackup.name,
    connector: `Sheets ${F.hostileText}`,
    scheduleActive: false,
    snapshots: 8,
    everyHours: 72,
    failRate: 0.25,
  },
];

interface AutomationSeed {
  id: number;
  ws: number;
  name: string | null;
  triggerType: AutomationRec['triggerType'];
  enabled: boolean;
  alwaysExecuting?: boolean;
  executions: number;
  everyHours: number;
  failRate: number;
  steps: string[];
  failure?: string;
  comment?: string;
}

const AUTOMATIONS: AutomationSeed[] = [
  {
    id: F.automations.bigHistory.automationId,
    ws: W.dataPlatform,
    name: 'Order webhook → Slack alert',
    triggerType: 'Webhook',
    enabled: true,
    executions: F.automations.bigHistory.executions,
    everyHours: 3,
    failRate: 0.04,
    steps: ['Parse order payload', 'Lookup customer in PostgreSQL', 'Post message to #orders-alerts'],
  },
  {
    id: F.automations.executing.automationId,
    ws: W.dataPlatform,
    name: 'Lead enrichment on new Salesforce lead',
    triggerType: 'Connection',
    enabled: true,
    alwaysExecuting: true,
    executions: 36,
    everyHours: 8,
    failRate: 0.06,
    steps: ['Read new leads', 'Enrich from Clearbit', 'Update Salesforce lead', 'Notify owner'],
  },
  {
    id: 2303,
    ws: W.dataPlatform,
    name: 'Daily revenue digest',
    triggerType: 'Schedule',
    enabled: true,
    executions: 40,
    everyHours: 24,
    failRate: 0.02,
    steps: ['Query revenue in SQL Server', 'Render digest', 'Send email to finance@'],
  },
  {
    id: F.automations.disabled.automationId,
    ws: W.dataPlatform,
    name: 'Reprocess failed orders',
    triggerType: 'Manual',
    enabled: false,
    executions: 14,
    everyHours: 96,
    failRate: 0.15,
    steps: ['Select failed orders', 'Re-run order import', 'Write audit row'],
  },
  {
    id: 2305,
    ws: W.salesOps,
    name: 'New HubSpot deal → Jira ticket',
    triggerType: 'Connection',
    enabled: true,
    executions: 55,
    everyHours: 12,
    failRate: 0.05,
    steps: ['Read new deals', 'Create Jira issue', 'Link issue to deal'],
  },
  {
    id: 2306,
    ws: W.salesOps,
    name: 'Weekly pipeline report',
    triggerType: 'Schedule',
    enabled: true,
    executions: 26,
    everyHours: 168,
    failRate: 0.0,
    steps: ['Aggregate pipeline', 'Update Google Sheet', 'Send Slack summary'],
  },
  {
    id: 2307,
    ws: W.finance,
    name: 'Invoice overdue reminders',
    triggerType: 'Schedule',
    enabled: true,
    executions: 60,
    everyHours: 24,
    failRate: 0.03,
    steps: ['Find overdue invoices', 'Send reminder emails', 'Log reminders'],
  },
  {
    id: 2308,
    ws: W.finance,
    name: null,
    triggerType: 'Webhook',
    enabled: false,
    executions: 18,
    everyHours: 48,
    failRate: 0.2,
    steps: ['Parse Stripe dispute', 'Create task'],
  },
  {
    id: 2309,
    ws: W.personal,
    name: 'Try: manual test automation',
    triggerType: 'Manual',
    enabled: true,
    executions: 9,
    everyHours: 120,
    failRate: 0.3,
    steps: ['Say hello'],
  },
  // A step and its error carry the hostile text into every execution's result (seed) and error (live).
  {
    id: F.hostileAutomation.automationId,
    ws: W.personal,
    name: F.hostileAutomation.name,
    triggerType: 'Manual',
    enabled: true,
    executions: 8,
    everyHours: 72,
    failRate: 0.3,
    steps: ['Read the sheet', `Post ${F.hostileText}`],
    failure: `Slack refused ${F.hostileText}`,
    comment: `Sent by ${F.reversingText}`,
  },
];

interface AgentSeed {
  id: number;
  ws: number;
  name: string | null;
  online: boolean;
  lastSeenDaysAgo: number;
  echoesKey?: boolean;
}

const AGENTS: AgentSeed[] = [
  { id: F.agents.online.agentId, ws: W.dataPlatform, name: 'warehouse-agent-01', online: true, lastSeenDaysAgo: 0 },
  { id: F.agents.offline.agentId, ws: W.dataPlatform, name: 'dc2-legacy-erp-agent', online: false, lastSeenDaysAgo: 3 },
  { id: 312, ws: W.finance, name: 'finance-onprem', online: false, lastSeenDaysAgo: 12 },
  { id: 313, ws: W.finance, name: 'finance-agent-02', online: true, lastSeenDaysAgo: 0 },
  { id: F.echoesSecrets.agentId, ws: W.personal, name: "Dana's laptop", online: false, lastSeenDaysAgo: 41, echoesKey: true },
];

interface ConnectionSeed {
  id: number;
  ws: number;
  name: string | null;
  connector: string;
  agentId?: number;
  failure?: string;
}

const CONNECTIONS: ConnectionSeed[] = [
  { id: F.connections.direct.connectionId, ws: W.dataPlatform, name: 'Orders DB (PostgreSQL)', connector: 'PostgreSQL' },
  { id: F.connections.agent.connectionId, ws: W.dataPlatform, name: 'SQL Server DW', connector: 'SQL Server', agentId: F.agents.online.agentId },
  { id: 9503, ws: W.dataPlatform, name: 'Snowflake Prod', connector: 'Snowflake' },
  { id: 9504, ws: W.dataPlatform, name: 'Google BigQuery Analytics', connector: 'Google BigQuery' },
  {
    id: F.connections.nullName.connectionId,
    ws: W.dataPlatform,
    name: null,
    connector: 'Amazon S3',
    failure: "Access Denied (403 Forbidden) listing bucket 'bf-archive'. Check the IAM policy of the access key.",
  },
  { id: F.connections.offlineAgent.connectionId, ws: W.dataPlatform, name: 'Legacy ERP (Oracle)', connector: 'Oracle', agentId: F.agents.offline.agentId },
  { id: 9507, ws: W.dataPlatform, name: 'Jira Cloud', connector: 'Jira' },
  { id: 9508, ws: W.salesOps, name: 'Salesforce Prod', connector: 'Salesforce' },
  { id: 9509, ws: W.salesOps, name: 'HubSpot', connector: 'HubSpot' },
  { id: 9510, ws: W.salesOps, name: 'Google Sheets – Sales', connector: 'Google Sheets' },
  { id: 9511, ws: W.salesOps, name: 'Pipedrive', connector: 'Pipedrive', failure: 'Invalid API token: the token was revoked or has expired.' },
  { id: 9512, ws: W.finance, name: 'QuickBooks Online', connector: 'QuickBooks Online' },
  { id: 9513, ws: W.finance, name: 'Finance SQL Server', connector: 'SQL Server', agentId: 312 },
  { id: 9514, ws: W.finance, name: 'Stripe', connector: 'Stripe' },
  { id: 9515, ws: W.finance, name: 'Xero', connector: 'Xero', failure: 'OAuth refresh token expired. Reconnect to Xero to continue.' },
  { id: 9516, ws: W.personal, name: 'Local Postgres', connector: 'PostgreSQL', agentId: 314 },
];

interface EndpointSeed {
  id: number;
  ws: number;
  name: string | null;
  type: 'OData' | 'Sql';
  active: boolean;
  requests: number;
  everyHours: number;
  failRate: number;
  entities: string[];
  userAgent?: string;
  echoesToken?: boolean;
}

const ENDPOINTS: EndpointSeed[] = [
  {
    id: F.endpoints.odata.endpointId,
    ws: W.dataPlatform,
    name: 'Warehouse OData',
    type: 'OData',
    active: true,
    requests: F.endpoints.odata.requests,
    everyHours: 2,
    failRate: 0.06,
    entities: ['Orders', 'OrderLines', 'Customers', 'Products'],
  },
  {
    id: F.endpoints.sql.endpointId,
    ws: W.dataPlatform,
    name: 'Analytics SQL',
    type: 'Sql',
    active: true,
    requests: 48,
    everyHours: 6,
    failRate: 0.1,
    entities: ['daily_revenue', 'orders', 'customers'],
  },
  {
    id: F.endpoints.inactive.endpointId,
    ws: W.dataPlatform,
    name: 'Legacy Orders Feed',
    type: 'OData',
    active: false,
    requests: 25,
    everyHours: 48,
    failRate: 0.2,
    entities: ['Orders'],
  },
  {
    id: 643,
    ws: W.salesOps,
    name: 'Sales Pipeline OData',
    type: 'OData',
    active: true,
    requests: 64,
    everyHours: 4,
    failRate: 0.03,
    entities: ['Opportunities', 'Accounts'],
  },
  {
    id: 644,
    ws: W.finance,
    name: 'Finance Reporting SQL',
    type: 'Sql',
    active: false,
    requests: 30,
    everyHours: 24,
    failRate: 0.05,
    entities: ['invoices', 'payments'],
  },
  // Its entity set's name carries the hostile text into every request's URL, log lines and errors.
  {
    id: F.hostileEndpoint.endpointId,
    ws: W.personal,
    name: F.hostileEndpoint.name,
    type: 'OData',
    active: true,
    requests: 12,
    everyHours: 24,
    failRate: 0.25,
    entities: [`${F.hostileText} ${F.reversingText}`],
    userAgent: `Feed reader/1.0 (${F.reversingText})`,
    echoesToken: true,
  },
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
const SOURCES: [string, string[]][] = [
  ['Salesforce', ['Accounts', 'Contacts', 'Leads', 'Opportunities']],
  ['HubSpot', ['Contacts', 'Deals', 'Companies']],
  ['Zendesk', ['Tickets', 'Users']],
  ['Shopify', ['Orders', 'Products', 'Customers']],
  ['Stripe', ['Charges', 'Payouts', 'Invoices']],
  ['QuickBooks Online', ['Invoices', 'Bills']],
  ['Jira', ['Issues', 'Sprints']],
  ['Mailchimp', ['Campaigns', 'Members']],
  ['PostgreSQL', ['orders', 'customers', 'inventory']],
  ['MySQL', ['events', 'sessions']],
];
const TARGETS = ['Snowflake', 'Google BigQuery', 'SQL Server', 'PostgreSQL', 'Amazon Redshift', 'Amazon S3', 'Azure SQL Database'];
const TYPES = ['dataflow', 'export', 'controlflow', 'replication', 'import', 'sync', 'custom'];
const AUTOMATION_NAMES = [
  'Notify on failed payment',
  'Sync new signups to CRM',
  'Escalate overdue tickets',
  'Archive closed deals',
  'Alert on low stock',
  'Welcome email for new customers',
];
const TRIGGERS: AutomationRec['triggerType'][] = ['Manual', 'Schedule', 'Connection', 'Webhook'];
const EVERY_HOURS = [1, 6, 12, 24, 48];

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
    integrations: new Catalog(),
    backups: new Catalog(),
    automations: new Catalog(),
    agents: new Catalog(),
    connections: new Catalog(),
    endpoints: new Catalog(),
    nextIds: { run: 0, snapshot: 0, execution: 0n, invitation: 0 },
  };
  const count = (base: number): number => scaledCount(base, scale);
  // Histories keep their time span at any scale: more items, closer together.
  const interval = (hours: number): number => (hours * HOUR) / scale;
  const series = (salt: number, id: number, items: number, everyHours: number, failRate: number): Series =>
    new Series({ seed: hash32(salt, id), count: count(items), endMs: anchorMs, intervalMs: interval(everyHours), failRate });
  const createdBefore = (s: Series, salt: number, id: number): { created: number; modified: number } => {
    const created = s.dateOf(0) - intIn(3, 90, salt, id, 1) * DAY - intIn(0, 86_399, salt, id, 2) * 1000;
    const modified = created + Math.floor(unit(salt, id, 3) * (anchorMs - created) * 0.9);
    return { created, modified };
  };
  /** How many filler entities a workspace gets for a category that has `fixtures` hand-written ones there. */
  const fillerFor = (fixtures: number): number => Math.max(0, Math.round(fixtures * scale) - fixtures);
  const perWorkspace = <T extends { ws: number }>(rows: T[]): Map<number, number> => {
    const m = new Map<number, number>();
    for (const r of rows) m.set(r.ws, (m.get(r.ws) ?? 0) + 1);
    return m;
  };

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

  // --- integrations (run ids: each integration owns the block [runIdBase, runIdBase + count))
  let runCursor = 41_700_001;
  const addIntegration = (s: IntegrationSeed): void => {
    const history = series(K.integration, s.id, s.runs, s.everyHours, s.failRate);
    seed.integrations.add({
      id: s.id,
      workspaceId: s.ws,
      name: s.name,
      type: s.type,
      ...createdBefore(history, K.integration, s.id),
      schedule: s.schedule,
      outcome: s.outcome,
      source: s.source,
      target: s.target,
      logLines: count(s.logLines),
      typicalRows: s.rows,
      history,
      runIdBase: runCursor,
      ...(s.failure === undefined ? {} : { failure: s.failure }),
      ...(s.recordError === undefined ? {} : { recordError: s.recordError }),
      ...(s.unusual ? { unusual: s.unusual } : {}),
    });
    runCursor += history.count;
  };
  INTEGRATIONS.forEach(addIntegration);
  let nextId = 19001;
  for (const [ws, n] of perWorkspace(INTEGRATIONS)) {
    for (let k = 0; k < fillerFor(n); k++, nextId++) {
      const [source, objects] = pickBy(SOURCES, K.integration, nextId, 1);
      const target = pickBy(TARGETS, K.integration, nextId, 2);
      const failRate = pickBy([0, 0.02, 0.05, 0.12], K.integration, nextId, 3);
      addIntegration({
        id: nextId,
        ws,
        name: `${source} ${pickBy(objects, K.integration, nextId, 4)} → ${target} (${k + 1})`,
        type: pickBy(TYPES, K.integration, nextId, 5),
        schedule: pickBy<ScheduleState>(['active', 'active', 'inactive', 'none'], K.integration, nextId, 6),
        outcome: failRate > 0.1 ? 'flaky' : 'succeed',
        failRate,
        runs: intIn(18, 60, K.integration, nextId, 7),
        everyHours: pickBy(EVERY_HOURS, K.integration, nextId, 8),
        source,
        target,
        logLines: intIn(30, 200, K.integration, nextId, 9),
        rows: intIn(100, 50_000, K.integration, nextId, 10),
      });
    }
  }
  seed.nextIds.run = runCursor + 1000;

  // --- backups
  let snapshotCursor = 2_310_001;
  const addBackup = (b: BackupSeed): void => {
    const history = series(K.backup, b.id, b.snapshots, b.everyHours, b.failRate);
    seed.backups.add({
      id: b.id,
      workspaceId: b.ws,
      name: b.name,
      connector: b.connector,
      ...createdBefore(history, K.backup, b.id),
      scheduleActive: b.scheduleActive,
      logLines: count(intIn(40, 160, K.backup, b.id, 4)),
      history,
      snapshotIdBase: snapshotCursor,
      ...(b.unusual ? { unusual: b.unusual } : {}),
    });
    snapshotCursor += history.count;
  };
  BACKUPS.forEach(addBackup);
  nextId = 5201;
  for (const [ws, n] of perWorkspace(BACKUPS)) {
    for (let k = 0; k < fillerFor(n); k++, nextId++) {
      const [connector] = pickBy(SOURCES, K.backup, nextId, 1);
      addBackup({
        id: nextId,
        ws,
        name: `${connector} Backup (${k + 1})`,
        connector,
        scheduleActive: unit(K.backup, nextId, 2) < 0.7,
        snapshots: intIn(10, 60, K.backup, nextId, 3),
        everyHours: 24,
        failRate: pickBy([0, 0.03, 0.1], K.backup, nextId, 5),
      });
    }
  }
  seed.nextIds.snapshot = snapshotCursor + 1000;

  // --- automations (execution ids start at 2^53 + 1: ids a double cannot hold exactly)
  let executionCursor = 9_007_199_254_740_993n;
  const addAutomation = (a: AutomationSeed): void => {
    const history = series(K.automation, a.id, a.executions, a.everyHours, a.failRate);
    seed.automations.add({
      id: a.id,
      workspaceId: a.ws,
      name: a.name,
      triggerType: a.triggerType,
      ...createdBefore(history, K.automation, a.id),
      enabled: a.enabled,
      alwaysExecuting: a.alwaysExecuting ?? false,
      history,
      executionIdBase: executionCursor,
      steps: a.steps,
      ...(a.failure === undefined ? {} : { failure: a.failure }),
      ...(a.comment === undefined ? {} : { comment: a.comment }),
    });
    // One spare id after each history for the execution an always-executing automation has running.
    executionCursor += BigInt(history.count) + 1n;
  };
  AUTOMATIONS.forEach(addAutomation);
  nextId = 2401;
  for (const [ws, n] of perWorkspace(AUTOMATIONS)) {
    for (let k = 0; k < fillerFor(n); k++, nextId++) {
      addAutomation({
        id: nextId,
        ws,
        name: `${pickBy(AUTOMATION_NAMES, K.automation, nextId, 1)} (${k + 1})`,
        triggerType: pickBy(TRIGGERS, K.automation, nextId, 2),
        enabled: unit(K.automation, nextId, 3) < 0.8,
        executions: intIn(10, 60, K.automation, nextId, 4),
        everyHours: pickBy(EVERY_HOURS, K.automation, nextId, 5),
        failRate: pickBy([0, 0.03, 0.1], K.automation, nextId, 6),
        steps: ['Read trigger data', 'Apply actions', 'Write result'],
      });
    }
  }
  seed.nextIds.execution = executionCursor + 1000n;

  // --- agents
  const addAgent = (a: AgentSeed): void => {
    seed.agents.add({
      id: a.id,
      workspaceId: a.ws,
      name: a.name,
      key: `${hexBy(8, K.agent, a.id)}-${hexBy(4, K.agent, a.id, 1)}-${hexBy(4, K.agent, a.id, 2)}-${hexBy(4, K.agent, a.id, 3)}-${hexBy(12, K.agent, a.id, 4)}`,
      online: a.online,
      lastSeenDaysAgo: a.lastSeenDaysAgo,
      ...(a.echoesKey ? { echoesKey: true } : {}),
    });
  };
  AGENTS.forEach(addAgent);
  nextId = 401;
  for (const [ws, n] of perWorkspace(AGENTS)) {
    for (let k = 0; k < fillerFor(n); k++, nextId++) {
      const online = unit(K.agent, nextId, 1) < 0.7;
      addAgent({
        id: nextId,
        ws,
        name: `agent-${ws}-${String(k + 1).padStart(3, '0')}`,
        online,
        lastSeenDaysAgo: online ? 0 : intIn(1, 30, K.agent, nextId, 2),
      });
    }
  }

  // --- connections
  const addConnection = (c: ConnectionSeed): void => {
    seed.connections.add({
      id: c.id,
      workspaceId: c.ws,
      name: c.name,
      connector: c.connector,
      type: c.agentId === undefined ? 'Direct' : 'Agent',
      ...(c.agentId === undefined ? {} : { agentId: c.agentId }),
      ...(c.failure === undefined ? {} : { failure: c.failure }),
    });
  };
  CONNECTIONS.forEach(addConnection);
  nextId = 9601;
  for (const [ws, n] of perWorkspace(CONNECTIONS)) {
    for (let k = 0; k < fillerFor(n); k++, nextId++) {
      const [connector] = pickBy(SOURCES, K.connection, nextId, 1);
      addConnection({
        id: nextId,
        ws,
        name: `${connector} ${k + 1}`,
        connector,
        ...(unit(K.connection, nextId, 2) < 0.1 ? { failure: 'Authentication failed: invalid user name or password.' } : {}),
      });
    }
  }

  // --- endpoints
  const addEndpoint = (e: EndpointSeed): void => {
    const history = series(K.endpoint, e.id, e.requests, e.everyHours, e.failRate);
    seed.endpoints.add({
      id: e.id,
      workspaceId: e.ws,
      name: e.name,
      type: e.type,
      token: hexBy(32, K.endpoint, e.id),
      active: e.active,
      ...createdBefore(history, K.endpoint, e.id),
      entities: e.entities,
      history,
      ...(e.userAgent === undefined ? {} : { userAgent: e.userAgent }),
      ...(e.echoesToken ? { echoesToken: true } : {}),
    });
  };
  ENDPOINTS.forEach(addEndpoint);
  nextId = 701;
  for (const [ws, n] of perWorkspace(ENDPOINTS)) {
    for (let k = 0; k < fillerFor(n); k++, nextId++) {
      const type = unit(K.endpoint, nextId, 1) < 0.6 ? 'OData' : 'Sql';
      addEndpoint({
        id: nextId,
        ws,
        name: `${type === 'OData' ? 'OData feed' : 'SQL endpoint'} ${k + 1}`,
        type,
        active: unit(K.endpoint, nextId, 2) < 0.75,
        requests: intIn(10, 60, K.endpoint, nextId, 3),
        everyHours: pickBy(EVERY_HOURS, K.endpoint, nextId, 4),
        failRate: 0.05,
        entities: type === 'OData' ? ['Orders', 'Customers'] : ['orders'],
      });
    }
  }

  return seed;
}

/** Strips accents and apostrophes for e-mail local parts ("Tomás" → "tomas", "O'Connor" → "oconnor"). */
function ascii(s: string): string {
  return s.normalize('NFD').replace(/[^A-Za-z]/g, '');
}
