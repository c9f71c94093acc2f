// What each item's history has taught about its usual successes: THE baseline the tree's rows, a
// panel, the pinned items' watcher, the Failures view and the chat tools judge an entry against,
// so all of them say the same of it. It is fed by the reads they make — a history page in the
// tree or a panel, a pinned item's look, the account scan of the Failures view and the chat — and
// never asks the service itself.
//
// Per item it keeps the figures of its newest MAX_SAMPLES successes (a few numbers each), not the
// rows: a baseline is cheap to keep for every item whose history was seen.
//
// What was read is not always enough: a daily item's 24 hours or 7 days hold 1 or 7 successes,
// fewer than a baseline needs. `lacking` tells a reader of a window (the account scan) that a page
// of the item's older entries must be read for its successes to be judged at all — so what is
// said of them does not depend on what else happened to read that item's history first — and
// `mayHaveUnread` that such a page would find nothing new (the history was read whole before).
//
// Nothing here shows anything; `enabled` is the setting `skyvia.unusual.enabled`, read each time.
import { MAX_TAKE } from '../api';
import type { LatestEntry, Unusual } from '../shared/model';
import { isActive } from '../shared/outcome';
import { isKeyOf, parentRef, refKey, type AccountId, type ItemRef } from '../shared/refs';
import { BASELINE, judge, sampleOf, type Sample } from '../kinds/unusual';
import { historyOf } from '../kinds';

/**
 * The entries of an item read back before a window whose successes lack a baseline: a baseline's
 * whole window of successes, unless more than BASELINE.least of them failed — and then still
 * BASELINE.least, enough to judge.
 */
export const READ_BACK = BASELINE.window + BASELINE.least;
/**
 * Successes kept per item: a whole page (the Failures view reads one) with what was read back
 * before it — fewer, and the oldest of the page would lose the baseline just read for them.
 */
const MAX_SAMPLES = MAX_TAKE + READ_BACK;

interface ItemSamples {
  byId: Map<string, Sample>;
  /** Newest first; rebuilt when a sample was added. */
  sorted?: Sample[];
}

export class Baselines {
  private readonly items = new Map<string, ItemSamples>();
  /** Up to when (ms) each item's history has been read whole: a page read back before a window found nothing older. */
  private readonly whole = new Map<string, number>();

  constructor(private readonly enabled: () => boolean = () => true) {}

  /** A read of an item's history (any page, any filter): its succeeded entries join the item's baseline. */
  observe(item: ItemRef, rows: readonly unknown[]): void {
    const entry = historyOf(item.kind)?.entry;
    if (!entry?.usual || !rows.length) return;
    const key = refKey(item);
    let known = this.items.get(key);
    for (const row of rows) {
      const sample = sampleOf(entry, row);
      if (!sample) continue;
      if (!known) this.items.set(key, (known = { byId: new Map() }));
      const before = known.byId.get(sample.id);
      if (before && before.at === sample.at && before.values.every((v, k) => v === sample.values[k])) continue;
      known.byId.set(sample.id, sample);
      known.sorted = undefined;
    }
    if (known && known.byId.size > MAX_SAMPLES) {
      const oldest = this.sorted(known).slice(MAX_SAMPLES);
      for (const s of oldest) known.byId.delete(s.id);
      known.sorted = undefined;
      // What was read whole is no longer all kept: a page before may teach it again.
      this.whole.delete(key);
    }
  }

  /**
   * How many more successes older than the oldest success of `rows` (entries of the item's history
   * to be judged) its baseline needs before it can be judged, against what is known (`rows`
   * observed first); 0 when every success of them can be judged — or none is a success, the kind
   * judges nothing, or judging is off. Counted per figure the successes carry, as `judge` counts.
   */
  lacking(item: ItemRef, rows: readonly unknown[]): number {
    const entry = historyOf(item.kind)?.entry;
    if (!this.enabled() || !entry?.usual) return 0;
    const mine = rows.flatMap((r) => sampleOf(entry, r) ?? []);
    if (!mine.length) return 0;
    const oldest = Math.min(...mine.map((s) => s.at));
    const known = this.items.get(refKey(item));
    const older = known
      ? this.sorted(known)
          .filter((s) => s.at < oldest)
          .slice(0, BASELINE.window)
      : [];
    let lacking = 0;
    for (let k = 0; k < entry.usual.length; k++) {
      if (!mine.some((s) => s.values[k] !== undefined)) continue;
      lacking = Math.max(lacking, BASELINE.least - older.filter((s) => s.values[k] !== undefined).length);
    }
    return lacking;
  }

  /**
   * Whether a reading of the item from `at` (ms) on should reach back before it for baselines:
   * judging is on, its kind judges, and fewer successes than a baseline needs are known before
   * `at` while its history may hold more there.
   */
  wantsBefore(item: ItemRef, at: number): boolean {
    const entry = historyOf(item.kind)?.entry;
    if (!this.enabled() || !entry?.usual || !this.mayHaveUnread(item, at)) return false;
    const known = this.items.get(refKey(item));
    const before = known ? this.sorted(known).filter((s) => s.at < at).length : 0;
    return before < BASELINE.least;
  }

  /** Every entry of the item's history up to `at` (ms) has been read: a page read back before those read found nothing older. */
  readWhole(item: ItemRef, at: number): void {
    this.whole.set(refKey(item), Math.max(at, this.whole.get(refKey(item)) ?? at));
  }

  /**
   * Whether the item may have entries older than `at` (ms) that were never read: not once its
   * history has been read whole up to there — an item whose history begins in a window (new this
   * week), or has too few successes for a baseline, would otherwise be read back again at every
   * reading, to find nothing more.
   */
  mayHaveUnread(item: ItemRef, at: number): boolean {
    const whole = this.whole.get(refKey(item));
    return whole === undefined || at > whole;
  }

  /** Whether an entry of the item (`item`: its item; an entry's ref tells it too) succeeded unusually, against what is known. */
  judge(item: ItemRef, row: unknown): Unusual | undefined {
    if (!this.enabled()) return undefined;
    const owner = parentRef(item) ?? item;
    const entry = historyOf(owner.kind)?.entry;
    const known = this.items.get(refKey(owner));
    if (!entry?.usual || !known) return undefined;
    return judge(entry, row, this.sorted(known));
  }

  /** A history page's newest finished entry, as the item's latest fact (judged); `undefined` when none has finished. */
  latestOf(item: ItemRef, rows: readonly unknown[]): LatestEntry | undefined {
    const entry = historyOf(item.kind)?.entry;
    const newest = entry && rows.find((e) => !isActive(entry.outcome(e)));
    if (!entry || newest === undefined) return undefined;
    const unusual = this.judge(item, newest);
    return { ...entry.latest(newest), ...(unusual ? { unusual } : {}) };
  }

  /** Baselines of an account (signed out) or of all are forgotten. */
  clear(account?: AccountId): void {
    for (const known of [this.items, this.whole]) {
      if (account === undefined) known.clear();
      else for (const key of [...known.keys()]) if (isKeyOf(account, key)) known.delete(key);
    }
  }

  private sorted(known: ItemSamples): Sample[] {
    return (known.sorted ??= [...known.byId.values()].sort((a, b) => b.at - a.at));
  }
}
