// What a panel shows, from what is known: actions by state, the live run, the history and its chart.
import * as assert from 'node:assert/strict';
import { buildModel } from '../../src/panels/panelModel';
import { readMessage } from '../../src/shared/panelModel';
import type { RunRecord } from '../../src/shared/model';
import { refs } from '../../src/shared/refs';
import { outcomeOf } from '../../src/shared/outcome';
import type { HistorySpec } from '../../src/kinds/kind';

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
    chart: {
      series: [
        { label: 'Duration (s)', axis: 'seconds', tone: 'primary', style: 'line' },
        { label: 'Rows written', axis: 'rows', tone: 'ok', style: 'dashed' },
      ],
      point: (r: Run) => ({ date: r.date, values: [r.duration, r.successRows] }),
    },
  },
} as unknown as HistorySpec<unknown, unknown>;
const runs = [
  { runId: 3, date: '2026-11-20T10:00:00Z', duration: 30, state: 'Failed', successRows: 1, errorRows: 2 },
  { runId: 2, date: '2026-11-19T10:00:00Z', duration: 20, state: 'Succeeded', successRows: 10, errorRows: 0 },
  { runId: 1, date: '2026-11-18T10:00:00Z', duration: 10, state: 'Succeeded', successRows: 5, errorRows: 0 },
];
const history = { spec, state: { rows: runs, hasMore: true, failedOnly: false, range: 'all' as const, loading: false } };

describe('panel model', () => {
  it('offers Run while idle and the schedule switch as it stands', () => {
    const m = buildModel(ref, 'Orders', { id: 18231, name: 'Orders', scheduled: true }, { schedule: 'active', active: null }, { history: history });
    assert.deepEqual(m.actions.map((a) => a.label), ['Run', 'Disable Schedule', 'Show Details']);
    assert.equal(m.live, undefined);
  });

  it('offers no schedule switch when none is defined, and Cancel/Kill (not Run) while a run is under way', () => {
    const active: RunRecord = { ref: refs.entry('run', 4210, 18231, 4), item: ref, itemName: 'Orders', state: 'Running', outcome: 'running', startedHere: true, seenAt: 0, successRows: 7 };
    const m = buildModel(ref, 'Orders', { id: 18231, name: 'Orders' }, { schedule: 'none', active }, { history: history });
    assert.deepEqual(m.actions.map((a) => a.label), ['Show Details']);
    assert.deepEqual(m.live?.actions.map((a) => a.label), ['Cancel', 'Kill…']);
    assert.match(m.live?.text ?? '', /^Run 4: Running/);
  });

  it('lists the history newest first and charts it oldest first, failures marked, each point named', () => {
    const m = buildModel(ref, 'Orders', { id: 18231, name: 'Orders' }, {}, { history: history });
    assert.deepEqual(m.history?.rows.map((r) => [r.id, r.tone]), [['3', 'error'], ['2', 'ok'], ['1', 'ok']]);
    const chart = m.history?.chart;
    assert.deepEqual(chart?.ids, ['1', '2', '3']);
    assert.deepEqual(chart?.series.map((s) => [s.label, s.values]), [['Duration (s)', [10, 20, 30]], ['Rows written', [5, 10, 1]]]);
    assert.deepEqual(chart?.failed, [false, false, true]);
    assert.deepEqual(chart?.labels, ['2026-11-18T10:00:00Z · Succeeded', '2026-11-19T10:00:00Z · Succeeded', '2026-11-20T10:00:00Z · Failed']);
    assert.match(chart?.summary ?? '', /^Duration \(s\) of the 3 runs shown, oldest first; 1 failed/);
    assert.equal(m.history?.hasMore, true);
    assert.equal(m.history?.range, 'all');
  });

  it('draws no chart without two dated points that carry the main figure', () => {
    const undated = { ...history, state: { ...history.state, rows: runs.map((r) => ({ ...r, duration: undefined })) } };
    assert.equal(buildModel(ref, 'Orders', {}, {}, { history: undated }).history?.chart, undefined);
    const one = { ...history, state: { ...history.state, rows: runs.slice(0, 1) } };
    assert.equal(buildModel(ref, 'Orders', {}, {}, { history: one }).history?.chart, undefined);
  });

  it('gives a run its state as a badge, its item\'s name, Open Log, and the first error its log tells of', () => {
    const run = refs.entry('run', 4210, 18231, 3);
    const result = ['2026-11-20 10:00:00.000 INFO  Run 3 started.', '2026-11-20 10:00:01.000 ERROR Batch 1: record 7 failed: <img src=x onerror=alert(1)>', '2026-11-20 10:00:02.000 ERROR Run failed: timeout'].join('\n');
    const m = buildModel(run, 'Run 3', { ...runs[0], result }, {}, { parent: 'Orders' });
    assert.equal(m.kind, 'Run');
    assert.equal(m.parent, 'Orders');
    assert.deepEqual(m.state, { text: 'Failed', tone: 'error' });
    assert.equal(m.title, 'Run 3 · Failed', 'the tab tells the state');
    assert.equal(m.heading, 'Run 3', 'the heading leaves it to the badge');
    assert.equal(m.actions[0].command, 'skyvia.openLog');
    assert.deepEqual(m.fields.at(-1), ['First error', 'Batch 1: record 7 failed: <img src=x onerror=alert(1)>'], 'as text, as the log has it');
    assert.equal(buildModel(ref, 'Orders', {}, {}, { parent: 'ignored' }).parent, undefined, 'an item has no parent');
  });

  it('gives an endpoint request, which has no state, the badge of its outcome', () => {
    const request = refs.entry('request', 4210, 640, 'a1');
    const entry = { ...spec.entry, kind: 'request', outcome: (r: { failed?: boolean }) => (r.failed ? 'failed' : 'succeeded') } as never;
    assert.deepEqual(buildModel(request, 'GET a1', { method: 'GET', failed: true }, {}, { entry }).state, { text: 'Failed', tone: 'error' });
    assert.deepEqual(buildModel(request, 'GET a1', { method: 'GET', failed: false }, {}, { entry }).state, { text: 'Succeeded', tone: 'ok' });
    assert.equal(buildModel(request, 'GET a1', { method: 'GET' }, {}).state, undefined, 'no spec, no guess');
  });

  it('reads a filter from the webview only as the panel offers it', () => {
    assert.deepEqual(readMessage({ type: 'filter', failedOnly: true, range: '7d' }), { type: 'filter', failedOnly: true, range: '7d' });
    assert.equal(readMessage({ type: 'filter', failedOnly: true, range: '1y' }), undefined);
    assert.equal(readMessage({ type: 'filter', failedOnly: 'true', range: 'all' }), undefined);
    assert.equal(readMessage({ type: 'failedOnly', value: true }), undefined);
  });
});
