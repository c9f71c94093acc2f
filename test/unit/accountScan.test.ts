// The account-wide reader the Failures view and `skyvia_recent_runs` share, against the demo
// service over real HTTP: what it finds, how many requests it has out at once, a history out of
// reach told on its item, a cancel that stops sending, the page read back where a success lacks
// a baseline (and only there), and what a careless service sends outside the window left out.
import * as assert from 'node:assert/strict';
import { isSkyviaError, SkyviaClient, type Workspace } from '../../src/api';
import { DEMO_FIXTURES as F, startDemoService, type DemoService } from '../../src/demo';
import { MAX_PARALLEL, START_PARALLEL, historyEntries, scanHistories, type FoundItem, type HistoryScan } from '../../src/state/accountScan';
import { Baselines } from '../../src/state/baselines';
import { refs } from '../../src/shared/refs';
import { demoControl } from './demoControl';

describe('account scan', () => {
  let demo: DemoService;
  let client: SkyviaClient;

  before(async () => {
    demo = await startDemoService({ port: 0, manualClock: true });
    client = new SkyviaClient({ baseUrl: demo.url, token: demo.token });
  });
  after(() => demo.close());
  // The account as the service started with it: no run, fault or count of an earlier test.
  beforeEach(() => demo.reset());
  /** Every history item of the account, failed entries only, a page of ten each; `more` changes or adds to that. */
  const scanAll = (workspaces: Workspace[], more: Partial<HistoryScan> = {}) =>
    scanHistories(client, { account: 'a', kinds: ['integration', 'backup', 'automation'], workspaces, failedOnly: true, perItem: 10, ...more });

  it('lists the failures of every item of the account since a date, newest first: one request per list and per item', async () => {
    const workspaces = await client.listWorkspaces();
    demo.stats.reset();
    const since = new Date(Date.now() - 7 * 86_400_000);
    const r = await scanAll(workspaces, { since, perItem: 100 });
    assert.ok(r.entries.length > 3);
    assert.ok(r.entries.every((e) => e.outcome === 'failed' && e.at >= since.getTime()));
    assert.deepEqual(
      r.entries.map((e) => e.at),
      [...r.entries.map((e) => e.at)].sort((a, b) => b - a),
      'newest first',
    );
    assert.ok(r.entries.some((e) => e.item.id === F.integrations.alwaysFails.integrationId && e.kind === 'run'));
    assert.ok(new Set(r.entries.map((e) => e.item.workspaceId)).size > 1, 'across workspaces');
    assert.equal(r.read, r.items.length);
    assert.equal(demo.stats.requests, workspaces.length * 3 + r.items.length);
    assert.deepEqual([r.failures, r.listFailures], [[], []]);
  });

  it('keeps only what the reader keeps, after handing every entry over', async () => {
    const workspaces = await client.listWorkspaces();
    let handed = 0;
    const r = await scanAll(workspaces, {
      failedOnly: false,
      perItem: 50,
      onItem: (entries) => (handed += entries.length),
      keep: (e) => e.outcome === 'failed',
    });
    assert.ok(r.entries.length > 3, 'the failures are kept');
    assert.ok(r.entries.every((e) => e.outcome === 'failed'));
    assert.ok(handed > r.entries.length * 3, `every entry was handed over (${handed}), the successes among them not kept`);
  });

  /** Counts the requests out at once, and when each started and what each answered. */
  function countingFetch() {
    const realFetch = globalThis.fetch;
    const seen = { out: 0, most: 0, starts: [] as number[], answers: [] as { at: number; status: number }[] };
    globalThis.fetch = async (...args: Parameters<typeof fetch>) => {
      seen.most = Math.max(seen.most, ++seen.out);
      seen.starts.push(performance.now());
      try {
        const res = await realFetch(...args);
        seen.answers.push({ at: performance.now(), status: res.status });
        return res;
      } finally {
        seen.out--;
      }
    };
    return { seen, restore: () => (globalThis.fetch = realFetch) };
  }

  it('starts with twelve requests out at once and opens up while the service answers well, never past the ceiling', async () => {
    const workspaces = await client.listWorkspaces();
    const counting = countingFetch();
    demo.faults.latency(15);
    let r;
    try {
      r = await scanAll(workspaces);
    } finally {
      counting.restore();
    }
    assert.ok(r.items.length > 20);
    assert.deepEqual([r.failures, r.listFailures], [[], []]);
    assert.ok(counting.seen.most > START_PARALLEL && counting.seen.most <= MAX_PARALLEL, `${counting.seen.most} out at once`);
    assert.equal(r.parallel.maxActive, counting.seen.most);
    assert.equal(r.parallel.slowDowns, 0);
  });

  it('keeps the gate’s limit per request, an item’s older failures and read-backs counted too, and sends those ahead of new items', async () => {
    const workspaces = await client.listWorkspaces();
    demo.faults.latency(15);
    const counting = countingFetch();
    const order: string[] = [];
    const realFetch = globalThis.fetch;
    globalThis.fetch = async (...args: Parameters<typeof fetch>) => {
      order.push(String(args[0] instanceof Request ? args[0].url : args[0]));
      return realFetch(...args);
    };
    let r;
    try {
      // A week, every entry, a page of 3: most items hold more (older failures are read) and their
      // successes want a baseline (a page back is read) — each item's page sends two more at once.
      r = await scanAll(workspaces, {
        failedOnly: false,
        since: new Date(Date.now() - 7 * 86_400_000),
        perItem: 3,
        olderFailures: 100,
        baselines: new Baselines(),
      });
    } finally {
      globalThis.fetch = realFetch;
      counting.restore();
    }
    const followUps = order.filter((url) => /endDate=/.test(url)).length;
    assert.ok(followUps > MAX_PARALLEL, `${followUps} older failures and pages back read`);
    assert.ok(counting.seen.most <= MAX_PARALLEL, `${counting.seen.most} requests out at once, at most ${MAX_PARALLEL}`);
    assert.equal(r.parallel.maxActive, counting.seen.most, 'the gate counts what is out');
    // The first follow-up went out before the last item's first page did.
    const firstPages = order.map((url, i) => ({ url, i })).filter(({ url }) => /\/(executions|snapshots)\?/.test(url) && !/endDate=/.test(url));
    assert.ok(order.findIndex((url) => /endDate=/.test(url)) < firstPages[firstPages.length - 1].i, 'an item’s follow-up waits for no new item');
  });

  it('streams: an item’s history is asked for before every list has been answered', async () => {
    const workspaces = await client.listWorkspaces();
    demo.faults.latency(15);
    const historyStarts: number[] = [];
    const listAnswers: number[] = [];
    const realFetch = globalThis.fetch;
    globalThis.fetch = async (...args: Parameters<typeof fetch>) => {
      const url = String(args[0] instanceof Request ? args[0].url : args[0]);
      const history = /\/(executions|snapshots)\b/.test(url);
      if (history) historyStarts.push(performance.now());
      const res = await realFetch(...args);
      if (!history) listAnswers.push(performance.now());
      return res;
    };
    // Each item's entries are handed over as they come, for work while the others are on their way.
    const handed: { at: number; entries: number }[] = [];
    let result;
    try {
      result = await scanAll(workspaces, {
        onItem: (entries) => handed.push({ at: performance.now(), entries: entries.length }),
      });
    } finally {
      globalThis.fetch = realFetch;
    }
    assert.ok(Math.min(...historyStarts) < Math.max(...listAnswers), 'no history waits for every list');
    assert.equal(handed.length, result.read, 'every item handed over once');
    assert.equal(
      handed.reduce((n, h) => n + h.entries, 0),
      result.entries.length,
    );
    assert.ok(handed[0].at < Math.max(...historyStarts), 'the first before the last history was asked for');
  });

  it('at a 429 with Retry-After: half as many out, nothing new sent until it has passed, and every item read in the end', async () => {
    const workspaces = await client.listWorkspaces();
    demo.faults.latency(15);
    const counting = countingFetch();
    let r;
    let told = false;
    try {
      r = await scanAll(workspaces, {
        // Part-way, the service says "too many": the next six requests are refused for a second.
        // At the first item read, while most are still to come (later, the last few requests
        // would each be refused again on their retries), and once.
        progress: (done) => done >= 1 && !told && (told = true) && demo.faults.failNext(6, 429, { retryAfter: 1 }),
      });
    } finally {
      counting.restore();
    }
    assert.deepEqual([r.failures, r.listFailures], [[], []], 'every refused request was sent again after the wait, and answered');
    assert.ok(r.parallel.slowDowns >= 1, 'the gate slowed down');
    const refused = counting.seen.answers.filter((a) => a.status === 429);
    assert.equal(refused.length, 6, 'no storm: the six refused, no more');
    // After the first refusal, nothing new went out during the second it asked for (but what was already on its way).
    const first = refused[0].at;
    const during = counting.seen.starts.filter((t) => t > first + 100 && t < first + 900);
    assert.deepEqual(during, [], `${during.length} requests sent during the Retry-After`);
  });

  it('tells a history it could not read on its item, and still reads the others', async () => {
    const workspaces = (await client.listWorkspaces()).filter((w) => w.id === F.workspaceId);
    const r = await scanAll(workspaces, {
      kinds: ['integration'],
      perItem: 5,
      // Listed, not read yet: the next request — one item's history — is refused.
      progress: (done) => done === 0 && demo.faults.failNext(1, 404),
    });
    assert.equal(r.failures.length, 1);
    assert.ok(isSkyviaError(r.failures[0].error, 'notFound'));
    assert.equal(r.read, r.items.length);
    const failedItem = r.failures[0].item.id;
    assert.ok(r.entries.length > 0 && r.entries.every((e) => e.item.id !== failedItem));
  });

  it('stops sending when cancelled, and says it was', async () => {
    const workspaces = await client.listWorkspaces();
    const controller = new AbortController();
    demo.stats.reset();
    await assert.rejects(
      scanAll(workspaces, {
        perItem: 5,
        signal: controller.signal,
        progress: (done) => done === 3 && controller.abort(),
      }),
      (e: unknown) => isSkyviaError(e, 'cancelled'),
    );
    const histories = demo.stats.requests - workspaces.length * 3;
    assert.ok(histories <= 3 + MAX_PARALLEL, `${histories} history requests: those read and those already out`);
  });
  const control = (path: string, body?: unknown) => demoControl(demo)(path, body);
  /** The service's own clock: its histories and the runs started now are dated by it. */
  const serviceNow = async () => Date.parse(((await control('clock')) as { now: string }).now);
  /** A run of the daily integration started by another client, made to write nothing, and let end: its id. */
  async function unusualDailyRun(): Promise<number> {
    const { workspaceId, integrationId } = F.unusual.daily;
    await control('unusual', { integrationId });
    const res = await fetch(`${demo.url}/v1/workspaces/${workspaceId}/integrations/${integrationId}/executions`, {
      method: 'POST',
      headers: { Authorization: demo.token, Accept: 'application/json' },
    });
    assert.equal(res.status, 200);
    const { runId } = (await res.json()) as { runId: number };
    await control('advance', { ms: 7_000 });
    return runId;
  }
  /** The Failures view's reading of Data Platform's integrations since `since`, judging successes against `baselines`. */
  const readAsTheView = (since: Date, baselines: Baselines, more: Partial<HistoryScan> = {}) =>
    scanHistories(client, {
      account: 'a',
      kinds: ['integration'],
      workspaces: [{ id: F.workspaceId, name: 'Data Platform' } as Workspace],
      failedOnly: false,
      since,
      perItem: 200,
      olderFailures: 100,
      baselines,
      ...more,
    });

  it('reaches back before the window where its successes’ baselines are not known: a daily item’s run that wrote nothing is judged, read first thing, in one page an item', async () => {
    const runId = await unusualDailyRun();
    const since = new Date((await serviceNow()) - 86_400_000);
    const baselines = new Baselines();
    demo.stats.reset();
    const r = await readAsTheView(since, baselines);
    const run = r.entries.find((e) => e.ref?.id === String(runId));
    assert.ok(run && run.outcome === 'succeeded', 'the run is of the window');
    assert.equal(baselines.judge(run.ref!, run.row)?.figure, 'rows written', 'judged against the runs before the window');
    // The runs before the window came with the window's page: a page an item, nothing read back on its own.
    assert.equal(demo.stats.byOperation.listIntegrations, 1);
    assert.equal(demo.stats.byOperation.listIntegrationRuns, r.read + r.readBacks, 'one page per item, one more per item read back');
    assert.ok(r.readBacks < r.read / 2, `${r.readBacks} of ${r.read} items read back on their own`);
    // What was reached back for only taught the baselines: no entry before the window, none counted as left out.
    assert.ok(r.entries.every((e) => e.at >= since.getTime()));
    assert.equal(r.leftOut, 0);
  });

  it('reads a page back on its own only where reaching back found too few successes: judged alike either way', async () => {
    const runId = await unusualDailyRun();
    const since = new Date((await serviceNow()) - 86_400_000);
    // Known already from an earlier reading: this one does not reach back, and reads nothing back.
    const known = new Baselines();
    await readAsTheView(since, known);
    demo.stats.reset();
    const again = await readAsTheView(since, known);
    assert.equal(again.readBacks, 0);
    assert.equal(demo.stats.byOperation.listIntegrationRuns, again.read, 'a page an item');
    const run = again.entries.find((e) => e.ref?.id === String(runId))!;
    assert.equal(known.judge(run.ref!, run.row)?.figure, 'rows written', 'the same verdict');
  });

  it('reads nothing back a second time: what the first reading read back gives every success its baseline, or found where the history begins', async () => {
    const runId = await unusualDailyRun();
    // A month: “Shopify Webhook Loader” began 12 days ago — the page before it holds nothing — and
    // “Nightly Warehouse Load” 36 days ago: 6 successes before the month, fewer than a baseline.
    const since = new Date((await serviceNow()) - 30 * 86_400_000);
    const baselines = new Baselines();
    const first = await readAsTheView(since, baselines);
    const young = first.items.find((i) => i.id === F.integrations.noSchedule.integrationId)!;
    const ref = refs.item('a', 'integration', F.workspaceId, young.id);
    assert.ok(!baselines.mayHaveUnread(ref, since.getTime()), 'its history, begun in the month, is read whole');
    assert.ok(first.readBacks > 0);
    demo.stats.reset();
    const again = await readAsTheView(since, baselines);
    assert.equal(again.readBacks, 0);
    const requests = demo.stats.requests;
    demo.stats.reset();
    await readAsTheView(since, baselines, { baselines: undefined });
    assert.equal(requests, demo.stats.requests, 'as many requests as a reading that judges nothing');
    const run = again.entries.find((e) => e.ref?.id === String(runId))!;
    assert.equal(baselines.judge(run.ref!, run.row)?.figure, 'rows written');
  });

  it('reads nothing back for an item without a success in the window, failures only, a kind that judges nothing, or judging turned off', async () => {
    const since = new Date((await serviceNow()) - 7 * 86_400_000);
    const failing: FoundItem = {
      account: 'a',
      kind: 'integration',
      workspaceId: F.workspaceId,
      workspace: 'Data Platform',
      id: F.failingIntegrationId,
      name: 'Legacy ERP Sync (broken)',
      facts: {},
    };
    const alone = await historyEntries(client, failing, { failedOnly: false, since, perItem: 200, baselines: new Baselines() });
    assert.ok(alone.entries.length > 0 && alone.entries.every((e) => e.outcome === 'failed'));
    assert.equal(alone.readBacks, 0, 'its week holds failures only');
    const workspaces = await client.listWorkspaces();
    demo.stats.reset();
    const failedOnly = await scanAll(workspaces, { since, perItem: 100, baselines: new Baselines() });
    const endpoints = await scanAll(workspaces, { kinds: ['endpoint'], failedOnly: false, since, perItem: 200, baselines: new Baselines() });
    const off = await scanAll(workspaces, { failedOnly: false, since, perItem: 200, baselines: new Baselines(() => false) });
    assert.deepEqual([failedOnly.readBacks, endpoints.readBacks, off.readBacks], [0, 0, 0]);
    const lists = workspaces.length * (3 + 1 + 3);
    assert.equal(demo.stats.requests, lists + failedOnly.read + endpoints.read + off.read, 'a list each, a page an item, nothing more');
  });

  it('leaves out, and counts, what a careless service sends for the window that is not of it: failures dated before it or 0001-01-01', async () => {
    await control('faults', { carelessHistories: true });
    const since = new Date((await serviceNow()) - 7 * 86_400_000);
    const workspaces = (await client.listWorkspaces()).filter((w) => w.id === F.workspaceId);
    const r = await scanAll(workspaces, { kinds: ['integration'], since, perItem: 50 });
    assert.ok(r.entries.length > 0);
    assert.deepEqual(
      r.entries.filter((e) => e.outcome !== 'failed' || e.at < since.getTime()).map((e) => e.date),
      [],
      'failures of the week only: none undated, none older',
    );
    // The same answers, read by another client: every failure in them dated before the week or not at all.
    let [outside, undated] = [0, 0];
    for (const item of r.items) {
      const res = await fetch(
        `${demo.url}/v1/workspaces/${item.workspaceId}/integrations/${item.id}/executions?take=50&sortOrder=desc&failed=true&startDate=${since.toISOString()}`,
        { headers: { Authorization: demo.token } },
      );
      for (const run of ((await res.json()) as { data: { state: string; date: string }[] }).data) {
        if (run.state !== 'Failed') continue;
        if (run.date.startsWith('0001-')) undated++;
        else if (Date.parse(run.date) < since.getTime()) outside++;
      }
    }
    assert.ok(undated > 0 && outside > 0, `the service sent ${undated} undated failures and ${outside} older than the week`);
    assert.equal(r.leftOut, undated + outside);
  });
});
