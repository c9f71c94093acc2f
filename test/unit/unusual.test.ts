// The detector of unusual successes (src/kinds/unusual.ts) on series like the demo's and on the
// edges: too few entries, all zeros, a figure one API shape does not carry, a steady drift, one
// spike, and a baseline poisoned by earlier unusual runs.
import * as assert from 'node:assert/strict';
import { judge, judgeAll, sampleOf, unusualWords, BASELINE } from '../../src/kinds/unusual';
import { HISTORIES } from '../../src/kinds';
import { SkyviaClient } from '../../src/api';
import { DEMO_FIXTURES as F, startDemoService, type DemoService } from '../../src/demo';
import { scanHistories } from '../../src/state/accountScan';
import { Baselines } from '../../src/state/baselines';
import { refKey, refs } from '../../src/shared/refs';
import { demoControl } from './demoControl';

const RUN = HISTORIES.integration.entry;
const SNAPSHOT = HISTORIES.backup.entry;
const EXECUTION = HISTORIES.automation.entry;
const HOUR = 3_600_000;
const T0 = Date.parse('2026-11-01T00:00:00Z');

/** A pseudo-random value in [0, 1) for entry i (deterministic). */
function rand(i: number, salt: number): number {
  const x = Math.sin(i * 12.9898 + salt * 78.233) * 43758.5453;
  return x - Math.floor(x);
}

interface RunRow {
  runId: number;
  date: string;
  state: string;
  duration?: number;
  successRows?: number;
  errorRows?: number;
}

/** Hourly runs, oldest first as made and returned newest first as the service lists them; `shape` changes one. */
function runs(n: number, shape: (i: number, r: RunRow) => Partial<RunRow> = () => ({})): RunRow[] {
  const rows: RunRow[] = [];
  for (let i = 0; i < n; i++) {
    const r: RunRow = {
      runId: 1000 + i,
      date: new Date(T0 + i * HOUR).toISOString(),
      state: 'Succeeded',
      duration: Math.round(20 + rand(i, 1) * 280),
      successRows: Math.floor(4200 * (0.6 + 0.8 * rand(i, 2))),
      errorRows: rand(i, 3) < 0.1 ? 1 + Math.floor(rand(i, 4) * 5) : 0,
    };
    rows.push({ ...r, ...shape(i, r) });
  }
  return rows.reverse();
}

const newest = (rows: RunRow[]) => rows[0] as RunRow;
const flagged = (rows: RunRow[]) => [...judgeAll(RUN, rows).keys()].map((r) => (r as RunRow).runId);

describe('unusual successes', () => {
  it('sees nothing unusual in a series like the demo’s: rows ±40 %, durations 20–300 s, a few failed rows in one run of ten', () => {
    assert.deepEqual(flagged(runs(500)), []);
  });

  it('tells a run that wrote 0 rows where it writes about 4,200, in words', () => {
    const rows = runs(40, (i) => (i === 39 ? { successRows: 0 } : {}));
    const u = judge(
      RUN,
      newest(rows),
      rows.flatMap((r) => sampleOf(RUN, r) ?? []),
    );
    assert.ok(u, 'judged unusual');
    assert.equal(u.figure, 'rows written');
    assert.equal(u.value, 0);
    assert.ok(u.usual > 3000 && u.usual < 5500, `usual ${u.usual}`);
    assert.match(unusualWords(RUN, u) ?? '', /^0 rows written, usually about [345],\d00$/);
  });

  it('tells a run three times as long as usual, and rows failed where there are usually none', () => {
    const long = runs(30, (i) => (i === 29 ? { duration: 3_600 } : {}));
    assert.equal(judgeAll(RUN, long).get(newest(long))?.figure, 'duration (s)');
    assert.match(unusualWords(RUN, judgeAll(RUN, long).get(newest(long))!) ?? '', /^took 1 h, usually about \d+ min/);
    const failing = runs(30, (i) => ({ errorRows: i === 29 ? 300 : 0 }));
    const u = judgeAll(RUN, failing).get(newest(failing));
    assert.equal(u?.figure, 'rows failed');
    assert.equal(unusualWords(RUN, u!), '300 rows failed, usually none');
  });

  it('judges nothing until there are enough successes, and counts only successes', () => {
    const few = runs(BASELINE.least, (i) => (i === BASELINE.least - 1 ? { successRows: 0 } : {}));
    assert.deepEqual(flagged(few), [], `${BASELINE.least - 1} successes before it: no baseline`);
    const enough = runs(BASELINE.least + 1, (i) => (i === BASELINE.least ? { successRows: 0 } : {}));
    assert.deepEqual(flagged(enough), [1000 + BASELINE.least]);
    // Failures before it do not count towards its baseline; a failure itself is never "unusual".
    const failedBefore = runs(BASELINE.least + 4, (i) => (i < 4 ? { state: 'Failed', successRows: 0 } : i === BASELINE.least + 3 ? { successRows: 0 } : {}));
    assert.deepEqual(flagged(failedBefore), []);
    const failedNow = runs(30, (i) => (i === 29 ? { state: 'Failed', successRows: 0 } : {}));
    assert.deepEqual(flagged(failedNow), []);
  });

  it('says how many older successes the oldest success of a window still lacks, from what is known of its item', () => {
    const item = refs.item('demo', 'integration', 1, 7);
    const history = runs(30);
    const window = history.slice(0, 5);
    const known = new Baselines();
    known.observe(item, window);
    assert.equal(known.lacking(item, window), BASELINE.least, 'nothing before the window');
    known.observe(item, history.slice(5, 10));
    assert.equal(known.lacking(item, window), BASELINE.least - 5);
    known.observe(item, history);
    assert.equal(known.lacking(item, window), 0);
    // Nothing to judge, nothing lacking: failures, a kind that judges nothing, judging off.
    const failed = runs(3, () => ({ state: 'Failed' }));
    assert.equal(new Baselines().lacking(item, failed), 0);
    assert.equal(new Baselines().lacking(refs.item('demo', 'endpoint', 1, 7), [{ executionId: 'r', date: new Date(T0).toISOString(), failed: false }]), 0);
    assert.equal(new Baselines(() => false).lacking(item, window), 0);
  });

  it('calls nothing unusual in an item that always writes 0 rows, or whose figures always swing widely', () => {
    assert.deepEqual(flagged(runs(60, () => ({ successRows: 0, errorRows: 0 }))), []);
    // An incremental sync: mostly a handful of rows, now and then thousands.
    assert.deepEqual(flagged(runs(200, (i) => ({ successRows: rand(i, 9) < 0.3 ? 0 : Math.floor(rand(i, 8) ** 3 * 9000) }))), []);
  });

  it('leaves out a figure an entry does not carry (the live service’s snapshot rows have no queue time)', () => {
    const snapshots = Array.from({ length: 30 }, (_, i) => {
      const start = T0 + i * 24 * HOUR;
      const minutes = i === 29 ? 180 : 4 + rand(i, 5) * 4;
      return {
        snapshotId: 500 + i,
        state: 'Succeeded',
        startTime: new Date(start).toISOString(),
        endTime: new Date(start + minutes * 60_000).toISOString(),
      };
    }).reverse();
    const u = judgeAll(SNAPSHOT, snapshots).get(snapshots[0]!);
    assert.equal(u?.figure, 'duration (s)');
    assert.match(unusualWords(SNAPSHOT, u!) ?? '', /^took 3 h, usually about \d min/);
    // The queue time is absent from every row: no baseline, no verdict on it, no error.
    assert.equal(sampleOf(SNAPSHOT, snapshots[1]!)?.values[1], undefined);
  });

  it('sees no unusual run in a steady drift, but one spike is', () => {
    // Rows grow 2 % a run and durations 1 % a run: three hundred runs later, nothing is news.
    const drift = runs(300, (i) => ({ successRows: Math.floor(1000 * 1.02 ** i), duration: Math.round(60 * 1.01 ** i), errorRows: 0 }));
    assert.deepEqual(flagged(drift), []);
    const spike = runs(300, (i) => ({ successRows: Math.floor(1000 * 1.02 ** i), duration: i === 150 ? 6_000 : Math.round(60 * 1.01 ** i), errorRows: 0 }));
    assert.deepEqual(flagged(spike), [1150]);
  });

  it('still tells a 0-row run when earlier 0-row runs are in its baseline (poisoned, but not by half)', () => {
    const rows = runs(40, (i) => (i >= 30 && i % 3 === 0 ? { successRows: 0 } : {}));
    // Runs 30, 33, 36 and 39 wrote nothing: each is told, the later ones despite the earlier in their baseline.
    assert.deepEqual(flagged(rows).sort(), [1030, 1033, 1036, 1039]);
  });

  it('takes a new level as usual once it has lasted: a baseline follows the item, it is not frozen', () => {
    // From run 40 on it writes a twentieth of before: told at first, usual after about half a window.
    const rows = runs(80, (i) => (i >= 40 ? { successRows: 200 + (i % 7) * 5 } : {}));
    const told = flagged(rows);
    assert.ok(told.includes(1040), 'the first of the new level is told');
    assert.ok(
      told.every((id) => id < 1040 + BASELINE.window),
      `told ${told.join(', ')}`,
    );
    assert.ok(!told.includes(1079), 'the new level is usual by now');
  });

  it('tells an automation execution billed for no task, and leaves test-mode executions out', () => {
    const executions = Array.from({ length: 30 }, (_, i) => ({
      executionId: String(9000 + i),
      date: new Date(T0 + i * HOUR).toISOString(),
      state: 'Succeeded',
      billedTasks: i === 29 ? 0 : 3 + (i % 4),
      testMode: i === 20,
    })).reverse();
    const found = judgeAll(EXECUTION, executions);
    assert.deepEqual(
      [...found.keys()].map((e) => (e as { executionId: string }).executionId),
      ['9029'],
    );
    assert.match(unusualWords(EXECUTION, found.get(executions[0]!)!) ?? '', /^0 tasks billed, usually about [45]$/);
  });

  it('records say which kinds are judged: runs, snapshots and executions; not endpoint requests', () => {
    assert.ok(RUN.usual && SNAPSHOT.usual && EXECUTION.usual);
    assert.equal(HISTORIES.endpoint.entry.usual, undefined);
  });
});

describe('unusual successes on the demo account', () => {
  let demo: DemoService;
  let client: SkyviaClient;

  before(async () => {
    demo = await startDemoService({ port: 0, manualClock: true });
    client = new SkyviaClient({ baseUrl: demo.url, token: demo.token });
  });
  after(() => demo.close());

  const control = (path: string, body?: unknown) => demoControl(demo)(path, body);

  it('finds what the demo made unusual over every item’s whole history, and next to nothing else (false alarms printed)', async () => {
    const workspaces = await client.listWorkspaces();
    // Every item's history, to its end (a thousand entries at most per item).
    const scan = await scanHistories(client, {
      account: 'demo',
      kinds: ['integration', 'backup', 'automation'],
      workspaces,
      failedOnly: false,
      perItem: 200,
      toEnd: true,
    });
    assert.deepEqual(scan.failures, []);
    const planted = (await control('unusual')) as { entries: { kind: 'run' | 'snapshot'; workspaceId: number; itemId: number; id: number }[] };
    const made = new Set(planted.entries.map((p) => refKey(refs.entry('demo', p.kind, p.workspaceId, p.itemId, p.id))));
    const week = Date.now() - 7 * 86_400_000;
    const count = { judged: 0, flagged: 0, falseAlarms: [] as string[], made: 0, found: 0, weekJudged: 0, weekFalse: 0, weekMade: 0, weekFound: 0 };
    for (const item of scan.items) {
      const entries = scan.entries.filter((e) => e.item === item && e.ref);
      const entry = HISTORIES[item.kind as 'integration' | 'backup' | 'automation'].entry;
      const found = judgeAll(
        entry,
        entries.map((e) => e.row),
      );
      // Oldest first: an entry has a baseline once BASELINE.least successes came before it.
      let before = 0;
      for (const e of [...entries].reverse()) {
        if (e.outcome !== 'succeeded') continue;
        const key = refKey(e.ref!);
        const judgeable = before++ >= BASELINE.least;
        const told = found.has(e.row);
        const inWeek = e.at >= week;
        if (!judgeable) continue;
        count.judged++;
        if (inWeek) count.weekJudged++;
        if (made.has(key)) {
          count.made++;
          if (told) count.found++;
          if (inWeek) count.weekMade++;
          if (inWeek && told) count.weekFound++;
        } else if (told) {
          count.falseAlarms.push(key);
          if (inWeek) count.weekFalse++;
        }
      }
    }
    const rate = (n: number, of: number) => `${n} of ${of} (${((100 * n) / Math.max(1, of)).toFixed(2)} %)`;
    console.log(
      `      whole history of ${scan.read} items: false alarms ${rate(count.falseAlarms.length, count.judged)} successes judged; made unusual by the demo ${count.made}, found ${count.found}\n` +
        `      last 7 days: false alarms ${rate(count.weekFalse, count.weekJudged)}; made unusual ${count.weekMade}, found ${count.weekFound}`,
    );
    assert.ok(count.weekMade >= 3, 'the demo made some in the last week');
    assert.equal(count.found, count.made, 'every one the demo made is found');
    assert.ok(count.falseAlarms.length <= count.judged * 0.001, `false alarms near zero: ${count.falseAlarms.join(', ')}`);
  });

  it('judges a run made unusual from outside: 0 rows written, told in words', async () => {
    const { workspaceId, integrationId } = F.unusual.integration;
    const item = refs.item('demo', 'integration', workspaceId, integrationId);
    await control('unusual', { integrationId });
    const started = await client.runIntegration(workspaceId, integrationId);
    demo.advance(7_000);
    const page = await client.listIntegrationRuns(workspaceId, integrationId, { take: 30, skip: 0, sortOrder: 'desc' });
    const row = page.data.find((r) => r.runId === started.runId);
    assert.ok(row && row.state === 'Succeeded' && row.successRows === 0, `the run succeeded having written nothing: ${JSON.stringify(row)}`);
    const baselines = new Baselines();
    baselines.observe(item, page.data);
    const u = baselines.judge(item, row);
    assert.equal(u?.figure, 'rows written');
    assert.match(unusualWords(RUN, u!) ?? '', /^0 rows written, usually about \d/);
    // The newest of the item is unusual: its latest fact says so.
    assert.equal(baselines.latestOf(item, page.data)?.unusual?.figure, 'rows written');
    // The next run is as usual again.
    const next = await client.runIntegration(workspaceId, integrationId);
    demo.advance(7_000);
    const again = await client.listIntegrationRuns(workspaceId, integrationId, { take: 30, skip: 0, sortOrder: 'desc' });
    baselines.observe(item, again.data);
    assert.equal(
      baselines.judge(
        item,
        again.data.find((r) => r.runId === next.runId),
      ),
      undefined,
    );
    // Turned off, nothing is judged.
    assert.equal(new Baselines(() => false).judge(item, row), undefined);
  });
});
