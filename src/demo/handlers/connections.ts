// Connections, and their test: through an agent, it fails while the agent is offline. A test
// answers 200 whether it passed or not: the outcome is the message.

import { DEMO_FIXTURES as F } from '../fixtures';
import type { DemoKind } from '../kinds';
import { pickBy, unit } from '../random';
import { SOURCES, type SeedTools } from '../seedTools';
import { testResultJson } from '../shapes';
import { agents, days } from './agents';
import { itemOf, listOf } from './common';
import { ok, type Ctx, type Handlers, type Reply } from './types';

// ---- seed

/** Hash salt of connections: equal ids of different kinds get unrelated values. */
const SALT = 5;
const W = F.workspaces;

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

export function seedConnections(t: SeedTools): { items: ConnectionRec[] } {
  const items: ConnectionRec[] = [];
  const addConnection = (c: ConnectionSeed): void => {
    items.push({
      id: c.id,
      workspaceId: c.ws,
      name: c.name,
      connector: c.connector,
      type: c.agentId === undefined ? 'Direct' : 'Agent',
      ...(c.agentId === undefined ? {} : { agentId: c.agentId }),
      ...(c.failure === undefined ? {} : { failure: c.failure }),
    });
  };
  t.withFiller(CONNECTIONS, 9601, (id, ws, k): ConnectionSeed => {
    const [connector] = pickBy(SOURCES, SALT, id, 1);
    return {
      id,
      ws,
      name: `${connector} ${k + 1}`,
      connector,
      ...(unit(SALT, id, 2) < 0.1 ? { failure: 'Authentication failed: invalid user name or password.' } : {}),
    };
  }).forEach(addConnection);
  return { items };
}

// ---- answers

function connectionJson(c: ConnectionRec): object {
  return { id: c.id, name: c.name, connector: c.connector };
}

function connectionDetailsJson(c: ConnectionRec): object {
  return { ...connectionJson(c), type: c.type };
}

// ---- operations

function connectionOf(c: Ctx): ConnectionRec {
  return itemOf(c, connections, 'connectionId');
}

const connectionHandlers = {
  listConnections: (c: Ctx): Reply => listOf(c, connections, connectionJson),

  getConnection: (c: Ctx): Reply => ok(connectionDetailsJson(connectionOf(c))),

  testConnection: (c: Ctx): Reply => {
    const conn = connectionOf(c);
    const agent = conn.agentId === undefined ? undefined : c.state.kinds.catalog(agents).get(conn.workspaceId, conn.agentId);
    if (agent && !agent.online)
      return ok(testResultJson(`Connection test failed: agent '${agent.name ?? agent.id}' is offline (no heartbeat for ${days(agent.lastSeenDaysAgo)}).`));
    if (conn.failure) return ok(testResultJson(`Connection test failed: ${conn.failure}`));
    return ok(testResultJson('Connection test succeeded.'));
  },
} satisfies Handlers;

export const connections: DemoKind<ConnectionRec, never, never, typeof connectionHandlers> = {
  noun: 'Connection',
  handlers: connectionHandlers,
  seed: seedConnections,
};
