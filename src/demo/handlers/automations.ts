// Automations: enable/disable, int64 execution ids and the always-executing automation.

import { SORT_BY } from '../../api/types';
import type { OperationId } from '../../api/operations';
import { notFound } from '../errors';
import { pageHistory } from '../history';
import { executionText, lazyExecutionFacts, liveExecutionFacts, type ExecutionFacts } from '../items';
import type { AutomationRec } from '../model';
import { historyQuery, int64Param, pageOf, paging } from '../params';
import type { LiveExecution } from '../runs';
import { activeExecutionJson, automationJson, automationStateJson, executionDetailsJson, executionJson } from '../shapes';
import { id32 } from './common';
import { empty, noContent, ok, type Ctx, type Handler } from './types';

function automationOf(c: Ctx): AutomationRec {
  return c.state.automation(id32(c, 'workspaceId'), id32(c, 'automationId'));
}

function executionsOf(c: Ctx, a: AutomationRec): LiveExecution[] {
  return c.state.listOf(c.state.executions, a.id);
}

function executing(c: Ctx, a: AutomationRec): LiveExecution | undefined {
  return executionsOf(c, a).find((e) => e.endedAt === undefined);
}

export const automationHandlers = {
  listAutomations: (c: Ctx) => {
    const ws = c.state.workspace(id32(c, 'workspaceId'));
    const page = pageOf(c.state.seed.automations.list(ws.id), paging(c.query));
    return ok({ data: page.data.map(automationJson), hasMore: page.hasMore });
  },

  getAutomation: (c: Ctx) => ok(automationJson(automationOf(c))),

  // Enabling the always-executing automation starts a new execution; disabling it lets the
  // current one finish (it joins the history), so `active` and `state.executing` follow the flag.
  enableAutomation: (c: Ctx) => {
    const a = automationOf(c);
    if (!a.enabled) {
      a.enabled = true;
      if (a.alwaysExecuting) {
        executionsOf(c, a).push({ executionId: c.state.seed.nextIds.execution++, automationId: a.id, startedAt: c.now, billedTasks: 0 });
      }
    }
    return empty();
  },

  disableAutomation: (c: Ctx) => {
    const a = automationOf(c);
    a.enabled = false;
    const running = executing(c, a);
    if (running) {
      running.endedAt = c.now;
      running.billedTasks += a.steps.length;
    }
    return empty();
  },

  listAutomationExecutions: (c: Ctx) => {
    const a = automationOf(c);
    const q = historyQuery(c.query, SORT_BY.automationExecutions);
    const finished = executionsOf(c, a)
      .filter((e) => e.endedAt !== undefined)
      .map((e) => liveExecutionFacts(a, e));
    const page = pageHistory<ExecutionFacts>(a.history, { items: finished, dateOf: (f) => f.date, failed: (f) => f.state === 'Failed' }, q);
    return ok({ data: page.refs.map((ref) => executionJson(ref.kind === 'lazy' ? lazyExecutionFacts(a, ref.index) : ref.item)), hasMore: page.hasMore });
  },

  getAutomationExecution: (c: Ctx) => {
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

  getActiveAutomationExecution: (c: Ctx) => {
    const running = executing(c, automationOf(c));
    return running ? ok(activeExecutionJson(running)) : noContent();
  },

  getAutomationState: (c: Ctx) => {
    const a = automationOf(c);
    return ok(automationStateJson(a, executing(c, a), c.state.shapes));
  },
} satisfies Partial<Record<OperationId, Handler>>;
