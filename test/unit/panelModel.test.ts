// What a panel shows, from what is known: actions by state, the live run, the history and its chart.
import * as assert from 'node:assert/strict';
import { buildModel } from '../../src/panels/panelModel';
import { readMessage, shownModel, type PanelModel } from '../../src/shared/panelProtocol';
import { shownWith } from '../../src/shared/plainText';
import type { RunRecord } from '../../src/shared/model';
import { isEntryKind, refs, type ItemRef, type WorkspaceItemKind } from '../../src/shared/refs';
import { PANEL_KINDS } from '../../src/kinds';
import { outcomeOf } from '../../src/shared/outcome';
import type { HistoryRecord } from '../../src/kinds/kind';
import { RUN } from '../../src/kinds/integrations';

interface Run {
  runId: number;
  date: string;
  duration: number;
  state: string;
  successRows: number;
  errorRows: number;
}

const ref = refs.item('a', 'integration', 4210, 18231);
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
    words: RUN.words,
    usual: RUN.usual,
    chart: {
      series: () => [
        { label: 'Duration (s)', axis: 'seconds', tone: 'primary', style: 'line' },
        { label: 'Rows written', axis: 'rows', tone: 'ok', style: 'dashed' },
      ],
      point: (r: Run) => ({ date: r.date, values: [r.duration, r.successRows] }),
    },
  },
} as unknown as HistoryRecord<unknown, unknown>;
const runs = [
  { runId: 3, date: '2026-11-20T10:00:00Z', duration: 30, state: 'Failed', successRows: 1, errorRows: 2 },
  { runId: 2, date: '2026-11-19T10:00:00Z', duration: 20, state: 'Succeeded', successRows: 10, errorRows: 0 },
  { runId: 1, date: '2026-11-18T10:00:00Z', duration: 10, state: 'Succeeded', successRows: 5, errorRows: 0 },
];
const history = { spec, state: { rows: runs, hasMore: true, failedOnly: false, range: 'all' as const, loading: false } };

describe('panel model', () => {
  it('offers Run while idle and the schedule switch as it stands', () => {
    const m = buildModel(ref, 'Orders', { id: 18231, name: 'Orders', scheduled: true }, { schedule: 'active', active: null }, { history: history });
    assert.deepEqual(
      m.actions.map((a) => a.label),
      ['Run', 'Disable Schedule', 'Pin', 'Show Details', 'Export History…'],
    );
    assert.equal(m.live, undefined);
  });

  it('offers no schedule switch when none is defined, and Cancel/Kill (not Run) while a run is under way', () => {
    const active: RunRecord = {
      ref: refs.entry('a', 'run', 4210, 18231, 4),
      item: ref,
      itemName: 'Orders',
      state: 'Running',
      outcome: 'running',
      startedHere: true,
      seenAt: 0,
      successRows: 7,
    };
    const m = buildModel(ref, 'Orders', { id: 18231, name: 'Orders' }, { schedule: 'none', active }, { history: history });
    assert.deepEqual(
      m.actions.map((a) => a.label),
      ['Pin', 'Show Details', 'Export History…'],
    );
    assert.deepEqual(
      m.live?.actions.map((a) => a.label),
      ['Cancel', 'Kill…'],
    );
    assert.match(m.live?.text ?? '', /^Run 4: Running/);
  });

  it('lists the history newest first and charts it oldest first, failures marked, each point named', () => {
    const m = buildModel(ref, 'Orders', { id: 18231, name: 'Orders' }, {}, { history: history });
    assert.deepEqual(
      m.history?.rows.map((r) => [r.id, r.tone]),
      [
        ['3', 'error'],
        ['2', 'ok'],
        ['1', 'ok'],
      ],
    );
    const chart = m.history?.chart;
    assert.deepEqual(chart?.ids, ['1', '2', '3']);
    assert.deepEqual(
      chart?.series.map((s) => [s.label, s.values]),
      [
        ['Duration (s)', [10, 20, 30]],
        ['Rows written', [5, 10, 1]],
      ],
    );
    assert.deepEqual(chart?.failed, [false, false, true]);
    assert.deepEqual(chart?.labels, ['2026-11-18T10:00:00Z · Succeeded', '2026-11-19T10:00:00Z · Succeeded', '2026-11-20T10:00:00Z · Failed']);
    assert.equal(chart?.summary, 'Duration (s) of the 3 runs shown, oldest first. 1 failed, marked in red.');
    assert.deepEqual(chart?.unusual, [false, false, false]);
    assert.equal(m.history?.hasMore, true);
    assert.equal(m.history?.range, 'all');
  });

  it('says of a success that was not as usual why, first, in amber — its row, its chart point, its own panel with Compare', () => {
    const unusual = { figure: 'rows written', value: 10, usual: 5_200 };
    const judge = (row: unknown) => ((row as Run).runId === 2 ? unusual : undefined);
    const m = buildModel(ref, 'Orders', {}, {}, { history, judge });
    const row = m.history?.rows.find((r) => r.id === '2');
    assert.equal(row?.tone, 'warning');
    assert.equal(row?.unusual, true);
    assert.equal(row?.details, 'Unusual: 10 rows written, usually about 5,200 · Succeeded');
    assert.deepEqual(m.history?.chart?.unusual, [false, true, false]);
    assert.match(m.history?.chart?.labels[1] ?? '', /^2026-11-19T10:00:00Z · Unusual: 10 rows written, usually about 5,200 · Succeeded$/);
    assert.equal(m.history?.chart?.summary, 'Duration (s) of the 3 runs shown, oldest first. 1 failed, marked in red. 1 succeeded unusually, marked in amber.');
    // The run's own panel: why, as its first field; its state in amber; Compare with Last Success offered as for a failure.
    const entryRef = refs.entry('a', 'run', 4210, 18231, 2);
    const own = buildModel(entryRef, 'Run 2', runs[1] as object, {}, { entry: RUN as never, judge });
    assert.deepEqual(own.fields[0], ['Unusual', '10 rows written, usually about 5,200']);
    assert.deepEqual(own.state, { text: 'Succeeded', tone: 'warning' });
    assert.ok(own.actions.some((a) => a.label === 'Compare with Last Success'));
    const usual = buildModel(entryRef, 'Run 2', runs[1] as object, {}, { entry: RUN as never });
    assert.ok(!usual.actions.some((a) => a.label === 'Compare with Last Success'), 'a usual success has nothing to be compared for');
  });

  it('draws no chart without two dated points that carry the main figure', () => {
    const undated = { ...history, state: { ...history.state, rows: runs.map((r) => ({ ...r, duration: undefined })) } };
    assert.equal(buildModel(ref, 'Orders', {}, {}, { history: undated }).history?.chart, undefined);
    const one = { ...history, state: { ...history.state, rows: runs.slice(0, 1) } };
    assert.equal(buildModel(ref, 'Orders', {}, {}, { history: one }).history?.chart, undefined);
  });

  it("gives a run its state as a badge, its item's name, Open Log, and the first error its log tells of", () => {
    const run = refs.entry('a', 'run', 4210, 18231, 3);
    const result = [
      '2026-11-20 10:00:00.000 INFO  Run 3 started.',
      '2026-11-20 10:00:01.000 ERROR Batch 1: record 7 failed: <img src=x onerror=alert(1)>',
      '2026-11-20 10:00:02.000 ERROR Run failed: timeout',
    ].join('\n');
    const m = buildModel(run, 'Run 3', { ...runs[0], result }, {}, { parent: 'Orders' });
    assert.equal(m.kind, 'Run');
    assert.equal(m.parent, 'Orders');
    assert.deepEqual(m.state, { text: 'Failed', tone: 'error' });
    assert.equal(m.title, 'Run 3 · Failed', 'the tab tells the state');
    assert.equal(m.heading, 'Run 3', 'the heading leaves it to the badge');
    assert.deepEqual(
      m.actions.map((a) => a.label),
      ['Open Log', 'Compare with Last Success', 'Show Details'],
      'a failed run can be set beside the last success',
    );
    const good = buildModel(run, 'Run 2', runs[1], {}, { parent: 'Orders' });
    assert.deepEqual(
      good.actions.map((a) => a.label),
      ['Open Log', 'Show Details'],
      'a run that succeeded has nothing to be compared with',
    );
    assert.deepEqual(m.fields.at(-1), ['First error', 'Batch 1: record 7 failed: <img src=x onerror=alert(1)>'], 'as text, as the log has it');
    assert.equal(buildModel(ref, 'Orders', {}, {}, { parent: 'ignored' }).parent, undefined, 'an item has no parent');
  });

  it('gives a success a first error only when its log has an ERROR line: "0 rows failed" is a count, not an error', () => {
    const run = refs.entry('a', 'run', 4210, 18231, 4);
    const summary = ['2026-11-20 10:00:00.000 INFO  Run 4 started.', '2026-11-20 10:00:09.000 INFO  0 rows written, 0 rows failed'];
    const firstError = (state: string, lines: string[]) =>
      buildModel(run, 'Run 4', { ...runs[1], state, result: lines.join('\n') }, {}, { parent: 'Orders' }).fields.find(([k]) => k === 'First error')?.[1];
    assert.equal(firstError('Succeeded', summary), undefined, 'a zero count');
    assert.equal(firstError('Succeeded', [...summary, '2026-11-20 10:00:09.000 INFO  3 rows failed']), undefined, 'a success’s summary');
    assert.equal(firstError('Succeeded', [...summary, '2026-11-20 10:00:10.000 ERROR Batch 9: timeout']), 'Batch 9: timeout', 'an ERROR line');
    assert.equal(firstError('Failed', [...summary, '2026-11-20 10:00:09.000 INFO  Lookup failed: timeout']), 'Lookup failed: timeout', 'a failure’s words');
  });

  it('gives an endpoint request, which has no state, the badge of its outcome', () => {
    const request = refs.entry('a', 'request', 4210, 640, 'a1');
    const entry = { ...spec.entry, kind: 'request', outcome: (r: { failed?: boolean }) => (r.failed ? 'failed' : 'succeeded') } as never;
    assert.deepEqual(buildModel(request, 'GET a1', { method: 'GET', failed: true }, {}, { entry }).state, { text: 'Failed', tone: 'error' });
    assert.deepEqual(buildModel(request, 'GET a1', { method: 'GET', failed: false }, {}, { entry }).state, { text: 'Succeeded', tone: 'ok' });
    assert.equal(buildModel(request, 'GET a1', { method: 'GET' }, {}).state, undefined, 'no spec, no guess');
  });

  it('charts no negative figure: a duration of -1 s is no duration', () => {
    const odd = {
      ...history,
      state: { ...history.state, rows: runs.map((r, i) => ({ ...r, duration: i === 1 ? -1 : r.duration, successRows: i === 0 ? -5 : r.successRows })) },
    };
    const chart = buildModel(ref, 'Orders', {}, {}, { history: odd }).history?.chart;
    assert.deepEqual(
      chart?.series.map((s) => s.values),
      [
        [10, null, 30],
        [5, 10, null],
      ],
    );
  });

  it('reads a filter from the webview only as the panel offers it', () => {
    assert.deepEqual(readMessage({ type: 'filter', failedOnly: true, range: '7d' }), { type: 'filter', failedOnly: true, range: '7d' });
    assert.equal(readMessage({ type: 'filter', failedOnly: true, range: '1y' }), undefined);
    assert.equal(readMessage({ type: 'filter', failedOnly: 'true', range: 'all' }), undefined);
    assert.equal(readMessage({ type: 'failedOnly', value: true }), undefined);
  });

  it('reads Keep Open (or a sort made in the page) from the webview', () => {
    assert.deepEqual(readMessage({ type: 'keep' }), { type: 'keep' });
    assert.deepEqual(readMessage({ type: 'keep', ref: { kind: 'run' } }), { type: 'keep' }, 'nothing else taken with it');
  });
});

/**
 * Hostile text in every field the API can send: a right-to-left override ("gnp.exe" drawn as
 * "exe.png"), other direction controls, C0/C1 controls, markup, a line break, a secret the
 * service repeats, and a length no panel should take.
 */
const SECRET = 'AGENT-KEY-0123456789abcdef';
const H = `x\u202Egnp.exe\u2066y\u200F\u0007\u001B[31m\u0085<img src=x onerror=alert(1)>\nline two ${SECRET} ${'z'.repeat(3_000)}`;
const UNCLEAN = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069\u0000-\u001F\u007F-\u009F\u2028\u2029]/;
const LOG = ['2026-11-20 10:00:00.000 INFO  Started.', `2026-11-20 10:00:01.000 ERROR Row rejected: ${H.replace('\n', ' ')}`].join('\n');
/** Every field of every kind's API record, seed and live spellings alike. */
const FIELDS = [
  'name',
  'type',
  'triggerType',
  'connector',
  'state',
  'subState',
  'comment',
  'url',
  'method',
  'remoteIP',
  'userAgent',
  'user',
  'error',
  'errorDetails',
  'pageToken',
  'version',
  'token',
  'key',
  'queueTime',
  'startTime',
  'endTime',
  'date',
  'started',
  'executed',
  'created',
  'modified',
  'duration',
  'successRows',
  'errorRows',
  'billedTasks',
  'bytes',
  'rows',
  'testMode',
  'failed',
  'external',
  'runBySchedule',
  'scheduled',
  'active',
];
const hostileRow = (kind: string): Record<string, unknown> => ({
  ...Object.fromEntries(FIELDS.map((f) => [f, H])),
  result: LOG,
  log: kind === 'request' ? LOG.split('\n') : LOG,
});
/** Every kind a panel shows, from the records: a kind added to them is swept with the rest. Entries' ids are hostile too (an int64, a reversing mark). */
const KINDS: ItemRef[] = PANEL_KINDS.map((kind, n) =>
  isEntryKind(kind) ? refs.entry('a', kind, 4201, n, n % 2 ? '9007199254740993' : `req/\u202E${n}`) : refs.item('a', kind as WorkspaceItemKind, 4201, n),
);
const hostileSpec = {
  noun: H,
  entry: {
    kind: 'run',
    idOf: (r: { id?: string }) => r.id,
    outcome: () => 'failed',
    label: () => H,
    description: () => H,
    latest: () => ({ state: H, date: H }),
    words: { ...RUN.words, rowButtons: () => ({ log: H, open: H }) },
    chart: {
      series: () => [{ label: H, axis: H, tone: 'primary', style: 'line' as const }],
      point: (r: { date: string; n: number }) => ({ date: r.date, values: [r.n] }),
    },
  },
} as unknown as HistoryRecord<unknown, unknown>;
const hostileHistory = {
  spec: hostileSpec,
  state: {
    rows: [1, 2, 3].map((n) => ({ id: `r${n}`, date: `2026-11-1${n}T10:00:00Z`, n })),
    hasMore: false,
    failedOnly: false,
    range: 'all' as const,
    loading: false,
    error: H,
  },
};
const hostileActive: RunRecord = {
  ref: refs.entry('a', 'run', 4201, 1, 9),
  item: refs.item('a', 'integration', 4201, 1),
  itemName: H,
  state: H,
  outcome: 'running',
  date: H,
  startedHere: true,
  seenAt: 0,
  error: H,
};

/** Every string anywhere in a value. */
function strings(v: unknown): string[] {
  if (typeof v === 'string') return [v];
  if (Array.isArray(v)) return v.flatMap(strings);
  return v && typeof v === 'object' ? Object.values(v).flatMap(strings) : [];
}

function hostileModels(): { kind: string; model: PanelModel }[] {
  return KINDS.flatMap((ref) =>
    [undefined, H].map((error) => ({
      kind: ref.kind,
      model: buildModel(
        ref,
        H,
        hostileRow(ref.kind),
        {
          schedule: 'active',
          enabled: true,
          queued: 2,
          testMode: true,
          connectionType: H,
          test: { verdict: 'failed', message: H, at: 0 },
          active: hostileActive,
          latest: { state: H, date: H },
          endpointTypes: { [H]: 1 },
        },
        {
          history: ref.kind === 'integration' ? hostileHistory : undefined,
          error,
          parent: H,
          entry: hostileSpec.entry,
          now: Date.parse('2026-11-20T12:00:00Z'),
        },
      ),
    })),
  );
}

describe('panel model as the webview gets it', () => {
  const shown = shownWith((t) => t.split(SECRET).join('«agent key»'));

  it('carries hostile text in many fields before it is shown (so the check below can fail)', () => {
    const raw = hostileModels().flatMap(({ model }) => strings(model));
    assert.ok(raw.filter((t) => UNCLEAN.test(t)).length > 10, 'direction controls and controls are in the model as built');
    const fields = hostileModels()
      .find((m) => m.kind === 'execution')!
      .model.fields.map(([k]) => k);
    assert.ok(fields.includes('Comment') && fields.includes('First error'), fields.join());
  });

  it('walks every field of every kind: no direction control, control character, line break, secret or runaway length', () => {
    for (const { kind, model } of hostileModels()) {
      const clean = shownModel(model, shown);
      for (const text of strings({
        ...clean,
        history: clean.history && {
          ...clean.history,
          rows: clean.history.rows.map(({ id: _id, ...r }) => r),
          chart: clean.history.chart && { ...clean.history.chart, ids: [] },
        },
      })) {
        assert.doesNotMatch(text, UNCLEAN, `${kind}: ${JSON.stringify(text.slice(0, 60))}`);
        assert.ok(!text.includes(SECRET), `${kind}: a secret`);
        assert.ok(text.length <= 2_000, `${kind}: ${text.length} characters`);
      }
      assert.ok(
        strings(clean).some((t) => t.includes('xgnp.exey[31m <img src=x onerror=alert(1)> line two «agent key» zzz')),
        `${kind}: the text itself is kept, markup as text`,
      );
    }
  });

  it('keeps what the webview hands back exactly: entry ids and commands', () => {
    const request = hostileModels().find((m) => m.kind === 'integration')!.model;
    const clean = shownModel(request, shown);
    assert.deepEqual(
      clean.history?.rows.map((r) => r.id),
      ['r1', 'r2', 'r3'],
    );
    assert.deepEqual(clean.history?.chart?.ids, ['r3', 'r2', 'r1']);
    assert.deepEqual(
      clean.actions.map((a) => a.command),
      request.actions.map((a) => a.command),
    );
    const odd = { ...request, history: { ...request.history!, rows: [{ ...request.history!.rows[0], id: 'req/\u202E7' }] } };
    assert.equal(shownModel(odd, shown).history?.rows[0].id, 'req/\u202E7', 'an id with a control in it still finds its entry');
  });
});
