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
  /** It succeeded, but not as usual for its item (kinds/unusual.ts). */
  unusual?: Unusual;
  /** Its history row as the read of how it ended found it (in memory only: never kept across reloads). */
  row?: object;
}

// ---- The facts of one item: what the fact store (src/state/facts.ts) keeps and every view reads.

/** The newest finished entry of an item's history, as a row describes it. */
export interface LatestEntry {
  state?: string | null;
  date?: string | null;
  /** It succeeded, but a figure of it was far from its item's usual (kinds/unusual.ts). */
  unusual?: Unusual;
}

/**
 * A succeeded entry's figure far outside its item's baseline: which figure (as its kind's record
 * names it, in English: "rows written"), its value, and the baseline's median. Words are made
 * from it where it is shown, by the kind's record.
 */
export interface Unusual {
  figure: string;
  value: number;
  usual: number;
}

/** What is stored per item (writers patch it). */
export interface StoredFacts {
  /** The item's list row, or its own read when newer: what its name, type and flags come from. */
  row?: object;
  schedule?: ScheduleState;
  /** The backup schedule record as the service sent it: its shape is not documented. */
  scheduleRecord?: unknown;
  /** An automation's trigger is enabled. */
  enabled?: boolean;
  /** Executions waiting in an automation's queue. */
  queued?: number;
  /** The automation runs in test mode. */
  testMode?: boolean;
  /** The latest test of an agent or connection. */
  test?: TestOutcome;
  /** A connection's type (`Direct`, `Agent`) from its details. */
  connectionType?: string;
  /** The newest entry the unfiltered history's first page listed. */
  historyLatest?: LatestEntry;
  /** Pinned to the top of the explorer (state/pins.ts keeps the list). */
  pinned?: boolean;
  /** What is under way for this item right now ("starting run…"); shown in place of the description. */
  busy?: string;
  /** When the per-item reads last answered (ms since epoch). */
  readAt?: number;
}

/** An item's facts as every view reads them. */
export interface ItemFacts extends StoredFacts {
  /** The run under way: `null` when known idle, `undefined` when unknown. */
  active?: RunRecord | null;
  /** The newest finished entry known: the history's first row or a run this window saw end, whichever is newer. */
  latest?: LatestEntry;
}
