// Request counters, for tests ("exactly one request per expand") and benchmarks.

import type { DemoState } from './state';

export interface DemoStats {
  requests: number;
  byOperation: Record<string, number>;
  runsStarted: number;
  snapshotsStarted: number;
  reset(): void;
}

export class Stats implements DemoStats {
  /** API requests (everything outside /__demo), including rejected and faulted ones. */
  requests = 0;
  /** Per operation id; requests that match no route count under "unmatched". */
  readonly byOperation: Record<string, number> = {};

  constructor(private readonly state: DemoState) {}

  get runsStarted(): number {
    return this.started('runsStarted');
  }

  get snapshotsStarted(): number {
    return this.started('snapshotsStarted');
  }

  /** Runs of a kind started through the API, by the name its `runs.counter` gives. */
  started(counter: string): number {
    return this.state.kinds.startCounts.get(counter) ?? 0;
  }

  count(op: string): void {
    this.requests++;
    this.byOperation[op] = (this.byOperation[op] ?? 0) + 1;
  }

  reset(): void {
    this.requests = 0;
    // Cleared in place: a caller holding `stats.byOperation` sees the reset.
    for (const key of Object.keys(this.byOperation)) delete this.byOperation[key];
    this.state.kinds.resetCounts();
  }

  toJSON(): object {
    // Every kind with runs has its count here, in the kinds' order.
    return { requests: this.requests, byOperation: { ...this.byOperation }, ...Object.fromEntries(this.state.kinds.startCounts) };
  }
}
