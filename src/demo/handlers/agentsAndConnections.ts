// Agents and connections. A test answers 200 whether it passed or not: the outcome is the message.

import type { OperationId } from '../../api/operations';
import type { AgentRec } from '../model';
import { pageOf, paging } from '../params';
import { agentJson, connectionDetailsJson, connectionJson, testResultJson } from '../shapes';
import { id32 } from './common';
import { ok, type Ctx, type Handler } from './types';

const days = (n: number): string => `${n} ${n === 1 ? 'day' : 'days'}`;

function agentMessage(a: AgentRec): string {
  if (a.online) return 'Agent is online.';
  return a.echoesKey
    ? `Agent ${a.key} is offline: no heartbeat for ${days(a.lastSeenDaysAgo)}.`
    : `Agent is offline: no heartbeat for ${days(a.lastSeenDaysAgo)}.`;
}

export const agentHandlers = {
  listAgents: (c: Ctx) => {
    const ws = c.state.workspace(id32(c, 'workspaceId'));
    const page = pageOf(c.state.seed.agents.list(ws.id), paging(c.query));
    return ok({ data: page.data.map(agentJson), hasMore: page.hasMore });
  },

  getAgent: (c: Ctx) => ok(agentJson(c.state.agent(id32(c, 'workspaceId'), id32(c, 'agentId')))),

  testAgent: (c: Ctx) => ok(testResultJson(agentMessage(c.state.agent(id32(c, 'workspaceId'), id32(c, 'agentId'))))),
} satisfies Partial<Record<OperationId, Handler>>;

export const connectionHandlers = {
  listConnections: (c: Ctx) => {
    const ws = c.state.workspace(id32(c, 'workspaceId'));
    const page = pageOf(c.state.seed.connections.list(ws.id), paging(c.query));
    return ok({ data: page.data.map(connectionJson), hasMore: page.hasMore });
  },

  getConnection: (c: Ctx) => ok(connectionDetailsJson(c.state.connection(id32(c, 'workspaceId'), id32(c, 'connectionId')))),

  testConnection: (c: Ctx) => {
    const conn = c.state.connection(id32(c, 'workspaceId'), id32(c, 'connectionId'));
    const agent = conn.agentId === undefined ? undefined : c.state.seed.agents.get(conn.workspaceId, conn.agentId);
    if (agent && !agent.online)
      return ok(testResultJson(`Connection test failed: agent '${agent.name ?? agent.id}' is offline (no heartbeat for ${days(agent.lastSeenDaysAgo)}).`));
    if (conn.failure) return ok(testResultJson(`Connection test failed: ${conn.failure}`));
    return ok(testResultJson('Connection test succeeded.'));
  },
} satisfies Partial<Record<OperationId, Handler>>;
