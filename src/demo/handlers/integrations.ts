// Integrations: lists, runs (the state machine of runs.ts, started here or by a schedule),
// schedules, and how an integration's run is made unusual: it writes no rows.

import { SORT_BY } from '../../api/types';
import { ApiError, badRequest, notFound } from '../errors';
import { pageHistory } from '../history';
import { apiRunFacts, lazyRunFacts, runLog, type RunFacts } from './integrationRuns';
import type { RunningKind } from '../kinds';
import { historyQuery } from '../params';
import { activeRun, startRun, viewRun, type ApiRun } from '../runs';
import { iso, isoOrNull, seconds, type Shapes } from '../shapes';
import { id32, itemOf, listOf } from './common';
import { seedIntegrations, type IntegrationRec } from './integrationSeed';
import { empty, noContent, ok, type Ctx, type Handlers, type Reply } from './types';

// ---- answers

function integrationJson(i: IntegrationRec): object {
  return { id: i.id, name: i.name, type: i.type, created: iso(i.created), modified: iso(i.modified), scheduled: i.schedule === 'active' };
}

/** A finished run in the history list. */
function runListItemJson(f: RunFacts, shapes: Shapes): object {
  return {
    runId: f.runId,
    date: iso(f.date),
    duration: seconds((f.endTime ?? f.date) - f.date),
    state: f.state,
    ...(shapes === 'seed' ? { subState: 'None' } : {}),
    successRows: f.successRows,
    errorRows: f.errorRows,
  };
}

/** The run returned by POST executions: the contract lists `duration` on it (0 for a new run). */
function runResultJson(f: RunFacts, now: number): object {
  return {
    runId: f.runId,
    date: iso(f.date),
    duration: seconds((f.endTime ?? now) - f.date),
    state: f.state,
    successRows: f.successRows,
    errorRows: f.errorRows,
  };
}

/** The active run: as the run result but without `duration` (the contract says it is absent). */
function activeRunJson(f: RunFacts): object {
  return { runId: f.runId, date: iso(f.date), state: f.state, successRows: f.successRows, errorRows: f.errorRows };
}

/** `GET …/executions/{executionId}` (IntegrationExecutionResultDto; the live service's only). */
function runDetailsJson(f: RunFacts, log: string): object {
  return { runId: f.runId, queueTime: iso(f.date), startTime: isoOrNull(f.startTime), endTime: isoOrNull(f.endTime), state: f.state, result: log };
}

function scheduleJson(active: boolean): object {
  return { active };
}

// ---- operations

function integrationOf(c: Ctx): IntegrationRec {
  return itemOf(c, integrations, 'integrationId');
}

function runsOf(c: Ctx, integ: IntegrationRec): ApiRun[] {
  return c.state.kinds.started(integrations, integ.id);
}

const NO_SCHEDULE = 'No schedule is defined for this integration.';

const integrationHandlers = {
  listIntegrations: (c: Ctx): Reply => listOf(c, integrations, integrationJson),

  getIntegration: (c: Ctx): Reply => ok(integrationJson(integrationOf(c))),

  listIntegrationRuns: (c: Ctx): Reply => {
    const integ = integrationOf(c);
    const q = historyQuery(c.query, SORT_BY.integrationRuns);
    const finished = runsOf(c, integ)
      .map((r) => apiRunFacts(r, c.now))
      .filter((f) => !f.active);
    const page = pageHistory<RunFacts>(integ.history, { items: finished, dateOf: (f) => f.date, failed: (f) => f.state === 'Failed' }, q);
    const shapes = c.state.shapes;
    return ok({
      data: page.refs.map((ref) => runListItemJson(ref.kind === 'lazy' ? lazyRunFacts(integ, ref.index) : ref.item, shapes)),
      hasMore: page.hasMore,
    });
  },

  runIntegration: (c: Ctx): Reply => {
    const integ = integrationOf(c);
    const runs = runsOf(c, integ);
    if (activeRun(runs, c.now)) throw badRequest('Integration is already running.');
    // Deterministic outcomes: the broken integration always fails; flaky ones alternate
    // (1st run succeeds, 2nd fails, …) so a test can get either on purpose. Scheduled runs do not count.
    const started = runs.filter((r) => !r.runBySchedule).length;
    const outcome = integ.outcome === 'fail' || (integ.outcome === 'flaky' && started % 2 === 1) ? 'Failed' : 'Succeeded';
    const run = startRun(c.state.kinds, integrations, integ, c.now, outcome, false);
    return ok(runResultJson(apiRunFacts(run, c.now), c.now));
  },

  getActiveIntegrationRun: (c: Ctx): Reply => {
    const run = activeRun(runsOf(c, integrationOf(c)), c.now);
    return run ? ok(activeRunJson(apiRunFacts(run, c.now))) : noContent();
  },

  getIntegrationRun: (c: Ctx): Reply => {
    const integ = integrationOf(c);
    const runId = id32(c, 'executionId');
    const index = runId - integ.runIdBase;
    let facts: RunFacts | undefined;
    if (index >= 0 && index < integ.history.count) facts = lazyRunFacts(integ, index);
    else {
      const run = runsOf(c, integ).find((r) => r.id === runId);
      if (run) facts = apiRunFacts(run, c.now);
    }
    if (!facts) throw notFound('Run', runId);
    return ok(runDetailsJson(facts, runLog(integ, facts, c.now)));
  },

  cancelIntegrationRun: (c: Ctx): Reply => {
    const run = activeRun(runsOf(c, integrationOf(c)), c.now);
    if (!run) throw badRequest('There is no active run of this integration to cancel.');
    // Canceling twice is harmless: the first request's clock keeps counting.
    if (viewRun(run, c.now).state !== 'Canceling') run.cancelAt = c.now;
    return empty();
  },

  killIntegrationRun: (c: Ctx): Reply => {
    const run = activeRun(runsOf(c, integrationOf(c)), c.now);
    if (!run) throw badRequest('There is no active run of this integration to kill.');
    run.killAt = c.now;
    return empty();
  },

  getIntegrationSchedule: (c: Ctx): Reply => {
    const integ = integrationOf(c);
    return integ.schedule === 'none' ? noContent() : ok(scheduleJson(integ.schedule === 'active'));
  },

  enableIntegrationSchedule: (c: Ctx): Reply => {
    const integ = integrationOf(c);
    if (integ.schedule === 'none') throw new ApiError(404, NO_SCHEDULE);
    integ.schedule = 'active';
    return ok(scheduleJson(true));
  },

  // With no schedule defined, disable answers 200 {active:false}: the contract gives disable no
  // precondition (only enable has the 404), and "not active" is true of a missing schedule.
  disableIntegrationSchedule: (c: Ctx): Reply => {
    const integ = integrationOf(c);
    if (integ.schedule === 'active') integ.schedule = 'inactive';
    return ok(scheduleJson(false));
  },
} satisfies Handlers;

export const integrations: RunningKind<IntegrationRec, typeof integrationHandlers> = {
  noun: 'Integration',
  handlers: integrationHandlers,
  seed: seedIntegrations,
  runs: {
    counter: 'runsStarted',
    history: (integ) => integ.history,
    scheduled: (integ) => integ.schedule === 'active',
    // The broken integration fails by schedule too.
    scheduledOutcome: (integ, slotFails) => (integ.outcome === 'fail' || slotFails ? 'Failed' : 'Succeeded'),
    plan: (integ) => ({ plannedRows: integ.typicalRows, logLines: integ.logLines }),
    figures: {
      param: 'integrationId',
      entry: 'run',
      planted: (integ) => integ.unusual,
      lazyEntry: (integ, i) => {
        const f = lazyRunFacts(integ, i);
        return { id: f.runId, succeeded: f.state === 'Succeeded' };
      },
      // It succeeds, having written nothing.
      unusualRun: { plannedRows: 0 },
    },
  },
};
