// The gate that paces a long reading (src/shared/adaptiveGate.ts): slow start to its ceiling,
// half as many at a sign of strain, a Retry-After waited out, then one more per round.
import * as assert from 'node:assert/strict';
import { AdaptiveGate } from '../../src/shared/adaptiveGate';

/** A place given back is handed on at the event loop's next turn: this waits past it. */
const handedOn = async () => {
  for (let i = 0; i < 3; i++) await new Promise((resolve) => setImmediate(resolve));
};

describe('adaptive gate', () => {
  it('doubles while answers come back well, up to its ceiling', () => {
    const gate = new AdaptiveGate({ start: 4, max: 16 });
    for (let i = 0; i < 4; i++) gate.answered();
    assert.equal(gate.limit, 8, 'one round of four good answers: twice as many');
    for (let i = 0; i < 8; i++) gate.answered();
    assert.equal(gate.limit, 16);
    for (let i = 0; i < 100; i++) gate.answered();
    assert.equal(gate.limit, 16, 'never past the ceiling');
  });

  it('halves at a sign of strain (once per burst), then grows by one per round of good answers', () => {
    let now = 0;
    const gate = new AdaptiveGate({ start: 4, max: 16, now: () => now });
    for (let i = 0; i < 12; i++) gate.answered();
    gate.struggling();
    gate.struggling();
    gate.struggling();
    assert.equal(gate.limit, 8, 'the answers of one burst halve it once');
    for (let i = 0; i < 7; i++) gate.answered();
    assert.equal(gate.limit, 8, 'not before a whole round');
    gate.answered();
    assert.equal(gate.limit, 9);
    for (let i = 0; i < 5; i++) {
      now += 1_000;
      gate.struggling();
    }
    assert.equal(gate.limit, 1, 'burst after burst: never fewer than one, the reading goes on');
  });

  it('keeps at most its limit out, and sends nothing new before a Retry-After has passed', async () => {
    let now = 0;
    const slept: number[] = [];
    const gate = new AdaptiveGate({
      start: 2,
      max: 2,
      now: () => now,
      sleep: async (ms) => {
        slept.push(ms);
        now += ms;
      },
    });
    const releases: (() => void)[] = [];
    let out = 0;
    let most = 0;
    const work = () =>
      gate.run(async () => {
        most = Math.max(most, ++out);
        await new Promise<void>((resolve) => releases.push(resolve));
        out--;
      });
    const all = Promise.all([work(), work(), work(), work()]);
    await handedOn();
    assert.equal(out, 2, 'two out, two waiting');
    gate.struggling(1_000);
    releases.shift()?.();
    await handedOn();
    // Halved to one: the one still out holds the only place, and nobody waiting is woken for nothing.
    assert.equal(out, 1);
    releases.shift()?.();
    await handedOn();
    assert.deepEqual(slept, [1_000], 'the next waited the second out');
    while (releases.length) {
      releases.shift()?.();
      await handedOn();
    }
    await all;
    assert.equal(most, 2);
  });

  it('lets work that finishes something begun go ahead of those waiting, and hands a place on only once its request has let go', async () => {
    const gate = new AdaptiveGate({ start: 1, max: 1 });
    const started: string[] = [];
    let release!: () => void;
    const holder = gate.run(async () => {
      started.push('holder');
      await new Promise<void>((resolve) => (release = resolve));
    });
    const queued = ['a', 'b'].map((name) => gate.run(async () => void started.push(name)));
    const ahead = gate.run(async () => void started.push('ahead'), undefined, true);
    await handedOn();
    release();
    // In the turn the holder ends, its place is still taken: the connection its answer came on is
    // handed back to the pool first, so the next request finds it free rather than opening another.
    await Promise.resolve();
    assert.deepEqual(started, ['holder']);
    await Promise.all([holder, ...queued, ahead]);
    assert.deepEqual(started, ['holder', 'ahead', 'a', 'b']);
  });
});
