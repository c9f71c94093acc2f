// The automations of the demo account: hand-written ones with the fixtures' ids, then filler at
// scales above 1. Execution ids start at 2^53 + 1, ids a double cannot hold exactly.

import { DEMO_FIXTURES as F } from '../fixtures';
import type { Series } from '../history';
import { intIn, pickBy, unit } from '../random';
import { EVERY_HOURS, type SeedTools } from '../seedTools';

/** Hash salt of automations: equal ids of different kinds get unrelated values. */
const SALT = 3;
const W = F.workspaces;

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

const AUTOMATION_NAMES = [
  'Notify on failed payment',
  'Sync new signups to CRM',
  'Escalate overdue tickets',
  'Archive closed deals',
  'Alert on low stock',
  'Welcome email for new customers',
];
const TRIGGERS: AutomationRec['triggerType'][] = ['Manual', 'Schedule', 'Connection', 'Webhook'];

export function seedAutomations(t: SeedTools): { items: AutomationRec[]; nextEntryId: bigint } {
  const items: AutomationRec[] = [];
  let executionCursor = 9_007_199_254_740_993n;
  const addAutomation = (a: AutomationSeed): void => {
    const history = t.series(SALT, a.id, a.executions, a.everyHours, a.failRate);
    items.push({
      id: a.id,
      workspaceId: a.ws,
      name: a.name,
      triggerType: a.triggerType,
      ...t.createdBefore(history, SALT, a.id),
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
  t.withFiller(AUTOMATIONS, 2401, (id, ws, k): AutomationSeed => {
    return {
      id,
      ws,
      name: `${pickBy(AUTOMATION_NAMES, SALT, id, 1)} (${k + 1})`,
      triggerType: pickBy(TRIGGERS, SALT, id, 2),
      enabled: unit(SALT, id, 3) < 0.8,
      executions: intIn(10, 60, SALT, id, 4),
      everyHours: pickBy(EVERY_HOURS, SALT, id, 5),
      failRate: pickBy([0, 0.03, 0.1], SALT, id, 6),
      steps: ['Read trigger data', 'Apply actions', 'Write result'],
    };
  }).forEach(addAutomation);
  return { items, nextEntryId: executionCursor + 1000n };
}
