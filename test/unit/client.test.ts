// The API client against the demo service over real HTTP on 127.0.0.1. No fetch mocks: every
// answer here crossed a socket.
import * as assert from 'node:assert/strict';
import * as net from 'node:net';
import { Secrets, SkyviaClient, SkyviaError, all, pages, pagesAhead, type RequestLogEntry } from '../../src/api';
import { OPERATIONS } from '../../src/api/operations';
import { DEMO_FIXTURES as F, startDemoService, type DemoService } from '../../src/demo';

interface Harness {
  demo: DemoService;
  client: SkyviaClient;
  log: RequestLogEntry[];
  sleeps: number[];
}

async function harness(
  opts: Parameters<typeof startDemoService>[0] = {},
  clientOpts: Partial<ConstructorParameters<typeof SkyviaClient>[0]> = {},
): Promise<Harness> {
  const demo = await startDemoService({ port: 0, manualClock: true, ...opts });
  const log: RequestLogEntry[] = [];
  const sleeps: number[] = [];
  const client = new SkyviaClient({
    baseUrl: demo.url,
    token: demo.token,
    onRequest: (e) => log.push(e),
    // Retries wait through this: recorded, not slept.
    sleep: async (ms) => void sleeps.push(ms),
    ...clientOpts,
  });
  return { demo, client, log, sleeps };
}

async function rejects(p: Promise<unknown>, kind: SkyviaError['kind']): Promise<SkyviaError> {
  try {
    await p;
  } catch (e) {
    assert.ok(e instanceof SkyviaError, `expected a SkyviaError, got ${String(e)}`);
    assert.equal(e.kind, kind, `expected kind ${kind}, got ${e.kind}: ${e.message}`);
    return e;
  }
  assert.fail(`expected a ${kind} error, but the call succeeded`);
}

describe('API client against the demo service', function () {
  let h: Harness;
  before(async () => (h = await harness()));
  after(async () => h.demo.close());
  beforeEach(() => {
    h.demo.faults.clear();
    h.log.length = 0;
    h.sleeps.length = 0;
  });

  describe('operations', () => {
    it('answers every operation of the API table (src/api/operations.ts)', async () => {
      const c = h.client;
      const ws = F.workspaceId;
      h.demo.stats.reset();
      await c.listAccountUsers({ take: 5 });
      const invited = await c.inviteUser({ email: 'new.person@example.com', userType: 'Member', workspaces: [{ workspaceId: ws, roleId: F.roleId }] });
      assert.ok(invited.invitationId > 0);
      assert.equal(invited.email, 'new.person@example.com');
      await c.listInvitations({ take: 5 });
      await c.resendInvitation(invited.invitationId);
      await c.deleteInvitation(invited.invitationId);
      await c.removeAccountUser(F.removableUserEmail);
      const workspaces = await c.listWorkspaces();
      assert.ok(workspaces.length >= 3);
      assert.ok(workspaces.some((w) => w.isPersonal));
      assert.equal((await c.getWorkspace(ws)).id, ws);
      await c.listWorkspaceUsers(ws);
      await c.addWorkspaceUser(ws, { userId: F.userNotInWorkspace, roleId: F.roleId });
      await c.removeWorkspaceUser(ws, F.userNotInWorkspace);

      const integrations = await c.listIntegrations(ws, { take: 200 });
      assert.ok(integrations.data.length > 0);
      const iid = F.idleIntegrationId;
      await c.getIntegration(ws, iid);
      const runs = await c.listIntegrationRuns(ws, F.bigHistoryIntegrationId, { take: 3 });
      await c.getIntegrationRun(ws, F.bigHistoryIntegrationId, runs.data[0].runId);
      const started = await c.runIntegration(ws, iid);
      assert.equal(started.state, 'New');
      assert.ok(await c.getActiveIntegrationRun(ws, iid));
      await c.cancelIntegrationRun(ws, iid);
      h.demo.advance(60_000);
      await c.runIntegration(ws, iid);
      await c.killIntegrationRun(ws, iid);
      await c.getIntegrationSchedule(ws, F.scheduledIntegrationId);
      await c.enableIntegrationSchedule(ws, F.scheduledIntegrationId);
      await c.disableIntegrationSchedule(ws, F.scheduledIntegrationId);

      const backups = await c.listBackups(ws);
      const bid = backups.data[0].id;
      await c.getBackup(ws, bid);
      const snaps = await c.listSnapshots(ws, bid, { take: 2 });
      await c.getSnapshot(ws, bid, snaps.data[0].snapshotId);
      await c.createSnapshot(ws, bid);
      await c.getActiveSnapshot(ws, bid);
      await c.getBackupSchedule(ws, bid);
      await c.enableBackupSchedule(ws, bid);
      await c.disableBackupSchedule(ws, bid);

      const automations = await c.listAutomations(ws);
      const aid = automations.data[0].id;
      await c.getAutomation(ws, aid);
      await c.disableAutomation(ws, aid);
      await c.enableAutomation(ws, aid);
      const execs = await c.listAutomationExecutions(ws, F.bigHistoryAutomationId, { take: 2 });
      await c.getAutomationExecution(ws, F.bigHistoryAutomationId, execs.data[0].executionId);
      await c.getActiveAutomationExecution(ws, aid);
      await c.getAutomationState(ws, aid);

      const agents = await c.listAgents(ws);
      await c.getAgent(ws, agents.data[0].id);
      await c.testAgent(ws, agents.data[0].id);
      const connections = await c.listConnections(ws);
      await c.getConnection(ws, connections.data[0].id);
      await c.testConnection(ws, connections.data[0].id);

      assert.deepEqual(await c.getEndpointTypes(), { OData: 1, Sql: 2 });
      const endpoints = await c.listEndpoints(ws);
      const eid = endpoints.data[0].id;
      await c.getEndpoint(ws, eid);
      await c.disableEndpoint(ws, eid);
      await c.enableEndpoint(ws, eid);
      const reqs = await c.listEndpointRequests(ws, eid, { take: 2 });
      await c.getEndpointRequest(ws, eid, reqs.data[0].executionId);

      const used = Object.keys(h.demo.stats.byOperation).filter((k) => h.demo.stats.byOperation[k] > 0);
      // Each operation with a method of its own (named after it); a kind's record may call the rest by id
      // (`callForObject`…), and the integration suite's coverage test sees those sent from the extension.
      const missing = Object.keys(OPERATIONS).filter((op) => op in SkyviaClient.prototype && !used.includes(op));
      assert.deepEqual(missing, [], 'operations never called');
    });

    it('sends the raw token, Accept: application/json and a User-Agent', async () => {
      const seen: Record<string, string | undefined> = {};
      const server = net.createServer((s) =>
        s.once('data', (buf) => {
          for (const line of buf.toString().split('\r\n')) {
            const [k, ...v] = line.split(':');
            if (v.length) seen[k.toLowerCase()] = v.join(':').trim();
          }
          s.end('HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 2\r\nConnection: close\r\n\r\n[]');
        }),
      );
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      const port = (server.address() as net.AddressInfo).port;
      const c = new SkyviaClient({ baseUrl: `http://127.0.0.1:${port}/`, token: 'tok-123', userAgent: 'skyvia-explorer/9.9' });
      assert.deepEqual(await c.listWorkspaces(), []);
      server.close();
      assert.equal(seen.authorization, 'tok-123');
      assert.equal(seen.accept, 'application/json');
      assert.equal(seen['user-agent'], 'skyvia-explorer/9.9');
    });
  });

  describe('JSON and ids', () => {
    it('keeps automation execution ids above 2^53 exact from list to details', async () => {
      const page = await h.client.listAutomationExecutions(F.workspaceId, F.bigHistoryAutomationId, { take: 50 });
      const id = page.data[1].executionId;
      assert.equal(typeof id, 'string');
      assert.ok(BigInt(id) > BigInt(Number.MAX_SAFE_INTEGER), `id ${id} should be above 2^53`);
      // Two neighbours that a double cannot tell apart must stay apart.
      assert.notEqual(page.data[0].executionId, page.data[1].executionId);
      const details = await h.client.getAutomationExecution(F.workspaceId, F.bigHistoryAutomationId, id);
      assert.equal(details.executionId, id);
      const viaBigInt = await h.client.getAutomationExecution(F.workspaceId, F.bigHistoryAutomationId, BigInt(id));
      assert.equal(viaBigInt.executionId, id);
    });

    it('URL-encodes string endpoint request ids and finds them again', async () => {
      const page = await h.client.listEndpointRequests(F.workspaceId, F.endpointId, { take: 200 });
      const odd = page.data.find((r) => /[^A-Za-z0-9_-]/.test(r.executionId));
      assert.ok(odd, 'the demo should have a request id that needs encoding');
      const details = await h.client.getEndpointRequest(F.workspaceId, F.endpointId, odd.executionId);
      assert.equal(details.url, odd.url);
      assert.ok(h.log.some((e) => e.path.includes(encodeURIComponent(odd.executionId))));
    });

    for (const ct of ['text/plain', 'text/json', 'application/json'] as const) {
      it(`parses 200 bodies served as ${ct}`, async () => {
        h.demo.faults.contentType(ct);
        const ws = await h.client.listWorkspaces();
        assert.ok(ws.length > 0);
        const ex = await h.client.listAutomationExecutions(F.workspaceId, F.bigHistoryAutomationId, { take: 1 });
        assert.ok(BigInt(ex.data[0].executionId) > BigInt(Number.MAX_SAFE_INTEGER));
      });
    }
  });

  describe('states that are not errors', () => {
    it('reads a missing schedule (204) as { none: true }', async () => {
      assert.deepEqual(await h.client.getIntegrationSchedule(F.workspaceId, F.unscheduledIntegrationId), { none: true });
    });

    it('turns enable on a missing schedule (404) into a "no schedule" outcome', async () => {
      const outcome = await h.client.enableIntegrationSchedule(F.workspaceId, F.unscheduledIntegrationId);
      assert.equal(outcome.ok, false);
      assert.ok(!outcome.ok && outcome.reason === 'noSchedule' && outcome.message.length > 0);
    });

    it('enables and disables a defined schedule', async () => {
      const on = await h.client.enableIntegrationSchedule(F.workspaceId, F.scheduledIntegrationId);
      assert.deepEqual(on, { ok: true, status: { active: true } });
      assert.equal((await h.client.getIntegration(F.workspaceId, F.scheduledIntegrationId)).scheduled, true);
      assert.deepEqual(await h.client.disableIntegrationSchedule(F.workspaceId, F.scheduledIntegrationId), { active: false });
      assert.deepEqual(await h.client.getIntegrationSchedule(F.workspaceId, F.scheduledIntegrationId), { active: false });
    });

    it('reports no active run as undefined', async () => {
      assert.equal(await h.client.getActiveIntegrationRun(F.workspaceId, F.bigHistoryIntegrationId), undefined);
    });

    it('returns a failed connection test as a message, not an error', async () => {
      const result = await h.client.testConnection(F.workspaceId, F.failingConnectionId);
      assert.match(result.message ?? '', /fail|error|unable|denied/i);
    });
  });

  describe('run state machine through the client', () => {
    it('goes New → Queued → Running → finished, then shows in the history', async () => {
      const ws = F.workspaceId;
      const id = F.idleIntegrationId;
      h.demo.advance(600_000);
      const before = await all((p) => h.client.listIntegrationRuns(ws, id, p));
      const run = await h.client.runIntegration(ws, id);
      assert.equal(run.state, 'New');
      const seen = new Set<string>();
      for (let i = 0; i < 40; i++) {
        const active = await h.client.getActiveIntegrationRun(ws, id);
        if (!active) break;
        seen.add(String(active.state));
        h.demo.advance(500);
      }
      assert.ok(seen.has('Running'), `states seen: ${[...seen].join(', ')}`);
      const after = await all((p) => h.client.listIntegrationRuns(ws, id, p));
      assert.equal(after.length, before.length + 1);
      const last = after.find((r) => r.runId === run.runId);
      assert.ok(last && ['Succeeded', 'Failed'].includes(String(last.state)));
    });

    it('refuses a second run while one is active, with the server’s words', async () => {
      const ws = F.workspaceId;
      h.demo.advance(600_000);
      await h.client.runIntegration(ws, F.idleIntegrationId);
      const e = await rejects(h.client.runIntegration(ws, F.idleIntegrationId), 'validation');
      assert.ok(e.serverMessage && e.serverMessage.length > 0);
      await h.client.killIntegrationRun(ws, F.idleIntegrationId);
      assert.equal(await h.client.getActiveIntegrationRun(ws, F.idleIntegrationId), undefined);
    });
  });

  describe('paging', () => {
    it('pages to the end of a 5,000-item history', async () => {
      let count = 0;
      let requests = 0;
      const ids = new Set<number>();
      for await (const page of pages((p) => (requests++, h.client.listIntegrationRuns(F.workspaceId, F.bigHistoryIntegrationId, p)), 200)) {
        count += page.length;
        page.forEach((r) => ids.add(r.runId));
      }
      assert.equal(count, 5000);
      assert.equal(ids.size, 5000, 'no run twice, none skipped');
      assert.equal(requests, 25);
    });

    describe('several pages at once (Export History)', () => {
      /** Walks the big history with pagesAhead through `fetch`, noting how many requests were out at once. */
      async function walk(take = (t: number) => t) {
        let requests = 0;
        let active = 0;
        let most = 0;
        const ids: number[] = [];
        const fetch = async (p: { take: number; skip: number }) => {
          requests++;
          most = Math.max(most, ++active);
          try {
            return await h.client.listIntegrationRuns(F.workspaceId, F.bigHistoryIntegrationId, { ...p, take: take(p.take) });
          } finally {
            active--;
          }
        };
        for await (const page of pagesAhead(fetch, 200)) ids.push(...page.map((r) => r.runId));
        return { ids, requests, most };
      }

      it('reads the 5,000 runs in order, up to 8 pages out at once, at most 7 asked for past the end', async () => {
        const expected = (await all((p) => h.client.listIntegrationRuns(F.workspaceId, F.bigHistoryIntegrationId, p))).map((r) => r.runId);
        const w = await walk();
        assert.deepEqual(w.ids, expected, 'every run once, newest first');
        assert.equal(w.most, 8);
        assert.ok(w.requests >= 25 && w.requests <= 25 + 7, `${w.requests} requests`);
      });

      it('asks a history of one page once', async () => {
        let requests = 0;
        const pagesRead: number[][] = [];
        for await (const page of pagesAhead((p) => (requests++, h.client.listIntegrationRuns(F.workspaceId, F.failingIntegrationId, p)), 200))
          pagesRead.push(page.map((r) => r.runId));
        assert.equal(pagesRead.length, 1);
        assert.equal(requests, 1);
      });

      it('misses nothing from a service that gives fewer rows a page than asked', async () => {
        const expected = (await all((p) => h.client.listIntegrationRuns(F.workspaceId, F.bigHistoryIntegrationId, p))).map((r) => r.runId);
        // The service caps its pages at 150: the pages asked for 200 at a time would skip rows.
        const w = await walk((t) => Math.min(t, 150));
        assert.deepEqual(w.ids, expected);
      });

      it('fails as a whole when a page fails, and leaves no rejection unhandled', async () => {
        const unhandled: unknown[] = [];
        const note = (e: unknown) => unhandled.push(e);
        process.on('unhandledRejection', note);
        try {
          h.demo.faults.latency(20);
          let n = 0;
          const fetch = (p: { take: number; skip: number }) =>
            // The third page asked for is refused for good; pages after it are out at the same time.
            ++n === 3 ? Promise.reject(new Error('page refused')) : h.client.listIntegrationRuns(F.workspaceId, F.bigHistoryIntegrationId, p);
          const read: number[] = [];
          await assert.rejects(async () => {
            for await (const page of pagesAhead(fetch, 200)) read.push(page.length);
          }, /page refused/);
          assert.deepEqual(read, [200, 200], 'the pages before the refused one');
          await new Promise((r) => setTimeout(r, 100));
          assert.deepEqual(unhandled, []);
        } finally {
          process.off('unhandledRejection', note);
        }
      });
    });

    for (const take of [0, 201, -1, 1.5]) {
      it(`rejects take=${take} before sending anything`, async () => {
        const e = await rejects(h.client.listIntegrations(F.workspaceId, { take }), 'validation');
        assert.ok(e.errors?.take);
        assert.equal(h.log.length, 0);
      });
    }

    it('rejects a negative skip and an unknown sortBy before sending anything', async () => {
      await rejects(h.client.listBackups(F.workspaceId, { skip: -5 }), 'validation');
      const e = await rejects(h.client.listSnapshots(F.workspaceId, 1, { sortBy: 'runId' }), 'validation');
      assert.match(e.userMessage, /startTime/);
      assert.equal(h.log.length, 0);
    });

    it('applies history filters: failed only, newest first, date range', async () => {
      const failed = await h.client.listIntegrationRuns(F.workspaceId, F.bigHistoryIntegrationId, { failed: true, take: 50 });
      assert.ok(failed.data.length > 0);
      assert.ok(failed.data.every((r) => r.state === 'Failed'));
      const desc = await h.client.listIntegrationRuns(F.workspaceId, F.bigHistoryIntegrationId, { sortOrder: 'desc', take: 10 });
      const dates = desc.data.map((r) => Date.parse(r.date!));
      assert.deepEqual(
        dates,
        [...dates].sort((a, b) => b - a),
      );
      const from = new Date(dates[9]);
      const ranged = await all((p) => h.client.listIntegrationRuns(F.workspaceId, F.bigHistoryIntegrationId, { ...p, startDate: from }));
      assert.equal(ranged.length, 10);
    });

    it('filters account users by search mask', async () => {
      const everyone = await all((p) => h.client.listAccountUsers(p));
      const someone = everyone.find((u) => u.fullName)!;
      const mask = someone.fullName!.split(' ')[0];
      const found = await h.client.listAccountUsers({ searchMask: mask });
      assert.ok(found.data.length >= 1 && found.data.length < everyone.length);
      assert.ok(found.data.every((u) => `${u.fullName} ${u.email}`.toLowerCase().includes(mask.toLowerCase())));
    });
  });

  describe('error kinds', () => {
    it('auth: a wrong token is a 403 with the service’s message, and never shows the token', async () => {
      const secret = 'wrong-token-abcdef123456';
      const bad = new SkyviaClient({ baseUrl: h.demo.url, token: secret, onRequest: (e) => h.log.push(e) });
      const e = await rejects(bad.listWorkspaces(), 'auth');
      assert.equal(e.status, 403);
      assert.match(e.userMessage, /Authorization/);
      assert.ok(!e.message.includes(secret) && !e.userMessage.includes(secret) && !JSON.stringify(h.log).includes(secret));
      assert.equal(h.log.length, 1, 'auth errors are not retried');
    });

    it('notFound: an unknown id', async () => {
      const e = await rejects(h.client.getIntegration(F.workspaceId, 987654), 'notFound');
      assert.equal(e.status, 404);
      assert.equal(e.path, `/v1/workspaces/${F.workspaceId}/integrations/987654`);
    });

    it('validation: the server’s errors map for an invitation to an unknown workspace', async () => {
      const e = await rejects(
        h.client.inviteUser({ email: 'x@example.com', userType: 'Member', workspaces: [{ workspaceId: 99999, roleId: F.roleId }] }),
        'validation',
      );
      assert.equal(e.status, 400);
      assert.ok(e.errors && Object.keys(e.errors).length > 0);
    });

    it('validation: an invalid e-mail is refused before sending', async () => {
      const e = await rejects(h.client.inviteUser({ email: 'not-an-email', userType: 'Member' }), 'validation');
      assert.match(e.userMessage, /not a valid e-mail/);
      assert.equal(h.log.length, 0);
    });

    it('server: a 500 envelope is retried, then surfaces with its message', async () => {
      h.demo.faults.failNext(5, 500);
      const e = await rejects(h.client.listWorkspaces(), 'server');
      assert.equal(e.status, 500);
      assert.equal(h.log.length, 3, 'three attempts in all');
      assert.equal(h.sleeps.length, 2);
    });

    it('rateLimited: honours Retry-After', async () => {
      h.demo.faults.failNext(1, 429, { retryAfter: 7 });
      const ws = await h.client.listWorkspaces();
      assert.ok(ws.length > 0);
      assert.deepEqual(h.sleeps, [7000]);
    });

    it('rateLimited: a Retry-After too long to wait is handed to the caller', async () => {
      h.demo.faults.failNext(1, 429, { retryAfter: 3600 });
      const e = await rejects(h.client.listWorkspaces(), 'rateLimited');
      assert.equal(e.retryAfter, 3600);
      assert.equal(h.sleeps.length, 0);
    });

    it('network: a connection reset, retried to success', async () => {
      h.demo.faults.resetNext(1);
      assert.ok((await h.client.listWorkspaces()).length > 0);
      assert.deepEqual(
        h.log.map((e) => e.error),
        ['network', undefined],
      );
    });

    it('network: an unreachable server says so', async () => {
      const server = net.createServer();
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      const port = (server.address() as net.AddressInfo).port;
      await new Promise<void>((r) => server.close(() => r()));
      const c = new SkyviaClient({ baseUrl: `http://127.0.0.1:${port}`, token: 't0ken-value', sleep: async () => {} });
      const e = await rejects(c.listWorkspaces(), 'network');
      assert.match(e.message, /ECONNREFUSED/);
    });

    it('timeout: a server slower than the timeout', async () => {
      const slow = await harness({}, { timeoutMs: 100, retry: { maxAttempts: 1 } });
      try {
        slow.demo.faults.latency(1000);
        await rejects(slow.client.listWorkspaces(), 'timeout');
      } finally {
        await slow.demo.close();
      }
    });

    it('badResponse: a truncated JSON body', async () => {
      h.demo.faults.truncateNext(1);
      const e = await rejects(h.client.listIntegrations(F.workspaceId), 'badResponse');
      assert.match(e.message, /incomplete or malformed/);
    });

    it('an HTML error page becomes a clear server error, not a parse crash, saying who answered', async () => {
      h.demo.faults.htmlNext(3, 502);
      const e = await rejects(h.client.listWorkspaces(), 'server');
      assert.equal(e.status, 502);
      assert.equal(
        e.userMessage,
        "The server answered 502 Bad Gateway (an HTML page, not Skyvia's JSON)",
        'not "Skyvia had an internal error": a gateway answered',
      );
      assert.match(e.message, /^The server answered 502 Bad Gateway .* \(GET \/v1\/workspaces → 502\)$/);
      h.demo.faults.failNext(3, 502);
      assert.equal((await rejects(h.client.listWorkspaces(), 'server')).userMessage, 'Bad gateway.', 'the JSON envelope of the service itself keeps its words');
    });

    it('badResponse: an HTML page with status 200', async () => {
      h.demo.faults.htmlNext(1, 200);
      await rejects(h.client.getWorkspace(F.workspaceId), 'badResponse');
    });

    it('cancelled: an AbortSignal stops a slow request', async () => {
      h.demo.faults.latency(2000);
      const ac = new AbortController();
      const p = h.client.listWorkspaces({ signal: ac.signal });
      setTimeout(() => ac.abort(), 50);
      const started = Date.now();
      await rejects(p, 'cancelled');
      assert.ok(Date.now() - started < 1500);
    });
  });

  describe('secrets the service repeats', () => {
    it('learns agent keys and endpoint tokens from what it reads, and hides them in what the service says', async () => {
      const secrets = new Secrets();
      const s = await harness({}, { secrets });
      try {
        const ws = F.echoesSecrets.workspaceId;
        const key = (await s.client.listAgents(ws, { take: 200 })).data.find((a) => a.id === F.echoesSecrets.agentId)?.key;
        assert.match(key ?? '', /^[0-9a-f-]{36}$/, 'the caller still gets the key itself (Copy Key copies it)');
        assert.equal((await s.client.testAgent(ws, F.echoesSecrets.agentId)).message, 'Agent «agent key» is offline: no heartbeat for 41 days.');
        const token = (await s.client.getEndpoint(ws, F.echoesSecrets.endpointId)).token ?? '';
        const e = await rejects(s.client.disableEndpoint(ws, F.echoesSecrets.endpointId), 'http');
        assert.equal(e.userMessage, 'Endpoint «endpoint token» cannot be disabled now: a request is being served.');
        assert.ok(!e.message.includes(token), e.message);
        assert.equal(secrets.redact(`${key} ${token} ${s.demo.token}`), '«agent key» «endpoint token» «token»', 'the set the caller shares');
      } finally {
        await s.demo.close();
      }
    });

    it('cannot hide what it never read, so nothing short or absent is taken for a secret', () => {
      const secrets = new Secrets();
      secrets.add('short', 'agentKey');
      secrets.add(null, 'endpointToken');
      secrets.add('a'.repeat(8), 'agentKey');
      secrets.add(`${'a'.repeat(8)}bbbb`, 'endpointToken');
      assert.equal(secrets.size, 2);
      assert.equal(secrets.redact(`short ${'a'.repeat(8)}bbbb ${'a'.repeat(8)}`), 'short «endpoint token» «agent key»', 'the longer secret is hidden whole');
    });
  });

  describe('retries never start work twice', () => {
    it('does not retry a run under 503: the service sees exactly one request', async () => {
      h.demo.advance(600_000);
      h.demo.stats.reset();
      h.demo.faults.failNext(1, 503);
      await rejects(h.client.runIntegration(F.workspaceId, F.idleIntegrationId), 'server');
      assert.equal(h.demo.stats.byOperation.runIntegration, 1);
      assert.equal(h.log.length, 1);
      assert.equal(h.sleeps.length, 0);
    });

    it('does not retry a snapshot after a connection reset', async () => {
      h.demo.stats.reset();
      h.demo.faults.resetNext(1);
      await rejects(h.client.createSnapshot(F.workspaceId, F.backupId), 'network');
      assert.equal(h.log.length, 1);
      assert.equal(h.demo.stats.snapshotsStarted, 0);
    });

    it('retries a GET through two 503s to success', async () => {
      h.demo.stats.reset();
      h.demo.faults.failNext(2, 503);
      assert.ok((await h.client.listWorkspaces()).length > 0);
      assert.equal(h.demo.stats.byOperation.listWorkspaces, 3);
      assert.deepEqual(
        h.log.map((e) => e.status),
        [503, 503, 200],
      );
      assert.equal(h.sleeps.length, 2);
    });

    it('a successful run is counted once by the service', async () => {
      h.demo.advance(600_000);
      h.demo.stats.reset();
      await h.client.runIntegration(F.workspaceId, F.idleIntegrationId);
      assert.equal(h.demo.stats.runsStarted, 1);
      await h.client.killIntegrationRun(F.workspaceId, F.idleIntegrationId);
    });
  });
});

describe('API client against both shapes of the service', () => {
  for (const shapes of ['seed', 'live'] as const) {
    describe(`${shapes} shapes`, () => {
      let h: Harness;
      before(async () => (h = await harness({ shapes })));
      after(async () => h.demo.close());

      it('reads the snapshot log from `log` or `result`', async () => {
        const snaps = await h.client.listSnapshots(F.workspaceId, F.backupId, { take: 1 });
        const d = await h.client.getSnapshot(F.workspaceId, F.backupId, snaps.data[0].snapshotId);
        const { snapshotLog } = await import('../../src/api');
        assert.ok(snapshotLog(d).length > 0);
        assert.equal(shapes === 'seed' ? 'log' in d : 'result' in d, true);
      });

      it('reads the automation outcome from `result` or `error`', async () => {
        const page = await h.client.listAutomationExecutions(F.workspaceId, F.bigHistoryAutomationId, { failed: true, take: 1 });
        const d = await h.client.getAutomationExecution(F.workspaceId, F.bigHistoryAutomationId, page.data[0].executionId);
        const { automationOutcome } = await import('../../src/api');
        assert.ok(automationOutcome(d).length > 0);
        assert.equal(shapes === 'seed' ? 'result' in d : 'error' in d, true);
      });

      it(`${shapes === 'seed' ? 'has' : 'has no'} subState on runs`, async () => {
        const runs = await h.client.listIntegrationRuns(F.workspaceId, F.bigHistoryIntegrationId, { take: 1 });
        assert.equal('subState' in runs.data[0], shapes === 'seed');
      });

      it('reads the backup schedule whether or not a record comes back', async () => {
        const s = await h.client.enableBackupSchedule(F.workspaceId, F.backupId);
        if (shapes === 'live') assert.deepEqual(s, { active: true });
        else assert.equal(s, undefined);
      });
    });
  }
});

describe('answers that are not a page', () => {
  it('calls an empty 200 on a list an unreadable answer, never an empty list', async () => {
    const h = await harness();
    try {
      h.demo.faults.failNext(1, 200, { body: '' });
      const e = await rejects(h.client.listIntegrations(F.workspaceId), 'badResponse');
      assert.match(e.message, /expected a page of items, got an empty body/);
      h.demo.faults.failNext(1, 200, { body: '[]' });
      await rejects(h.client.listInvitations(), 'badResponse');
    } finally {
      await h.demo.close();
    }
  });
});
