// The integrations of the demo account: hand-written ones with the fixtures' ids, then filler at
// scales above 1. Each integration owns the run ids [runIdBase, runIdBase + history.count).

import { DEMO_FIXTURES as F } from '../fixtures';
import type { Series } from '../history';
import type { Unusually } from '../model';
import { intIn, pickBy } from '../random';
import { EVERY_HOURS, SOURCES, type SeedTools } from '../seedTools';

/** Hash salt of integrations: equal ids of different kinds get unrelated values. */
const SALT = 1;
const W = F.workspaces;

export type ScheduleState = 'none' | 'active' | 'inactive';

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
}

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

const TARGETS = ['Snowflake', 'Google BigQuery', 'SQL Server', 'PostgreSQL', 'Amazon Redshift', 'Amazon S3', 'Azure SQL Database'];
const TYPES = ['dataflow', 'export', 'controlflow', 'replication', 'import', 'sync', 'custom'];

export function seedIntegrations(t: SeedTools): { items: IntegrationRec[]; nextEntryId: number } {
  const items: IntegrationRec[] = [];
  let runCursor = 41_700_001;
  const addIntegration = (s: IntegrationSeed): void => {
    const history = t.series(SALT, s.id, s.runs, s.everyHours, s.failRate);
    items.push({
      id: s.id,
      workspaceId: s.ws,
      name: s.name,
      type: s.type,
      ...t.createdBefore(history, SALT, s.id),
      schedule: s.schedule,
      outcome: s.outcome,
      source: s.source,
      target: s.target,
      logLines: t.count(s.logLines),
      typicalRows: s.rows,
      history,
      runIdBase: runCursor,
      ...(s.failure === undefined ? {} : { failure: s.failure }),
      ...(s.recordError === undefined ? {} : { recordError: s.recordError }),
      ...(s.unusual ? { unusual: s.unusual } : {}),
    });
    runCursor += history.count;
  };
  t.withFiller(INTEGRATIONS, 19001, (id, ws, k): IntegrationSeed => {
    const [source, objects] = pickBy(SOURCES, SALT, id, 1);
    const target = pickBy(TARGETS, SALT, id, 2);
    const failRate = pickBy([0, 0.02, 0.05, 0.12], SALT, id, 3);
    return {
      id,
      ws,
      name: `${source} ${pickBy(objects, SALT, id, 4)} → ${target} (${k + 1})`,
      type: pickBy(TYPES, SALT, id, 5),
      schedule: pickBy<ScheduleState>(['active', 'active', 'inactive', 'none'], SALT, id, 6),
      outcome: failRate > 0.1 ? 'flaky' : 'succeed',
      failRate,
      runs: intIn(18, 60, SALT, id, 7),
      everyHours: pickBy(EVERY_HOURS, SALT, id, 8),
      source,
      target,
      logLines: intIn(30, 200, SALT, id, 9),
      rows: intIn(100, 50_000, SALT, id, 10),
    };
  }).forEach(addIntegration);
  return { items, nextEntryId: runCursor + 1000 };
}
