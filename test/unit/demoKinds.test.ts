// The demo's kinds, each as its handler file describes it, over the list they are registered in
// (handlers/index.ts): whatever kind is added there is reset with the others and, where its runs
// carry figures, can be made unusual — no kind is named here.
import * as assert from 'node:assert/strict';
import { DemoClock } from '../../src/demo/clock';
import { KINDS as REGISTERED } from '../../src/demo/handlers';
import type { AnyKind, DemoItem, RunningKind } from '../../src/demo/kinds';
import { RUN_TIMING, startRun, viewRun, type ApiRun } from '../../src/demo/runs';
import { DemoState } from '../../src/demo/state';
import type { KindStore } from '../../src/demo/store';
import { makeNextUnusual, unusualEntries } from '../../src/demo/unusual';

const HOURS = 3_600_000;
/** One start for every state here: the seed's dates follow it, so two states hold the same account. */
const START = Date.UTC(2026, 10, 20, 10, 30);

function fresh(): DemoState {
  return new DemoState(new DemoClock({ manual: true, startMs: START }), 1, 'seed', KINDS);
}

/** The kinds as the store holds them: any of them, whatever it is. */
const KINDS: readonly AnyKind[] = REGISTERED;

const running = (kind: AnyKind): kind is RunningKind<DemoItem> => kind.runs !== undefined;

/** Everything the store holds of a kind, as plain data to compare. */
function contents(store: KindStore, kind: AnyKind) {
  const items = [...store.catalog(kind).values()];
  return {
    items: items.map((item) => JSON.stringify(item, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v))),
    started: items.map((item) => store.started(kind, item.id).length),
    unusualNext: [...store.unusualNext(kind)],
    count: running(kind) ? store.startCounts.get(kind.runs.counter) : undefined,
  };
}

describe('demo kinds', () => {
  it('lists every kind once, each with items in the seed', () => {
    assert.equal(new Set(KINDS.map((k) => k.noun)).size, KINDS.length, 'nouns are unique');
    const state = fresh();
    for (const kind of KINDS) assert.ok(state.kinds.catalog(kind).size > 0, `${kind.noun}: no items seeded`);
  });

  it('reset() puts every kind back as seeded: its items, their entries, the next unusual runs, its counts and ids', () => {
    const state = fresh();
    const store = state.kinds;
    const before = new Map(KINDS.map((k) => [k, contents(store, k)]));
    const other = fresh().kinds;
    for (const kind of KINDS) {
      const [item] = store.catalog(kind).values();
      assert.ok(item, `${kind.noun}: an item to change`);
      // What a client or the clock changes of any kind: an item's fields, its entries.
      Object.assign(item, { name: `${kind.noun} renamed` });
      store.started(kind, item.id).push({ marker: true } as never);
      if (running(kind)) {
        if (kind.runs.figures) store.unusualNext(kind).add(item.id);
        startRun(store, kind, item, state.now(), 'Failed', false);
      }
      assert.notDeepEqual(contents(store, kind), before.get(kind), `${kind.noun}: changed before the reset`);
    }

    state.reset();

    for (const kind of KINDS) {
      assert.deepEqual(contents(store, kind), before.get(kind), `${kind.noun}: as seeded after the reset`);
      // The ids its new entries take start again where a fresh service's do.
      if (running(kind)) assert.equal(store.takeId(kind), other.takeId(kind), `${kind.noun}: entry ids start again`);
    }
  });

  const withFigures = KINDS.filter((k): k is RunningKind<DemoItem> => running(k) && !!k.runs.figures);

  it('has kinds whose runs carry figures', () => {
    assert.ok(withFigures.length > 0, 'some kind describes its figures');
  });

  for (const kind of withFigures) {
    it(`${kind.noun}: makes an item's next successful run unusual, as its figures say, and lists it`, () => {
      const state = fresh();
      const store = state.kinds;
      const figures = kind.runs.figures!;
      const [item] = store.catalog(kind).values();
      assert.ok(item, `${kind.noun}: an item`);
      const usual = startRun(store, kind, item, state.now(), 'Succeeded', false);
      assert.equal(usual.unusual, undefined, 'a run not asked for is usual');

      assert.deepEqual(makeNextUnusual(store, { [figures.param]: item.id }), { [figures.param]: item.id });
      // A failure is never unusual: the one asked for is the next success.
      const failed = startRun(store, kind, item, state.now(), 'Failed', false);
      assert.equal(failed.unusual, undefined, 'a failed run is not made unusual');
      const run: ApiRun = startRun(store, kind, item, state.now(), 'Succeeded', false);
      assert.equal(run.unusual, true, 'the next success is');
      for (const [field, value] of Object.entries(figures.unusualRun)) assert.equal(run[field as keyof ApiRun], value, `its ${field}`);
      assert.notDeepEqual(viewRun(run, state.now() + 4 * HOURS), viewRun({ ...usual, id: run.id }, state.now() + 4 * HOURS), 'it ends unlike a usual run');
      assert.equal(startRun(store, kind, item, state.now() + RUN_TIMING.finishAt, 'Succeeded', false).unusual, undefined, 'only the next one');

      const listed = unusualEntries(store).filter((e) => e.kind === figures.entry && e.itemId === item.id);
      assert.deepEqual(
        listed.filter((e) => e.id === run.id),
        [{ kind: figures.entry, workspaceId: item.workspaceId, itemId: item.id, id: run.id }],
        'listed with what the demo made unusual',
      );
      state.reset();
      assert.equal(
        unusualEntries(store).some((e) => e.id === run.id && e.kind === figures.entry),
        false,
        'gone after the reset',
      );
    });
  }

  it('refuses a body naming no item of a kind with figures, naming the fields it takes', () => {
    const store = fresh().kinds;
    assert.throws(
      () => makeNextUnusual(store, {}),
      (e: Error) => withFigures.every((k) => e.message.includes(`{"${k.runs.figures!.param}": <id>}`)),
    );
  });
});
