// The runs a window watches, kept across a reload: the window that comes back watches them again
// and tells once how each ended — against the demo service over real HTTP, each "window" its own
// run store, reader and watcher over the same kept storage, the service's clock moved by hand.
import * as assert from 'node:assert/strict';
import { SkyviaClient } from '../../src/api';
import { DEMO_FIXTURES as F, startDemoService, type DemoService } from '../../src/demo';
import type { RunRecord } from '../../src/shared/model';
import { refs } from '../../src/shared/refs';
import { WATCHED_RUNS_KEY } from '../../src/shared/contributions';
import { FactStore } from '../../src/state/facts';
import { ItemReader } from '../../src/state/itemReader';
import { KeptRuns } from '../../src/state/keptRuns';
import { RunStore } from '../../src/state/runStore';
import { Poller } from '../../src/watch/poller';
import { startRecord } from '../../src/kinds/common';
import { FakeClock } from './fakeClock';
import { MapMemento } from './mapMemento';

const ACCOUNT = 'a';
const item = refs.item(ACCOUNT, 'integration', F.workspaceId, F.idleIntegrationId);

describe('runs kept across a reload', () => {
  let demo: DemoService;
  let storage: MapMemento;

  before(async () => {
    demo = await startDemoService({ port: 0, manualClock: true });
  });
  after(() => demo.close());
  beforeEach(async () => {
    await fetch(`${demo.url}/__demo/reset`, { method: 'POST', headers: { Authorization: demo.token } });
    storage = new MapMemento();
  });

  /** One window: its stores, reader and watcher over the kept storage; what it told of runs' ends. */
  function window() {
    const client = new SkyviaClient({ baseUrl: demo.url, token: demo.token });
    const runs = new RunStore();
    const reader = new ItemReader({ client: () => client, facts: new FactStore(runs), runs });
    const kept = new KeptRuns(storage, runs);
    const clock = new FakeClock();
    const poller = new Poller({ runs, reader, clock, baseMs: () => 1_000 });
    const told: RunRecord[] = [];
    runs.onDidEnd((run) => told.push(run));
    return { runs, reader, kept, poller, told, close: () => (poller.dispose(), kept.dispose()) };
  }

  /** Run, as the tree's Run does: the start's answer is the item's run under way, started here. */
  async function runHere(w: ReturnType<typeof window>): Promise<RunRecord> {
    const client = new SkyviaClient({ baseUrl: demo.url, token: demo.token });
    const started = await client.runIntegration(F.workspaceId, F.idleIntegrationId);
    w.runs.observe(item, startRecord('run', item, 'Archive', started, true, true));
    return w.runs.active(item)!;
  }

  it('watches a run again after the reload and tells its end once, when it ended while the window was away', async () => {
    const before = window();
    accountsKnown(before);
    const run = await runHere(before);
    before.close();
    // The window is away; the run ends.
    demo.advance(7_000);
    const after = window();
    accountsKnown(after);
    assert.equal(after.runs.active(item)?.ref.id, run.ref.id, 'watched again, before anything is read');
    assert.equal(after.runs.active(item)?.startedHere, true, 'still the run started here');
    await after.poller.tickNow();
    assert.deepEqual(
      after.told.map((r) => [r.ref.id, r.outcome]),
      [[run.ref.id, 'succeeded']],
      'its end told once',
    );
    assert.equal(storage.get(WATCHED_RUNS_KEY), undefined, 'no longer kept');
    // Another reload tells nothing more.
    after.close();
    const again = window();
    accountsKnown(again);
    await again.poller.tickNow();
    assert.equal(again.told.length, 0, 'nothing more told');
    assert.equal(again.runs.active(item), undefined);
    again.close();
  });

  it('watches a run still under way after the reload, and tells its end when it comes', async () => {
    const before = window();
    accountsKnown(before);
    const run = await runHere(before);
    before.close();
    const after = window();
    accountsKnown(after);
    await after.poller.tickNow();
    assert.equal(after.runs.active(item)?.ref.id, run.ref.id, 'still under way');
    assert.equal(after.told.length, 0, 'nothing told while it runs');
    demo.advance(7_000);
    await after.poller.tickNow();
    assert.deepEqual(
      after.told.map((r) => r.ref.id),
      [run.ref.id],
    );
    after.close();
  });

  it('keeps what was kept until the accounts are known; lets go of the runs of an account not signed in any more', async () => {
    const before = window();
    accountsKnown(before);
    await runHere(before);
    before.close();
    const waiting = window();
    assert.equal(waiting.kept.waitingForAccounts, true);
    assert.equal(waiting.runs.active(item), undefined, 'not before its account is known');
    assert.equal((storage.get(WATCHED_RUNS_KEY) as unknown[]).length, 1, 'still kept');
    waiting.kept.restore(['another account']);
    assert.equal(waiting.runs.active(item), undefined);
    assert.equal(storage.get(WATCHED_RUNS_KEY), undefined, 'signed out of: no longer kept');
    waiting.close();
  });

  it('writes the list when a run joins or leaves it, not at each look at its progress', async () => {
    const w = window();
    accountsKnown(w);
    let writes = 0;
    const update = storage.update.bind(storage);
    storage.update = async (key, value) => (writes++, update(key, value));
    const run = await runHere(w);
    assert.equal(writes, 1);
    w.runs.observe(item, { ...run, state: 'Running', outcome: 'running', successRows: 10 });
    w.runs.observe(item, { ...run, state: 'Running', outcome: 'running', successRows: 20 });
    assert.equal(writes, 1, 'progress is not written');
    w.close();
  });

  it('reads nothing but runs from what it kept (the storage is the user’s)', () => {
    void storage.update(WATCHED_RUNS_KEY, [
      null,
      'run',
      { ref: { kind: 'run', id: 1 }, item: {}, itemName: 'x', state: 'Running', seenAt: 1 },
      {
        ref: { account: ACCOUNT, kind: 'run', workspaceId: 1, parentId: 2, id: '3' },
        item: { account: 'b', kind: 'integration', id: '2' },
        itemName: 'x',
        state: 'Running',
        seenAt: 1,
      },
      {
        ref: { account: ACCOUNT, kind: 'run', workspaceId: 1, parentId: 2, id: '4' },
        item: { account: ACCOUNT, kind: 'integration', workspaceId: 1, id: '2' },
        itemName: 'Kept',
        state: 'Warming up',
        successRows: 'many',
        seenAt: 1,
      },
    ]);
    const w = window();
    w.kept.restore([ACCOUNT]);
    const back = w.runs.watched();
    assert.deepEqual(
      back.map((r) => [r.ref.id, r.itemName, r.outcome, r.successRows]),
      [['4', 'Kept', 'running', undefined]],
      'one run, a state word never seen read as under way',
    );
    w.close();
  });
});

/** The accounts are looked for and this one is signed in (what the body does on the accounts' first change). */
function accountsKnown(w: { kept: KeptRuns }): void {
  w.kept.restore([ACCOUNT]);
}
