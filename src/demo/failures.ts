// Making an item's next run fail with a message of the caller's choosing (`POST /__demo/failure`):
// a cause no run had before, for the tests of the Failures view's causes. Every kind whose runs
// are named by an id field (`integrationId`, `backupId`) takes it, as the unusual-run maker does.

import { ApiError } from './errors';
import type { DemoItem, RunningKind } from './kinds';
import type { ApiRun } from './runs';
import type { KindStore } from './store';
import { withFigures } from './unusual';

/** The next run of the item the body names fails, saying `message`; answers what it named. */
export function makeNextFail(store: KindStore, body: Record<string, unknown>): Record<string, number | string> {
  const kinds = withFigures(store);
  const message = body['message'];
  const kind = kinds.find((k) => typeof body[k.runs.figures.param] === 'number');
  if (kind && typeof message === 'string' && message.trim()) {
    const { param } = kind.runs.figures;
    const id = body[param] as number;
    if ([...store.catalog(kind).values()].some((x) => x.id === id)) {
      store.failureNext(kind).set(id, message);
      return { [param]: id, message };
    }
  }
  throw new ApiError(400, `Send ${kinds.map((k) => `{"${k.runs.figures.param}": <id>, "message": "<what its run says>"}`).join(' or ')} of the account.`);
}

/** `run` as it starts: failed, saying what was asked, if that was asked of its item. */
export function failedIfAsked<R extends DemoItem>(store: KindStore, kind: RunningKind<R>, item: R, run: ApiRun): ApiRun {
  const next = store.failureNext(kind);
  const failure = next.get(item.id);
  if (failure === undefined) return run;
  next.delete(item.id);
  return { ...run, outcome: 'Failed', failure };
}
