// Successes that are not as usual, for the detector's tests: the lazy entries a kind's items
// planted unusual, and the next run of an item made unusual on request (`GET|POST
// /__demo/unusual`). One maker for every kind whose runs carry figures: each kind's `Figures`
// (kinds.ts) say which entries are planted and how a run made unusual differs from a usual one.

import { ApiError } from './errors';
import type { AnyKind, DemoItem, Figures, RunningKind, RunsOf } from './kinds';
import type { ApiRun } from './runs';
import type { KindStore } from './store';

/** An entry made to succeed unusually, as `GET /__demo/unusual` lists it. */
export interface UnusualEntry {
  /** Its kind's word for its entries ("run", "snapshot"). */
  kind: string;
  workspaceId: number;
  itemId: number;
  id: number;
}

type WithFigures = AnyKind & { runs: RunsOf<DemoItem> & { figures: Figures<DemoItem> } };

/** The kinds whose runs describe their figures, in the order they are listed. */
export function withFigures(store: KindStore): WithFigures[] {
  return store.kinds.filter((k): k is WithFigures => !!k.runs?.figures);
}

/** Every entry made to succeed unusually, lazy or started since: the ones a detector should find, and nothing else. */
export function unusualEntries(store: KindStore): UnusualEntry[] {
  const out: UnusualEntry[] = [];
  for (const kind of withFigures(store)) {
    const { figures } = kind.runs;
    for (const item of store.catalog(kind).values()) {
      const add = (id: number): void => void out.push({ kind: figures.entry, workspaceId: item.workspaceId, itemId: item.id, id });
      const spec = figures.planted(item);
      if (spec) {
        for (let i = kind.runs.history(item).count - 1 - spec.offset; i >= 0; i -= spec.every) {
          const entry = figures.lazyEntry(item, i);
          if (entry.succeeded) add(entry.id);
        }
      }
      for (const run of store.started<DemoItem, ApiRun, number>(kind, item.id)) if (run.unusual) add(run.id);
    }
  }
  return out;
}

/** The next run of the item the body names (`{"integrationId": 18231}`) succeeds unusually; answers what it named. */
export function makeNextUnusual(store: KindStore, body: Record<string, unknown>): Record<string, number> {
  const kinds = withFigures(store);
  // The first kind whose field the body holds decides, as the kinds are listed.
  const kind = kinds.find((k) => typeof body[k.runs.figures.param] === 'number');
  if (kind) {
    const { param } = kind.runs.figures;
    const id = body[param] as number;
    if ([...store.catalog(kind).values()].some((x) => x.id === id)) {
      store.unusualNext(kind).add(id);
      return { [param]: id };
    }
  }
  const nouns = kinds.map((k) => k.noun.toLowerCase());
  const article = /^[aeiou]/.test(nouns[0] ?? '') ? 'an' : 'a';
  throw new ApiError(400, `Send ${kinds.map((k) => `{"${k.runs.figures.param}": <id>}`).join(' or ')} of ${article} ${nouns.join(' or ')} of the account.`);
}

/** `run` as it starts: made unusual, as its kind's figures say, if that was asked of its item and it succeeds. */
export function unusualIfAsked<R extends DemoItem>(store: KindStore, kind: RunningKind<R>, item: R, run: ApiRun): ApiRun {
  const figures = kind.runs.figures;
  const next = store.unusualNext(kind);
  if (!figures || run.outcome !== 'Succeeded' || !next.has(item.id)) return run;
  next.delete(item.id);
  return { ...run, ...figures.unusualRun, unusual: true };
}
