// An automation's executions: the facts of a lazily generated execution (a pure function of its
// history and index) or of one outside it (the always-executing automation's), and what an
// execution says.

import { automationError, automationResult } from '../logs';
import { hash32, intIn } from '../random';
import type { AutomationRec } from './automationSeed';

/** An automation execution that lives outside the lazy history (the always-executing automation's). */
export interface LiveExecution {
  executionId: bigint;
  automationId: number;
  startedAt: number;
  /** Set when it finished (the automation was disabled). */
  endedAt?: number;
  billedTasks: number;
}

export interface ExecutionFacts {
  executionId: bigint;
  date: number;
  executed: number | null;
  state: string;
  billedTasks: number;
  testMode: boolean;
  version: number;
  comment: string | null;
  seed: number;
}

export function lazyExecutionFacts(a: AutomationRec, i: number): ExecutionFacts {
  const s = a.history;
  const date = s.dateOf(i);
  const failed = s.failed(i);
  const testMode = s.rand(i, 1) < 0.03;
  return {
    executionId: a.executionIdBase + BigInt(i),
    date,
    executed: date + Math.min(s.maxDurationMs(), 300 + Math.floor(s.rand(i, 2) * 40_000)),
    state: failed ? 'Failed' : s.rand(i, 3) < 0.01 ? 'Canceled' : 'Succeeded',
    billedTasks: failed ? intIn(0, a.steps.length - 1, s.seed, i, 4) : a.steps.length + intIn(0, 3, s.seed, i, 5),
    testMode,
    // Automations get edited now and then: the version grows along the history.
    version: 1 + Math.floor((i * 6) / Math.max(1, s.count)),
    comment: a.comment ?? (testMode ? 'Test run from the automation designer' : null),
    seed: s.hash(i, 6),
  };
}

export function liveExecutionFacts(a: AutomationRec, e: LiveExecution): ExecutionFacts {
  return {
    executionId: e.executionId,
    date: e.startedAt,
    executed: e.endedAt ?? null,
    state: e.endedAt === undefined ? 'Executing' : 'Succeeded',
    billedTasks: e.billedTasks,
    testMode: false,
    version: 7,
    comment: null,
    seed: hash32(a.history.seed, Number(e.executionId % 1_000_000_007n)),
  };
}

export function executionText(a: AutomationRec, f: ExecutionFacts): { result: string; error: string | null } {
  const facts = { steps: a.steps, state: f.state, billedTasks: f.billedTasks, seed: f.seed, failure: a.failure };
  return { result: automationResult(facts), error: automationError(facts) };
}
