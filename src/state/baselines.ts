// What each item's history has taught about its usual successes: THE baseline the tree's rows, a
// panel, the pinned items' watcher, the Failures view and the chat tools judge an entry against,
// so all of them say the same of it. It is fed by the reads they make anyway — a history page in
// the tree or a panel, a pinned item's look, the Failures view's scan — and never asks the
// service itself.
//
// Per item it keeps the figures of its newest MAX_SAMPLES successes (a few numbers each), not the
// rows: a baseline is cheap to keep for every item whose history was seen.
//
// Nothing here shows anything; `enabled` is the setting `skyvia.unusual.enabled`, read each time.
import type { LatestEntry, Unusual } from '../shared/model';
import { isActive } from '../shared/outcome';
import { isKeyOf, parentRef, refKey, type AccountId, type ItemRef } from '../shared/refs';
import { judge, sampleOf, type Sample } from '../kinds/unusual';
import { historyOf } from '../kinds';

/** Successes kept per item: the window of the oldest entries a panel shows on its first pages. */
const MAX_SAMPLES = 200;

interface ItemSamples {
  byId: Map<string, Sample>;
  /** Newest first; rebuilt when a sample was added. */
  sorted?: Sample[];
}

export class Baselines {
  private readonly items = new Map<string, ItemSamples>();

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
    }
  }

  /** Entries of several items' histories (the Failures view's scan, the chat's): each item's successes join its baseline. */
  observeEntries(entries: readonly { ref?: ItemRef; row: unknown }[]): void {
    const items = new Map<string, { item: ItemRef; rows: unknown[] }>();
    for (const { ref, row } of entries) {
      const item = ref && parentRef(ref);
      if (!item) continue;
      const known = items.get(refKey(item)) ?? { item, rows: [] };
      items.set(refKey(item), known);
      known.rows.push(row);
    }
    for (const { item, rows } of items.values()) this.observe(item, rows);
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
    if (account === undefined) return this.items.clear();
    for (const key of [...this.items.keys()]) if (isKeyOf(account, key)) this.items.delete(key);
  }

  private sorted(known: ItemSamples): Sample[] {
    return (known.sorted ??= [...known.byId.values()].sort((a, b) => b.at - a.at));
  }
}
