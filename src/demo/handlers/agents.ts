// Agents: the demo account's on-premises agents, and their test. A test answers 200 whether it
// passed or not: the outcome is the message.

import { DEMO_FIXTURES as F } from '../fixtures';
import type { DemoKind } from '../kinds';
import { hexBy, intIn, unit } from '../random';
import type { SeedTools } from '../seedTools';
import { testResultJson } from '../shapes';
import { itemOf, listOf } from './common';
import { ok, type Ctx, type Handlers, type Reply } from './types';

// ---- seed

/** Hash salt of agents: equal ids of different kinds get unrelated values. */
const SALT = 4;
const W = F.workspaces;

export interface AgentRec {
  id: number;
  workspaceId: number;
  name: string | null;
  key: string;
  online: boolean;
  lastSeenDaysAgo: number;
  /** Its test's message repeats its key. */
  echoesKey?: boolean;
}

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

export function seedAgents(t: SeedTools): { items: AgentRec[] } {
  const items: AgentRec[] = [];
  const addAgent = (a: AgentSeed): void => {
    items.push({
      id: a.id,
      workspaceId: a.ws,
      name: a.name,
      key: `${hexBy(8, SALT, a.id)}-${hexBy(4, SALT, a.id, 1)}-${hexBy(4, SALT, a.id, 2)}-${hexBy(4, SALT, a.id, 3)}-${hexBy(12, SALT, a.id, 4)}`,
      online: a.online,
      lastSeenDaysAgo: a.lastSeenDaysAgo,
      ...(a.echoesKey ? { echoesKey: true } : {}),
    });
  };
  t.withFiller(AGENTS, 401, (id, ws, k): AgentSeed => {
    const online = unit(SALT, id, 1) < 0.7;
    return {
      id,
      ws,
      name: `agent-${ws}-${String(k + 1).padStart(3, '0')}`,
      online,
      lastSeenDaysAgo: online ? 0 : intIn(1, 30, SALT, id, 2),
    };
  }).forEach(addAgent);
  return { items };
}

// ---- answers

function agentJson(a: AgentRec): object {
  return { id: a.id, name: a.name, key: a.key };
}

/** "3 days": how long an offline agent has not been heard from. */
export const days = (n: number): string => `${n} ${n === 1 ? 'day' : 'days'}`;

function agentMessage(a: AgentRec): string {
  if (a.online) return 'Agent is online.';
  return a.echoesKey
    ? `Agent ${a.key} is offline: no heartbeat for ${days(a.lastSeenDaysAgo)}.`
    : `Agent is offline: no heartbeat for ${days(a.lastSeenDaysAgo)}.`;
}

// ---- operations

function agentOf(c: Ctx): AgentRec {
  return itemOf(c, agents, 'agentId');
}

const agentHandlers = {
  listAgents: (c: Ctx): Reply => listOf(c, agents, agentJson),

  getAgent: (c: Ctx): Reply => ok(agentJson(agentOf(c))),

  testAgent: (c: Ctx): Reply => ok(testResultJson(agentMessage(agentOf(c)))),
} satisfies Handlers;

export const agents: DemoKind<AgentRec, never, never, typeof agentHandlers> = {
  noun: 'Agent',
  handlers: agentHandlers,
  seed: seedAgents,
};
