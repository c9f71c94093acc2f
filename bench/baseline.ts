// The bench's last accepted figures (bench/baseline.json, committed) and a run's figures against
// them. A figure that moved the wrong way by more than its noise is a regression, told at the end
// of the run that made it; one that moved the right way by more than its noise is an improvement,
// told so it can be accepted. `npm run bench -- --accept` writes a run's figures into the file, so
// the commit that changes a figure changes its baseline and says why.
//
// Plain data in, plain text out: no clock, no file system but read/write at the edges, so the
// rules are unit-tested (test/unit/baseline.test.ts).
import * as fs from 'node:fs';

/** Which way a figure gets better. */
export type Better = 'lower' | 'higher';

/** One accepted figure. */
export interface BaselineFigure {
  /** The bench's own words for it when it was accepted (for a reader of the file; ids are what match). */
  figure: string;
  value: number;
  unit: string;
  better: Better;
  /** How far, in % of `value`, a run may land either side of it and still be the same figure. */
  noisePct: number;
  /** At least this far, in `unit`: for a figure that can sit near 0, where a share of it means nothing. */
  noiseAbs?: number;
}

/** bench/baseline.json: figures by id, an id being `<part>.<name>` (the part `--only` names). */
export interface Baseline {
  figures: Record<string, BaselineFigure>;
}

/** A figure as a run measured it. */
export interface Measured {
  id: string;
  figure: string;
  value: number;
  unit: string;
  /** Lower when not said: times, bytes, requests and ratios to a floor all are. */
  better?: Better;
  /** The noise accepted with it; when not said, `defaultNoisePct(unit)`. */
  noisePct?: number;
  noiseAbs?: number;
}

export type Verdict = 'worse' | 'better' | 'same' | 'new';

export interface Comparison {
  id: string;
  figure: string;
  unit: string;
  value: number;
  verdict: Verdict;
  /** The accepted value (not for a new figure). */
  baseline?: number;
  /** value against baseline, in %: + is higher, whichever way is better. ±Infinity from a baseline of 0. */
  changePct?: number;
  noisePct?: number;
  noiseAbs?: number;
  /** Why a figure with an id in the baseline still counts as new. */
  why?: string;
}

/**
 * The default noise of a figure by its unit, where the bench does not say one: a count (requests,
 * round trips, rows, tabs) is exact, so any change is one; bytes of a build barely move between
 * two builds of the same source; anything timed moves with the machine.
 */
export function defaultNoisePct(unit: string): number {
  if (['req', 'RT', 'rows', 'tabs'].includes(unit)) return 0;
  if (unit === 'B') return 1;
  return 20;
}

/** The part of the bench a figure's id belongs to (`sizes.vsix` → `sizes`). */
export const partOf = (id: string): string => id.split('.')[0];

/** Each measured figure against its accepted value. The baseline's direction and noise decide: they were accepted with it. */
export function compare(baseline: Baseline, measured: readonly Measured[]): Comparison[] {
  return measured.map((m) => {
    const base = baseline.figures[m.id];
    const plain = { id: m.id, figure: m.figure, unit: m.unit, value: m.value };
    if (!base) return { ...plain, verdict: 'new' };
    if (base.unit !== m.unit) return { ...plain, verdict: 'new', why: `was in ${base.unit}` };
    const delta = m.value - base.value;
    const changePct = base.value === 0 ? (delta === 0 ? 0 : Math.sign(delta) * Infinity) : (delta / Math.abs(base.value)) * 100;
    const allowed = Math.max((Math.abs(base.value) * base.noisePct) / 100, base.noiseAbs ?? 0);
    const worseBy = base.better === 'lower' ? delta : -delta;
    const verdict: Verdict = worseBy > allowed ? 'worse' : -worseBy > allowed ? 'better' : 'same';
    return { ...plain, verdict, baseline: base.value, changePct, noisePct: base.noisePct, ...(base.noiseAbs ? { noiseAbs: base.noiseAbs } : {}) };
  });
}

/**
 * Ids in the baseline that a run of these parts should have measured and did not: a figure
 * renamed or dropped (its line in the file then goes by hand, or by --accept of its new id).
 */
export function unmeasured(baseline: Baseline, measured: readonly Measured[], parts: readonly string[]): string[] {
  const seen = new Set(measured.map((m) => m.id));
  return Object.keys(baseline.figures).filter((id) => parts.includes(partOf(id)) && !seen.has(id));
}

/** The baseline with these figures taken as measured; every figure this run did not measure is kept as it was. */
export function accept(baseline: Baseline, measured: readonly Measured[]): Baseline {
  const figures: Record<string, BaselineFigure> = { ...baseline.figures };
  for (const m of measured)
    figures[m.id] = {
      figure: m.figure,
      // To the hundredth, as the bench prints it: the digits past that are noise in every figure.
      value: Math.round(m.value * 100) / 100,
      unit: m.unit,
      better: m.better ?? 'lower',
      noisePct: m.noisePct ?? defaultNoisePct(m.unit),
      ...(m.noiseAbs ? { noiseAbs: m.noiseAbs } : {}),
    };
  // Sorted, so that an accepted run changes only the lines of the figures that moved.
  return {
    figures: Object.fromEntries(
      Object.keys(figures)
        .sort()
        .map((id) => [id, figures[id]]),
    ),
  };
}

export function readBaseline(file: string): Baseline {
  if (!fs.existsSync(file)) return { figures: {} };
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Baseline;
}

export function writeBaseline(file: string, baseline: Baseline): void {
  fs.writeFileSync(file, `${JSON.stringify(baseline, null, 2)}\n`);
}

/** A figure as the bench prints it: whole numbers with thousands separators, others to two places. */
export const fmt = (n: number): string => (Number.isInteger(n) ? n.toLocaleString('en-US') : n.toFixed(2));

const pct = (p: number) => (p === Infinity ? 'up from 0' : p === -Infinity ? 'down from 0' : `${p > 0 ? '+' : p < 0 ? '−' : '±'}${Math.abs(p).toFixed(1)} %`);

/**
 * ANSI colour when the output is a terminal, or when FORCE_COLOR asks for it (a CI log that shows
 * colour); never with NO_COLOR. The words say worse or better either way, so a plain log still does.
 */
export function wantsColour(isTTY: boolean | undefined, env: Record<string, string | undefined>): boolean {
  const force = env.FORCE_COLOR;
  if (force !== undefined) return !['0', 'false'].includes(force.toLowerCase());
  if (env.NO_COLOR) return false;
  return !!isTTY;
}

const RED = '\x1b[31m';
const GREEN = '\x1b[32m';
const RESET = '\x1b[0m';

/** The summary of a comparison for the end of a run: regressions first, then improvements, then the rest counted. */
export function report(comparisons: readonly Comparison[], opts: { colour: boolean; unmeasured?: readonly string[]; accepted?: boolean }): string {
  const paint = (colour: string, s: string) => (opts.colour ? `${colour}${s}${RESET}` : s);
  const line = (c: Comparison) =>
    `${c.id}  ${c.figure}: ${fmt(c.baseline!)} → ${fmt(c.value)} ${c.unit} (${pct(c.changePct!)}; noise ±${c.noisePct} %${c.noiseAbs ? `, at least ±${fmt(c.noiseAbs)} ${c.unit}` : ''})`;
  const of = (v: Verdict) => comparisons.filter((c) => c.verdict === v);
  const [worse, better, same, added] = [of('worse'), of('better'), of('same'), of('new')];
  const out = ['', 'Against bench/baseline.json:'];
  if (worse.length) {
    out.push(paint(RED, `${worse.length} figure(s) WORSE than the baseline beyond their noise:`));
    for (const c of worse) out.push(paint(RED, `- worse: ${line(c)}`));
  }
  if (better.length) {
    out.push(paint(GREEN, `${better.length} figure(s) better than the baseline beyond their noise:`));
    for (const c of better) out.push(paint(GREEN, `- better: ${line(c)}`));
  }
  if (added.length) {
    out.push(`${added.length} figure(s) new, not in the baseline:`);
    for (const c of added) out.push(`- new: ${c.id}  ${c.figure}: ${fmt(c.value)} ${c.unit}${c.why ? ` (${c.why})` : ''}`);
  }
  if (opts.unmeasured?.length) out.push(`In the baseline but not measured by the parts that ran (renamed or dropped?): ${opts.unmeasured.join(', ')}`);
  out.push(`${same.length} figure(s) the same within their noise.`);
  if (opts.accepted) out.push(`Accepted: the ${comparisons.length} figure(s) of this run are now the baseline (the others kept).`);
  else if (worse.length || better.length || added.length)
    out.push('`npm run bench -- --accept` takes this run’s figures as the baseline (commit it with the reason).');
  return out.join('\n');
}
