// The kinds' data in one place, keyed by kind: each kind's catalog (its items per workspace), the
// entries its items gained beyond their lazy histories, the id the next such entry takes, the
// items whose next run is to succeed unusually or fail with a given message, and the counts of runs started through the API.
// Seeding it clears all of that for every kind at once: there is no per-kind reset to forget.

import { Catalog } from './catalog';
import type { AnyKind, DemoItem, DemoKind, EntryId } from './kinds';
import type { SeedTools } from './seedTools';

export class KindStore {
  private readonly catalogs = new Map<AnyKind, Catalog<DemoItem>>();
  /** kind → itemId → entries beyond the lazy history, oldest first. */
  private readonly histories = new Map<AnyKind, Map<number, unknown[]>>();
  private readonly nextIds = new Map<AnyKind, EntryId>();
  private readonly nextUnusual = new Map<AnyKind, Set<number>>();
  private readonly nextFailure = new Map<AnyKind, Map<number, string>>();
  private readonly counts = new Map<string, number>();

  constructor(readonly kinds: readonly AnyKind[]) {}

  /** Every kind seeded anew: its items as the seed makes them, their entries as at start, nothing else. */
  seed(tools: SeedTools): void {
    for (const kind of this.kinds) {
      const { items, nextEntryId } = kind.seed(tools);
      const catalog = new Catalog<DemoItem>();
      const history = new Map<number, unknown[]>();
      for (const item of items) {
        catalog.add(item);
        const started = kind.startedAtSeed?.(item, tools.anchorMs) ?? [];
        if (started.length > 0) history.set(item.id, started);
      }
      this.catalogs.set(kind, catalog);
      this.histories.set(kind, history);
      if (nextEntryId === undefined) this.nextIds.delete(kind);
      else this.nextIds.set(kind, nextEntryId);
      this.nextUnusual.set(kind, new Set());
      this.nextFailure.set(kind, new Map());
    }
    this.resetCounts();
  }

  catalog<R extends DemoItem, S, I extends EntryId>(kind: DemoKind<R, S, I>): Catalog<R> {
    return this.of(this.catalogs, kind) as Catalog<R>;
  }

  /** The item's entries beyond its lazy history, oldest first (a list the caller may add to). */
  started<R extends DemoItem, S, I extends EntryId>(kind: DemoKind<R, S, I>, itemId: number): S[] {
    const history = this.of(this.histories, kind);
    let list = history.get(itemId);
    if (!list) history.set(itemId, (list = []));
    return list as S[];
  }

  /** The id of a new entry of the kind; the next one follows it. */
  takeId<R extends DemoItem, S, I extends EntryId>(kind: DemoKind<R, S, I>): I {
    const id = this.nextIds.get(kind);
    if (id === undefined) throw new Error(`${kind.noun} has no entry ids: its seed gives no nextEntryId`);
    this.nextIds.set(kind, typeof id === 'bigint' ? id + 1n : id + 1);
    return id as I;
  }

  /** The items of the kind whose next run succeeds unusually (`POST /__demo/unusual`). */
  unusualNext(kind: AnyKind): Set<number> {
    return this.of(this.nextUnusual, kind);
  }

  /** The items of the kind whose next run fails, and what it says (`POST /__demo/failure`). */
  failureNext(kind: AnyKind): Map<number, string> {
    return this.of(this.nextFailure, kind);
  }

  /** Runs started through the API, per kind, by the name GET /__demo/stats gives them, in the kinds' order. */
  get startCounts(): ReadonlyMap<string, number> {
    return this.counts;
  }

  countStart(counter: string): void {
    this.counts.set(counter, (this.counts.get(counter) ?? 0) + 1);
  }

  resetCounts(): void {
    this.counts.clear();
    for (const kind of this.kinds) if (kind.runs) this.counts.set(kind.runs.counter, 0);
  }

  private of<V>(map: Map<AnyKind, V>, kind: AnyKind): V {
    const v = map.get(kind);
    if (v === undefined) throw new Error(`${kind.noun} is not a kind of this demo service`);
    return v;
  }
}
