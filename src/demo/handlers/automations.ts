// Automations: enable/disable, int64 execution ids and the always-executing automation.

import { SORT_BY } from '../../api/types';
import { notFound } from '../errors';
import { pageHistory } from '../history';
import { executionText, lazyExecutionFacts, liveExecutionFacts, type ExecutionFacts } from './automationExecutions';
import type { DemoKind } from '../kinds';
import { historyQuery, int64Param } from '../params';
import type { LiveExecution } from './automationExecutions';
import { iso, isoOrNull, type Shapes } from '../shapes';
import { seedAutomations, type AutomationRec } from './automationSeed';
import { itemOf, listOf } from './common';
import { empty, noContent, ok, type Ctx, type Handlers, type Reply } from './types';

// ---- answers

function automationJson(a: AutomationRec): object {
  return { id: a.id, name: a.name, triggerType: a.triggerType, created: iso(a.created), modified: iso(a.modified) };
}

function executionJson(f: ExecutionFacts): object {
  return { executionId: f.executionId, state: f.state, date: iso(f.date), billedTasks: f.billedTasks, testMode: f.testMode };
}

function executionDetailsJson(f: ExecutionFacts, text: { result: string; error: string | null }, shapes: Shapes): object {
  return {
    executionId: f.executionId,
    state: f.state,
    version: f.version,
    testMode: f.testMode,
    comment: f.comment,
    started: iso(f.date),
    executed: isoOrNull(f.executed),
    billedTasks: f.billedTasks,
    ...(shapes === 'seed' ? { result: text.result } : { error: text.error }),
  };
}

function activeExecutionJson(e: LiveExecution): object {
  return { executionId: e.executionId, date: iso(e.startedAt), state: 'Executing', testMode: false };
}

/**
 * The live schema declares `executing` as a bare `$ref` (not nullable): with nothing executing
 * the live shape leaves the field out; the seed shape sends `null`.
 */
function automationStateJson(a: AutomationRec, executing: LiveExecution | undefined, shapes: Shapes): object {
  return {
    trigger: { enabled: a.enabled },
    queue: { queuedCount: executing ? 3 : 0 },
    ...(executing ? { executing: activeExecutionJson(executing) } : shapes === 'seed' ? { executing: null } : {}),
    testMode: false,
  };
}

// ---- operations

function automationOf(c: Ctx): AutomationRec {
  return itemOf(c, automations, 'automationId');
}

function executionsOf(c: Ctx, a: AutomationRec): LiveExecution[] {
  return c.state.kinds.started(automations, a.id);
}

function executing(c: Ctx, a: AutomationRec): LiveExecution | undefined {
  return executionsOf(c, a).find((e) => e.endedAt === undefined);
}

const automationHandlers = {
  listAutomations: (c: Ctx): Reply => listOf(c, automations, automationJson),

  getAutomation: (c: Ctx): Reply => ok(automationJson(automationOf(c))),

  // Enabling the always-executing automation starts a new execution; disabling it lets the
  // current one finish (it joins the history), so `active` and `state.executing` follow the flag.
  enableAutomation: (c: Ctx): Reply => {
    const a = automationOf(c);
    if (!a.enabled) {
      a.enabled = true;
      if (a.alwaysExecuting) {
        executionsOf(c, a).push({ executionId: c.state.kinds.takeId(automations), automationId: a.id, startedAt: c.now, billedTasks: 0 });
      }
    }
    return empty();
  },

  disableAutomation: (c: Ctx): Reply => {
    const a = automationOf(c);
    a.enabled = false;
    const running = executing(c, a);
    if (running) {
      running.endedAt = c.now;
      running.billedTasks += a.steps.length;
    }
    return empty();
  },

  listAutomationExecutions: (c: Ctx): Reply => {
    const a = automationOf(c);
    const q = historyQuery(c.query, SORT_BY.automationExecutions);
    const finished = executionsOf(c, a)
      .filter((e) => e.endedAt !== undefined)
      .map((e) => liveExecutionFacts(a, e));
    const page = pageHistory<ExecutionFacts>(a.history, { items: finished, dateOf: (f) => f.date, failed: (f) => f.state === 'Failed' }, q);
    return ok({ data: page.refs.map((ref) => executionJson(ref.kind === 'lazy' ? lazyExecutionFacts(a, ref.index) : ref.item)), hasMore: page.hasMore });
  },

  getAutomationExecution: (c: Ctx): Reply => {
    const a = automationOf(c);
    const id = int64Param(c.params['executionId'] ?? '', 'executionId');
    const index = id - a.executionIdBase;
    let facts: ExecutionFacts | undefined;
    if (index >= 0n && index < BigInt(a.history.count)) facts = lazyExecutionFacts(a, Number(index));
    else {
      const live = executionsOf(c, a).find((e) => e.executionId === id);
      if (live) facts = liveExecutionFacts(a, live);
    }
    if (!facts) throw notFound('Execution', id);
    return ok(executionDetailsJson(facts, executionText(a, facts), c.state.shapes));
  },

  getActiveAutomationExecution: (c: Ctx): Reply => {
    const running = executing(c, automationOf(c));
    return running ? ok(activeExecutionJson(running)) : noContent();
  },

  getAutomationState: (c: Ctx): Reply => {
    const a = automationOf(c);
    return ok(automationStateJson(a, executing(c, a), c.state.shapes));
  },
} satisfies Handlers;

export const automations: DemoKind<AutomationRec, LiveExecution, bigint, typeof automationHandlers> = {
  noun: 'Automation',
  handlers: automationHandlers,
  seed: seedAutomations,
  // The always-executing automation has one under way at start, started after the last entry of
  // its history (which ends before the anchor).
  startedAtSeed: (a, anchorMs) =>
    a.alwaysExecuting && a.enabled
      ? [
          {
            executionId: a.executionIdBase + BigInt(a.history.count),
            automationId: a.id,
            startedAt: anchorMs - Math.floor(a.history.intervalMs * 0.1),
            billedTasks: 2,
          },
        ]
      : [],
};
