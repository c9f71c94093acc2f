// The pinned items' watcher against the demo service over real HTTP, its timer on a clock driven
// by hand: what a look costs, when it looks (and when not), and what it tells.
import * as assert from 'node:assert/strict';
import { SkyviaClient } from '../../src/api';
import { DEMO_FIXTURES as F, startDemoService, type DemoService } from '../../src/demo';
import { refs } from '../../src/shared/refs';
import { FactStore } from '../../src/state/facts';
import { PinStore } from '../../src/state/pins';
import { RunStore } from '../../src/state/runStore';
import { PinWatcher, type PinnedFailure } from '../../src/watch/pinWatcher';
import { FakeClock } from './fakeClock';
import { MapMemento } from './mapMemento';

const MINUTES = 60_000;
const broken = refs.item('demo', 'integration', F.workspaceId, F.integrations.alwaysFails.integrationId);
const archive = refs.item('demo', 'integration', F.workspaceId, F.idleIntegrationId);
const backup = refs.item('demo', 'backup', F.workspaceId, F.backups.main.backupId);

describe('pinned items watcher', () => {
  let demo: DemoService;
  let client: SkyviaClient;

  before(async () => {
    demo = await startDemoService({ port: 0, manualClock: true, schedules: true });
    // No retries: a 503 is seen by the watcher as it is.
    client = new SkyviaClient({ baseUrl: demo.url, token: demo.token, retry: { maxAttempts: 1 } });
  });
  after(() => demo.close());
  beforeEach(() => demo.faults.clear());

  function harness(memento = new MapMemento()) {
    const clock = new FakeClock();
    const runs = new RunStore();
    const facts = new FactStore(runs);
    const pins = new PinStore(memento, facts);
    pins.use(['demo']);
    const told: PinnedFailure[] = [];
    const watcher = new PinWatcher({ pins, facts, runs, client: () => client, intervalMs: () => 5 * MINUTES, clock });
    watcher.onDidFail((f) => told.push(f));
    /** The timer's next look, done. */
    const next = async () => {
      const waited = await clock.next();
      await watcher.settled();
      return waited;
    };
    return { clock, runs, facts, pins, watcher, told, next, memento };
  }

  it('sets no timer and sends nothing while nothing is pinned', async () => {
    const h = harness();
    demo.stats.reset();
    h.watcher.resume();
    assert.equal(h.watcher.scheduled, false);
    assert.deepEqual(h.clock.pending, []);
    assert.equal(demo.stats.requests, 0);
  });

  it('looks at a new pin at once, then sends one request per pinned item per interval', async () => {
    const h = harness();
    demo.stats.reset();
    h.pins.pin(broken, 'Legacy ERP Sync (broken)');
    await h.watcher.settled();
    assert.equal(demo.stats.requests, 1, 'the new pin, at once');
    assert.equal(h.facts.get(broken).latest?.state, 'Failed', 'its newest run is a fact of the item');
    h.pins.pin(archive, 'Postgres → S3 Parquet Archive');
    h.pins.pin(backup, 'Snowflake Metadata Backup');
    await h.watcher.settled();
    demo.stats.reset();
    for (let i = 0; i < 3; i++) assert.equal(await h.next(), 5 * MINUTES);
    assert.equal(demo.stats.requests, 3 * 3, 'three pinned, three looks: nine requests');
    assert.equal(h.watcher.stats.ticks, 3);
    h.pins.unpin(broken);
    h.pins.unpin(archive);
    h.pins.unpin(backup);
    assert.equal(h.watcher.scheduled, false, 'nothing pinned: no timer');
  });

  it('looks no more once the window has been away an interval, and catches up when focused again', async () => {
    const h = harness();
    h.pins.pin(archive, 'Archive');
    await h.watcher.settled();
    await h.next();
    h.clock.t += 2 * MINUTES;
    h.watcher.setFocused(false);
    assert.equal(await h.next(), 3 * MINUTES, 'the look already due is made: away three minutes of five');
    assert.equal(h.watcher.scheduled, false, 'the next would be made after a whole interval away: none');
    const ticks = h.watcher.stats.ticks;
    h.clock.t += 60 * MINUTES;
    h.watcher.setFocused(true);
    await h.watcher.settled();
    assert.equal(h.watcher.stats.ticks, ticks + 1, 'caught up at once on focus');
    assert.equal(h.watcher.nextDelayMs, 5 * MINUTES);
  });

  it('backs off while the service struggles, and comes back to the interval', async () => {
    const h = harness();
    h.pins.pin(archive, 'Archive');
    await h.watcher.settled();
    demo.faults.failNext(1, 503);
    await h.next();
    assert.equal(h.watcher.nextDelayMs, 10 * MINUTES, 'twice the interval after a 5xx');
    await h.next();
    assert.equal(h.watcher.nextDelayMs, 5 * MINUTES);
  });

  it('tells a new failed run of a pinned item once, by comparing the newest entry with the last seen', async () => {
    const h = harness();
    h.pins.pin(broken, 'Legacy ERP Sync (broken)');
    await h.watcher.settled();
    assert.equal(h.told.length, 0, 'a pin’s first look only records where its history stands');
    await h.next();
    assert.equal(h.told.length, 0, 'nothing new');
    demo.advance(25 * 3_600_000);
    await h.next();
    assert.equal(h.told.length, 1, 'its scheduled run failed overnight');
    assert.match(h.told[0].name, /^Run \d+ of Legacy ERP Sync \(broken\)$/);
    assert.equal(h.told[0].ref.parentId, F.integrations.alwaysFails.integrationId);
    await h.next();
    assert.equal(h.told.length, 1, 'told once');
  });

  it('tells at the first look of a new window what failed while VS Code was closed', async () => {
    const memento = new MapMemento();
    const first = harness(memento);
    first.pins.pin(broken, 'Legacy ERP Sync (broken)');
    await first.watcher.settled();
    first.watcher.dispose();
    demo.advance(25 * 3_600_000);
    const next = harness(memento);
    next.watcher.resume();
    await next.next();
    assert.equal(next.told.length, 1);
  });

  it('looks at once at the pins a window starts with, made before the watcher was loaded', async () => {
    // As in the extension: the first pin loads the watcher, which subscribes after that pin's change.
    const memento = new MapMemento();
    const clock = new FakeClock();
    const runs = new RunStore();
    const facts = new FactStore(runs);
    const pins = new PinStore(memento, facts);
    pins.use(['demo']);
    pins.pin(broken, 'Legacy ERP Sync (broken)');
    demo.stats.reset();
    const watcher = new PinWatcher({ pins, facts, runs, client: () => client, intervalMs: () => 5 * MINUTES, clock });
    watcher.resume();
    await watcher.settled();
    assert.equal(demo.stats.requests, 1, 'the pin, looked at once: not after a whole interval');
    assert.equal(facts.get(broken).latest?.state, 'Failed', 'its newest run is known');
    assert.equal(watcher.nextDelayMs, 5 * MINUTES, 'the next look at the interval');
    watcher.dispose();
  });

  it('looks at once at an item pinned again after it was unpinned, and tells what comes after', async () => {
    const h = harness();
    h.pins.pin(archive, 'Postgres → S3 Parquet Archive');
    await h.watcher.settled();
    h.pins.unpin(archive);
    demo.stats.reset();
    h.pins.pin(archive, 'Postgres → S3 Parquet Archive');
    await h.watcher.settled();
    assert.equal(demo.stats.requests, 1, 'pinned again: looked at at once, as a new pin is');
    assert.ok(h.pins.seen(archive), 'where its history stands is recorded');
  });

  it('tells every failure since the last look, however many runs came after them, in one notice', async () => {
    const bigHistory = refs.item('demo', 'integration', F.workspaceId, F.integrations.bigHistory.integrationId);
    const h = harness();
    h.pins.pin(bigHistory, 'Orders → Warehouse (hourly)');
    await h.watcher.settled();
    demo.advance(70 * 3_600_000);
    // What the service lists now: more than a look's page since the last one seen, failures among them.
    const since = await client.listIntegrationRuns(F.workspaceId, F.integrations.bigHistory.integrationId, { take: 200, skip: 0, sortOrder: 'desc' });
    const seenId = h.pins.seen(bigHistory)?.id;
    const at = since.data.findIndex((r) => String(r.runId) === seenId);
    assert.ok(at > 5, `${at} runs came after the last one seen: more than one page`);
    const failed = since.data.slice(0, at).filter((r) => r.state === 'Failed');
    assert.ok(failed.length >= 1, 'the schedule made failed runs meanwhile');
    assert.ok(since.data.slice(0, 5).some((r) => r.state !== 'Failed') && since.data.findIndex((r) => r.state === 'Failed') > 0, 'the newest runs succeeded');
    demo.stats.reset();
    await h.next();
    assert.equal(h.told.length, 1, 'one notice');
    assert.equal(h.told[0].count, failed.length, 'counting every failure since the last look');
    assert.equal(h.told[0].ref.id, String(failed[0].runId), 'naming the newest');
    assert.ok(demo.stats.requests >= 2, 'the newest page, then the failures read back');
    demo.stats.reset();
    await h.next();
    assert.equal(h.told.length, 1, 'told once');
    assert.equal(demo.stats.requests, 1, 'and the next look is one request again');
  });

  it('tells a new run of a pinned item that succeeded but not as usual, with why, and its row says so', async () => {
    const { workspaceId, integrationId } = F.unusual.integration;
    const hourly = refs.item('demo', 'integration', workspaceId, integrationId);
    const h = harness();
    h.pins.pin(hourly, 'Orders → Warehouse (hourly)');
    await h.watcher.settled();
    assert.equal(h.facts.get(hourly).latest?.unusual, undefined, 'its newest run is as usual');
    // From outside, as a colleague's change would: its next scheduled run writes nothing, and succeeds.
    const res = await fetch(`${demo.url}/__demo/unusual`, {
      method: 'POST',
      headers: { Authorization: demo.token, 'Content-Type': 'application/json' },
      body: JSON.stringify({ integrationId }),
    });
    assert.equal(res.status, 200);
    demo.advance(3_600_000);
    demo.stats.reset();
    await h.next();
    assert.equal(demo.stats.requests, 1, 'one request, as every look');
    const told = h.told.filter((f) => f.pin.ref.id === hourly.id);
    assert.equal(told.length, 1, 'told once');
    assert.equal(told[0].unusual?.figure, 'rows written');
    assert.equal(told[0].unusual?.value, 0);
    assert.equal((told[0].row as { state?: string }).state, 'Succeeded');
    // Its row tells whether its newest run was unusual (an hour may hold two of its slots: the unusual one, then a usual one).
    const [newest] = (await client.listIntegrationRuns(workspaceId, integrationId, { take: 1, skip: 0, sortOrder: 'desc' })).data;
    const newestIsIt = String(newest.runId) === told[0].ref.id;
    assert.equal(h.facts.get(hourly).latest?.unusual?.figure, newestIsIt ? 'rows written' : undefined, `newest run ${newest.runId}, told ${told[0].ref.id}`);
    await h.next();
    assert.equal(h.told.filter((f) => f.pin.ref.id === hourly.id).length, 1, 'and only once');
  });

  it('leaves a run this window watched to the run watcher', async () => {
    const h = harness();
    h.pins.pin(broken, 'Legacy ERP Sync (broken)');
    await h.watcher.settled();
    const { runId } = await client.runIntegration(F.workspaceId, F.integrations.alwaysFails.integrationId);
    const run = refs.entry('demo', 'run', F.workspaceId, F.integrations.alwaysFails.integrationId, runId);
    h.runs.settle({ ref: run, item: broken, itemName: 'Legacy ERP Sync (broken)', state: 'Failed', outcome: 'failed', startedHere: true, seenAt: 0 });
    demo.advance(7_000);
    await h.next();
    assert.deepEqual(h.told, []);
  });
});
