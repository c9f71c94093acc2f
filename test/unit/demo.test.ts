// The demo service over real HTTP with plain fetch (no client library): what every other test and
// benchmark stands on. Time is a manual clock moved with advance(), so nothing here sleeps for a
// run to finish.
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as path from 'node:path';
import { OPERATIONS } from '../../src/api/operations';
import { DEMO_FIXTURES as F, startDemoService, type DemoService } from '../../src/demo';
import { HANDLERS } from '../../src/demo/handlers';
import { toJson } from '../../src/demo/json';

const ROOT = path.resolve(__dirname, '../..');
const W = `/v1/workspaces/${F.workspaceId}`;
const ENVELOPE_403 = { errorCode: 403, errors: {}, message: 'Authorization header is missing or invalid.', refresh: false };

interface Res {
  status: number;
  headers: Headers;
  text: string;
  json: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- test bodies are inspected field by field
}

function client(d: DemoService) {
  return async (p: string, init: RequestInit & { auth?: string | null } = {}): Promise<Res> => {
    const headers: Record<string, string> = { ...(init.headers as Record<string, string> | undefined) };
    if (init.auth !== null) headers.Authorization = init.auth ?? d.token;
    if (init.body !== undefined && !headers['Content-Type']) headers['Content-Type'] = 'application/json';
    const r = await fetch(d.url + p, { ...init, headers });
    const text = await r.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: r.status, headers: r.headers, text, json };
  };
}

const post = (body?: unknown): RequestInit => ({ method: 'POST', ...(body === undefined ? {} : { body: JSON.stringify(body) }) });

describe('demo service', function () {
  let d: DemoService;
  let api: ReturnType<typeof client>;
  before(async () => {
    d = await startDemoService({ manualClock: true });
    api = client(d);
  });
  after(() => d.close());
  beforeEach(() => d.faults.clear());

  describe('wiring', () => {
    it('registers one handler per operation of the API table', () => {
      assert.deepEqual(Object.keys(HANDLERS).sort(), Object.keys(OPERATIONS).sort());
    });

    it('listens on 127.0.0.1 with a random demo- token by default', () => {
      assert.match(d.url, /^http:\/\/127\.0\.0\.1:\d+$/);
      assert.match(d.token, /^demo-[0-9a-f]{32}$/);
    });

    it('writes bigints as raw JSON digits', () => {
      assert.equal(toJson({ a: 9007199254740993n, b: [1, undefined, 'x'], c: undefined, d: null }), '{"a":9007199254740993,"b":[1,null,"x"],"d":null}');
    });
  });

  describe('auth', () => {
    it('answers 403 with the envelope when the token is missing or wrong', async () => {
      for (const auth of [null, '', 'nope', `Bearer nope`, `${d.token}x`]) {
        const r = await api('/v1/workspaces', { auth });
        assert.equal(r.status, 403);
        assert.match(r.headers.get('content-type') ?? '', /^application\/json/);
        assert.deepEqual(r.json, ENVELOPE_403);
      }
    });

    it('checks auth before routing, as the live service does', async () => {
      assert.equal((await api('/v1/nowhere', { auth: null })).status, 403);
      assert.equal((await api('/v1/nowhere')).status, 404);
    });

    it('accepts the raw token and "Bearer <token>"', async () => {
      assert.equal((await api('/v1/workspaces')).status, 200);
      assert.equal((await api('/v1/workspaces', { auth: `Bearer ${d.token}` })).status, 200);
    });

    it('protects the control routes too', async () => {
      assert.equal((await api('/__demo/stats', { auth: null })).status, 403);
      assert.equal((await api('/__demo/stats')).status, 200);
    });
  });

  describe('routes and errors', () => {
    it('404 envelope for unknown routes and ids, 405 for a wrong method', async () => {
      const r = await api(`${W}/integrations/99`);
      assert.equal(r.status, 404);
      assert.deepEqual(r.json, { errorCode: 404, errors: {}, message: 'Integration 99 was not found.', refresh: false });
      assert.equal((await api('/v1/workspaces/99')).json.message, 'Workspace 99 was not found.');
      // An id from another workspace is not found in this one.
      assert.equal((await api(`/v1/workspaces/${F.workspaces.finance}/integrations/${F.bigHistoryIntegrationId}`)).status, 404);
      const m = await api('/v1/workspaces', { method: 'DELETE' });
      assert.equal(m.status, 405);
      assert.equal(m.json.errorCode, 405);
    });

    it('400 for non-integer int32 path ids', async () => {
      for (const bad of ['abc', '1.5', '99999999999']) {
        const r = await api(`${W}/integrations/${bad}`);
        assert.equal(r.status, 400, bad);
        assert.ok(r.json.errors.integrationId, bad);
      }
    });

    it('400 for malformed JSON, 415 for a non-JSON body, and accepts every JSON media type', async () => {
      const bad = await api('/v1/account/invitations', { method: 'POST', body: '{"email":', headers: { 'Content-Type': 'application/json' } });
      assert.equal(bad.status, 400);
      assert.equal(bad.json.errorCode, 400);
      assert.ok(bad.json.errors.$);
      const form = await api('/v1/account/invitations', { method: 'POST', body: 'email=x', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
      assert.equal(form.status, 415);
      let k = 0;
      for (const ct of ['application/json', 'text/json', 'application/json-patch+json', 'application/vnd.skyvia+json; charset=utf-8']) {
        const r = await api('/v1/account/invitations', {
          method: 'POST',
          body: JSON.stringify({ email: `ct${k++}@example.com`, userType: 'Member' }),
          headers: { 'Content-Type': ct },
        });
        assert.equal(r.status, 200, ct);
      }
    });

    it('answers 200 with an empty body for the "no body" operations', async () => {
      const r = await api(`${W}/endpoints/${F.endpoints.sql.endpointId}/enable`, post());
      assert.equal(r.status, 200);
      assert.equal(r.text, '');
      assert.equal(r.headers.get('content-length'), '0');
    });
  });

  describe('paging', () => {
    for (const [query, field] of [
      ['take=0', 'take'],
      ['take=201', 'take'],
      ['take=-1', 'take'],
      ['take=abc', 'take'],
      ['take=1.5', 'take'],
      ['skip=-1', 'skip'],
    ]) {
      it(`rejects ${query} with 400 and errors.${field}`, async () => {
        const r = await api(`${W}/integrations?${query}`);
        assert.equal(r.status, 400);
        assert.equal(r.json.errorCode, 400);
        assert.ok(Array.isArray(r.json.errors[field]) && r.json.errors[field].length > 0, JSON.stringify(r.json));
      });
    }

    it('says take must be between 1 and 200', async () => {
      assert.deepEqual((await api(`${W}/integrations?take=201`)).json.errors, { take: ['The field take must be between 1 and 200.'] });
    });

    it('defaults to take=20 and pages a 5,000-run history to the end', async () => {
      const first = await api(`${W}/integrations/${F.bigHistoryIntegrationId}/executions`);
      assert.equal(first.json.data.length, 20);
      assert.equal(first.json.hasMore, true);
      const ids = new Set<number>();
      let pages = 0;
      for (let skip = 0; ; skip += 200) {
        const r = await api(`${W}/integrations/${F.bigHistoryIntegrationId}/executions?take=200&skip=${skip}`);
        pages++;
        for (const run of r.json.data) ids.add(run.runId);
        if (!r.json.hasMore) break;
      }
      assert.equal(ids.size, F.integrations.bigHistory.runs);
      assert.equal(pages, 25);
    });

    it('answers plain arrays for workspaces and workspace users', async () => {
      assert.ok(Array.isArray((await api('/v1/workspaces')).json));
      assert.ok(Array.isArray((await api(`${W}/users`)).json));
    });
  });

  describe('history filters', () => {
    const runs = `${W}/integrations/${F.bigHistoryIntegrationId}/executions`;

    it('filters failed runs both ways', async () => {
      const failed = await api(`${runs}?failed=true&take=200`);
      assert.ok(failed.json.data.length > 0);
      assert.ok(failed.json.data.every((r: { state: string }) => r.state === 'Failed'));
      const ok = await api(`${runs}?failed=false&take=200`);
      assert.ok(ok.json.data.every((r: { state: string }) => r.state !== 'Failed'));
    });

    it('sorts desc as the reverse of asc, by either sortBy', async () => {
      const asc = await api(`${runs}?sortBy=runId&take=200&skip=${F.integrations.bigHistory.runs - 5}`);
      const desc = await api(`${runs}?sortBy=startDate&sortOrder=desc&take=5`);
      assert.deepEqual(
        desc.json.data.map((r: { runId: number }) => r.runId),
        asc.json.data.map((r: { runId: number }) => r.runId).reverse(),
      );
      assert.equal((await api(`${runs}?sortBy=executionId&take=1`)).status, 200);
    });

    it('filters by startDate and endDate, inclusive', async () => {
      const desc = await api(`${runs}?sortOrder=desc&take=10`);
      const from = desc.json.data[9].date;
      const to = desc.json.data[2].date;
      const r = await api(`${runs}?startDate=${encodeURIComponent(from)}&endDate=${encodeURIComponent(to)}&take=200`);
      assert.equal(r.json.data.length, 8);
      assert.equal(r.json.hasMore, false);
    });

    it('rejects bad dates, flags, orders and sortBy values with an errors map', async () => {
      const r = await api(`${runs}?startDate=yesterday&failed=maybe&sortOrder=up&sortBy=name`);
      assert.equal(r.status, 400);
      assert.deepEqual(Object.keys(r.json.errors).sort(), ['failed', 'sortBy', 'sortOrder', 'startDate']);
      assert.equal((await api(`${W}/backups/${F.backupId}/snapshots?sortBy=runId`)).status, 400);
      assert.equal((await api(`${W}/backups/${F.backupId}/snapshots?sortBy=snapshotId`)).status, 200);
      assert.equal((await api(`${W}/automations/${F.bigHistoryAutomationId}/executions?sortBy=startDate`)).status, 400);
      assert.equal((await api(`${W}/endpoints/${F.endpointId}/executions?sortBy=date`)).status, 200);
    });
  });

  describe('integration runs (manual clock)', () => {
    const I = `${W}/integrations/${F.idleIntegrationId}`;

    it('goes New → Queued → Running → Succeeded and joins the history, newest last', async () => {
      const before = await api(`${I}/executions?sortOrder=desc&take=1`);
      const started = d.stats.runsStarted;
      const run = await api(`${I}/executions`, post());
      assert.equal(run.status, 200);
      assert.equal(run.json.state, 'New');
      assert.equal(d.stats.runsStarted, started + 1);
      const states: string[] = [];
      for (let i = 0; i < 20; i++) {
        const active = await api(`${I}/executions/active`);
        if (active.status === 204) break;
        assert.equal(active.json.runId, run.json.runId);
        assert.equal('duration' in active.json, false, 'the active run has no duration');
        states.push(active.json.state);
        d.advance(500);
      }
      assert.deepEqual([...new Set(states)], ['New', 'Queued', 'Running']);
      const after = await api(`${I}/executions?sortOrder=desc&take=1`);
      assert.equal(after.json.data[0].runId, run.json.runId);
      assert.equal(after.json.data[0].state, 'Succeeded');
      assert.ok(after.json.data[0].runId > before.json.data[0].runId);
      assert.equal(after.json.data[0].duration, 6);
      const details = await api(`${I}/executions/${run.json.runId}`);
      assert.equal(details.json.state, 'Succeeded');
      assert.ok(details.json.result.split('\n').length > 20);
    });

    it('allows one active run per integration', async () => {
      assert.equal((await api(`${I}/executions`, post())).status, 200);
      const second = await api(`${I}/executions`, post());
      assert.equal(second.status, 400);
      assert.equal(second.json.message, 'Integration is already running.');
      d.advance(10_000);
    });

    it('cancel → Canceling, then Canceled a second later', async () => {
      const run = await api(`${I}/executions`, post());
      d.advance(2000);
      assert.equal((await api(`${I}/executions/cancel`, post())).status, 200);
      assert.equal((await api(`${I}/executions/active`)).json.state, 'Canceling');
      d.advance(1000);
      assert.equal((await api(`${I}/executions/active`)).status, 204);
      assert.equal((await api(`${I}/executions/${run.json.runId}`)).json.state, 'Canceled');
    });

    it('kill ends the run at once', async () => {
      const run = await api(`${I}/executions`, post());
      assert.equal((await api(`${I}/executions/kill`, post())).status, 200);
      assert.equal((await api(`${I}/executions/active`)).status, 204);
      const last = await api(`${I}/executions?sortOrder=desc&take=1`);
      assert.equal(last.json.data[0].runId, run.json.runId);
      assert.equal(last.json.data[0].state, 'Canceled');
    });

    it('cancel and kill without an active run are 400', async () => {
      assert.equal((await api(`${I}/executions/cancel`, post())).status, 400);
      assert.equal((await api(`${I}/executions/kill`, post())).status, 400);
    });

    it('runs of the broken integration fail; unknown run ids are 404', async () => {
      const B = `${W}/integrations/${F.failingIntegrationId}`;
      const run = await api(`${B}/executions`, post());
      d.advance(7000);
      const details = await api(`${B}/executions/${run.json.runId}`);
      assert.equal(details.json.state, 'Failed');
      assert.match(details.json.result, /ERROR/);
      assert.equal((await api(`${B}/executions/1`)).status, 404);
      const history = await api(`${B}/executions?failed=false`);
      assert.deepEqual(history.json.data, []);
    });

    it('serves a run log of a few hundred lines', async () => {
      const first = await api(`${W}/integrations/${F.bigHistoryIntegrationId}/executions?take=1`);
      const details = await api(`${W}/integrations/${F.bigHistoryIntegrationId}/executions/${first.json.data[0].runId}`);
      assert.ok(details.json.result.split('\n').length >= 300);
      assert.deepEqual(Object.keys(details.json), ['runId', 'queueTime', 'startTime', 'endTime', 'state', 'result']);
    });
  });

  describe('schedules', () => {
    it('204 when none is defined; enable then is 404; disable is 200 {active:false}', async () => {
      const S = `${W}/integrations/${F.unscheduledIntegrationId}/schedule`;
      const get = await api(S);
      assert.equal(get.status, 204);
      assert.equal(get.text, '');
      const enable = await api(`${S}/enable`, post());
      assert.equal(enable.status, 404);
      assert.equal(enable.json.message, 'No schedule is defined for this integration.');
      const disable = await api(`${S}/disable`, post());
      assert.deepEqual([disable.status, disable.json], [200, { active: false }]);
      assert.equal((await api(S)).status, 204);
    });

    it('flips a defined schedule and the integration’s `scheduled` flag', async () => {
      const id = F.integrations.inactiveSchedule.integrationId;
      assert.deepEqual((await api(`${W}/integrations/${id}/schedule`)).json, { active: false });
      assert.deepEqual((await api(`${W}/integrations/${id}/schedule/enable`, post())).json, { active: true });
      assert.equal((await api(`${W}/integrations/${id}`)).json.scheduled, true);
      assert.deepEqual((await api(`${W}/integrations/${id}/schedule/disable`, post())).json, { active: false });
      assert.equal((await api(`${W}/integrations/${id}`)).json.scheduled, false);
    });
  });

  describe('backups', () => {
    const B = `${W}/backups/${F.backupId}`;

    it('creates a snapshot that runs to Succeeded; active is 204 when none', async () => {
      assert.equal((await api(`${B}/snapshots/active`)).status, 204);
      const run = await api(`${B}/snapshots`, post());
      assert.equal(run.json.state, 'New');
      assert.equal(d.stats.snapshotsStarted >= 1, true);
      d.advance(2000);
      assert.equal((await api(`${B}/snapshots/active`)).json.state, 'Running');
      assert.equal((await api(`${B}/snapshots`, post())).status, 400);
      d.advance(5000);
      assert.equal((await api(`${B}/snapshots/active`)).status, 204);
      const details = await api(`${B}/snapshots/${run.json.runId}`);
      assert.equal(details.json.state, 'Succeeded');
      const last = await api(`${B}/snapshots?sortOrder=desc&take=1`);
      assert.equal(last.json.data[0].snapshotId, run.json.runId);
      assert.equal((await api(`${B}/snapshots/123`)).status, 404);
    });
  });

  describe('automations', () => {
    it('writes int64 execution ids as raw digits and tells neighbours apart', async () => {
      const A = `${W}/automations/${F.bigHistoryAutomationId}`;
      const list = await api(`${A}/executions?take=2`);
      assert.match(list.text, /"executionId":9007199254740993,/);
      assert.match(list.text, /"executionId":9007199254740994,/);
      const exact = await api(`${A}/executions/9007199254740993`);
      assert.equal(exact.status, 200);
      assert.match(exact.text, /^\{"executionId":9007199254740993,/);
      assert.equal((await api(`${A}/executions/9007199254740992`)).status, 404);
      assert.equal((await api(`${A}/executions/abc`)).status, 400);
    });

    it('has exactly 1,000 finished executions in the big history', async () => {
      const A = `${W}/automations/${F.bigHistoryAutomationId}/executions`;
      const last = await api(`${A}?take=200&skip=${F.automations.bigHistory.executions - 1}`);
      assert.equal(last.json.data.length, 1);
      assert.equal(last.json.hasMore, false);
      assert.match(last.text, /"executionId":9007199254741992,/);
    });

    it('keeps one automation executing while enabled; disable ends it, enable starts another', async () => {
      const A = `${W}/automations/${F.executingAutomationId}`;
      const active = await api(`${A}/active`);
      assert.equal(active.status, 200);
      assert.equal(active.json.state, 'Executing');
      const state = await api(`${A}/state`);
      assert.deepEqual(Object.keys(state.json), ['trigger', 'queue', 'executing', 'testMode']);
      assert.equal(state.json.trigger.enabled, true);
      assert.match(state.text, /"executing":\{"executionId":\d{16,},/);
      const executingId = /"executionId":(\d+)/.exec(active.text)?.[1];
      assert.equal((await api(`${A}/disable`, post())).status, 200);
      assert.equal((await api(`${A}/active`)).status, 204);
      const after = await api(`${A}/state`);
      assert.deepEqual([after.json.trigger.enabled, after.json.executing], [false, null]);
      const newest = await api(`${A}/executions?sortOrder=desc&take=1`);
      assert.match(newest.text, new RegExp(`"executionId":${executingId},`));
      d.advance(1000);
      await api(`${A}/enable`, post());
      const again = await api(`${A}/active`);
      assert.equal(again.status, 200);
      assert.notEqual(/"executionId":(\d+)/.exec(again.text)?.[1], executingId);
    });
  });

  describe('agents, connections, endpoints', () => {
    it('tests agents and connections with 200 whatever the outcome', async () => {
      assert.deepEqual((await api(`${W}/agents/${F.agents.online.agentId}/test`, post())).json, { message: 'Agent is online.', refresh: false });
      assert.deepEqual((await api(`${W}/agents/${F.agents.offline.agentId}/test`, post())).json, {
        message: 'Agent is offline: no heartbeat for 3 days.',
        refresh: false,
      });
      const failing = await api(`${W}/connections/${F.failingConnectionId}/test`, post());
      assert.equal(failing.status, 200);
      assert.match(failing.json.message, /failed/);
      assert.match((await api(`${W}/connections/${F.connections.direct.connectionId}/test`, post())).json.message, /succeeded/);
      assert.match((await api(`${W}/connections/${F.connections.offlineAgent.connectionId}/test`, post())).json.message, /offline/);
    });

    it('lists connections without type and details with Direct or Agent', async () => {
      const list = await api(`${W}/connections?take=200`);
      assert.ok(list.json.data.every((c: object) => !('type' in c)));
      assert.ok(list.json.data.some((c: { name: string | null }) => c.name === null));
      assert.equal((await api(`${W}/connections/${F.connections.direct.connectionId}`)).json.type, 'Direct');
      assert.equal((await api(`${W}/connections/${F.connections.agent.connectionId}`)).json.type, 'Agent');
      const agent = await api(`${W}/agents/${F.agents.online.agentId}`);
      assert.match(agent.json.key, /^[0-9a-f-]{36}$/);
    });

    it('serves endpoint types, flips endpoints and finds every request id after URL-encoding it', async () => {
      assert.deepEqual((await api('/v1/endpoints/types')).json, { OData: 1, Sql: 2 });
      const E = `${W}/endpoints/${F.endpoints.inactive.endpointId}`;
      assert.equal((await api(E)).json.active, false);
      await api(`${E}/enable`, post());
      assert.equal((await api(E)).json.active, true);
      await api(`${E}/disable`, post());
      const all = await api(`${W}/endpoints/${F.endpointId}/executions?take=200`);
      assert.equal(all.json.data.length, F.endpoints.odata.requests);
      assert.ok(all.json.data.some((r: { executionId: string }) => encodeURIComponent(r.executionId) !== r.executionId));
      for (const r of all.json.data as { executionId: string; url: string }[]) {
        const details = await api(`${W}/endpoints/${F.endpointId}/executions/${encodeURIComponent(r.executionId)}`);
        assert.equal(details.status, 200, r.executionId);
        assert.equal(details.json.url, r.url);
        assert.ok(Array.isArray(details.json.log));
      }
      assert.equal((await api(`${W}/endpoints/${F.endpointId}/executions/${encodeURIComponent('req/2026-01-01+640-zzzzzz')}`)).status, 404);
    });

    it('repeats a secret in what it says about the items built for it, as a careless service might', async () => {
      const P = `/v1/workspaces/${F.echoesSecrets.workspaceId}`;
      const { key } = (await api(`${P}/agents/${F.echoesSecrets.agentId}`)).json as { key: string };
      assert.equal((await api(`${P}/agents/${F.echoesSecrets.agentId}/test`, post())).json.message, `Agent ${key} is offline: no heartbeat for 41 days.`);
      const E = `${P}/endpoints/${F.echoesSecrets.endpointId}`;
      const { token } = (await api(E)).json as { token: string };
      const refused = await api(`${E}/disable`, post());
      assert.equal(refused.status, 409);
      assert.equal(refused.json.message, `Endpoint ${token} cannot be disabled now: a request is being served.`);
      assert.equal((await api(E)).json.active, true, 'still active');
    });

    it('carries a right-to-left override where no name is: a run error, execution comments, request URLs and user agents', async () => {
      const P = `/v1/workspaces/${F.hostileIntegration.workspaceId}`;
      const runs = (await api(`${P}/integrations/${F.hostileIntegration.integrationId}/executions?take=50&failed=true`)).json.data as { runId: number }[];
      const run = await api(`${P}/integrations/${F.hostileIntegration.integrationId}/executions/${runs[0].runId}`);
      const firstError =
        String(run.json.result ?? run.json.log)
          .split('\n')
          .find((l) => / ERROR /.test(l)) ?? '';
      assert.ok(firstError.includes(F.reversingText), `in the failed run’s first error: ${firstError}`);
      const [execution] = (await api(`${P}/automations/${F.hostileAutomation.automationId}/executions?take=1`)).json.data as { executionId: string }[];
      assert.equal(
        (await api(`${P}/automations/${F.hostileAutomation.automationId}/executions/${execution.executionId}`)).json.comment,
        `Sent by ${F.reversingText}`,
      );
      const [request] = (await api(`${P}/endpoints/${F.hostileEndpoint.endpointId}/executions?take=1`)).json.data as { executionId: string; url: string }[];
      assert.ok(request.url.includes(F.reversingText));
      const details = await api(`${P}/endpoints/${F.hostileEndpoint.endpointId}/executions/${encodeURIComponent(request.executionId)}`);
      assert.ok(details.json.userAgent.includes(F.reversingText));
    });
  });

  describe('account and workspace users', () => {
    it('filters account users by searchMask on name or e-mail, case-insensitively', async () => {
      const byName = await api('/v1/account/users?searchMask=RAMAN');
      assert.deepEqual(
        byName.json.data.map((u: { id: number }) => u.id),
        [F.users.member.userId],
      );
      assert.deepEqual(
        byName.json.data[0].workspaces.map((w: { workspaceId: number }) => w.workspaceId).sort(),
        [F.workspaces.salesOps, F.workspaces.dataPlatform].sort(),
      );
      const byEmail = await api(`/v1/account/users?searchMask=${encodeURIComponent('sofia.rossi@')}`);
      assert.equal(byEmail.json.data.length, 1);
    });

    it('validates invitations and answers Invited, then Resent', async () => {
      const bad = await api('/v1/account/invitations', post({ email: 'nope', userType: 'Owner', workspaces: [{ workspaceId: 1, roleId: 99 }] }));
      assert.equal(bad.status, 400);
      assert.deepEqual(Object.keys(bad.json.errors).sort(), ['email', 'userType', 'workspaces[0].roleId', 'workspaces[0].workspaceId']);
      const ok = await api(
        '/v1/account/invitations',
        post({ email: 'new.hire@example.com', userType: 'Member', workspaces: [{ workspaceId: F.workspaceId, roleId: F.roleId }] }),
      );
      assert.equal(ok.status, 200);
      assert.equal(ok.json.status, 'Invited');
      const again = await api('/v1/account/invitations', post({ email: 'new.hire@example.com', userType: 'Member' }));
      assert.equal(again.status, 400);
      const resent = await api(`/v1/account/invitations/${ok.json.invitationId}/resend`, post());
      assert.deepEqual(resent.json, { email: 'new.hire@example.com', status: 'Resent', invitationId: ok.json.invitationId });
      assert.equal((await api(`/v1/account/invitations/${ok.json.invitationId}`, { method: 'DELETE' })).status, 200);
      assert.equal((await api(`/v1/account/invitations/${ok.json.invitationId}`, { method: 'DELETE' })).status, 404);
      assert.equal((await api('/v1/account/invitations/424242/resend', post())).status, 404);
    });

    it('removes account users by e-mail: 404 unknown, 400 invalid', async () => {
      const del = (body: unknown) => api('/v1/account/users', { method: 'DELETE', body: JSON.stringify(body) });
      assert.equal((await del({ email: 'nobody@example.com' })).status, 404);
      assert.equal((await del({ email: 'not an email' })).status, 400);
      assert.equal((await del({})).status, 400);
      assert.equal((await del({ email: F.owner.email })).status, 400);
      assert.equal((await del({ email: 'Kenji.Watanabe@bluefinch-retail.example' })).status, 200);
      assert.equal((await api('/v1/account/users?searchMask=kenji')).json.data.length, 0);
    });

    it('adds and removes workspace users with the service’s checks', async () => {
      const U = `${W}/users`;
      const add = (body: unknown) => api(U, post(body));
      assert.equal((await add({ userId: 1, roleId: F.roleId })).status, 400);
      assert.equal((await add({ userId: F.userNotInWorkspace, roleId: 99 })).status, 400);
      assert.equal((await add({ userId: F.users.member.userId, roleId: F.roleId })).status, 400, 'already a member');
      assert.equal((await add({ userId: F.userNotInWorkspace, roleId: F.roleId })).status, 200);
      const members = await api(`${U}?searchMask=rossi`);
      assert.deepEqual(members.json, [
        { id: F.userNotInWorkspace, email: F.users.unassigned.email, fullName: 'Sofia Rossi', roleId: 2, roleName: 'Developer' },
      ]);
      assert.equal((await api(`${U}/${F.userNotInWorkspace}`, { method: 'DELETE' })).status, 200);
      assert.equal((await api(`${U}/${F.userNotInWorkspace}`, { method: 'DELETE' })).status, 404);
    });
  });

  describe('shapes', () => {
    async function sample() {
      const run = await api(`${W}/integrations/${F.bigHistoryIntegrationId}/executions?take=1`);
      const snap = await api(`${W}/backups/${F.backupId}/snapshots?take=1`);
      const snapDetails = await api(`${W}/backups/${F.backupId}/snapshots/${snap.json.data[0].snapshotId}`);
      const exec = await api(`${W}/automations/${F.bigHistoryAutomationId}/executions/${F.automations.bigHistory.firstExecutionId}`);
      const reqs = await api(`${W}/endpoints/${F.endpointId}/executions?take=1`);
      const req = await api(`${W}/endpoints/${F.endpointId}/executions/${encodeURIComponent(reqs.json.data[0].executionId)}`);
      const schedule = await api(`${W}/backups/${F.backupId}/schedule`);
      const backupRun = await api(`${W}/backups/${F.backups.inactiveSchedule.backupId}/snapshots`, post());
      d.advance(10_000);
      return { run: run.json.data[0], snap: snapDetails.json, exec: exec.json, req: req.json, schedule, backupRun: backupRun.json };
    }

    it('serves the seed spelling, then the live one after setShapes', async () => {
      assert.equal(d.shapes, 'seed');
      const seed = await sample();
      assert.equal(seed.run.subState, 'None');
      assert.ok('log' in seed.snap && !('result' in seed.snap));
      assert.ok('result' in seed.exec && !('error' in seed.exec));
      assert.ok('endpointId' in seed.req && 'workspaceId' in seed.req && 'errorDetails' in seed.req && !('pageToken' in seed.req));
      assert.deepEqual([seed.schedule.status, seed.schedule.text], [200, '']);
      assert.ok('successRows' in seed.backupRun && 'errorRows' in seed.backupRun);

      d.setShapes('live');
      try {
        const live = await sample();
        assert.equal('subState' in live.run, false);
        assert.ok('result' in live.snap && !('log' in live.snap));
        assert.ok('error' in live.exec && !('result' in live.exec));
        assert.ok('pageToken' in live.req && 'external' in live.req && !('endpointId' in live.req) && !('errorDetails' in live.req));
        assert.deepEqual(live.schedule.json, { active: true });
        assert.ok(!('successRows' in live.backupRun));
      } finally {
        d.setShapes('seed');
      }
    });

    it('switches over HTTP too', async () => {
      assert.deepEqual((await api('/__demo/shapes', post({ shapes: 'live' }))).json, { shapes: 'live' });
      assert.equal(d.shapes, 'live');
      assert.equal((await api('/__demo/shapes', post({ shapes: 'other' }))).status, 400);
      await api('/__demo/shapes', post({ shapes: 'seed' }));
      assert.equal(d.shapes, 'seed');
    });

    it('has names that are null in both shapes', async () => {
      const list = await api(`${W}/integrations`);
      assert.equal(list.json.data.find((i: { id: number }) => i.id === F.nullNameIntegrationId).name, null);
    });
  });

  describe('faults', () => {
    it('latency delays responses', async () => {
      d.faults.latency(150);
      const t0 = Date.now();
      assert.equal((await api('/v1/workspaces')).status, 200);
      assert.ok(Date.now() - t0 >= 140);
    });

    it('failNext answers the status with the envelope and Retry-After, n times, in order', async () => {
      d.faults.failNext(2, 503, { retryAfter: 1 });
      d.faults.failNext(1, 429, { body: 'slow down', contentType: 'text/plain' });
      const a = await api('/v1/workspaces');
      assert.equal(a.status, 503);
      assert.equal(a.headers.get('retry-after'), '1');
      assert.deepEqual(a.json, { errorCode: 503, errors: {}, message: 'The service is temporarily unavailable. Please retry later.', refresh: false });
      assert.equal((await api('/v1/workspaces')).status, 503);
      const c = await api('/v1/workspaces');
      assert.deepEqual([c.status, c.text, c.headers.get('content-type')], [429, 'slow down', 'text/plain']);
      assert.equal((await api('/v1/workspaces')).status, 200);
    });

    it('failNext does not start work: a POST run answered 503 starts nothing', async () => {
      d.advance(60_000);
      const before = d.stats.runsStarted;
      d.faults.failNext(1, 503);
      assert.equal((await api(`${W}/integrations/${F.idleIntegrationId}/executions`, post())).status, 503);
      assert.equal(d.stats.runsStarted, before);
    });

    it('resetNext destroys the socket without an answer', async () => {
      d.faults.resetNext(1);
      await assert.rejects(fetch(`${d.url}/v1/workspaces`, { headers: { Authorization: d.token } }));
      assert.equal((await api('/v1/workspaces')).status, 200);
    });

    it('truncateNext sends a valid 200 with half a JSON body', async () => {
      const full = await api(`${W}/integrations`);
      d.faults.truncateNext(1);
      const cut = await api(`${W}/integrations`);
      assert.equal(cut.status, 200);
      assert.equal(Number(cut.headers.get('content-length')), Buffer.byteLength(cut.text));
      assert.equal(Buffer.byteLength(cut.text), Math.floor(Buffer.byteLength(full.text) / 2));
      assert.throws(() => JSON.parse(cut.text));
    });

    it('htmlNext sends an HTML error page', async () => {
      d.faults.htmlNext(1, 502);
      const r = await api('/v1/workspaces');
      assert.equal(r.status, 502);
      assert.match(r.headers.get('content-type') ?? '', /^text\/html/);
      assert.match(r.text, /<html/);
    });

    it('contentType changes the type of 200 bodies only; clear restores everything', async () => {
      for (const ct of ['text/plain', 'text/json', 'application/json'] as const) {
        d.faults.contentType(ct);
        const r = await api('/v1/workspaces');
        assert.equal(r.headers.get('content-type'), `${ct}; charset=utf-8`);
        assert.ok(Array.isArray(r.json));
      }
      d.faults.contentType('text/plain');
      assert.match((await api('/v1/workspaces/99')).headers.get('content-type') ?? '', /^application\/json/);
      d.faults.latency(5000);
      d.faults.failNext(5, 500);
      d.faults.clear();
      const r = await api('/v1/workspaces');
      assert.equal(r.status, 200);
      assert.equal(r.headers.get('content-type'), 'application/json; charset=utf-8');
    });

    it('is controllable over HTTP, and control routes are never faulted', async () => {
      const set = await api('/__demo/faults', post({ failNext: { n: 2, status: 503, retryAfter: 1 } }));
      assert.equal(set.status, 200);
      assert.equal(set.json.queued[0].n, 2);
      assert.equal((await api('/__demo/stats')).status, 200);
      assert.equal((await api('/v1/workspaces')).status, 503);
      assert.equal((await api('/__demo/faults', post({ clear: true }))).status, 200);
      assert.equal((await api('/v1/workspaces')).status, 200);
      assert.equal((await api('/__demo/faults', post({ latency: -1 }))).status, 400);
      assert.equal((await api('/__demo/faults', post({ explode: 1 }))).status, 400);
      await api('/__demo/faults', post({ contentType: 'text/plain', htmlNext: { n: 1, status: 500 } }));
      assert.equal((await api('/v1/workspaces')).status, 500);
      assert.match((await api('/v1/workspaces')).headers.get('content-type') ?? '', /^text\/plain/);
      await api('/__demo/faults', post({ clear: true }));
    });

    it('carelessHistories: history lists ignore their date and outcome filters and undate some failed entries; clear ends it', async () => {
      const runs = (q: string) => api(`${W}/integrations/${F.failingIntegrationId}/executions?sortOrder=desc&take=50${q}`);
      const future = new Date(Date.now() + 86_400_000).toISOString();
      const careful = await runs(`&startDate=${future}`);
      assert.deepEqual(careful.json.data, [], 'nothing after tomorrow');
      assert.equal((await api('/__demo/faults', post({ carelessHistories: true }))).json.carelessHistories, true);
      const careless = (await runs(`&startDate=${future}&failed=false`)).json.data as { runId: number; date: string; state: string }[];
      const all = (await api(`${W}/integrations/${F.failingIntegrationId}/executions?sortOrder=desc&take=50`)).json.data as typeof careless;
      assert.deepEqual(
        careless.map((r) => r.runId),
        all.map((r) => r.runId),
        'every entry, whatever the filters',
      );
      const undated = careless.filter((r) => r.date === '0001-01-01T00:00:00');
      assert.ok(undated.length > 0 && undated.length < careless.length, `${undated.length} of ${careless.length} failed runs undated`);
      assert.ok(undated.every((r) => r.state === 'Failed'));
      assert.deepEqual(
        all.filter((r) => r.date.startsWith('0001')).map((r) => r.runId),
        undated.map((r) => r.runId),
        'the same ones on every page',
      );
      // Only failed entries go undated: a history of successes keeps its dates.
      assert.ok(
        ((await api(`${W}/integrations/${F.idleIntegrationId}/executions?take=50`)).json.data as typeof careless).every((r) => !r.date.startsWith('0001')),
      );
      await api('/__demo/faults', post({ clear: true }));
      assert.deepEqual((await runs(`&startDate=${future}`)).json.data, []);
    });

    it('advances the clock over HTTP', async () => {
      const I = `${W}/integrations/${F.unscheduledIntegrationId}`;
      await api(`${I}/executions`, post());
      assert.equal((await api(`${I}/executions/active`)).status, 200);
      const r = await api('/__demo/advance', post({ ms: 10_000 }));
      assert.ok(r.json.now);
      assert.equal((await api(`${I}/executions/active`)).status, 204);
    });
  });

  describe('stats', () => {
    it('counts API requests per operation, not control requests, and resets', async () => {
      d.stats.reset();
      await api('/v1/workspaces');
      await api('/v1/workspaces', { auth: null });
      await api('/v1/nowhere');
      await api('/__demo/stats');
      assert.equal(d.stats.requests, 3);
      assert.deepEqual({ ...d.stats.byOperation }, { listWorkspaces: 2, unmatched: 1 });
      const viaHttp = await api('/__demo/stats');
      assert.equal(viaHttp.json.requests, 3);
      await api('/__demo/stats/reset', post());
      assert.equal(d.stats.requests, 0);
      assert.equal(d.stats.runsStarted, 0);
    });
  });
});

describe('demo service options', () => {
  it('is deterministic: two services serve the same account', async () => {
    const [a, b] = await Promise.all([startDemoService({ manualClock: true, token: 't' }), startDemoService({ manualClock: true, token: 't' })]);
    try {
      for (const p of ['/v1/account/users?take=200', `${W}/integrations`, `${W}/automations/${F.bigHistoryAutomationId}/executions?take=50`]) {
        const [ra, rb] = await Promise.all([client(a)(p), client(b)(p)]);
        // Dates follow the hour each service started in; ids, names, states and rows do not.
        const strip = (t: string) => t.replace(/"\d{4}-\d{2}-\d{2}T[^"]+"/g, '""');
        assert.equal(strip(ra.text), strip(rb.text), p);
      }
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('multiplies histories by scale and keeps the fixtures', async () => {
    const s = await startDemoService({ scale: 3, manualClock: true });
    try {
      const api = client(s);
      const tail = await api(`${W}/integrations/${F.bigHistoryIntegrationId}/executions?skip=${3 * F.integrations.bigHistory.runs - 1}&take=5`);
      assert.deepEqual([tail.json.data.length, tail.json.hasMore], [1, false]);
      const list = await api(`${W}/integrations?take=200`);
      assert.equal(list.json.data.length, 3 * F.integrations.countInWorkspace);
      assert.equal(list.json.data[0].id, F.bigHistoryIntegrationId);
    } finally {
      await s.close();
    }
  });

  it('runs what is scheduled as the clock passes its slots, only when asked to', async () => {
    const s = await startDemoService({ manualClock: true, schedules: true });
    const off = await startDemoService({ manualClock: true });
    try {
      const newest = async (svc: DemoService, path: string) =>
        (await client(svc)(`${path}?take=1&sortOrder=desc`)).json.data[0] as {
          runId?: number;
          snapshotId?: number;
          state: string;
          date?: string;
          startTime?: string;
        };
      const broken = `${W}/integrations/${F.integrations.alwaysFails.integrationId}/executions`;
      const paused = `${W}/integrations/${F.integrations.inactiveSchedule.integrationId}/executions`;
      const backup = `${W}/backups/${F.backups.main.backupId}/snapshots`;
      const before = { broken: await newest(s, broken), paused: await newest(s, paused), backup: await newest(s, backup), off: await newest(off, broken) };
      for (const svc of [s, off]) svc.advance(25 * 3_600_000);
      const after = await newest(s, broken);
      assert.notEqual(after.runId, before.broken.runId, 'a scheduled run of the broken integration');
      assert.equal(after.state, 'Failed', 'it fails, as it always does');
      assert.ok(Date.parse(after.date ?? '') > Date.parse(before.broken.date ?? ''));
      assert.equal((await newest(s, paused)).runId, before.paused.runId, 'a schedule that is off runs nothing');
      assert.notEqual((await newest(s, backup)).snapshotId, before.backup.snapshotId, 'backups run on schedule too');
      assert.equal((await newest(off, broken)).runId, before.off.runId, 'off unless asked for');
      // Switched on over HTTP: from now on, not for the slots already passed.
      assert.deepEqual((await client(off)('/__demo/schedules', post({ on: true }))).json, { on: true });
      assert.equal((await newest(off, broken)).runId, before.off.runId);
      off.advance(25 * 3_600_000);
      assert.notEqual((await newest(off, broken)).runId, before.off.runId);
    } finally {
      await Promise.all([s.close(), off.close()]);
    }
  });

  it('rejects bad options', async () => {
    await assert.rejects(startDemoService({ scale: 0 }), RangeError);
    await assert.rejects(startDemoService({ port: 70000 }), RangeError);
    await assert.rejects(startDemoService({ shapes: 'x' as 'seed' }), RangeError);
  });

  it('moves time by itself with timeScale (no manual clock)', async () => {
    const s = await startDemoService({ timeScale: 100 });
    try {
      const api = client(s);
      const I = `${W}/integrations/${F.idleIntegrationId}`;
      await api(`${I}/executions`, post());
      await new Promise((r) => setTimeout(r, 120)); // 12 simulated seconds
      assert.equal((await api(`${I}/executions/active`)).status, 204);
    } finally {
      await s.close();
    }
  });

  it('closes promptly even with a response held back by latency', async () => {
    const s = await startDemoService();
    s.faults.latency(10_000);
    const pending = fetch(`${s.url}/v1/workspaces`, { headers: { Authorization: s.token } }).catch((e: unknown) => e);
    await new Promise((r) => setTimeout(r, 50));
    const t0 = Date.now();
    await s.close();
    assert.ok(Date.now() - t0 < 1000);
    assert.ok((await pending) instanceof Error);
  });
});

describe('demo service reset', () => {
  const I = `${W}/integrations/${F.idleIntegrationId}`;
  const LEAD = `${W}/automations/${F.automations.executing.automationId}`;
  /** What a client reads of the account: people, lists, histories, what runs, schedules, endpoints. */
  const PROBES = [
    '/v1/account/users?take=200',
    '/v1/account/invitations?take=200',
    `${W}/users?take=200`,
    `${W}/integrations?take=200`,
    `${I}/executions?take=5&sortOrder=desc`,
    `${I}/executions/active`,
    `${W}/integrations/${F.integrations.alwaysFails.integrationId}/executions?take=3&sortOrder=desc`,
    `${W}/integrations/${F.integrations.inactiveSchedule.integrationId}/schedule`,
    `${W}/backups/${F.backups.inactiveSchedule.backupId}/snapshots?take=3&sortOrder=desc`,
    `${W}/backups/${F.backups.main.backupId}/snapshots?take=3&sortOrder=desc`,
    `${LEAD}/state`,
    `${LEAD}/active`,
    `${W}/endpoints?take=200`,
  ];
  const read = async (api: ReturnType<typeof client>) =>
    Promise.all(PROBES.map(async (p) => ({ p, ...(({ status, text }) => ({ status, text }))(await api(p)) })));

  it('answers as a fresh service again: runs, the clock, faults, stats, shapes, schedules and people as at start', async () => {
    const s = await startDemoService({ manualClock: true });
    try {
      const api = client(s);
      const fresh = await read(api);
      const freshStats = (await api('/__demo/stats')).json as Record<string, unknown>;
      const started = (await api('/__demo/clock')).json.now as string;
      const firstRun = (await api(`${I}/executions`, post())).json.runId as number;

      // Everything a test changes: runs and snapshots started, time passed with schedules on,
      // people invited, added and removed, switches flipped, the shapes, stats and faults.
      await api(`${W}/backups/${F.backups.inactiveSchedule.backupId}/snapshots`, post());
      await api(`${W}/integrations/${F.integrations.inactiveSchedule.integrationId}/schedule/enable`, post());
      await api(`${W}/backups/${F.backups.inactiveSchedule.backupId}/schedule/enable`, post());
      await api(`${LEAD}/disable`, post());
      await api(`${W}/endpoints/${F.endpoints.odata.endpointId}/disable`, post());
      await api('/v1/account/invitations', post({ email: 'new.person@example.com', userType: 'Member', workspaces: [] }));
      await api(`${W}/users`, post({ userId: F.users.unassigned.userId, roleId: F.roleId }));
      await api('/v1/account/users', { method: 'DELETE', body: JSON.stringify({ email: F.removableUserEmail }) });
      await api('/__demo/schedules', post({ on: true }));
      await api('/__demo/advance', post({ ms: 25 * 3_600_000 }));
      await api(`${I}/executions`, post());
      const changed = await read(api);
      assert.deepEqual(
        PROBES.filter((_, i) => changed[i].status === fresh[i].status && changed[i].text === fresh[i].text),
        [],
        'every probe reads differently before the reset',
      );
      await api('/__demo/shapes', post({ shapes: 'live' }));
      await api('/__demo/faults', post({ latency: 50, contentType: 'text/plain', failNext: { n: 3, status: 503 } }));
      assert.ok(s.stats.requests > 0 && s.stats.runsStarted > 0);

      const reset = await api('/__demo/reset', post());
      assert.equal(reset.status, 200);
      assert.deepEqual(reset.json, { now: started, shapes: 'seed', schedules: false });
      assert.deepEqual((await api('/__demo/faults')).json, { latency: 0, contentType: 'application/json; charset=utf-8', queued: [] });
      // As a fresh service's, from nothing: no request, and each kind's runs started (runsStarted, snapshotsStarted…) at 0.
      const stats = (await api('/__demo/stats')).json as Record<string, unknown>;
      const counted = Object.entries(stats).filter(([k, v]) => k.endsWith('Started') && v !== 0);
      assert.ok('runsStarted' in stats && 'snapshotsStarted' in stats, 'the counts of runs and snapshots started');
      assert.deepEqual(counted, [], 'no run counted');
      assert.deepEqual(stats, { ...freshStats, requests: 0, byOperation: {} });
      assert.equal((await api('/__demo/clock')).json.now, started, 'the clock at its start');
      assert.deepEqual((await api('/__demo/shapes')).json, { shapes: 'seed' });
      assert.deepEqual((await api('/__demo/schedules')).json, { on: false });
      assert.deepEqual(await read(api), fresh, 'every probe reads as it did at start, to the byte');
      // The next run is the one a fresh service starts first, with the same id.
      assert.equal((await api(`${I}/executions`, post())).json.runId, firstRun);
      // Hours pass and nothing is scheduled, as at start.
      await api('/__demo/advance', post({ ms: 25 * 3_600_000 }));
      assert.equal(
        (await api(`${W}/integrations/${F.integrations.alwaysFails.integrationId}/executions?take=3&sortOrder=desc`)).text,
        fresh[6].text,
        'no scheduled run',
      );
    } finally {
      await s.close();
    }
  });

  it('keeps what the service was started with: its scale, shapes and schedules', async () => {
    const s = await startDemoService({ manualClock: true, scale: 2, shapes: 'live', schedules: true });
    try {
      const api = client(s);
      const broken = `${W}/integrations/${F.integrations.alwaysFails.integrationId}/executions?take=1&sortOrder=desc`;
      const fresh = (await api(broken)).json.data[0].runId as number;
      await api('/__demo/shapes', post({ shapes: 'seed' }));
      await api('/__demo/schedules', post({ on: false }));
      assert.equal((await api('/__demo/reset', post())).json.shapes, 'live');
      assert.deepEqual((await api('/__demo/schedules')).json, { on: true });
      assert.equal((await api(`${W}/integrations?take=200`)).json.data.length, 2 * F.integrations.countInWorkspace, 'the same scale');
      assert.equal((await api(`${W}/backups/${F.backupId}/schedule`)).text, '{"active":true}', 'the live shape');
      assert.equal((await api(broken)).json.data[0].runId, fresh);
      // Its schedules run again as the clock passes their slots.
      await api('/__demo/advance', post({ ms: 25 * 3_600_000 }));
      assert.notEqual((await api(broken)).json.data[0].runId, fresh, 'a scheduled run');
    } finally {
      await s.close();
    }
  });

  it('resets in process too, as POST /__demo/reset does', async () => {
    const s = await startDemoService({ manualClock: true });
    try {
      const api = client(s);
      const fresh = await read(api);
      await api(`${I}/executions`, post());
      s.advance(3_600_000);
      s.faults.failNext(1, 500);
      s.reset();
      assert.deepEqual(await read(api), fresh);
      assert.equal(s.stats.requests, PROBES.length, 'counted from the reset on');
    } finally {
      await s.close();
    }
  });
});

describe('demo service CLI', function () {
  this.timeout(30_000);

  function run(args: string[]) {
    return spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'src/demo/cli.ts'), ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  }

  it('prints one JSON line with the real port, serves, and exits 0 on SIGTERM', async () => {
    const child = run(['--port', '0', '--token', 'cli-token', '--shapes', 'live', '--time-scale', '10']);
    let out = '';
    child.stdout.setEncoding('utf8');
    const line = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk: string) => {
        out += chunk;
        if (out.includes('\n')) resolve(out.split('\n')[0] as string);
      });
      child.once('exit', (code) => reject(new Error(`exited ${String(code)} before printing`)));
    });
    const info = JSON.parse(line) as { url: string; token: string };
    assert.deepEqual(Object.keys(info), ['url', 'token']);
    assert.match(info.url, /^http:\/\/127\.0\.0\.1:[1-9]\d*$/);
    assert.equal(info.token, 'cli-token');
    const r = await fetch(`${info.url}${W}/backups/${F.backupId}/schedule`, { headers: { Authorization: 'cli-token' } });
    assert.deepEqual(await r.json(), { active: true }, 'live shapes');
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    assert.equal(await exited, 0);
    assert.equal(out.trim().split('\n').length, 1, 'exactly one line on stdout');
  });

  for (const args of [['--scale', 'lots'], ['--shapes', 'beta'], ['--port'], ['--frobnicate']]) {
    it(`exits 2 with a message for ${args.join(' ')}`, async () => {
      const child = run(args);
      let err = '';
      child.stderr.setEncoding('utf8');
      child.stderr.on('data', (c: string) => (err += c));
      const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
      assert.equal(code, 2);
      assert.match(err, /demo-service: /);
    });
  }
});
