// The per-item reads against the demo service over real HTTP: what they write to the stores,
// and that a storm of hovers costs one request.
import * as assert from 'node:assert/strict';
import { SkyviaClient } from '../../src/api';
import { DEMO_FIXTURES as F, startDemoService, type DemoService } from '../../src/demo';
import { refs } from '../../src/shared/refs';
import { ItemReader } from '../../src/state/itemReader';
import { FactStore } from '../../src/state/facts';
import { RunStore } from '../../src/state/runStore';
import { describeObject } from '../../src/kinds';

describe('item reads', () => {
  let demo: DemoService;
  let reader: ItemReader;
  let facts: FactStore;
  let runs: RunStore;
  let now = 0;

  before(async () => {
    demo = await startDemoService({ port: 0, manualClock: true });
  });
  after(() => demo.close());
  beforeEach(() => {
    const client = new SkyviaClient({ baseUrl: demo.url, token: demo.token });
    runs = new RunStore();
    facts = new FactStore(runs);
    now = 1_000_000;
    reader = new ItemReader({ client: () => client, facts, runs, now: () => now });
    demo.stats.reset();
  });

  it('reads "no schedule" (204) as a state', async () => {
    const ref = refs.item('a', 'integration', F.workspaceId, F.integrations.noSchedule.integrationId);
    await reader.readSchedule(ref);
    assert.equal(facts.get(ref).schedule, 'none');
    const scheduled = refs.item('a', 'integration', F.workspaceId, F.scheduledIntegrationId);
    await reader.readSchedule(scheduled);
    assert.equal(facts.get(scheduled).schedule, 'active');
  });

  it('merges concurrent hovers into one request per read, and reuses a fresh answer', async () => {
    const ref = refs.item('a', 'integration', F.workspaceId, F.idleIntegrationId);
    await Promise.all([1, 2, 3, 4, 5].map(() => reader.probe(ref, 'Archive', 'hover')));
    assert.equal(demo.stats.requests, 2, 'active run + schedule, once each');
    await reader.probe(ref, 'Archive', 'hover');
    assert.equal(demo.stats.requests, 2, 'fresh for a while');
    now += 16_000;
    await reader.probe(ref, 'Archive', 'hover');
    assert.equal(demo.stats.requests, 4, 'read again once stale');
    assert.equal(runs.active(ref), null, 'known idle');
  });

  it('tells a run a colleague started between two looks a few seconds apart', async () => {
    const ref = refs.item('a', 'integration', F.workspaceId, F.idleIntegrationId);
    await reader.probe(ref, 'Archive', 'hover');
    assert.equal(runs.active(ref), null, 'idle at the first look');
    // Started over the service's HTTP API, as a colleague would; the person looks again 6 s later.
    const res = await fetch(`${demo.url}/v1/workspaces/${F.workspaceId}/integrations/${F.idleIntegrationId}/executions`, {
      method: 'POST',
      headers: { Authorization: demo.token },
    });
    const { runId } = (await res.json()) as { runId: number };
    now += 6_000;
    await reader.probe(ref, 'Archive', 'hover');
    assert.equal(runs.active(ref)?.ref.id, String(runId), 'the second look tells the run under way');
    await fetch(`${demo.url}/v1/workspaces/${F.workspaceId}/integrations/${F.idleIntegrationId}/executions/kill`, {
      method: 'POST',
      headers: { Authorization: demo.token },
    });
  });

  it('reads only the active run on expansion', async () => {
    const ref = refs.item('a', 'integration', F.workspaceId, F.idleIntegrationId);
    await reader.probe(ref, 'Archive', 'expand');
    assert.deepEqual(Object.keys(demo.stats.byOperation), ['getActiveIntegrationRun']);
  });

  it('reads an automation’s state: enabled, and the execution under way', async () => {
    const ref = refs.item('a', 'automation', F.workspaceId, F.executingAutomationId);
    await reader.readState(ref, 'Lead enrichment');
    assert.equal(facts.get(ref).enabled, true);
    assert.equal(runs.active(ref)?.ref.kind, 'execution');
  });

  it('takes no queue count from a state that gives a negative one, and no "since undefined" from an undated run', async () => {
    const ref = refs.item('a', 'automation', F.workspaceId, F.executingAutomationId);
    demo.faults.failNext(1, 200, {
      body: JSON.stringify({
        trigger: { enabled: true },
        queue: { queuedCount: -1 },
        testMode: false,
        executing: { executionId: 5, state: 'Executing', date: null },
      }),
    });
    await reader.readState(ref, 'Lead enrichment');
    assert.equal(facts.get(ref).queued, undefined);
    const details = describeObject(ref, { name: 'Lead enrichment' }, facts.get(ref));
    assert.ok(!details.rows.some(([k, v]) => k === 'Queued' && v !== undefined), 'no Queued row');
    const executing = details.rows.find(([k]) => k === 'Executing')?.[1] ?? '';
    assert.equal(executing, 'Executing', 'no "since undefined", no rows for an execution');
  });

  it('tells a failed run by the first line of its log that tells of the failure', async () => {
    const client = new SkyviaClient({ baseUrl: demo.url, token: demo.token });
    const ref = refs.item('a', 'integration', F.workspaceId, F.integrations.alwaysFails.integrationId);
    await client.runIntegration(F.workspaceId, F.integrations.alwaysFails.integrationId);
    const active = await reader.readActive(ref, 'Legacy ERP Sync (broken)');
    assert.ok(active, 'running');
    demo.advance(7_000);
    const final = await reader.finalState(active);
    assert.equal(final.outcome, 'failed');
    assert.ok(final.error, 'an error text');
    assert.doesNotMatch(final.error, /\bINFO\b|\n/, final.error);
    assert.match(final.error, /fail|error|ORA-/i, final.error);
  });

  it('reads how a run ended from its history row, with rows and duration', async () => {
    const client = new SkyviaClient({ baseUrl: demo.url, token: demo.token });
    const ref = refs.item('a', 'integration', F.workspaceId, F.idleIntegrationId);
    await client.runIntegration(F.workspaceId, F.idleIntegrationId);
    const active = await reader.readActive(ref, 'Archive');
    assert.ok(active, 'running');
    demo.advance(7_000);
    assert.equal(await reader.readActive(ref, 'Archive'), null);
    const final = await reader.finalState(active);
    assert.equal(final.outcome, 'succeeded');
    assert.ok((final.successRows ?? 0) > 0);
    assert.ok((final.durationMs ?? 0) > 0);
  });

  it('finds the newest success before a failed run, from its date back, in one page', async () => {
    const client = new SkyviaClient({ baseUrl: demo.url, token: demo.token });
    const { workspaceId, integrationId } = F.integrations.flaky;
    const all = (await client.listIntegrationRuns(workspaceId, integrationId, { take: 200, sortOrder: 'desc' })).data;
    // A failure with a success somewhere after it (older), and at least one failure between them when there is one.
    const at = all.findIndex((r, i) => r.state === 'Failed' && all.slice(i + 1).some((o) => o.state === 'Succeeded'));
    assert.ok(at >= 0, 'the flaky integration has a failure before a success');
    const failed = all[at];
    const expected = all.slice(at + 1).find((r) => r.state === 'Succeeded');
    demo.stats.reset();
    const { found } = await reader.lastSuccessBefore(refs.entry('a', 'run', workspaceId, integrationId, failed.runId), failed.date);
    assert.equal(found?.ref.id, String(expected?.runId));
    assert.equal(demo.stats.requests, 1, 'one page from its date back');
    const always = F.integrations.alwaysFails;
    const none = (await client.listIntegrationRuns(always.workspaceId, always.integrationId, { take: 1, sortOrder: 'desc' })).data[0];
    const missing = await reader.lastSuccessBefore(refs.entry('a', 'run', always.workspaceId, always.integrationId, none.runId), none.date);
    assert.equal(missing.found, undefined, 'an integration that always fails has none');
    assert.ok(missing.looked > 0);
  });

  describe('one read of an entry for all who show it', () => {
    const reads = () => demo.stats.byOperation.getIntegrationRun ?? 0;
    async function endedRun() {
      const client = new SkyviaClient({ baseUrl: demo.url, token: demo.token });
      const [row] = (await client.listIntegrationRuns(F.workspaceId, F.integrations.alwaysFails.integrationId, { take: 1 })).data;
      demo.stats.reset();
      return refs.entry('a', 'run', F.workspaceId, F.integrations.alwaysFails.integrationId, row.runId);
    }

    it('shares a request among asks at once and asks within a minute; one log string; read again when stale or asked fresh', async () => {
      const ref = await endedRun();
      const [panel, log, details] = await Promise.all([reader.readItem(ref), reader.readLog(ref), reader.readItem(ref)]);
      assert.equal(reads(), 1, 'panel, log and details at once: one request');
      assert.equal(panel, details, 'one parse: the same answer');
      assert.match(log ?? '', /ERROR/);
      now += 30_000;
      assert.equal(await reader.readItem(ref), panel, 'a tool asking half a minute later');
      assert.equal(await reader.readLog(ref), log, 'the log text is made once per answer');
      assert.equal(reads(), 1);
      await reader.readLog(ref, undefined, { fresh: true });
      assert.equal(reads(), 2, 'Refresh Log reads again');
      now += 61_000;
      await reader.readItem(ref);
      assert.equal(reads(), 3, 'a minute on, read again');
    });

    it('reads again a run the run store says moved on or ended, and a run under way at every ask', async () => {
      const ref = await endedRun();
      const item = refs.item('a', 'integration', F.workspaceId, F.integrations.alwaysFails.integrationId);
      await reader.readItem(ref);
      runs.settle({ ref, item, itemName: 'Legacy ERP Sync (broken)', state: 'Failed', outcome: 'failed', startedHere: false, seenAt: now });
      await reader.readItem(ref);
      assert.equal(reads(), 2, 'ended: read again');

      const client = new SkyviaClient({ baseUrl: demo.url, token: demo.token });
      const started = await client.runIntegration(F.workspaceId, F.idleIntegrationId);
      const running = refs.entry('a', 'run', F.workspaceId, F.idleIntegrationId, started.runId);
      demo.stats.reset();
      await Promise.all([reader.readItem(running), reader.readItem(running)]);
      assert.equal(reads(), 1, 'asks at once share the request');
      await reader.readItem(running);
      assert.equal(reads(), 2, 'under way: the next ask reads it again');
    });

    it('cancels the request only when every asker has given up', async () => {
      const ref = await endedRun();
      demo.faults.latency(200);
      try {
        const first = new AbortController();
        const second = new AbortController();
        const a = reader.readItem(ref, first.signal);
        const b = reader.readItem(ref, second.signal);
        first.abort();
        await assert.rejects(a, (e: unknown) => (e as { kind?: string }).kind === 'cancelled');
        assert.equal(((await b) as { runId?: unknown }).runId, Number(ref.id), 'the other asker still gets it');
        assert.equal(reads(), 1);

        const third = new AbortController();
        now += 61_000;
        const c = reader.readItem(ref, third.signal);
        third.abort();
        await assert.rejects(c, (e: unknown) => (e as { kind?: string }).kind === 'cancelled');
      } finally {
        demo.faults.clear();
      }
    });
  });

  it('calls a run nothing says ended "unknown", never a success', async () => {
    const ref = refs.item('a', 'integration', F.workspaceId, F.idleIntegrationId);
    const ghost = {
      ref: refs.entry('a', 'run', F.workspaceId, F.idleIntegrationId, 1),
      item: ref,
      itemName: 'Archive',
      state: 'Running',
      outcome: 'running' as const,
      startedHere: true,
      seenAt: 0,
    };
    const final = await reader.finalState(ghost);
    assert.equal(final.outcome, 'unknown');
  });
});
