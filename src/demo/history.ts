// Lazily generated histories (runs, snapshots, executions, requests).
//
// A history of N finished items is never materialised: item i's date, outcome and every other
// property are pure functions of (series seed, i). Dates increase with i, so a date filter is a
// binary search for an index range; outcomes repeat with a short period, so "failed only" can be
// counted and indexed in O(1). Paging a 5,000,000-item history therefore costs the same as paging
// a 50-item one. Items created through the API (runs started by a client) are kept in a small
// array and follow the lazy ones: they are newer and their ids are higher.

import { hash32, unit } from './random';

/** Which indices of a series failed: a pattern over `period` indices, repeated. */
export class FailPattern {
  // Typed arrays and sharing (see `patternFor`) keep 40,000 series at scale 1000 to a few MB.
  private readonly failedOffsets: Uint8Array;
  private readonly okOffsets: Uint8Array;
  private readonly failedBefore: Uint8Array;

  constructor(
    seed: number,
    failRate: number,
    readonly period = 64,
  ) {
    const failed: number[] = [];
    const ok: number[] = [];
    this.failedBefore = new Uint8Array(period);
    for (let o = 0; o < period; o++) {
      this.failedBefore[o] = failed.length;
      if (failRate >= 1 || unit(seed, o, 0xfa11) < failRate) failed.push(o);
      else ok.push(o);
    }
    this.failedOffsets = Uint8Array.from(failed);
    this.okOffsets = Uint8Array.from(ok);
  }

  failed(i: number): boolean {
    const o = i % this.period;
    return this.failedOffsets[this.failedBefore[o] as number] === o;
  }

  /** How many of the indices [0, n) failed (or succeeded, when `failed` is false). */
  count(n: number, failed: boolean): number {
    const perPeriod = failed ? this.failedOffsets.length : this.okOffsets.length;
    const full = Math.floor(n / this.period) * perPeriod;
    const rest = n % this.period;
    const failedInRest = this.failedBefore[rest] as number;
    return full + (failed ? failedInRest : rest - failedInRest);
  }

  /** The index of the k-th (0-based) failed (or succeeded) item. */
  select(k: number, failed: boolean): number {
    const offsets = failed ? this.failedOffsets : this.okOffsets;
    return Math.floor(k / offsets.length) * this.period + (offsets[k % offsets.length] as number);
  }
}

const patterns = new Map<string, FailPattern>();

/** Patterns are shared: 256 variants per fail rate are plenty to look unrelated. */
function patternFor(seed: number, failRate: number): FailPattern {
  const key = `${failRate}:${seed & 0xff}`;
  let p = patterns.get(key);
  if (!p) patterns.set(key, (p = new FailPattern(seed & 0xff, failRate)));
  return p;
}

export interface SeriesSpec {
  /** Distinguishes this series' values from every other's. */
  seed: number;
  /** Number of lazily generated items. */
  count: number;
  /** Item dates are before this instant (epoch ms). */
  endMs: number;
  /** Mean time between items (ms). */
  intervalMs: number;
  /** Share of failed items, 0..1. */
  failRate: number;
}

/** A lazily generated, date-ordered history. */
export class Series {
  readonly seed: number;
  readonly count: number;
  readonly intervalMs: number;
  readonly pattern: FailPattern;
  private readonly firstMs: number;

  constructor(spec: SeriesSpec) {
    this.seed = spec.seed;
    this.count = spec.count;
    this.intervalMs = Math.max(1000, Math.round(spec.intervalMs));
    this.pattern = patternFor(spec.seed, spec.failRate);
    this.firstMs = spec.endMs - spec.count * this.intervalMs;
  }

  /** Start date of item i. Jitter stays below 30% of the interval, so dates strictly increase. */
  dateOf(i: number): number {
    return this.firstMs + i * this.intervalMs + Math.floor(unit(this.seed, i, 0xda7e) * 0.3 * this.intervalMs);
  }

  failed(i: number): boolean {
    return this.pattern.failed(i);
  }

  /** A value in [0, 1) for property `salt` of item i. */
  rand(i: number, salt: number): number {
    return unit(this.seed, i, salt);
  }

  hash(i: number, salt: number): number {
    return hash32(this.seed, i, salt);
  }

  /** Longest duration an item may have so it ends before the next one starts (and before endMs). */
  maxDurationMs(): number {
    return Math.floor(this.intervalMs * 0.5);
  }

  /** Index range [lo, hi) of items whose date lies in [from, to]. */
  range(from?: number, to?: number): [number, number] {
    const lo = from === undefined ? 0 : this.firstIndex((i) => this.dateOf(i) >= from);
    const hi = to === undefined ? this.count : this.firstIndex((i) => this.dateOf(i) > to);
    return [lo, Math.max(lo, hi)];
  }

  private firstIndex(pred: (i: number) => boolean): number {
    let lo = 0;
    let hi = this.count;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (pred(mid)) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }
}

export interface HistoryQuery {
  from?: number;
  to?: number;
  failed?: boolean;
  desc: boolean;
  skip: number;
  take: number;
}

export type HistoryRef<S> = { kind: 'lazy'; index: number } | { kind: 'stored'; item: S };

export interface StoredView<S> {
  items: readonly S[];
  dateOf(item: S): number;
  failed(item: S): boolean;
}

/**
 * One page of a history: the lazy series followed by stored (API-created, finished) items, filtered
 * by date range and outcome, in ascending or descending date order.
 */
export function pageHistory<S>(series: Series, stored: StoredView<S>, q: HistoryQuery): { refs: HistoryRef<S>[]; hasMore: boolean } {
  const [lo, hi] = series.range(q.from, q.to);
  let lazyCount: number;
  let lazyAt: (k: number) => number;
  if (q.failed === undefined) {
    lazyCount = hi - lo;
    lazyAt = (k) => lo + k;
  } else {
    const failed = q.failed;
    const before = series.pattern.count(lo, failed);
    lazyCount = series.pattern.count(hi, failed) - before;
    lazyAt = (k) => series.pattern.select(before + k, failed);
  }
  const extra = stored.items.filter((s) => {
    const d = stored.dateOf(s);
    if (q.from !== undefined && d < q.from) return false;
    if (q.to !== undefined && d > q.to) return false;
    return q.failed === undefined || stored.failed(s) === q.failed;
  });
  const total = lazyCount + extra.length;
  const refs: HistoryRef<S>[] = [];
  for (let p = q.skip; p < Math.min(total, q.skip + q.take); p++) {
    const asc = q.desc ? total - 1 - p : p;
    refs.push(asc < lazyCount ? { kind: 'lazy', index: lazyAt(asc) } : { kind: 'stored', item: extra[asc - lazyCount] as S });
  }
  return { refs, hasMore: q.skip + q.take < total };
}
