// What the extension knows about API objects beyond their list rows, as plain types: the stores
// (src/state) hold them, and the tree, documents and panels read them.
import type { Outcome } from './outcome';
import type { ItemRef } from './refs';

/** 'none': no schedule is defined (GET answers 204, enable answers 404) — a state, not an error. */
export type ScheduleState = 'active' | 'inactive' | 'none';

export type TestVerdict = 'passed' | 'failed' | 'unclear';

export interface TestOutcome {
  verdict: TestVerdict;
  /** The service's own words. */
  message: string;
  at: number;
}

/** A run, snapshot or execution this window watched or started. */
export interface RunRecord {
  /** The run, snapshot or execution. */
  ref: ItemRef;
  /** The integration, backup or automation it belongs to. */
  item: ItemRef;
  itemName: string;
  /** The service's state word (`Queued`, `Running`, `Executing`, `Succeeded`…). */
  state: string;
  outcome: Outcome;
  /** When it started or was queued, as the service sent it. */
  date?: string;
  successRows?: number;
  errorRows?: number;
  /** Started from this window (Run, Create snapshot): never forgotten silently. */
  startedHere: boolean;
  /** When this window first saw it (ms since epoch). */
  seenAt: number;
  /** When this window saw it end. */
  endedAt?: number;
  /** How long it took, from the service's own figures (never this machine's clock against the service's). */
  durationMs?: number;
  /** A failure text from the final record, when the service gave one. */
  error?: string;
}
