// The account-wide reader the Failures view and `skyvia_recent_runs` share, against the demo
// service over real HTTP: what it finds, how many requests it has out at once, a history out of
// reach told on its item, and a cancel that stops sending.
import * as assert from 'node:assert/strict';
import { isSkyviaError, SkyviaClient } from '../../src/api';
import { DEMO_FIXTURES as F, startDemoService, type DemoService } from '../../src/demo';
import { scanHistories } from '../../src/state/accountScan';

describe('account scan', () => {
  let demo: DemoService;
  let client: SkyviaClient;

  before(async () => {
    demo = await startDemoService({ port: 0, manualClock: true });
    client = new SkyviaClient({ baseUrl: demo.url, token: demo.token });
  });
  after(() => demo.close());
  beforeEach(() => {
    demo.faults.clear();
    demo.stats.reset();
  });

  it('lists the failures of every item of the account since a date, newest first: one request per list and per item', async () => {
    const workspaces = await client.listWorkspaces();
    demo.stats.reset();
    const since = new Date(Date.now() - 7 * 86_400_000);
    const r = await scanHistories(client, { account: 'a', kinds: ['integration', 'backup', 'automation'], workspaces, failedOnly: true, since, perItem: 100 });
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

  it('has at most four requests out at once, however many items', async () => {
    const workspaces = await client.listWorkspaces();
    const realFetch = globalThis.fetch;
    let out = 0;
    let most = 0;
    globalThis.fetch = async (...args: Parameters<typeof fetch>) => {
      most = Math.max(most, ++out);
      try {
        return await realFetch(...args);
      } finally {
        out--;
      }
    };
    demo.faults.latency(15);
    try {
      const r = await scanHistories(client, { account: 'a', kinds: ['integration', 'backup', 'automation'], workspaces, failedOnly: true, perItem: 10 });
      assert.ok(r.items.length > 20);
    } finally {
      globalThis.fetch = realFetch;
    }
    assert.equal(most, 4);
  });

  it('tells a history it could not read on its item, and still reads the others', async () => {
    const workspaces = (await client.listWorkspaces()).filter((w) => w.id === F.workspaceId);
    const r = await scanHistories(client, {
      account: 'a',
      kinds: ['integration'],
      workspaces,
      failedOnly: true,
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
      scanHistories(client, {
        account: 'a',
        kinds: ['integration', 'backup', 'automation'],
        workspaces,
        failedOnly: true,
        perItem: 5,
        signal: controller.signal,
        progress: (done) => done === 3 && controller.abort(),
      }),
      (e: unknown) => isSkyviaError(e, 'cancelled'),
    );
    const histories = demo.stats.requests - workspaces.length * 3;
    assert.ok(histories <= 3 + 4, `${histories} history requests: those read and those already out`);
  });
});
