// What the Failures view and the runs grid take in after their reading (views/failuresLive.ts):
// a run found under way that ends moves from "other" to how it ended; a run newer than any its
// item's reading saw is counted and, failed, listed; an end told late of a run the reading had
// already read as ended is not counted twice; an item the reading never read takes nothing in.
import * as assert from 'node:assert/strict';
import { refs, type ItemRef } from '../../src/shared/refs';
import type { RunRecord } from '../../src/shared/model';
import type { FoundItem, ScannedEntry } from '../../src/state/accountScan';
import { LiveIndex, placed } from '../../src/views/failuresLive';
import type { Found } from '../../src/views/failuresModel';
import { countsAt, GridCounts, slotIndex, slotsOf, type GridItemId } from '../../src/views/runsGridModel';

const HOUR = 3_600_000;
const NOW = Date.UTC(2026, 10, 20, 10, 37);
const item: FoundItem = { account: 'a', kind: 'integration', workspaceId: 1, workspace: 'Sales', id: 7, name: 'Orders', facts: {} };
const itemRef = refs.item('a', 'integration', 1, 7);
const gridItem: GridItemId = { ref: itemRef, name: 'Orders', workspace: 'Sales' };
const iso = (ms: number) => new Date(ms).toISOString();

function entry(id: number, at: number, state: string, outcome: ScannedEntry['outcome']): ScannedEntry {
  const ref = refs.entryOf(itemRef, 'run', id);
  return { kind: 'run', ref, item, row: { runId: id, date: iso(at), state }, outcome, state, date: iso(at), at };
}

function ended(id: number, at: number, state: string, outcome: RunRecord['outcome'], more: Partial<RunRecord> = {}): RunRecord {
  const ref: ItemRef = refs.entryOf(itemRef, 'run', id);
  return {
    ref,
    item: itemRef,
    itemName: 'Orders',
    state,
    outcome,
    date: iso(at),
    startedHere: false,
    seenAt: NOW,
    row: { runId: id, date: iso(at), state },
    ...more,
  };
}

/** A reading of one item whose history held `entries`. */
function reading(entries: ScannedEntry[]): { found: Found; live: LiveIndex } {
  const grid = new GridCounts(slotsOf(NOW - 24 * HOUR, NOW, 'hour'));
  for (const e of entries) grid.add(gridItem, e.outcome === 'failed' ? 'failed' : e.outcome === 'succeeded' ? 'succeeded' : 'other', e.at);
  const live = new LiveIndex();
  live.read(item, gridItem, entries);
  return { found: { rows: [], unusual: [], notes: [], readBacks: 0, grid, live }, live };
}

const cell = (found: Found, at: number) => {
  const row = found.grid.all.find((i) => i.ref.id === itemRef.id);
  return row ? countsAt(row, slotIndex(found.grid.slots, at)) : undefined;
};

describe('what the Failures view takes in after its reading', () => {
  it('moves a run it found under way to how it ended, in the slot it was counted in', () => {
    const started = NOW - 2 * HOUR;
    const { found, live } = reading([entry(2, started, 'Running', 'running'), entry(1, NOW - 5 * HOUR, 'Succeeded', 'succeeded')]);
    assert.equal(live.waiting, 1);
    const taken = live.takeIn(found, ended(2, started, 'Failed', 'failed'), true);
    assert.ok(taken?.failure, 'a failure row');
    assert.equal(taken.failure.ref.id, '2');
    assert.deepEqual(cell(found, started), { failed: 1, unusual: 0, succeeded: 0, other: 0 });
    assert.equal(live.waiting, 0);
    // Told twice (a second window's watcher, a late settle): counted once.
    assert.equal(live.takeIn(found, ended(2, started, 'Failed', 'failed'), true), undefined);
    assert.deepEqual(cell(found, started), { failed: 1, unusual: 0, succeeded: 0, other: 0 });
  });

  it('counts a run newer than any its item’s reading saw, and lists it when it failed', () => {
    const { found, live } = reading([entry(1, NOW - 5 * HOUR, 'Succeeded', 'succeeded')]);
    const later = NOW + 60_000;
    const taken = live.takeIn(found, ended(3, later, 'Failed', 'failed'), true);
    assert.ok(taken?.failure);
    // Dated after the reading's end: the window's last slot.
    assert.deepEqual(cell(found, NOW), { failed: 1, unusual: 0, succeeded: 0, other: 0 });
    assert.deepEqual(live.takeIn(found, ended(4, later + 1000, 'Succeeded', 'succeeded'), true), {}, 'a usual success: counted, no row');
    assert.deepEqual(cell(found, NOW), { failed: 1, unusual: 0, succeeded: 1, other: 0 });
  });

  it('leaves alone an end told late of a run its reading read as ended', () => {
    const at = NOW - HOUR;
    const { found, live } = reading([entry(5, at, 'Failed', 'failed')]);
    assert.equal(live.takeIn(found, ended(5, at, 'Failed', 'failed'), true), undefined);
    assert.deepEqual(cell(found, at), { failed: 1, unusual: 0, succeeded: 0, other: 0 });
  });

  it('takes in an unusual success as such, and lists it only where unusual successes are', () => {
    const { found, live } = reading([]);
    const unusual = { figure: 'rows', value: 3, usual: 500, words: 'far fewer rows than usual' } as unknown as RunRecord['unusual'];
    const odd = live.takeIn(found, ended(6, NOW - HOUR, 'Succeeded', 'succeeded', { unusual }), true);
    assert.ok(odd?.odd, 'a row among the unusual successes');
    assert.deepEqual(cell(found, NOW - HOUR), { failed: 0, unusual: 1, succeeded: 0, other: 0 });
    const { found: off, live: offLive } = reading([]);
    assert.deepEqual(offLive.takeIn(off, ended(6, NOW - HOUR, 'Succeeded', 'succeeded', { unusual }), false), {}, 'unusual successes off: counted, not listed');
  });

  it('takes nothing in for an item its reading never read, or a run before the window', () => {
    const { found, live } = reading([]);
    const elsewhere = { ...ended(8, NOW, 'Failed', 'failed'), item: refs.item('a', 'integration', 1, 99) };
    assert.equal(live.takeIn(found, elsewhere, true), undefined);
    assert.equal(live.takeIn(found, ended(9, NOW - 30 * HOUR, 'Failed', 'failed'), true), undefined);
  });

  it('places a row taken in among rows newest first', () => {
    const rows = [{ entry: { at: 30 } }, { entry: { at: 10 } }];
    placed(rows, { entry: { at: 20 } });
    placed(rows, { entry: { at: 40 } });
    placed(rows, { entry: { at: 5 } });
    assert.deepEqual(
      rows.map((r) => r.entry.at),
      [40, 30, 20, 10, 5],
    );
  });
});
