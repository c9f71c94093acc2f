// The runs grid, as data: the window's slots (clock hours over 24 hours, days over 7 or 30), and
// for each item the Failures view's reading read, a count per slot of its entries by how they
// ended — failed, succeeded but not as usual, succeeded, anything else (canceled, under way). The
// reading counts each entry as it comes and keeps the counts, not the entries: an item of a 30-day
// window is 30 slots × 4 counts of 16 bits, however many entries it had. The grid's rows (the
// items that ran, the worst first), each cell's mark and the success rate are made from them.
// Plain (no `vscode`): unit-tested in Node.
import type { AccountId, ItemRef } from '../shared/refs';
import type { Outcome } from '../shared/outcome';

/** How a slot's entries ended, in the order of each slot's counts. */
export const COUNTED = ['failed', 'unusual', 'succeeded', 'other'] as const;
export type Counted = (typeof COUNTED)[number];

/** What a cell shows: the worst of its entries, `none` when nothing ran, `unread` when only its failures were read. */
export type Mark = Counted | 'none' | 'unread';

/** The marks from worst to best: a cell, a row and a workspace are as bad as their worst. */
export const MARKS_WORST_FIRST: readonly Mark[] = ['failed', 'unusual', 'other', 'unread', 'succeeded', 'none'];

const rank = (mark: Mark) => MARKS_WORST_FIRST.indexOf(mark);

export type SlotUnit = 'hour' | 'day';

/** A window cut into slots: slot `i` is [`bounds[i]`, `bounds[i + 1]`); the last ends with the window (`now`, inclusive). */
export interface Slots {
  unit: SlotUnit;
  since: number;
  now: number;
  /** Each slot's start (ms since the epoch), the first the window's own start. */
  starts: readonly number[];
}

/**
 * The slots of the window from `since` to `now`: the local clock's hours or days, the first cut at
 * the window's start (24 hours from 10:37 are 25 slots: 10:37–11:00, then 24 whole hours or less).
 */
export function slotsOf(since: number, now: number, unit: SlotUnit): Slots {
  const starts = [since];
  const d = new Date(since);
  if (unit === 'hour') d.setMinutes(0, 0, 0);
  else d.setHours(0, 0, 0, 0);
  for (;;) {
    if (unit === 'hour') d.setHours(d.getHours() + 1);
    else d.setDate(d.getDate() + 1);
    const t = d.getTime();
    if (t >= now) break;
    if (t > since) starts.push(t);
  }
  return { unit, since, now, starts };
}

/** The slot an entry dated `at` falls in; -1 before the window. An entry dated after `now` is in the last. */
export function slotIndex(slots: Slots, at: number): number {
  const { starts } = slots;
  if (!(at >= slots.since)) return -1;
  let [lo, hi] = [0, starts.length - 1];
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if (starts[mid] <= at) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Where slot `i` ends (exclusive); `undefined` for the last, which runs to the window's end. */
export function slotEnd(slots: Slots, i: number): number | undefined {
  return slots.starts[i + 1];
}

/** How an entry counts: its outcome, and whether a success was judged unusual. */
export function countedOf(outcome: Outcome, unusual: boolean): Counted {
  if (outcome === 'failed') return 'failed';
  if (outcome === 'succeeded') return unusual ? 'unusual' : 'succeeded';
  return 'other';
}

/** An item the grid may show: who it is, and where. */
export interface GridItemId {
  ref: ItemRef;
  name: string;
  workspace: string;
}

/** One item's counts: `counts[slot * 4 + COUNTED.indexOf(counted)]`. */
export interface GridItem extends GridItemId {
  counts: Uint16Array;
  /**
   * Where its whole history was read from (ms): an item busier than a page in the window had its
   * newest page read whole and its older entries failed only, so a slot before this knows its
   * failures but not its successes. `undefined`: read whole.
   */
  wholeFrom?: number;
}

const MAX_COUNT = 0xffff;

/** The counts of one account's reading, per item, by slot. */
export class GridCounts {
  private readonly items = new Map<string, GridItem>();

  constructor(readonly slots: Slots) {}

  /** Counts one entry of an item; one dated before the window is not of it. */
  add(item: GridItemId, counted: Counted, at: number): void {
    this.bump(item, at, counted, 1);
  }

  /** An entry counted one way now ends another (counted under way, then it ended): moved in its slot. */
  recount(item: GridItemId, at: number, from: Counted, to: Counted): void {
    this.bump(item, at, from, -1);
    this.bump(item, at, to, 1);
  }

  /** One count of an item's slot up or down, within 0…MAX_COUNT; an entry dated before the window is not of it. */
  private bump(item: GridItemId, at: number, counted: Counted, by: 1 | -1): void {
    const slot = slotIndex(this.slots, at);
    if (slot < 0) return;
    const counts = this.itemOf(item).counts;
    const i = slot * COUNTED.length + COUNTED.indexOf(counted);
    if (by > 0 ? counts[i] < MAX_COUNT : counts[i] > 0) counts[i] += by;
  }

  /** Says an item's history was read whole only from `from` on (its older entries, failed only). */
  readWholeFrom(item: GridItemId, from: number): void {
    this.itemOf(item).wholeFrom = from;
  }

  /** The items with an entry in the window. */
  get all(): readonly GridItem[] {
    return [...this.items.values()].filter((i) => i.counts.some((n) => n > 0));
  }

  private itemOf(id: GridItemId): GridItem {
    const key = `${id.ref.kind}:${id.ref.workspaceId}:${id.ref.id}`;
    let item = this.items.get(key);
    if (!item) {
      item = { ref: id.ref, name: id.name, workspace: id.workspace, counts: new Uint16Array(this.slots.starts.length * COUNTED.length) };
      this.items.set(key, item);
    }
    return item;
  }
}

/**
 * Counts one item's entries as the scan hands them over (`HistoryScan.onItem`): each by how it
 * ended (`unusual`: a success judged not as usual), and where the item was read whole from.
 */
export function countItem(
  grid: GridCounts,
  item: GridItemId,
  entries: readonly { outcome: Outcome; at: number }[],
  wholeFrom: number | undefined,
  unusual: (index: number) => boolean,
): void {
  entries.forEach((e, i) => grid.add(item, countedOf(e.outcome, unusual(i)), e.at));
  if (wholeFrom !== undefined) grid.readWholeFrom(item, wholeFrom);
}

/** A slot's four counts. */
export type SlotCounts = Record<Counted, number>;

export function countsAt(item: GridItem, slot: number): SlotCounts {
  const base = slot * COUNTED.length;
  return { failed: item.counts[base], unusual: item.counts[base + 1], succeeded: item.counts[base + 2], other: item.counts[base + 3] };
}

/** A cell's mark: its worst entry; with none, `unread` where only failures were read, else `none`. */
export function markOf(counts: SlotCounts, slotEnds: number | undefined, wholeFrom: number | undefined): Mark {
  for (const c of COUNTED) if (counts[c] > 0) return c;
  return wholeFrom !== undefined && (slotEnds === undefined || slotEnds <= wholeFrom) ? 'unread' : 'none';
}

/** A row of the grid: an item, its cells and its figures. */
export interface GridRow {
  item: GridItem;
  cells: { mark: Mark; counts: SlotCounts }[];
  /** Its entries in the window, by how they ended. */
  totals: SlotCounts;
  count: number;
  /** Succeeded (usual or not) of those that succeeded or failed, 0..1; `undefined` when none did either. */
  rate?: number;
  worst: Mark;
}

export function rowOf(item: GridItem, slots: Slots): GridRow {
  const totals: SlotCounts = { failed: 0, unusual: 0, succeeded: 0, other: 0 };
  const cells = slots.starts.map((_, i) => {
    const counts = countsAt(item, i);
    for (const c of COUNTED) totals[c] += counts[c];
    return { mark: markOf(counts, slotEnd(slots, i), item.wholeFrom), counts };
  });
  const count = COUNTED.reduce((n, c) => n + totals[c], 0);
  const ended = totals.failed + totals.unusual + totals.succeeded;
  const worst = cells.reduce<Mark>((w, c) => (rank(c.mark) < rank(w) ? c.mark : w), 'none');
  return { item, cells, totals, count, worst, ...(ended ? { rate: (totals.succeeded + totals.unusual) / ended } : {}) };
}

/** Worse first: the worst mark, then more failures, then the lower success rate, then by name. */
function worseFirst(a: GridRow, b: GridRow): number {
  return (
    rank(a.worst) - rank(b.worst) ||
    b.totals.failed - a.totals.failed ||
    (a.rate ?? 1) - (b.rate ?? 1) ||
    b.totals.unusual - a.totals.unusual ||
    a.item.name.localeCompare(b.item.name)
  );
}

/** One workspace's rows, in one account. */
export interface GridGroup {
  account: AccountId;
  workspace: string;
  workspaceId: number;
  rows: GridRow[];
  worst: Mark;
}

/**
 * The grid's groups: per account (in the order given), its workspaces, the worst first, each with
 * its items that ran, the worst first. Items with no entry in the window are no row.
 */
export function gridGroups(accounts: readonly { account: AccountId; counts: GridCounts }[]): GridGroup[] {
  return accounts.flatMap(({ account, counts }) => {
    const byWorkspace = new Map<number, GridGroup>();
    for (const item of counts.all) {
      const workspaceId = item.ref.workspaceId ?? 0;
      let group = byWorkspace.get(workspaceId);
      if (!group) byWorkspace.set(workspaceId, (group = { account, workspace: item.workspace, workspaceId, rows: [], worst: 'none' }));
      group.rows.push(rowOf(item, counts.slots));
    }
    const groups = [...byWorkspace.values()];
    for (const g of groups) {
      g.rows.sort(worseFirst);
      g.worst = g.rows[0]?.worst ?? 'none';
    }
    return groups.sort((a, b) => worseFirst(a.rows[0], b.rows[0]) || a.workspace.localeCompare(b.workspace));
  });
}
