// Succeeded, but not as usual: the one place that decides whether a succeeded entry's figures are
// far from its item's own recent successes. The figures and their rules are the kinds' records'
// (`EntryRecord.usual`); the baseline is what was read of the item's history (state/baselines.ts
// keeps it; the account scan reads a page back where a window's successes lack one), never a
// request of this module's.
//
// The baseline is robust — the median and the median absolute deviation (MAD) of the item's last
// BASELINE.window successes before the entry — so one odd run neither moves it nor hides the next
// one. A figure is judged only with at least BASELINE.least successes that carry it. A value is
// unusual when it passes the rule's ratio (a tenth, three times), lies well past the item's usual
// low or high (half its 10th percentile, twice its 90th) AND more than SPREADS scaled MADs from
// the median: a figure that always swings widely (rows of an incremental sync) is never called
// unusual for swinging.
import * as l10n from '@vscode/l10n';
import type { Unusual } from '../shared/model';
import { toDate } from '../shared/format';
import type { EntryRecord, UsualFigure } from './kind';

export const BASELINE = {
  /** The successes a baseline is made of: the newest this many before the entry. */
  window: 20,
  /** Fewer successes than this carrying a figure: no baseline for it, nothing is judged. */
  least: 8,
} as const;

/** How far from the median, in scaled MADs (1.4826 × MAD estimates a standard deviation). */
const SPREADS = 2.5;
const MAD_SCALE = 1.4826;
/** `fewer`: under this share of usual. */
const FEWER = 0.1;
/** `more`: over this many times usual. */
const MORE = 3;
/** …and past the usual low (10th percentile) or high (90th) by these factors. */
const EDGE_FEWER = 0.5;
const EDGE_MORE = 2;

/** A succeeded entry's figures, as a baseline keeps them (in the order of its kind's `usual`). */
export interface Sample {
  id: string;
  /** Its date, ms since the epoch. */
  at: number;
  values: (number | undefined)[];
}

/** A succeeded entry as a sample of its item's baseline; `undefined` for any other entry, or one without an id or date. */
export function sampleOf<E>(entry: EntryRecord<E>, row: E): Sample | undefined {
  if (!entry.usual || entry.outcome(row) !== 'succeeded') return undefined;
  const id = entry.idOf(row);
  const at = toDate(entry.latest(row).date)?.getTime();
  if (!id || at === undefined) return undefined;
  return { id, at, values: entry.usual.map((f) => finite(f.of(row))) };
}

/**
 * Whether a succeeded entry is unusual against `samples` (the item's known successes, newest
 * first — a row is judged each time it is drawn, so the order is kept by the caller, not made
 * here; the entry itself may be among them): the first of its kind's figures, in the record's
 * order, that is far from usual.
 */
export function judge<E>(entry: EntryRecord<E>, row: E, samples: readonly Sample[]): Unusual | undefined {
  const self = sampleOf(entry, row);
  if (!self || !entry.usual) return undefined;
  // The first sample older than it, by halving (they are newest first): the Failures view judges
  // every success of 350 items, each against a list of up to 200.
  let lo = 0;
  for (let hi = samples.length; lo < hi;) {
    const mid = (lo + hi) >> 1;
    if (samples[mid].at < self.at) hi = mid;
    else lo = mid + 1;
  }
  const end = Math.min(samples.length, lo + BASELINE.window);
  for (let k = 0; k < entry.usual.length; k++) {
    const figure = entry.usual[k];
    const value = self.values[k];
    if (value === undefined || !mayBeFar(figure, value, samples, lo, end, k)) continue;
    const usual = baselineOf(samples.slice(lo, end).map((s) => s.values[k]));
    if (usual && far(figure, value, usual)) return { figure: figure.figure, value, usual: usual.median };
  }
  return undefined;
}

/** Every entry of a history against the others (newest first or not): what the false-alarm count and the tests read. */
export function judgeAll<E>(entry: EntryRecord<E>, rows: readonly E[]): Map<E, Unusual> {
  const samples = rows.flatMap((r) => sampleOf(entry, r) ?? []).sort((a, b) => b.at - a.at);
  const found = new Map<E, Unusual>();
  for (const row of rows) {
    const u = judge(entry, row, samples);
    if (u) found.set(row, u);
  }
  return found;
}

/** What the kind's record says of an unusual entry: "0 rows written, usually about 5,200". */
export function unusualWords<E>(entry: EntryRecord<E>, u: Unusual): string | undefined {
  return entry.usual?.find((f) => f.figure === u.figure)?.says(u.value, aboutUsual(u.usual));
}

/** What a row, a panel's history and the Failures view say first of an unusual entry: "Unusual: 0 rows written, usually about 5,200". */
export function unusualLine<E>(entry: EntryRecord<E>, u: Unusual): string {
  const why = unusualWords(entry, u);
  return why
    ? l10n.t({ message: 'Unusual: {0}', args: [why], comment: ['{0} says why, such as "0 rows written, usually about 5,200"'] })
    : l10n.t({ message: 'Unusual', comment: ['A run that succeeded, but not as usual'] });
}

/** What a screen reader says first of an unusual entry: "Succeeded run, unusual" (`meaning`: the outcome with its kind). */
export function unusualMeaning(meaning: string): string {
  return l10n.t({ message: '{0}, unusual', args: [meaning], comment: ['{0} is an outcome with its kind, such as "Succeeded run"'] });
}

/** A usual value as said: two significant digits ("about 5,200", "about 4 min"). */
export function aboutUsual(n: number): number {
  if (n === 0) return 0;
  const digits = Math.max(0, Math.floor(Math.log10(Math.abs(n))) - 1);
  const step = 10 ** digits;
  return Math.round(n / step) * step;
}

interface Baseline {
  median: number;
  /** Scaled MAD: asked for last, by a value already past the ratio and the edge (most never are). */
  spread(): number;
  /** The 10th and 90th percentiles: how low and how high the item usually goes. */
  p10: number;
  p90: number;
}

function baselineOf(values: (number | undefined)[]): Baseline | undefined {
  const xs = values.filter((v): v is number => v !== undefined).sort((a, b) => a - b);
  if (xs.length < BASELINE.least) return undefined;
  const median = quantile(xs, 0.5);
  const spread = () =>
    MAD_SCALE *
    quantile(
      xs.map((x) => Math.abs(x - median)).sort((a, b) => a - b),
      0.5,
    );
  return { median, spread, p10: quantile(xs, 0.1), p90: quantile(xs, 0.9) };
}

/**
 * Whether `value` can pass `far` against the `k`th figure of `samples[from..to)`, counted in one
 * pass (no copy, no sort): three times the median needs at least half the values at or under a
 * third of it, a tenth of the median at least half at or over ten times it. Most successes are
 * usual, and a week at scale 10 judges 37,000 of them.
 */
function mayBeFar<E>(figure: UsualFigure<E>, value: number, samples: readonly Sample[], from: number, to: number, k: number): boolean {
  const fewer = figure.rule === 'fewer';
  let [n, near] = [0, 0];
  for (let i = from; i < to; i++) {
    const v = samples[i].values[k];
    if (v === undefined) continue;
    n++;
    if (fewer ? v * FEWER >= value : v * MORE <= value) near++;
  }
  // The median (interpolated) is at least the lower middle value and at most the upper one.
  return n >= BASELINE.least && near >= (fewer ? n - Math.ceil((n - 1) / 2) : Math.floor((n - 1) / 2) + 1);
}

function far<E>(figure: UsualFigure<E>, value: number, b: Baseline): boolean {
  const beyond = (d: number) => d > SPREADS * b.spread();
  switch (figure.rule) {
    // Past the ratio, also well past where one in ten usually goes: a figure spread widely (20 s to
    // 5 min) whose few recent values happen to sit low is not called unusual at its usual top.
    case 'fewer':
      return b.median >= figure.least && value <= b.median * FEWER && value <= b.p10 * EDGE_FEWER && beyond(b.median - value);
    case 'more':
      return value >= b.median * MORE && value >= b.p90 * EDGE_MORE && value - b.median >= figure.least && beyond(value - b.median);
    case 'appears':
      // Usually none (nine in ten had less than it takes to count): any real amount is news; else it must be far more than usual.
      return value >= figure.least && value > MORE * b.p90 && (b.p90 < figure.least || beyond(value - b.median));
  }
}

/** The q-quantile of sorted numbers, interpolated. */
function quantile(sorted: readonly number[], q: number): number {
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return (sorted[lo] as number) + ((sorted[hi] as number) - (sorted[lo] as number)) * (pos - lo);
}

function finite(v: number | undefined): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : undefined;
}
