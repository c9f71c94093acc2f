// What an item panel shows and the messages between the extension and its webview. Plain data,
// sent with postMessage and rendered as text by the webview: no API string ever becomes HTML.
import { cleanStrings, type Shown } from './plainText';

export type Tone = 'ok' | 'error' | 'running' | 'warning' | 'neutral';

export interface PanelAction {
  /** A command id the extension runs on the panel's item (or an entry of its history). */
  command: string;
  label: string;
  /** What a screen reader says of it, when its label alone does not tell which. */
  name?: string;
  primary?: boolean;
  /** Its request is out: the button shows it and takes no second click. */
  pending?: boolean;
}

export interface HistoryRow {
  id: string;
  when: string;
  state: string;
  details: string;
  tone: Tone;
  /** It succeeded, but not as usual (its details say why first; its tone is `warning`). */
  unusual?: boolean;
  /** Its buttons' accessible names, which say which entry they act on ("Open the log of run 123, …"). */
  buttons: { log: string; open: string };
}

/** How far back a panel's history goes: the service filters by `startDate`. */
export type HistoryRange = 'all' | '24h' | '7d' | '30d';

/** The ranges a panel offers, in the order shown (the webview names them); each but `all` is an age `parseSince` reads. */
export const HISTORY_RANGES: readonly HistoryRange[] = ['all', '24h', '7d', '30d'];

export function isHistoryRange(value: unknown): value is HistoryRange {
  return HISTORY_RANGES.includes(value as HistoryRange);
}

/** A line of the history chart. Series with the same `axis` share a scale: the first axis is on the left, a second on the right. */
export interface ChartSeries {
  /** "Duration (s)", "Rows written". */
  label: string;
  /** The axis' name: "seconds", "rows", "tasks", "KB". */
  axis: string;
  /** Colour: `primary` is the main line (failures are marked on it, in red). */
  tone: 'primary' | 'ok' | 'warning' | 'neutral';
  /** A line with points (the main figure), a dashed line (a secondary one), or points alone (a figure that is mostly nothing). */
  style: 'line' | 'dashed' | 'points';
  /**
   * Its axis is logarithmic: counts that span orders of magnitude (5,000 rows written, 3 failed)
   * both stay readable. Zero is not drawn on it.
   */
  log?: boolean;
  values: (number | null)[];
}

/**
 * A figure of a chart or a tool's answer, if the value is one: every series counts something
 * (seconds, rows, tasks, KB), so a negative value — a duration of -1 s — is no figure at all.
 */
export function figureOf(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
}

/** One point per history entry, oldest first. */
export interface ChartData {
  /** Seconds since the epoch. */
  t: number[];
  /** The first series is the main one. */
  series: ChartSeries[];
  failed: boolean[];
  /** Succeeded, but not as usual: marked in amber. */
  unusual: boolean[];
  ids: string[];
  /** What hovering a point says of its entry: "Nov 20, 10:00 · Failed · 2 min · 1,200 rows". */
  labels: string[];
  /** The chart in one sentence, for screen readers. */
  summary: string;
}

/** The history section's own words: its heading, region and caption, Load more, and when it is empty. */
export interface HistoryTexts {
  title: string;
  region: string;
  caption: string;
  more: string;
  empty: string;
  emptyFiltered: string;
}

export interface PanelModel {
  /** "Integration", "Run". */
  kind: string;
  /** The panel's tab: "Run 123 · Failed". */
  title: string;
  /** Its heading, beside the state's badge: "Run 123". */
  heading: string;
  /** For a run, snapshot, execution or request: the name of its item. */
  parent?: string;
  state?: { text: string; tone: Tone };
  fields: [label: string, value: string][];
  actions: PanelAction[];
  /** The run under way, live while it runs. */
  live?: { text: string; tone: Tone; actions: PanelAction[] };
  history?: {
    /** What the section says, whole sentences for its kind of entry (panels/historyTexts.ts). */
    texts: HistoryTexts;
    rows: HistoryRow[];
    hasMore: boolean;
    failedOnly: boolean;
    range: HistoryRange;
    /** Only the entries of one slot of the runs grid are shown: the slot, said ("2026-11-20 10:00–11:00"). */
    slot?: string;
    loading: boolean;
    error?: string;
    chart?: ChartData;
    /** Entries can be opened as logs. */
    hasLogs: boolean;
  };
  /** A read that failed: said in the panel instead of its fields. */
  error?: string;
  /** How the last action asked from this panel went ("Started run 123…", or why it failed). */
  notice?: { text: string; tone: Tone };
}

/** Fields whose values the webview hands back (an entry's id, a command): data to match, kept exactly. */
const HANDED_BACK = new Set(['id', 'ids', 'command']);
/** A field's value may be a long error or URL: bounded, but not to a tree label's length. */
const MAX_PANEL_TEXT = 2_000;

/**
 * The model as the webview gets it: every string in it — whichever field, of whichever kind —
 * cleaned for display and redacted, one line each. Applied to the whole model where it leaves
 * the extension, so a field added to a kind later is cleaned too.
 */
export function shownModel(model: PanelModel, shown: Shown): PanelModel {
  return cleanStrings(model, (text) => shown.line(text, MAX_PANEL_TEXT), HANDED_BACK);
}

/**
 * `restore` is what the webview keeps (setState) so the panel reopens after a window reload.
 * `preview`: the panel is a preview one — the next object opened shows in it instead — until it is
 * kept open (the webview says so, offers Keep Open, and asks to be kept when its sort changes).
 * `l10n`: the extension's translations for the user's language (vscode.l10n.bundle), with the
 * first model a webview gets; none in English. The webview's own labels are read from it.
 */
export type ToWebview = { type: 'model'; model: PanelModel; restore: PanelState; preview?: boolean; l10n?: Record<string, string> };

/** What a panel's webview keeps across a window reload: enough to read the item again. */
export interface PanelState {
  ref: object;
  name: string;
  /** The item's name, for a history entry. */
  parent?: string;
  /** It was a preview panel: it comes back as one. */
  preview?: boolean;
}

export type FromWebview =
  | { type: 'ready' }
  | { type: 'action'; command: string }
  | { type: 'entry'; id: string; command: string }
  | { type: 'more' }
  | { type: 'filter'; failedOnly: boolean; range: HistoryRange }
  /** Keep Open, or a change made in the page alone (a sort): a preview panel becomes one of its own. */
  | { type: 'keep' };

/** Reads a message from the webview, refusing anything that is not one of ours. */
export function readMessage(raw: unknown): FromWebview | undefined {
  if (!raw || typeof raw !== 'object') return undefined;
  const m = raw as Record<string, unknown>;
  switch (m.type) {
    case 'ready':
    case 'more':
    case 'keep':
      return { type: m.type };
    case 'action':
      return typeof m.command === 'string' ? { type: 'action', command: m.command } : undefined;
    case 'entry':
      return typeof m.id === 'string' && typeof m.command === 'string' ? { type: 'entry', id: m.id, command: m.command } : undefined;
    case 'filter':
      return typeof m.failedOnly === 'boolean' && isHistoryRange(m.range) ? { type: 'filter', failedOnly: m.failedOnly, range: m.range } : undefined;
    default:
      return undefined;
  }
}
