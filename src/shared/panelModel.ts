// What an item panel shows and the messages between the extension and its webview. Plain data,
// sent with postMessage and rendered as text by the webview: no API string ever becomes HTML.

export type Tone = 'ok' | 'error' | 'running' | 'warning' | 'neutral';

export interface PanelAction {
  /** A command id the extension runs on the panel's item (or an entry of its history). */
  command: string;
  label: string;
  primary?: boolean;
}

export interface HistoryRow {
  id: string;
  when: string;
  state: string;
  details: string;
  tone: Tone;
}

/** One point per history entry, oldest first; a series is absent when the API gives no figure. */
export interface ChartData {
  /** Seconds since the epoch. */
  t: number[];
  duration: (number | null)[];
  rows: (number | null)[];
  errors: (number | null)[];
  failed: boolean[];
  ids: string[];
}

export interface PanelModel {
  /** "Integration", "Run". */
  kind: string;
  title: string;
  state?: { text: string; tone: Tone };
  fields: [label: string, value: string][];
  actions: PanelAction[];
  /** The run under way, live while it runs. */
  live?: { text: string; tone: Tone; actions: PanelAction[] };
  history?: {
    noun: string;
    rows: HistoryRow[];
    hasMore: boolean;
    failedOnly: boolean;
    loading: boolean;
    error?: string;
    chart?: ChartData;
    /** Entries can be opened as logs. */
    hasLogs: boolean;
  };
  /** A read that failed: said in the panel instead of its fields. */
  error?: string;
}

/** `restore` is what the webview keeps (setState) so the panel reopens after a window reload. */
export type ToWebview = { type: 'model'; model: PanelModel; restore: { ref: object; name: string } };

export type FromWebview =
  | { type: 'ready' }
  | { type: 'action'; command: string }
  | { type: 'entry'; id: string; command: string }
  | { type: 'more' }
  | { type: 'failedOnly'; value: boolean };

/** Reads a message from the webview, refusing anything that is not one of ours. */
export function readMessage(raw: unknown): FromWebview | undefined {
  if (!raw || typeof raw !== 'object') return undefined;
  const m = raw as Record<string, unknown>;
  switch (m.type) {
    case 'ready':
    case 'more':
      return { type: m.type };
    case 'action':
      return typeof m.command === 'string' ? { type: 'action', command: m.command } : undefined;
    case 'entry':
      return typeof m.id === 'string' && typeof m.command === 'string' ? { type: 'entry', id: m.id, command: m.command } : undefined;
    case 'failedOnly':
      return typeof m.value === 'boolean' ? { type: 'failedOnly', value: m.value } : undefined;
    default:
      return undefined;
  }
}
