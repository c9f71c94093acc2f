// Integrations: lists, the run state machine (runs.ts) and schedules.

import { SORT_BY } from '../../api/types';
import type { OperationId } from '../../api/operations';
import { ApiError, badRequest, notFound } from '../errors';
import { pageHistory } from '../history';
import { apiRunFacts, lazyRunFacts, runLog, type RunFacts } from '../items';
import type { IntegrationRec } from '../model';
import { historyQuery, pageOf, paging } from '../params';
import { activeRun, newRun, viewRun, type ApiRun } from '../runs';
import { activeRunJson, integrationJson, runDetailsJson, runListItemJson, runResultJson, scheduleJson } from '../shapes';
import type { DemoState } from '../state';
import { id32 } from './common';
import { empty, noContent, ok, type Ctx, type Handler } from './types';

function integrationOf(c: Ctx): IntegrationRec {
  return c.state.integration(id32(c, 'workspaceId'), id32(c, 'integrationId'));
}

function runsOf(state: DemoState, integ: IntegrationRec): ApiRun[] {
  return state.listOf(state.runs, integ.id);
}

const NO_SCHEDULE = 'No schedule is defined for this integration.';

export const integrationHandlers = {
  listIntegrations: (c: Ctx) => {
    const ws = c.state.workspace(id32(c, 'workspaceId'));
    const page = pageOf(c.state.seed.integrations.list(ws.id), paging(c.query));
    return ok({ data: page.data.map(integrationJson), hasMore: page.hasMore });
  },

  getIntegration: (c: Ctx) => ok(integrationJson(integrationOf(c))),

  listIntegrationRuns: (c: Ctx) => {
    const integ = integrationOf(c);
    const q = historyQuery(c.query, SORT_BY.integrationRuns);
    const finished = runsOf(c.state, integ)
      .map((r) => apiRunFacts(r, c.now))
      .filter((f) => !f.active);
    const page = pageHistory<RunFacts>(integ.history, { items: finished, dateOf: (f) => f.date, failed: (f) => f.state === 'Failed' }, q);
    const shapes = c.state.shapes;
    return ok({
      data: page.refs.map((ref) => runListItemJson(ref.kind === 'lazy' ? lazyRunFacts(integ, ref.index) : ref.item, shapes)),
      hasMore: page.hasMore,
    });
  },

  runIntegration: (c: Ctx) => {
    const integ = integrationOf(c);
    const runs = runsOf(c.state, integ);
    if (activeRun(runs, c.now)) throw badRequest('Integration is already running.');
    // Deterministic outcomes: the broken integration always fails; flaky ones alternate
    // (1st run succeeds, 2nd fails, …) so a test can get either on purpose. Scheduled runs do not count.
    const started = runs.filter((r) => !r.runBySchedule).length;
    const outcome = integ.outcome === 'fail' || (integ.outcome === 'flaky' && started % 2 === 1) ? 'Failed' : 'Succeeded';
    const run = newRun(integ, c.state.seed.nextIds.run++, c.now, outcome, false);
    runs.push(run);
    c.state.counters.runsStarted++;
    return ok(runResultJson(apiRunFacts(run, c.now), c.now));
  },

  getActiveIntegrationRun: (c: Ctx) => {
    const run = activeRun(runsOf(c.state, integrationOf(c)), c.now);
    return run ? ok(activeRunJson(apiRunFacts(run, c.now))) : noContent();
  },

  getIntegrationRun: (c: Ctx) => {
    const integ = integrationOf(c);
    const runId = id32(c, 'executionId');
    const index = runId - integ.runIdBase;
    let facts: RunFacts | undefined;
    if (index >= 0 && index < integ.history.count) facts = lazyRunFacts(integ, index);
    else {
      const run = runsOf(c.state, integ).find((r) => r.id === runId);
      if (run) facts = apiRunFacts(run, c.now);
    }
    if (!facts) throw notFound('Run', runId);
    return ok(runDetailsJson(facts, runLog(integ, facts, c.now)));
  },

  cancelIntegrationRun: (c: Ctx) => {
    const run = activeRun(runsOf(c.state, integrationOf(c)), c.now);
    if (!run) throw badRequest('There is no active run of this integration to cancel.');
    // Canceling twice is harmless: the first request's clock keeps counting.
    if (viewRun(run, c.now).state !== 'Canceling') run.cancelAt = c.now;
    return empty();
  },

  killIntegrationRun: (c: Ctx) => {
    const run = activeRun(runsOf(c.state, integrationOf(c)), c.now);
    if (!run) throw badRequest('There is no active run of this integration to kill.');
    run.killAt = c.now;
    return empty();
  },

  getIntegrationSchedule: (c: Ctx) => {
    const integ = integrationOf(c);
    return integ.schedule === 'none' ? noContent() : ok(scheduleJson(integ.schedule === 'active'));
  },

  enableIntegrationSchedule: (c: Ctx) => {
    const integ = integrationOf(c);
    if (integ.schedule === 'none') throw new ApiError(404, NO_SCHEDULE);
    integ.schedule = 'active';
    return ok(scheduleJson(true));
  },

  // With no schedule defined, disable answers 200 {active:false}: the contract gives disable no
  // precondition (only enable has the 404), and "not active" is true of a missing schedule.
  disableIntegrationSchedule: (c: Ctx) => {
    const integ = integrationOf(c);
    if (integ.schedule === 'active') integ.schedule = 'inactive';
    return ok(scheduleJson(false));
  },
} satisfies Partial<Record<OperationId, Handler>>;
