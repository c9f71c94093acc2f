// The one store of runs under way: unknown vs idle, changes told once, endings told once.
import * as assert from 'node:assert/strict';
import type { RunRecord } from '../../src/shared/model';
import { outcomeOf } from '../../src/shared/outcome';
import { refs } from '../../src/shared/refs';
import { RunStore } from '../../src/state/runStore';

const item = refs.item('a', 'integration', 4210, 18236);
const run = (state: string, id = 1, extra: Partial<RunRecord> = {}): RunRecord => ({
  ref: refs.entry('a', 'run', 4210, 18236, id),
  item,
  itemName: 'Nightly',
  state,
  outcome: outcomeOf(state),
  startedHere: false,
  seenAt: 1,
  ...extra,
});

describe('run store', () => {
  it('tells unknown (undefined) from known idle (null)', () => {
    const s = new RunStore();
    assert.equal(s.active(item), undefined);
    s.observe(item, null);
    assert.equal(s.active(item), null);
  });

  it('fires a change only when something changed', () => {
    const s = new RunStore();
    let changes = 0;
    s.onDidChange(() => changes++);
    s.observe(item, run('Running'));
    s.observe(item, run('Running'));
    assert.equal(changes, 1);
    s.observe(item, run('Running', 1, { successRows: 5 }));
    assert.equal(changes, 2);
  });

  it('keeps "started here" across later reads of the same run', () => {
    const s = new RunStore();
    s.observe(item, run('New', 1, { startedHere: true }));
    s.observe(item, run('Running'));
    assert.equal(s.active(item)?.startedHere, true);
  });

  it('lets a run leave when another or none takes its place, and tells its end once', () => {
    const s = new RunStore();
    const left: RunRecord[] = [];
    const ended: RunRecord[] = [];
    s.onDidLeave((r) => left.push(r));
    s.onDidEnd((r) => ended.push(r));
    s.observe(item, run('Running'));
    s.observe(item, null);
    assert.equal(left.length, 1);
    s.settle({ ...left[0], state: 'Failed', outcome: 'failed' });
    s.settle({ ...left[0], state: 'Failed', outcome: 'failed' });
    assert.equal(ended.length, 1);
    assert.equal(s.activity()[0].outcome, 'failed');
  });

  it('settles a run read as already finished at once', () => {
    const s = new RunStore();
    const ended: RunRecord[] = [];
    s.onDidEnd((r) => ended.push(r));
    s.observe(item, run('Failed', 3, { startedHere: true }));
    assert.equal(s.active(item), null);
    assert.equal(ended[0].outcome, 'failed');
    assert.deepEqual(s.watched(), []);
  });

  it('keeps the newest 100 runs for the Activity view', () => {
    const s = new RunStore();
    for (let i = 1; i <= 130; i++) s.observe(item, run('Running', i));
    assert.equal(s.activity().length, 100);
    assert.equal(s.activity()[0].ref.id, '130');
    assert.equal(s.watched().length, 1);
  });

  it('forgets everything on clear', () => {
    const s = new RunStore();
    s.observe(item, run('Running'));
    s.clear();
    assert.equal(s.active(item), undefined);
    assert.deepEqual(s.activity(), []);
  });
});
