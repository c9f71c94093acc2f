// What a panel shows, from what is known: actions by state, the live run, the history and its chart.
import * as assert from 'node:assert/strict';
import { buildModel } from '../../src/panels/panelModel';
import type { RunRecord } from '../../src/shared/model';
import { refs } from '../../src/shared/refs';
import { outcomeOf } from '../../src/shared/outcome';
import type { HistorySpec } from '../../src/tree/itemSpec';

interface Run {
  runId: number;
  date: string;
  duration: number;
  state: string;
  successRows: number;
  errorRows: number;
}

const ref = refs.item('integration', 4210, 18231);
// The entry part of the integration spec as the tree has it (the tree module itself needs VS Code).
const spec = {
  noun: 'runs',
  entry: {
    kind: 'run',
    idOf: (r: Run) => String(r.runId),
    outcome: (r: Run) => outcomeOf(r.state),
    label: (r: Run) => r.date,
    description: (r: Run) => r.state,
    latest: (r: Run) => ({ state: r.state, date: r.date }),
    chart: (r: Run) => ({ date: r.date, duration: r.duration, rows: r.successRows, errors: r.errorRows }),
  },
} as unknown as HistorySpec<unknown, unknown>;
const runs = [
  { runId: 3, date: '2026-11-20T10:00:00Z', duration: 30, state: 'Failed', successRows: 1, errorRows: 2 },
  { runId: 2, date: '2026-11-19T10:00:00Z', duration: 20, state: 'Succeeded', successRows: 10, errorRows: 0 },
  { runId: 1, date: '2026-11-18T10:00:00Z', duration: 10, state: 'Succeeded', successRows: 5, errorRows: 0 },
];
const history = { spec, state: { rows: runs, hasMore: true, failedOnly: false, loading: false } };

describe('panel model', () => {
  it('offers Run while idle and the schedule switch as it stands', () => {
    const m = buildModel(ref, 'Orders', { id: 18231, name: 'Orders', scheduled: true }, { schedule: 'active', active: null }, history);
    assert.deepEqual(m.actions.map((a) => a.label), ['Run', 'Disable Schedule', 'Show Details']);
    assert.equal(m.live, undefined);
  });

  it('offers no schedule switch when none is defined, and Cancel/Kill (not Run) while a run is under way', () => {
    const active: RunRecord = { ref: refs.entry('run', 4210, 18231, 4), item: ref, itemName: 'Orders', state: 'Running', outcome: 'running', startedHere: true, seenAt: 0, successRows: 7 };
    const m = buildModel(ref, 'Orders', { id: 18231, name: 'Orders' }, { schedule: 'none', active }, history);
    assert.deepEqual(m.actions.map((a) => a.label), ['Show Details']);
    assert.deepEqual(m.live?.actions.map((a) => a.label), ['Cancel', 'Kill…']);
    assert.match(m.live?.text ?? '', /^Run 4: Running/);
  });

  it('lists the history newest first and charts it oldest first, failures marked', () => {
    const m = buildModel(ref, 'Orders', { id: 18231, name: 'Orders' }, {}, history);
    assert.deepEqual(m.history?.rows.map((r) => [r.id, r.tone]), [['3', 'error'], ['2', 'ok'], ['1', 'ok']]);
    assert.deepEqual(m.history?.chart?.ids, ['1', '2', '3']);
    assert.deepEqual(m.history?.chart?.duration, [10, 20, 30]);
    assert.deepEqual(m.history?.chart?.failed, [false, false, true]);
    assert.equal(m.history?.hasMore, true);
  });

  it('gives a run its state as a badge and Open Log', () => {
    const run = refs.entry('run', 4210, 18231, 3);
    const m = buildModel(run, 'Run 3', runs[0], {});
    assert.equal(m.kind, 'Run');
    assert.deepEqual(m.state, { text: 'Failed', tone: 'error' });
    assert.equal(m.actions[0].command, 'skyvia.openLog');
  });
});
