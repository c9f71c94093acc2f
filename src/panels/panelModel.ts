// Builds what an item panel shows from what the extension knows: the item's own read, its
// states and run under way, and the history pages loaded. Actions are offered as the tree's
// menus offer them: Run while idle, Cancel and Kill while it runs, Enable when disabled.
import { CommandId } from '../shared/commandIds';
import { activeText, describeItem, type Facts } from '../shared/describe';
import type { RunRecord } from '../shared/model';
import { isActive, outcomeOf, type Outcome } from '../shared/outcome';
import type { ChartData, HistoryRow, PanelAction, PanelModel, Tone } from '../shared/panelModel';
import { isEntryKind, KIND_NOUNS, type ItemRef } from '../shared/refs';
import type { EntrySpec, HistorySpec } from '../tree/itemSpec';
import { capitalize } from '../shared/format';

export interface PanelFacts extends Facts {
  active?: RunRecord | null;
}

export interface HistoryState {
  rows: unknown[];
  hasMore: boolean;
  failedOnly: boolean;
  loading: boolean;
  error?: string;
}

const TONES: Record<Outcome, Tone> = { succeeded: 'ok', failed: 'error', canceled: 'warning', running: 'running', queued: 'running', unknown: 'neutral' };

export function toneOf(outcome: Outcome): Tone {
  return TONES[outcome];
}


function itemActions(ref: ItemRef, data: Record<string, unknown>, facts: PanelFacts): PanelAction[] {
  const running = !!facts.active;
  switch (ref.kind) {
    case 'integration': {
      const on = facts.schedule ? facts.schedule === 'active' : data.scheduled === true;
      return [
        ...(running ? [] : [{ command: CommandId.runIntegration, label: 'Run', primary: true }]),
        ...(facts.schedule === 'none' ? [] : [on ? { command: CommandId.disableSchedule, label: 'Disable Schedule' } : { command: CommandId.enableSchedule, label: 'Enable Schedule' }]),
        { command: CommandId.openItem, label: 'Show Details' },
      ];
    }
    case 'backup':
      return [...(running ? [] : [{ command: CommandId.createSnapshot, label: 'Create Snapshot', primary: true }]), { command: CommandId.openItem, label: 'Show Details' }];
    case 'automation':
      return [facts.enabled === false ? { command: CommandId.enableAutomation, label: 'Enable', primary: true } : { command: CommandId.disableAutomation, label: 'Disable' }, { command: CommandId.openItem, label: 'Show Details' }];
    case 'endpoint':
      return [
        data.active === false ? { command: CommandId.enableEndpoint, label: 'Enable', primary: true } : { command: CommandId.disableEndpoint, label: 'Disable' },
        ...(data.token ? [{ command: CommandId.copyEndpointToken, label: 'Copy Token' }] : []),
        { command: CommandId.openItem, label: 'Show Details' },
      ];
    default:
      return [
        { command: CommandId.openLog, label: 'Open Log', primary: true },
        { command: CommandId.openItem, label: 'Show Details' },
      ];
  }
}

function liveOf(ref: ItemRef, run: RunRecord): NonNullable<PanelModel['live']> {
  const noun = capitalize(KIND_NOUNS[run.ref.kind][0]);
  return {
    text: `${noun} ${run.ref.id}: ${activeText(run) ?? run.state}`,
    tone: 'running',
    actions:
      ref.kind === 'integration'
        ? [
            { command: CommandId.cancelRun, label: 'Cancel' },
            { command: CommandId.killRun, label: 'Kill…' },
          ]
        : [],
  };
}

function chartOf(spec: EntrySpec<unknown>, rows: unknown[]): ChartData | undefined {
  if (!spec.chart) return undefined;
  const data: ChartData = { t: [], duration: [], rows: [], errors: [], failed: [], ids: [] };
  // Oldest first, as a time axis runs.
  for (const row of [...rows].reverse()) {
    const point = spec.chart(row);
    const t = point?.date ? Date.parse(point.date) : NaN;
    if (!point || !Number.isFinite(t)) continue;
    data.t.push(t / 1000);
    data.duration.push(typeof point.duration === 'number' ? point.duration : null);
    data.rows.push(typeof point.rows === 'number' ? point.rows : null);
    data.errors.push(typeof point.errors === 'number' ? point.errors : null);
    data.failed.push(spec.outcome(row) === 'failed');
    data.ids.push(spec.idOf(row) ?? '');
  }
  return data.t.length >= 2 && data.duration.some((d) => d !== null) ? data : undefined;
}

export function buildModel(ref: ItemRef, name: string, data: object, facts: PanelFacts, history?: { spec: HistorySpec<unknown, unknown>; state: HistoryState }, error?: string): PanelModel {
  const details = describeItem(ref, data, facts);
  const d = data as Record<string, unknown>;
  const entryState = isEntryKind(ref.kind) && typeof d.state === 'string' ? d.state : undefined;
  const state = entryState
    ? { text: entryState, tone: toneOf(outcomeOf(entryState)) }
    : facts.active
      ? { text: facts.active.state, tone: 'running' as const }
      : undefined;
  const model: PanelModel = {
    kind: capitalize(KIND_NOUNS[ref.kind][0]),
    title: details.title || name,
    ...(state ? { state } : {}),
    fields: details.rows.filter((r): r is [string, string] => typeof r[1] === 'string' && r[1] !== ''),
    actions: itemActions(ref, d, facts),
    ...(facts.active && isActive(facts.active.outcome) ? { live: liveOf(ref, facts.active) } : {}),
    ...(error ? { error } : {}),
  };
  if (history) {
    const { spec, state: h } = history;
    const rows: HistoryRow[] = h.rows.map((row, i) => ({
      id: spec.entry.idOf(row) ?? `row-${i}`,
      when: spec.entry.label(row),
      state: capitalize(spec.entry.outcome(row) === 'unknown' ? '' : spec.entry.outcome(row)),
      details: spec.entry.description(row, Date.now()),
      tone: toneOf(spec.entry.outcome(row)),
    }));
    const chart = chartOf(spec.entry as EntrySpec<unknown>, h.rows);
    model.history = { noun: spec.noun, rows, hasMore: h.hasMore, failedOnly: h.failedOnly, loading: h.loading, hasLogs: true, ...(h.error ? { error: h.error } : {}), ...(chart ? { chart } : {}) };
  }
  return model;
}
