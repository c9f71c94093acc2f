// What the Failures view and the runs grid take in after their reading: a run, snapshot or
// execution the run store tells has ended (the poller watched it — the reading itself hands it the
// entries it found under way). A reading is a picture of one moment; without this, the failure a
// person is waiting for never showed until Refresh, and the grid's cell stayed "under way".
//
// An end is taken in only when the reading has not counted it as ended already. The reading
// remembers, per item it read, the newest entry it saw (the service's own date, so this machine's
// clock never enters), and the entries it found under way: one of those ending moves its count
// from "other" to how it ended; an entry newer than any the item's reading saw is new and counted;
// anything else was read as ended (the watcher told its end late) and is left alone. Kept: a
// number per item read and a few under-way entries — not the entries themselves.
// Plain (no `vscode`): unit-tested in Node.
import { HISTORIES, SCANNED_FOR_FAILURES, entryName } from '../kinds';
import { toDate } from '../shared/format';
import { isActive } from '../shared/outcome';
import type { RunRecord } from '../shared/model';
import { refKey, type HistoryItemKind, type ItemRef } from '../shared/refs';
import type { FoundItem, ScannedEntry } from '../state/accountScan';
import type { FailureRow, Found, UnusualRow } from './failuresModel';
import { countedOf, type GridItemId } from './runsGridModel';

/** What a reading keeps to take in later ends. */
export class LiveIndex {
  /** Per item read (by its ref's key): the item, and the newest entry date its reading saw (-Infinity for none). */
  private readonly items = new Map<string, { item: FoundItem; grid: GridItemId; newest: number }>();
  /** Entries the reading found under way, by their ref's key: where the grid counted them. */
  private readonly underWay = new Map<string, number>();

  /**
   * An item's history as the reading saw it (its entries newest first, or none). Returns its newest
   * entry under way, if any: the one the run store is handed to watch.
   */
  read(item: FoundItem, grid: GridItemId, entries: readonly ScannedEntry[]): (ScannedEntry & { ref: ItemRef }) | undefined {
    const newest = entries.reduce((n, e) => Math.max(n, e.at), -Infinity);
    this.items.set(refKey(grid.ref), { item, grid, newest });
    let going: (ScannedEntry & { ref: ItemRef }) | undefined;
    for (const e of entries)
      if (e.ref && isActive(e.outcome)) {
        this.underWay.set(refKey(e.ref), e.at);
        going ??= e as ScannedEntry & { ref: ItemRef };
      }
    return going;
  }

  /** Entries found under way (the run store is handed them, so their end is told). */
  get waiting(): number {
    return this.underWay.size;
  }

  /**
   * Takes in an ended run: counted in the grid by how it ended, and a row when it failed (or, with
   * `unusual`, succeeded not as usual). `undefined` when the reading has it already or never read its item.
   */
  takeIn(found: Found, run: RunRecord, unusual: boolean): { failure?: FailureRow; odd?: UnusualRow } | undefined {
    const read = this.items.get(refKey(run.item));
    const spec = HISTORIES[run.item.kind as HistoryItemKind];
    if (!read || !spec || !SCANNED_FOR_FAILURES.includes(run.item.kind as HistoryItemKind)) return undefined;
    const key = refKey(run.ref);
    const latest = run.row ? spec.entry.latest(run.row as never) : undefined;
    const at = toDate(latest?.date ?? run.date)?.getTime();
    const wasAt = this.underWay.get(key);
    if (wasAt === undefined && (at === undefined || !(at > read.newest) || at < found.grid.slots.since)) return undefined;
    const counted = countedOf(run.outcome, !!run.unusual);
    if (wasAt !== undefined) {
      this.underWay.delete(key);
      found.grid.recount(read.grid, wasAt, 'other', counted);
    } else {
      read.newest = at as number;
      found.grid.add(read.grid, counted, at as number);
    }
    const when = wasAt ?? (at as number);
    const row = run.row ?? {};
    const entry: ScannedEntry = {
      kind: spec.entry.kind,
      ref: run.ref,
      item: read.item,
      row,
      outcome: run.outcome,
      state: latest?.state ?? run.state,
      ...(latest?.date || run.date ? { date: (latest?.date ?? run.date) as string } : {}),
      at: when,
    };
    const shown: FailureRow = { ref: run.ref, name: entryName(run.ref, read.item.name), data: row, itemName: read.item.name, entry };
    if (run.outcome === 'failed') return { failure: shown };
    if (unusual && run.unusual) return { odd: { ...shown, unusual: run.unusual } };
    return {};
  }
}

/** Puts a row taken in among rows newest first. */
export function placed<T extends { entry: { at: number } }>(rows: T[], row: T): void {
  const i = rows.findIndex((r) => r.entry.at <= row.entry.at);
  rows.splice(i < 0 ? rows.length : i, 0, row);
}

/** The record the run store is handed for an entry a reading found under way (the watcher follows it from there). */
export function underWayRecord(entry: ScannedEntry & { ref: ItemRef }, item: ItemRef): RunRecord {
  return {
    ref: entry.ref,
    item,
    itemName: entry.item.name,
    state: entry.state ?? 'Running',
    outcome: entry.outcome,
    ...(entry.date ? { date: entry.date } : {}),
    startedHere: false,
    seenAt: Date.now(),
  };
}
