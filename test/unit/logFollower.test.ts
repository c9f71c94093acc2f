// An open log of a run under way follows the watcher's ticks: one read per tick per open log,
// never two at once, one more at the end, none for a log that is not open.
import * as assert from 'node:assert/strict';
import { LogFollower } from '../../src/logs/logFollower';
import { Emitter } from '../../src/shared/events';
import type { RunRecord } from '../../src/shared/model';
import { outcomeOf } from '../../src/shared/outcome';
import { refKey, refs, type ItemRef, type Target } from '../../src/shared/refs';

const item = refs.item('a', 'integration', 4210, 18236);

function record(id: number, state = 'Running'): RunRecord {
  return { ref: refs.entry('a', 'run', 4210, 18236, id), item, itemName: 'Nightly', state, outcome: outcomeOf(state), startedHere: true, seenAt: 0 };
}

function harness() {
  const ticks = new Emitter<readonly RunRecord[]>();
  const ended = new Emitter<RunRecord>();
  const open = new Map<string, Target>();
  const shown = new Map<string, string>();
  const reads: string[] = [];
  /** Reads still out, resolved by hand. */
  const pending: (() => void)[] = [];
  let n = 0;
  const follower = new LogFollower({
    logs: {
      openTarget: (ref: ItemRef) => open.get(refKey(ref)),
      update: (ref: ItemRef, text: string) => {
        shown.set(refKey(ref), text);
        return true;
      },
    },
    ticks: ticks.event,
    ended: ended.event,
    read: (ref) => {
      reads.push(ref.id);
      const text = `log ${ref.id} #${++n}`;
      return new Promise((resolve) => pending.push(() => resolve(text)));
    },
  });
  const settle = async () => {
    while (pending.length) {
      pending.shift()?.();
      await new Promise((r) => setImmediate(r));
    }
  };
  const openLog = (r: RunRecord) => open.set(refKey(r.ref), { ref: r.ref, name: `Run ${r.ref.id}` });
  return { ticks, ended, reads, shown, settle, openLog, follower };
}

describe('log follower', () => {
  it('reads the open log of each run under way once per tick, and no log that is not open', async () => {
    const h = harness();
    const [a, b] = [record(1), record(2)];
    h.openLog(a);
    h.ticks.fire([a, b]);
    await h.settle();
    h.ticks.fire([a, b]);
    await h.settle();
    assert.deepEqual(h.reads, ['1', '1']);
    assert.equal(h.shown.get(refKey(a.ref)), 'log 1 #2');
  });

  it('never sends a second read of one log while the first is out, but reads once more for the end', async () => {
    const h = harness();
    const a = record(1);
    h.openLog(a);
    h.ticks.fire([a]);
    h.ticks.fire([a]);
    h.ended.fire(record(1, 'Succeeded'));
    assert.deepEqual(h.reads, ['1'], 'one read out');
    await h.settle();
    assert.deepEqual(h.reads, ['1', '1'], 'the end read after it');
    assert.equal(h.shown.get(refKey(a.ref)), 'log 1 #2');
  });

  it('stops with its ticks: nothing is read once disposed', async () => {
    const h = harness();
    const a = record(1);
    h.openLog(a);
    h.follower.dispose();
    h.ticks.fire([a]);
    h.ended.fire(a);
    await h.settle();
    assert.deepEqual(h.reads, []);
  });
});
