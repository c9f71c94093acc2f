// THE record of what is known about each API object, and its one change event. The tree, panels,
// documents, the status bar, notifications and chat tools read an item's facts here and
// subscribe to `onDidChange`; none keeps a copy of its own.
//
// What is stored here: the item's list row or latest own read, its schedule, an automation's
// trigger and queue, a test's verdict, a connection's type, the newest entry its history showed,
// and "a request is out" while an action runs. Runs under way and ended live in the RunStore (the
// watcher's state machine); `get` merges them in, and a change there is a change here, so a view
// never needs to listen to both.
//
// Nothing here asks the service or shows anything: a store and its change events.
import { Emitter, type Event } from '../shared/events';
import type { ItemFacts, LatestEntry, ScheduleState, StoredFacts, TestOutcome } from '../shared/model';
import type { AccountId, ItemRef } from '../shared/refs';
import { RefMap } from '../shared/refMap';
import type { RunStore } from './runStore';
import { Baselines } from './baselines';

export type { ItemFacts, LatestEntry, ScheduleState, StoredFacts, TestOutcome };

export class FactStore {
  private readonly stored = new RefMap<StoredFacts>();
  private readonly emitter = new Emitter<ItemRef>();
  private readonly subscriptions: { dispose(): void }[];
  /** Fires with the ref of an item whose facts changed (its run included). */
  readonly onDidChange: Event<ItemRef> = this.emitter.event;
  /** What each item's history taught of its usual successes (an entry is judged against it). */
  readonly baselines: Baselines;

  constructor(
    private readonly runs: RunStore,
    /** The setting `skyvia.unusual.enabled`. */
    unusualEnabled: () => boolean = () => true,
  ) {
    this.baselines = new Baselines(unusualEnabled);
    this.subscriptions = [runs.onDidChange(({ item }) => this.emitter.fire(item)), runs.onDidEnd((run) => this.emitter.fire(run.item))];
  }

  get(ref: ItemRef): Readonly<ItemFacts> {
    const stored = this.stored.get(ref) ?? {};
    const ended = this.runs.lastEnded(ref);
    return {
      ...stored,
      active: this.runs.active(ref),
      latest: newest(stored.historyLatest, ended && { state: ended.state, date: ended.date, ...(ended.unusual ? { unusual: ended.unusual } : {}) }),
    };
  }

  /** Merges `patch` (an `undefined` value clears that field) and fires if anything changed. */
  patch(ref: ItemRef, patch: Partial<StoredFacts>): void {
    const before = this.stored.get(ref) ?? {};
    const next: StoredFacts = { ...before };
    let changed = false;
    for (const [field, value] of Object.entries(patch) as [keyof StoredFacts, unknown][]) {
      if (value === undefined) {
        if (field in next) {
          delete next[field];
          changed = true;
        }
      } else if (!sameValue(next[field], value)) {
        (next as Record<string, unknown>)[field] = value;
        changed = true;
      }
    }
    if (!changed) return;
    this.stored.set(ref, next);
    // A read timestamp alone changes nothing anyone sees.
    if (Object.keys(patch).some((k) => k !== 'readAt')) this.emitter.fire(ref);
  }

  /** Marks an item busy for the length of `work`, then restores its description. */
  async busyWhile<T>(ref: ItemRef, what: string, work: () => Promise<T>): Promise<T> {
    this.patch(ref, { busy: what });
    try {
      return await work();
    } finally {
      this.patch(ref, { busy: undefined });
    }
  }

  /** What is known of one account's objects (signed out of it, or in again), or of all, is forgotten. Listeners are not told: its root is rebuilt. */
  clear(account?: AccountId): void {
    this.baselines.clear(account);
    this.stored.clear(account);
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
    this.emitter.dispose();
  }
}

/** The later of two entries by their dates; one without a date loses to one with. */
function newest(a: LatestEntry | undefined, b: LatestEntry | undefined): LatestEntry | undefined {
  if (!a || !b) return a ?? b;
  const ta = Date.parse(a.date ?? '');
  const tb = Date.parse(b.date ?? '');
  if (!Number.isFinite(tb)) return a;
  if (!Number.isFinite(ta)) return b;
  return tb > ta ? b : a;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  return typeof a === 'object' && typeof b === 'object' && JSON.stringify(a) === JSON.stringify(b);
}
