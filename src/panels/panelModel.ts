// Builds what an item panel shows from what the extension knows: the item's own read, its facts
// and run under way, and the history pages loaded. Actions are the capabilities its kind's record
// grants now — the very answer the tree's menus show — with the one whose request is out marked.
import * as l10n from '@vscode/l10n';
import { CommandId } from '../shared/commandIds';
import { activeText, type LabelFacts } from '../shared/describe';
import type { RunRecord, Unusual } from '../shared/model';
import { isActive, outcomeOf, type Outcome } from '../shared/outcome';
import { figureOf, type ChartData, type HistoryRange, type HistoryRow, type PanelAction, type PanelModel, type Tone } from '../shared/panelProtocol';
import { outcomeTitle, stateWord } from '../shared/words';
import { isEntryKind, type ItemRef } from '../shared/refs';
import type { ChartSpec, EntryRecord, HistoryRecord } from '../kinds/kind';
import { buttonsFor, STOP_CAPABILITIES } from '../kinds/panelButtons';
import { outlineOf } from '../logs/logText';
import { unusualLine, unusualWords } from '../kinds/unusual';
import { joinParts } from '../shared/format';
import { KINDS, describeObject, entryCapabilities, entryLog, entryName, entryOf, historyOf, titleOf } from '../kinds';

export interface HistoryState {
  rows: unknown[];
  hasMore: boolean;
  failedOnly: boolean;
  range: HistoryRange;
  /** The start date the range meant when its first page was asked for: later pages ask the same. */
  since?: Date;
  /**
   * One slot of the runs grid (its cell was opened): the entries from `from` to before `to` (to
   * the newest when `to` is absent), said by `label`. Another filter ends it.
   */
  slot?: { from: number; to?: number; label: string };
  /** The end date the slot meant (inclusive), as the service's `endDate` takes it. */
  until?: Date;
  loading: boolean;
  error?: string;
  /**
   * The date of the item's newest entry (as its facts tell it: a Refresh, the tree's history, the
   * watcher) the table was last read again for, so that one newer entry means one read.
   */
  caughtUp?: string;
}

const TONES: Record<Outcome, Tone> = { succeeded: 'ok', failed: 'error', canceled: 'warning', running: 'running', queued: 'running', unknown: 'neutral' };

export function toneOf(outcome: Outcome): Tone {
  return TONES[outcome];
}

/**
 * The panel's buttons: what the kind's record grants now (the tree's menus take the same answer)
 * and Show Details; an item's history can be exported. The run under way gets Cancel and Kill.
 */
function actionsOf(
  ref: ItemRef,
  data: object,
  facts: LabelFacts,
  pending: string | undefined,
  now: number,
  unusual: boolean,
): { item: PanelAction[]; stops: PanelAction[] } {
  const details: PanelAction = { command: CommandId.openItem, label: l10n.t('Show Details') };
  const mark = (actions: PanelAction[]) => actions.map((a) => (a.command === pending ? { ...a, pending: true } : a));
  const entry = entryOf(ref.kind);
  // An unusual success is compared with the last usual one, as a failure is.
  if (entry) return { item: mark([...buttonsFor(ref.kind, entryCapabilities(entry, data, unusual)), details]), stops: [] };
  const record = historyOf(ref.kind);
  if (!record) return { item: mark([details]), stops: [] };
  const granted = record.capabilities({ ref, data, facts, busy: facts.busy, now });
  return {
    item: mark([
      ...buttonsFor(
        ref.kind,
        granted.filter((c) => !c || !STOP_CAPABILITIES.includes(c)),
      ),
      details,
      { command: CommandId.exportHistory, label: l10n.t('Export History…') },
    ]),
    stops: mark(
      buttonsFor(
        ref.kind,
        granted.filter((c) => !!c && STOP_CAPABILITIES.includes(c)),
      ),
    ),
  };
}

function liveOf(run: RunRecord, stops: PanelAction[]): NonNullable<PanelModel['live']> {
  return { text: l10n.t('{0}: {1}', entryName(run.ref), activeText(run) ?? stateWord(run.state)), tone: 'running', actions: stops };
}

function chartOf(
  entry: EntryRecord<unknown>,
  chart: ChartSpec<unknown>,
  rows: unknown[],
  now: number,
  judge: (row: unknown) => Unusual | undefined,
): ChartData | undefined {
  const data: ChartData = { t: [], series: chart.series().map((s) => ({ ...s, values: [] })), failed: [], unusual: [], ids: [], labels: [], summary: '' };
  // Oldest first, as a time axis runs.
  for (const row of [...rows].reverse()) {
    const point = chart.point(row);
    const t = point.date ? Date.parse(point.date) : NaN;
    if (!Number.isFinite(t)) continue;
    data.t.push(t / 1000);
    data.series.forEach((s, i) => {
      const v = point.values[i];
      s.values.push(figureOf(v) ?? null);
    });
    const unusual = judge(row);
    data.failed.push(entry.outcome(row) === 'failed');
    data.unusual.push(!!unusual);
    data.ids.push(entry.idOf(row) ?? '');
    data.labels.push([entry.label(row), unusual && unusualLine(entry, unusual), entry.description(row, now)].filter(Boolean).join(' · '));
  }
  const main = data.series[0];
  if (data.t.length < 2 || !main?.values.some((v) => v !== null)) return undefined;
  const failures = data.failed.filter(Boolean).length;
  const unusual = data.unusual.filter(Boolean).length;
  const shown = l10n.t({
    message: '{0} of the {1} shown, oldest first.',
    args: [main.label, KINDS[entry.kind].words.count(data.t.length)],
    comment: ['{0} is a series, such as "Duration (s)"; {1} counts the entries, such as "48 runs"'],
  });
  // Whole sentences: what failed is marked in red, what succeeded unusually in amber.
  data.summary = [
    shown,
    failures > 0 && l10n.t({ message: '{0} failed, marked in red.', args: [failures], comment: ['{0} counts entries of the chart'] }),
    unusual > 0 && l10n.t({ message: '{0} succeeded unusually, marked in amber.', args: [unusual], comment: ['{0} counts entries of the chart'] }),
  ]
    .filter(Boolean)
    .join(' ');
  return data;
}

export interface ModelExtras {
  history?: { spec: HistoryRecord<unknown, unknown>; state: HistoryState };
  /** The item's own read failed: said instead of its fields. */
  error?: string;
  /** The name of the item a run, snapshot, execution or request belongs to. */
  parent?: string;
  /** For a run, snapshot, execution or request: the spec its item's history reads it with. */
  entry?: EntryRecord<unknown>;
  /** The command of an action whose request is out: its button shows it. */
  pending?: string;
  /** How the panel's last action went. */
  notice?: PanelModel['notice'];
  now?: number;
  /** For a failed entry: how often its cause occurred lately, as the Failures view has read it. */
  causeSeen?: string;
  /** Whether a succeeded entry (a history row, or the panel's own entry) was unusual for its item (state/baselines.ts). */
  judge?(row: unknown): Unusual | undefined;
}

/**
 * The first failure each entry read's log tells of, by the read: a panel's model is rebuilt on
 * every update (ready, a reread, the run store), and a run's log can be 200,000 lines.
 */
const firstFailures = new WeakMap<object, string | null>();

/**
 * The first line of an entry's log that tells of a failure, unless a field already says it. A
 * success's log tells of an error only at the ERROR level: its summary's words ("rows failed")
 * are no error of its own.
 */
function firstError(ref: ItemRef, data: object, fields: [string, string][]): string | undefined {
  if (!isEntryKind(ref.kind)) return undefined;
  let first = firstFailures.get(data);
  if (first === undefined) {
    const text = entryLog(ref.kind, data);
    const succeeded = entryOf(ref.kind)?.outcome(data) === 'succeeded';
    first = (text ? outlineOf(text).errors.find((e) => e.level || !succeeded)?.text : undefined) ?? null;
    firstFailures.set(data, first);
  }
  return first && !fields.some(([, v]) => v === first || first.endsWith(v)) ? first : undefined;
}

/** An entry's state as its badge says it: the service's word, or (an endpoint request has none) its outcome; amber when it succeeded unusually. */
function entryStateOf(d: Record<string, unknown>, entry: EntryRecord<unknown> | undefined, unusual: boolean): { text: string; tone: Tone } | undefined {
  if (typeof d.state === 'string' && d.state) return { text: stateWord(d.state), tone: unusual ? 'warning' : toneOf(outcomeOf(d.state)) };
  const outcome = entry?.outcome(d);
  return outcome && outcome !== 'unknown' ? { text: outcomeTitle(outcome), tone: toneOf(outcome) } : undefined;
}

export function buildModel(
  ref: ItemRef,
  name: string,
  data: object,
  facts: LabelFacts,
  { history, error, parent, entry, pending, notice, causeSeen, now = Date.now(), judge = () => undefined }: ModelExtras = {},
): PanelModel {
  const details = describeObject(ref, data, facts);
  const d = data as Record<string, unknown>;
  const unusual = entry && isEntryKind(ref.kind) ? judge(data) : undefined;
  const entryState = isEntryKind(ref.kind) ? entryStateOf(d, entry, !!unusual) : undefined;
  const state = entryState ? entryState : facts.active ? { text: stateWord(facts.active.state), tone: 'running' as const } : undefined;
  const fields = details.rows.filter((r): r is [string, string] => typeof r[1] === 'string' && r[1] !== '');
  const failure = firstError(ref, data, fields);
  const actions = actionsOf(ref, data, facts, pending, now, !!unusual);
  if (failure) fields.push([l10n.t('First error'), failure]);
  if (causeSeen) fields.push([l10n.t('Same cause'), causeSeen]);
  const why = entry && unusual && unusualWords(entry, unusual);
  if (why) fields.unshift([l10n.t('Unusual'), why]);
  const model: PanelModel = {
    kind: KINDS[ref.kind].words.title(),
    title: details.title || name,
    // The tab says "Run 123 · Failed"; beside the state's badge the heading need not say it twice.
    heading: titleOf(ref, data) || name,
    ...(state ? { state } : {}),
    ...(parent && isEntryKind(ref.kind) ? { parent } : {}),
    fields,
    actions: actions.item,
    ...(facts.active && isActive(facts.active.outcome) ? { live: liveOf(facts.active, actions.stops) } : {}),
    ...(notice ? { notice } : {}),
    ...(error ? { error } : {}),
  };
  if (history) {
    const { spec, state: h } = history;
    const rows: HistoryRow[] = h.rows.map((row, i) => {
      const outcome = spec.entry.outcome(row);
      const id = spec.entry.idOf(row);
      const when = spec.entry.label(row);
      const unusual = judge(row);
      return {
        id: id ?? `row-${i}`,
        when,
        buttons: spec.entry.words.rowButtons(id ?? '', when),
        state: outcome === 'unknown' ? '' : outcomeTitle(outcome),
        // Succeeded, but not as usual: said first, and its state drawn in amber.
        details: joinParts(unusual && unusualLine(spec.entry, unusual), spec.entry.description(row, now)),
        tone: unusual ? 'warning' : toneOf(outcome),
        ...(unusual ? { unusual: true } : {}),
      };
    });
    const chart = spec.entry.chart ? chartOf(spec.entry, spec.entry.chart, h.rows, now, judge) : undefined;
    model.history = {
      texts: spec.entry.words.history(),
      rows,
      hasMore: h.hasMore,
      failedOnly: h.failedOnly,
      range: h.range,
      ...(h.slot ? { slot: h.slot.label } : {}),
      loading: h.loading,
      hasLogs: true,
      ...(h.error ? { error: h.error } : {}),
      ...(chart ? { chart } : {}),
    };
  }
  return model;
}
