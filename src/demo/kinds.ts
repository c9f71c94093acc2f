// What a kind of object brings to the demo service. A kind's handler file describes it once — its
// operations, its seed, the entries its items start with, how its runs start and end, the figures
// a success of it can be unusual on — and `npm run contributions` lists the kinds the handler files
// export (`handlers/registry.ts`). The store, the seed, reset, schedules and the unusual-run maker
// work over that list, never over a kind by name, so a new kind is its handler file alone.

import type { Handlers } from './handlers/types';
import type { Series } from './history';
import type { Unusually } from './model';
import type { ApiRun } from './runs';
import type { SeedTools } from './seedTools';

/** An item of a kind: it lives in one workspace. */
export interface DemoItem {
  id: number;
  workspaceId: number;
}

/** The id of an entry of a history: int32 for most kinds, int64 where the service sends ids a double cannot hold. */
export type EntryId = number | bigint;

/**
 * A kind: `R` its items, `S` the entries an item gains outside its lazy history (runs started
 * through the API, an execution under way), `I` the type of those entries' ids, `H` its handlers.
 */
export interface DemoKind<R extends DemoItem = DemoItem, S = unknown, I extends EntryId = EntryId, H extends Handlers = Handlers> {
  /** What its "not found" answer calls an item ("Integration 99 was not found."); unique among the kinds. */
  readonly noun: string;
  /** Its operations (their ids stay in the type, so the list of kinds proves every operation answered). */
  readonly handlers: H;
  /**
   * Its items, hand-written ones first, at the tools' scale; and the id the first entry made after
   * the seed takes (above every generated one, so such entries sort last).
   */
  seed(tools: SeedTools): { items: R[]; nextEntryId?: I };
  /** Entries an item already has, beyond its lazy history, when the service starts or is reset. */
  startedAtSeed?(item: R, anchorMs: number): S[];
  /** Present where its entries are runs (`S` is then `ApiRun`) that start through the API or by schedule. */
  readonly runs?: RunsOf<R>;
}

/** How a kind's runs start and what they do; the clock does the rest (runs.ts `viewRun`). */
export interface RunsOf<R> {
  /** How GET /__demo/stats names its count of runs started through the API ("runsStarted"). */
  readonly counter: string;
  /** The item's lazy history: a schedule's slots continue its rhythm (schedules.ts). */
  history(item: R): Series;
  /** Whether the item's schedule starts runs (while the demo's schedules are on). */
  scheduled(item: R): boolean;
  /** How a run by schedule ends, given whether the history's failure pattern fails that slot. */
  scheduledOutcome(item: R, slotFails: boolean): ApiRun['outcome'];
  /** What a run of the item plans: the rows it writes, the lines of its log. */
  plan(item: R): { plannedRows: number; logLines: number };
  /** Where its entries carry figures a success can be unusual on (see `Figures`). */
  readonly figures?: Figures<R>;
}

/**
 * The figures of a kind's entries, as the unusual-run maker (unusual.ts) needs them: which lazy
 * entries its items planted unusual, and how a run made unusual from outside differs from a usual
 * one — in the run's own figures, so the maker has no branch per kind.
 */
export interface Figures<R> {
  /** The field of `POST /__demo/unusual` that names an item of the kind ("integrationId"). */
  readonly param: string;
  /** What `GET /__demo/unusual` calls its entries ("run"). */
  readonly entry: string;
  /** Which lazy entries of the item succeed unusually. */
  planted(item: R): Unusually | undefined;
  /** Lazy entry `i`: its id, and whether it succeeded (only a success can be unusual). */
  lazyEntry(item: R, i: number): { id: number; succeeded: boolean };
  /** How a run made unusual differs from its plan: no rows written, or hours long. */
  readonly unusualRun: Partial<Pick<ApiRun, 'plannedRows' | 'finishAt'>>;
}

/** A kind whose entries are runs. */
export type RunningKind<R extends DemoItem, H extends Handlers = Handlers> = DemoKind<R, ApiRun, number, H> & { readonly runs: RunsOf<R> };

/** Any kind, as the list holds it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the list holds kinds of every item type; each kind's own code is typed
export type AnyKind = DemoKind<any, any, any, Handlers>;
