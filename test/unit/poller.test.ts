// The run watcher with a clock driven by hand: when it polls, how often, and when it stops.
import * as assert from 'node:assert/strict';
import { SkyviaError } from '../../src/api';
import type { RunRecord } from '../../src/shared/model';
import { outcomeOf } from '../../src/shared/outcome';
import { refs } from '../../src/shared/refs';
import { RunStore } from '../../src/state/runStore';
import { Poller } from '../../src/watch/poller';
import { FakeClock } from './fakeClock';

const item = refs.item('a', 'integration', 4210, 18236);

function record(state: string, id = 1): RunRecord {
  return { ref: refs.entry('a', 'run', 4210, 18236, id), item, itemName: 'Nightly', state, outcome: outcomeOf(state), startedHere: true, seenAt: 0 };
}

function harness(opts: { errors?: unknown[]; tokenGood?: boolean } = {}) {
  const clock = new FakeClock();
  const runs = new RunStore();
  let current: RunRecord | null = record('Running');
  const errors = [...(opts.errors ?? [])];
  const calls = { active: 0, final: 0 };
  const auth: SkyviaError[] = [];
  const poller = new Poller({
    runs,
    clock,
    baseMs: () => 5_000,
    maxMs: 60_000,
    onAuthError: (account, e) => {
      auth.push(e);
      // As the body does with a refused token: the account's runs leave the store.
      if (opts.tokenGood !== true) runs.clear(account);
      return opts.tokenGood !== true;
    },
    reader: {
      async readActive(ref) {
        calls.active++;
        const e = errors.shift();
        if (e) throw e;
        runs.observe(ref, current);
        return current;
      },
      async finalState(run) {
        calls.final++;
        return { ...run, state: 'Succeeded', outcome: 'succeeded', endedAt: clock.t };
      },
    },
  });
  return { clock, runs, poller, calls, auth, set: (r: RunRecord | null) => (current = r) };
}

describe('run watcher', () => {
  it('sets no timer and sends nothing while nothing runs', () => {
    const h = harness();
    assert.equal(h.poller.scheduled, false);
    h.runs.observe(item, null);
    assert.equal(h.poller.scheduled, false);
    assert.equal(h.calls.active, 0);
  });

  it('polls a run at the base interval, slower while nothing changes, back to base on a change', async () => {
    const h = harness();
    h.runs.observe(item, record('Running'));
    assert.deepEqual(h.clock.pending, [5_000]);
    assert.equal(await h.clock.next(), 5_000);
    assert.equal(h.calls.active, 1, 'one request per watched item per tick');
    assert.equal(await h.clock.next(), 7_500);
    assert.equal(await h.clock.next(), 11_250);
    h.set({ ...record('Running'), successRows: 10 });
    await h.clock.next();
    assert.equal(h.poller.nextDelayMs, 5_000, 'progress brings the short interval back');
  });

  it('never waits longer than the ceiling', async () => {
    const h = harness();
    h.runs.observe(item, record('Running'));
    let last = 0;
    for (let i = 0; i < 15; i++) last = await h.clock.next();
    assert.equal(last, 60_000);
  });

  it('ticks four times slower in an unfocused window, and at once when focus returns', async () => {
    const h = harness();
    h.poller.setFocused(false);
    h.runs.observe(item, record('Running'));
    assert.deepEqual(h.clock.pending, [20_000]);
    h.poller.setFocused(true);
    await new Promise((r) => setImmediate(r));
    assert.equal(h.calls.active, 1, 'caught up on focus');
  });

  it('reads how a run ended once, settles it, and stops', async () => {
    const h = harness();
    const ended: RunRecord[] = [];
    h.runs.onDidEnd((r) => ended.push(r));
    h.runs.observe(item, record('Running'));
    h.set(null);
    await h.clock.next();
    assert.equal(h.calls.final, 1);
    assert.equal(ended.length, 1);
    assert.equal(ended[0].outcome, 'succeeded');
    assert.equal(h.poller.scheduled, false, 'no timer once nothing runs');
    assert.deepEqual(h.clock.pending, []);
  });

  it('backs off on 429, honouring Retry-After', async () => {
    const h = harness({ errors: [new SkyviaError('rateLimited', { method: 'GET', path: '/x', status: 429, retryAfter: 30 })] });
    h.runs.observe(item, record('Running'));
    await h.clock.next();
    assert.ok((h.poller.nextDelayMs ?? 0) >= 30_000, `waits ${h.poller.nextDelayMs}`);
  });

  it('doubles the wait on a 5xx', async () => {
    const h = harness({ errors: [new SkyviaError('server', { method: 'GET', path: '/x', status: 503 })] });
    h.runs.observe(item, record('Running'));
    await h.clock.next();
    assert.equal(h.poller.nextDelayMs, 10_000);
  });

  it('hands a 401/403 on; the refused account stops being watched, another account’s run goes on', async () => {
    const h = harness({ errors: [new SkyviaError('auth', { method: 'GET', path: '/x', status: 401 })] });
    const elsewhere = refs.item('other', 'integration', 4210, 18236);
    h.runs.observe(item, record('Running'));
    h.runs.observe(elsewhere, { ...record('Running', 2), item: elsewhere });
    await h.clock.next();
    assert.equal(h.auth.length, 1);
    assert.equal(h.runs.active(item), undefined);
    assert.ok(h.runs.active(elsewhere), 'the other account’s run is still watched');
    assert.equal(h.poller.scheduled, true);
    h.runs.clear('other');
    assert.equal(h.poller.scheduled, false, 'nothing left to watch: no timer');
  });

  it('stops watching only the item a 403 was about when the token is still good', async () => {
    const h = harness({ errors: [new SkyviaError('auth', { method: 'GET', path: '/x', status: 403 })], tokenGood: true });
    const ended: RunRecord[] = [];
    h.runs.onDidEnd((r) => ended.push(r));
    h.runs.observe(item, record('Running'));
    await h.clock.next();
    assert.equal(ended[0]?.outcome, 'unknown', 'never told as a success');
    assert.equal(h.runs.active(item), undefined);
    assert.equal(h.poller.scheduled, false);
  });

  it('follows several runs with one request each per tick', async () => {
    const h = harness();
    const other = refs.item('a', 'integration', 4210, 18237);
    h.runs.observe(item, record('Running'));
    h.runs.observe(other, { ...record('Running', 2), item: other });
    await h.clock.next();
    assert.equal(h.calls.active, 2);
    assert.equal(h.poller.stats.ticks, 1);
  });

  it('tells each tick the runs still under way — not a tick that backed off, not once nothing runs', async () => {
    const h = harness({ errors: [undefined, new SkyviaError('server', { method: 'GET', path: '/x', status: 503 })] });
    const told: string[][] = [];
    h.poller.onDidTick((runs) => told.push(runs.map((r) => r.state)));
    h.runs.observe(item, record('Running'));
    await h.clock.next();
    assert.deepEqual(told, [['Running']], 'a tick that read the run');
    await h.clock.next();
    assert.equal(told.length, 1, 'a tick the service refused tells nothing');
    h.set(null);
    await h.clock.next();
    assert.equal(told.length, 1, 'the run ended: nothing under way to tell of');
    assert.equal(h.poller.scheduled, false);
  });
});
