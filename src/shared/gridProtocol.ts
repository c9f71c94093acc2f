// What the runs grid's webview shows and the messages between it and the extension. Plain data,
// every word made (and translated) by the extension, sent with postMessage and rendered as text:
// no API string ever becomes HTML.
import { cleanStrings, type Shown } from './plainText';

/** A cell's mark: the worst of its slot's entries (see views/runsGridModel.ts). */
export type GridMark = 'failed' | 'unusual' | 'succeeded' | 'other' | 'none' | 'unread';

export const GRID_MARKS: readonly GridMark[] = ['failed', 'unusual', 'other', 'unread', 'succeeded', 'none'];

export type GridWindow = '24h' | '7d' | '30d';

export const GRID_WINDOWS: readonly GridWindow[] = ['24h', '7d', '30d'];

export interface GridCell {
  mark: GridMark;
  /** What it says to a screen reader and on hover: the item, the slot, what ran in it. */
  name: string;
  /** It can be opened (something ran in it). */
  opens: boolean;
}

export interface GridRowModel {
  /** Its key, handed back when one of its cells is opened. */
  key: string;
  name: string;
  /** "92%", or "—" when nothing succeeded or failed. */
  rate: string;
  /** "24 runs". */
  count: string;
  /** The row header's accessible name: the item, its kind, its success rate and count. */
  summary: string;
  cells: GridCell[];
}

export interface GridGroupModel {
  /** "Data Platform", or "Data Platform · Client B" with several accounts. */
  label: string;
  rows: GridRowModel[];
}

export interface GridModel {
  title: string;
  /** What was read, and when; or how the reading goes. */
  status: string;
  reading: boolean;
  window: GridWindow;
  windows: { window: GridWindow; label: string }[];
  /** The column headers: a short label ("10", "Mon 20") and the slot in full. */
  columns: { label: string; name: string }[];
  groups: GridGroupModel[];
  legend: { mark: GridMark; label: string }[];
  /** Said when there is no row. */
  empty?: string;
  /** The grid's own words. */
  texts: { grid: string; item: string; rate: string; count: string; windowLabel: string; legend: string };
}

export type ToGrid = { type: 'grid'; model: GridModel };

export type FromGrid = { type: 'ready' } | { type: 'open'; row: string; slot: number } | { type: 'window'; window: GridWindow };

/** Fields handed back as they were sent. */
const HANDED_BACK = new Set(['key', 'mark', 'window']);

/** The model as the webview gets it: every string cleaned for display and redacted. */
export function shownGrid(model: GridModel, shown: Shown): GridModel {
  return cleanStrings(model, (text) => shown.line(text, 500), HANDED_BACK);
}

/** Reads a message from the grid's webview, refusing anything that is not one of ours. */
export function readGridMessage(raw: unknown): FromGrid | undefined {
  if (!raw || typeof raw !== 'object') return undefined;
  const m = raw as Record<string, unknown>;
  if (m.type === 'ready') return { type: 'ready' };
  if (m.type === 'open' && typeof m.row === 'string' && Number.isSafeInteger(m.slot) && (m.slot as number) >= 0)
    return { type: 'open', row: m.row, slot: m.slot as number };
  if (m.type === 'window' && GRID_WINDOWS.includes(m.window as GridWindow)) return { type: 'window', window: m.window as GridWindow };
  return undefined;
}
