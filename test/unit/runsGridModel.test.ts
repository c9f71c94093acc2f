// The runs grid's model: a window cut into the clock's hours or days, entries counted into their
// slots by how they ended, each cell's worst mark (and "unread" where only failures were read),
// the success rate, and the rows and workspaces the worst first. Then the Failures view's reading
// of the demo account over real HTTP: the counts it keeps add up to every entry of the window.
import * as assert from 'node:assert/strict';
import { SkyviaClient } from '../../src/api';
import { startDemoService, type DemoService } from '../../src/demo';
import { refs } from '../../src/shared/refs';
import { MAX_TAKE } from '../../src/api';
import { scanHistories } from '../../src/state/accountScan';
import {
  COUNTED,
  countedOf,
  countItem,
  GridCounts,
  gridGroups,
  markOf,
  rowOf,
  slotIndex,
  slotsOf,
  type GridItemId,
  type SlotCounts,
} from '../../src/views/runsGridModel';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** A local time, as the clock on the wall says it. */
const at = (y: number, mo: number, d: number, h = 0, mi = 0) => new Date(y, mo - 1, d, h, mi).getTime();
const item = (id: number, name: string, workspaceId = 1, workspace = 'Sales'): GridItemId => ({
  ref: refs.item('a', 'integration', workspaceId, id),
  name,
  workspace,
});
const none: SlotCounts = { failed: 0, unusual: 0, succeeded: 0, other: 0 };

describe('the runs grid’s model', () => {
  it('cuts 24 hours into the clock’s hours, the first from the window’s start to the next whole hour', () => {
    const now = at(2026, 11, 20, 10, 37);
    const slots = slotsOf(now - DAY, now, 'hour');
    assert.equal(slots.starts.length, 25);
    assert.equal(slots.starts[0], at(2026, 11, 19, 10, 37));
    assert.equal(slots.starts[1], at(2026, 11, 19, 11));
    assert.equal(slots.starts[24], at(2026, 11, 20, 10));
    for (const s of slots.starts.slice(1)) assert.equal(new Date(s).getMinutes(), 0);
  });

  it('cuts 7 and 30 days into the calendar’s days, the first from the window’s start', () => {
    const now = at(2026, 11, 20, 10, 37);
    const week = slotsOf(now - 7 * DAY, now, 'day');
    assert.equal(week.starts.length, 8);
    assert.equal(week.starts[1], at(2026, 11, 14));
    assert.equal(week.starts[7], at(2026, 11, 20));
    assert.equal(slotsOf(now - 30 * DAY, now, 'day').starts.length, 31);
    // A window that starts on a whole hour has no cut slot.
    assert.equal(slotsOf(at(2026, 11, 19, 10), at(2026, 11, 20, 10), 'hour').starts.length, 24);
  });

  it('finds an entry’s slot: none before the window, the last for one dated at or after now', () => {
    const now = at(2026, 11, 20, 10, 37);
    const slots = slotsOf(now - DAY, now, 'hour');
    assert.equal(slotIndex(slots, now - DAY - 1), -1);
    assert.equal(slotIndex(slots, now - DAY), 0);
    assert.equal(slotIndex(slots, at(2026, 11, 19, 10, 59)), 0);
    assert.equal(slotIndex(slots, at(2026, 11, 19, 11)), 1);
    assert.equal(slotIndex(slots, at(2026, 11, 20, 9, 59)), 23);
    assert.equal(slotIndex(slots, now), 24);
    assert.equal(slotIndex(slots, now + HOUR), 24);
    assert.equal(slotIndex(slots, Number.NaN), -1);
  });

  it('counts an entry by how it ended: failed, succeeded not as usual, succeeded, or anything else', () => {
    assert.equal(countedOf('failed', false), 'failed');
    assert.equal(countedOf('succeeded', true), 'unusual');
    assert.equal(countedOf('succeeded', false), 'succeeded');
    for (const o of ['canceled', 'running', 'queued', 'unknown'] as const) assert.equal(countedOf(o, false), 'other');
  });

  it('marks a cell by its worst entry; with none, “unread” where only failures were read, else “nothing”', () => {
    assert.equal(markOf({ failed: 1, unusual: 2, succeeded: 9, other: 1 }, 10, undefined), 'failed');
    assert.equal(markOf({ failed: 0, unusual: 1, succeeded: 9, other: 1 }, 10, undefined), 'unusual');
    assert.equal(markOf({ failed: 0, unusual: 0, succeeded: 9, other: 0 }, 10, undefined), 'succeeded');
    assert.equal(markOf({ failed: 0, unusual: 0, succeeded: 0, other: 2 }, 10, undefined), 'other');
    assert.equal(markOf(none, 10, undefined), 'none');
    // Read whole from 20 on: a slot ending by then knows only its failures; one after it knows all.
    assert.equal(markOf(none, 20, 20), 'unread');
    assert.equal(markOf(none, 30, 20), 'none');
    assert.equal(markOf({ ...none, failed: 1 }, 10, 20), 'failed');
  });

  it('keeps a count per slot, not the entries: the same few bytes for an item however many ran', () => {
    const now = at(2026, 11, 20, 10, 37);
    const counts = new GridCounts(slotsOf(now - DAY, now, 'hour'));
    const nightly = item(1, 'Nightly');
    for (let i = 0; i < 5_000; i++) counts.add(nightly, 'succeeded', at(2026, 11, 20, 9, 30));
    counts.add(nightly, 'failed', at(2026, 11, 20, 9, 45));
    counts.add(nightly, 'failed', now - 2 * DAY); // before the window: not counted
    const [only] = counts.all;
    assert.equal(only.counts.length, 25 * COUNTED.length);
    assert.ok(only.counts instanceof Uint16Array);
    const row = rowOf(only, counts.slots);
    assert.deepEqual(row.cells[23].counts, { failed: 1, unusual: 0, succeeded: 5_000, other: 0 });
    assert.equal(row.cells[23].mark, 'failed');
    assert.equal(row.count, 5_001);
    // An item listed but with nothing in the window is no row.
    counts.add(item(2, 'Idle'), 'failed', now - 3 * DAY);
    assert.equal(counts.all.length, 1);
  });

  it('gives a row its success rate over what succeeded or failed (canceled and under way left out), and none when neither', () => {
    const now = at(2026, 11, 20, 10, 37);
    const counts = new GridCounts(slotsOf(now - 7 * DAY, now, 'day'));
    const a = item(1, 'A');
    for (let i = 0; i < 6; i++) counts.add(a, 'succeeded', now - i * HOUR);
    counts.add(a, 'unusual', now - 30 * HOUR);
    counts.add(a, 'failed', now - 50 * HOUR);
    counts.add(a, 'other', now - 51 * HOUR);
    const b = item(2, 'B');
    counts.add(b, 'other', now - HOUR);
    const [ra, rb] = counts.all.map((i) => rowOf(i, counts.slots));
    assert.equal(ra.rate, 7 / 8);
    assert.equal(ra.count, 9);
    assert.deepEqual(ra.totals, { failed: 1, unusual: 1, succeeded: 6, other: 1 });
    assert.equal(rb.rate, undefined);
    assert.equal(rb.worst, 'other');
  });

  it('orders rows and workspaces the worst first: failed, then unusual, then other; more failures, then the lower rate, then by name', () => {
    const now = at(2026, 11, 20, 10, 37);
    const counts = new GridCounts(slotsOf(now - DAY, now, 'hour'));
    const add = (i: GridItemId, what: (typeof COUNTED)[number], n = 1) => {
      for (let k = 0; k < n; k++) counts.add(i, what, now - HOUR);
    };
    const ok = item(1, 'All good');
    add(ok, 'succeeded', 3);
    const odd = item(2, 'Odd');
    add(odd, 'unusual');
    const once = item(3, 'Failed once');
    add(once, 'failed');
    add(once, 'succeeded', 9);
    const twice = item(4, 'Failed twice');
    add(twice, 'failed', 2);
    const alsoOnce = item(5, 'Also failed once');
    add(alsoOnce, 'failed');
    const quiet = item(6, 'Quiet', 2, 'Finance');
    add(quiet, 'succeeded');
    const loud = item(7, 'Loud', 3, 'Ops');
    add(loud, 'unusual');
    const groups = gridGroups([{ account: 'a', counts }]);
    assert.deepEqual(
      groups.map((g) => [g.workspace, g.worst]),
      [
        ['Sales', 'failed'],
        ['Ops', 'unusual'],
        ['Finance', 'succeeded'],
      ],
    );
    // Failed twice; then one failure each, the lower rate first (100 % failed, then 1 in 10); unusual; fine.
    assert.deepEqual(
      groups[0].rows.map((r) => r.item.name),
      ['Failed twice', 'Also failed once', 'Failed once', 'Odd', 'All good'],
    );
  });

  it('keeps accounts apart, in the order given', () => {
    const now = at(2026, 11, 20, 10, 37);
    const slots = slotsOf(now - DAY, now, 'hour');
    const [first, second] = [new GridCounts(slots), new GridCounts(slots)];
    first.add(item(1, 'Fine'), 'succeeded', now - HOUR);
    second.add({ ...item(1, 'Broken'), ref: refs.item('b', 'integration', 1, 1) }, 'failed', now - HOUR);
    const groups = gridGroups([
      { account: 'a', counts: first },
      { account: 'b', counts: second },
    ]);
    assert.deepEqual(
      groups.map((g) => [g.account, g.rows[0].item.name]),
      [
        ['a', 'Fine'],
        ['b', 'Broken'],
      ],
    );
  });
});

describe('the runs grid’s counts, from a reading of the demo account as the Failures view makes it', () => {
  let demo: DemoService;
  let client: SkyviaClient;
  before(async () => {
    demo = await startDemoService({ port: 0, manualClock: true });
    client = new SkyviaClient({ baseUrl: demo.url, token: demo.token });
  });
  after(() => demo.close());

  for (const [window, unit, days] of [
    ['24 hours', 'hour', 1],
    ['30 days', 'day', 30],
  ] as const)
    it(`counts every entry of ${window} read, in its slot; a history longer than a page is counted whole only from its oldest entry read`, async () => {
      const now = Date.now();
      const since = now - days * DAY;
      const grid = new GridCounts(slotsOf(since, now, unit));
      let [entries, failed, partial] = [0, 0, 0];
      await scanHistories(client, {
        account: 'demo',
        kinds: ['integration', 'backup', 'automation'],
        workspaces: await client.listWorkspaces(),
        // As the Failures view reads: the newest page whole, the older failures.
        failedOnly: false,
        since: new Date(since),
        perItem: MAX_TAKE,
        olderFailures: 100,
        onItem: (read, { item: found, wholeFrom }) => {
          entries += read.length;
          failed += read.filter((e) => e.outcome === 'failed').length;
          if (wholeFrom !== undefined) {
            partial++;
            assert.ok(wholeFrom >= since, 'read whole from a time inside the window');
          }
          countItem(
            grid,
            { ref: refs.item('demo', found.kind, found.workspaceId, found.id), name: found.name, workspace: found.workspace },
            read,
            wholeFrom,
            () => false,
          );
        },
      });
      const rows = grid.all.map((i) => rowOf(i, grid.slots));
      assert.ok(rows.length > 10, `${rows.length} items ran`);
      assert.equal(
        rows.reduce((n, r) => n + r.count, 0),
        entries,
        'every entry read is counted once',
      );
      assert.equal(
        rows.reduce((n, r) => n + r.totals.failed, 0),
        failed,
      );
      assert.ok(
        rows.some((r) => r.totals.succeeded > 0),
        'successes are counted too',
      );
      console.log(`      ${window}: ${rows.length} items, ${entries} entries, ${partial} read whole only from inside the window`);
      if (unit === 'day') assert.ok(partial > 0, 'an hourly item’s month is more than a page');
      for (const r of rows)
        if (r.item.wholeFrom !== undefined)
          assert.ok(
            r.cells.some((c) => c.mark === 'unread' || c.mark === 'failed' || c.mark === 'none') || r.item.wholeFrom <= since,
            'a slot before what was read whole is unread where it had no failure',
          );
    });
});
