// The runs this window knows to be under way — integration runs, backup snapshots, automation
// executions — and the ones it saw end. The tree (spinners, the "running" row), the status bar,
// notifications, the Activity view and the watcher all read this one store; reads and actions
// write it through `observe`, the watcher through `settle`.
//
// An item's active run is `undefined` while unknown and `null` once a read said nothing runs:
// menus and the watcher treat the two differently.
import { Emitter, type Event } from '../shared/events';
import type { RunRecord } from '../shared/model';
import { isFinished, outcomeOf } from '../shared/outcome';
import { isKeyOf, refKey, type AccountId, type ItemRef } from '../shared/refs';

export type { RunRecord };

export interface RunChange {
  item: ItemRef;
  before: RunRecord | null | undefined;
  after: RunRecord | null | undefined;
}

/** Runs kept for the Activity view; older ones fall off. */
const MAX_ACTIVITY = 100;

export class RunStore {
  private readonly activeByItem = new Map<string, RunRecord | null>();
  /** Runs started or watched in this window, by run key, in the order first seen. */
  private readonly seen = new Map<string, RunRecord>();
  /** The newest ended run of each item, kept as runs settle: every row render asks for it. */
  private readonly endedByItem = new Map<string, RunRecord>();
  private readonly changed = new Emitter<RunChange>();
  private readonly left = new Emitter<RunRecord>();
  private readonly ended = new Emitter<RunRecord>();

  /** An item's active run changed (appeared, moved on, ended). */
  readonly onDidChange: Event<RunChange> = this.changed.event;
  /** A run stopped being the active one without a final state: the watcher reads how it ended. */
  readonly onDidLeave: Event<RunRecord> = this.left.event;
  /** A watched run ended; the record holds its final state. */
  readonly onDidEnd: Event<RunRecord> = this.ended.event;

  /** The active run of an item: `null` when known to be idle, `undefined` when unknown. */
  active(item: ItemRef): RunRecord | null | undefined {
    return this.activeByItem.get(refKey(item));
  }

  /** The newest run of an item this window saw end (an item whose history is not loaded still shows it). */
  lastEnded(item: ItemRef): RunRecord | undefined {
    return this.endedByItem.get(refKey(item));
  }

  /** Every run known to be under way. */
  watched(): RunRecord[] {
    return [...this.activeByItem.values()].filter((r): r is RunRecord => r !== null);
  }

  /** Runs started or watched in this window, newest first (the Activity view). */
  activity(): RunRecord[] {
    return [...this.seen.values()].reverse();
  }

  /**
   * What a read found: the item's active run, or `null` for none. A run that is no longer the
   * active one "leaves" (the watcher then reads its final state); one read as already finished
   * settles at once.
   */
  observe(item: ItemRef, run: RunRecord | null): void {
    const key = refKey(item);
    const before = this.activeByItem.get(key);
    if (run && isFinished(run.outcome)) {
      // A run that already ended (a start that failed at once): nothing to watch, only to tell.
      this.activeByItem.set(key, null);
      if (before && refKey(before.ref) !== refKey(run.ref)) this.left.fire(before);
      this.fireChange(item, before, null);
      this.settle({ ...run, startedHere: run.startedHere || before?.startedHere === true });
      return;
    }
    let after: RunRecord | null = run;
    if (run && before && refKey(before.ref) === refKey(run.ref)) {
      // The same run, read again: keep what this window knows of it.
      after = { ...run, startedHere: before.startedHere || run.startedHere, seenAt: before.seenAt };
      if (sameProgress(before, after)) return;
    }
    this.activeByItem.set(key, after);
    if (after) this.remember(after);
    if (before && (!after || refKey(before.ref) !== refKey(after.ref))) this.left.fire(before);
    if (before !== after) this.fireChange(item, before, after);
  }

  /** An item that can no longer be read (a 403 on it alone): its run ends as "unknown", never as a success. */
  abandon(item: ItemRef): void {
    const key = refKey(item);
    const before = this.activeByItem.get(key);
    this.activeByItem.delete(key);
    if (!before) return;
    this.fireChange(item, before, undefined);
    this.settle({ ...before, state: 'Unknown', outcome: 'unknown', endedAt: Date.now() });
  }

  /** How a run that left ended; told once per run. */
  settle(final: RunRecord): void {
    const key = refKey(final.ref);
    const known = this.seen.get(key);
    if (known?.endedAt !== undefined) return;
    const record: RunRecord = {
      ...final,
      outcome: final.outcome === 'unknown' ? outcomeOf(final.state) : final.outcome,
      seenAt: known?.seenAt ?? final.seenAt,
      startedHere: final.startedHere || known?.startedHere === true,
      endedAt: final.endedAt ?? Date.now(),
    };
    this.remember(record);
    this.endedByItem.set(refKey(record.item), record);
    this.ended.fire(record);
  }

  /** Forgets one account's runs (signed out of it), or every run: those under way are no longer watched. */
  clear(account?: AccountId): void {
    const mine = (key: string) => account === undefined || isKeyOf(account, key);
    const items = [...this.activeByItem.entries()].filter(([key]) => mine(key));
    for (const map of [this.activeByItem, this.seen, this.endedByItem]) for (const key of [...map.keys()]) if (mine(key)) map.delete(key);
    for (const [, run] of items) if (run) this.fireChange(run.item, run, undefined);
  }

  dispose(): void {
    this.changed.dispose();
    this.left.dispose();
    this.ended.dispose();
  }

  private remember(run: RunRecord): void {
    const key = refKey(run.ref);
    this.seen.delete(key);
    this.seen.set(key, run);
    while (this.seen.size > MAX_ACTIVITY) {
      const oldest = this.seen.keys().next().value as string;
      this.seen.delete(oldest);
    }
  }

  private fireChange(item: ItemRef, before: RunRecord | null | undefined, after: RunRecord | null | undefined): void {
    this.changed.fire({ item, before, after });
  }
}

function sameProgress(a: RunRecord, b: RunRecord): boolean {
  return a.state === b.state && a.successRows === b.successRows && a.errorRows === b.errorRows && a.date === b.date;
}
