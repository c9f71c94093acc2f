// The API client through what a company network puts in its way: a forward proxy that asks for
// credentials or is down, a TLS certificate this machine does not trust. Real sockets on 127.0.0.1,
// no fetch mocks: the proxy goes in as undici's ProxyAgent, the global dispatcher that Node's
// fetch reads (VS Code's extension host hands fetch the same agent, from the undici it bundles).
import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import { Agent, ProxyAgent, getGlobalDispatcher, setGlobalDispatcher, type Dispatcher } from 'undici';
import { SkyviaClient, SkyviaError, type RequestLogEntry } from '../../src/api';
import { DEMO_FIXTURES as F, startDemoService, type DemoService } from '../../src/demo';
import { formatRequestLine } from '../../src/shared/format';
import { closedPort, makeCertificates, startProxy, startTlsServer, type TestCertificates, type TestProxy } from '../netFixtures';

interface Client {
  client: SkyviaClient;
  log: RequestLogEntry[];
  sleeps: number[];
}

function clientOf(baseUrl: string, token = 'not-a-real-token'): Client {
  const log: RequestLogEntry[] = [];
  const sleeps: number[] = [];
  const client = new SkyviaClient({ baseUrl, token, onRequest: (e) => log.push(e), sleep: async (ms) => void sleeps.push(ms) });
  return { client, log, sleeps };
}

async function rejects(p: Promise<unknown>, kind: SkyviaError['kind']): Promise<SkyviaError> {
  const e = await p.then(
    () => assert.fail(`expected a ${kind} error, but the call succeeded`),
    (error: unknown) => error,
  );
  assert.ok(e instanceof SkyviaError, `expected a SkyviaError, got ${String(e)}`);
  assert.equal(e.kind, kind, `expected kind ${kind}, got ${e.kind}: ${e.message}`);
  return e;
}

describe('API client through a proxy and untrusted certificates', function () {
  let demo: DemoService;
  let original: Dispatcher;
  const closing: { close(): Promise<void> }[] = [];
  // The way every request of the test goes, as VS Code's fetch would send it.
  const through = (dispatcher: Dispatcher) => setGlobalDispatcher(dispatcher);
  const proxy = async (options: Parameters<typeof startProxy>[0] = {}): Promise<TestProxy> => {
    const p = await startProxy(options);
    closing.push(p);
    return p;
  };

  beforeEach(async () => {
    original = getGlobalDispatcher();
    demo = await startDemoService({ port: 0, manualClock: true });
  });
  afterEach(async () => {
    const dispatcher = getGlobalDispatcher();
    setGlobalDispatcher(original);
    if (dispatcher !== original) await dispatcher.destroy();
    await Promise.all(closing.splice(0).map((c) => c.close()));
    await demo.close();
  });

  describe('a proxy that asks for credentials (407)', () => {
    it('says the proxy wants credentials and where they go, after one attempt', async () => {
      const p = await proxy({ credentials: 'alice:s3cret' });
      through(new ProxyAgent({ uri: p.url }));
      const c = clientOf(demo.url);
      const e = await rejects(c.client.listWorkspaces(), 'proxy');
      assert.equal(e.userMessage, 'The proxy needs valid credentials (407)');
      assert.match(e.advice ?? '', /setting http\.proxy, as http:\/\/user:password@host:port/);
      assert.match(e.advice ?? '', /“Proxies and certificates”/);
      assert.match(e.message, /Proxy response \(407\)/, 'the proxy’s own words stay in the details');
      assert.equal(p.connects, 1, 'a 407 is not asked again: it will not pass by waiting');
      assert.equal(c.log.length, 1);
      assert.equal(c.sleeps.length, 0);
      assert.equal(
        formatRequestLine({ ...c.log[0], ms: 3 }),
        'GET /v1/workspaces → proxy (3 ms) — Proxy response (407) !== 200 when HTTP Tunneling (UND_ERR_ABORTED)',
      );
    });

    it('gets through with the credentials in the proxy’s URL, as the advice says', async () => {
      const p = await proxy({ credentials: 'alice:s3cret' });
      through(new ProxyAgent({ uri: `http://alice:s3cret@${p.address}` }));
      const c = clientOf(demo.url, demo.token);
      assert.ok((await c.client.listWorkspaces()).length > 0);
      assert.equal(p.connects, 1);
    });

    it('does not start a run twice either: one attempt, nothing started', async () => {
      const p = await proxy({ credentials: 'alice:s3cret' });
      through(new ProxyAgent({ uri: p.url }));
      demo.stats.reset();
      const c = clientOf(demo.url, demo.token);
      await rejects(c.client.runIntegration(F.workspaceId, F.idleIntegrationId), 'proxy');
      assert.equal(p.connects, 1);
      assert.equal(demo.stats.runsStarted, 0);
    });
  });

  describe('the test proxy, asked the other way (absolute-URI, as a plain-HTTP client asks a proxy)', () => {
    /** `GET http://<host>/v1/workspaces` sent to the proxy itself, with Node's http: its status. */
    const viaAbsoluteUri = (p: TestProxy, host: string, proxyAuthorization?: string) =>
      new Promise<number>((resolve, reject) => {
        const req = http.request(
          {
            host: '127.0.0.1',
            port: p.port,
            path: `http://${host}/v1/workspaces`,
            headers: { Authorization: demo.token, ...(proxyAuthorization ? { 'Proxy-Authorization': proxyAuthorization } : {}) },
          },
          (res) => res.resume().on('end', () => resolve(res.statusCode ?? 0)),
        );
        req.on('error', reject).end();
      });

    it('passes it on to the host only the proxy knows, and asks it for credentials too', async () => {
      const p = await proxy({ target: { host: '127.0.0.1', port: Number(new URL(demo.url).port) }, credentials: 'alice:s3cret' });
      assert.equal(await viaAbsoluteUri(p, 'skyvia-api.test'), 407);
      assert.equal(await viaAbsoluteUri(p, 'skyvia-api.test', `Basic ${Buffer.from('alice:s3cret').toString('base64')}`), 200);
      assert.equal(p.forwards, 2);
      assert.equal(p.connects, 0);
      assert.deepEqual(
        p.heard.map((h) => h.line),
        Array(2).fill('GET http://skyvia-api.test/v1/workspaces HTTP/1.1'),
        'the proxy reads the whole address of such a request',
      );
    });
  });

  describe('a proxy that is down', () => {
    it('names the proxy’s address, not the API, and still retries a read as a network error', async () => {
      const port = await closedPort();
      through(new ProxyAgent({ uri: `http://127.0.0.1:${port}` }));
      const c = clientOf(demo.url);
      const e = await rejects(c.client.listWorkspaces(), 'network');
      assert.equal(e.userMessage, `Could not connect to the proxy at 127.0.0.1:${port}`);
      assert.match(e.advice ?? '', /proxy is running .* setting http\.proxy/);
      assert.deepEqual(
        c.log.map((l) => [l.error, l.reason]),
        Array(3).fill(['network', `connect ECONNREFUSED 127.0.0.1:${port}`]),
        'a proxy coming back up is worth the two quick tries, as any refused connection',
      );
      assert.equal(c.sleeps.length, 2);
    });

    it('never retries a run', async () => {
      through(new ProxyAgent({ uri: `http://127.0.0.1:${await closedPort()}` }));
      const c = clientOf(demo.url, demo.token);
      await rejects(c.client.runIntegration(F.workspaceId, F.idleIntegrationId), 'network');
      assert.equal(c.log.length, 1);
    });

    it('tells the API’s own refusal from the proxy’s', async () => {
      const port = await closedPort();
      const c = clientOf(`http://127.0.0.1:${port}`);
      const e = await rejects(c.client.listWorkspaces(), 'network');
      assert.equal(e.userMessage, 'Could not reach the Skyvia API');
      assert.equal(e.advice, undefined);
      assert.match(e.message, new RegExp(`connect ECONNREFUSED 127\\.0\\.0\\.1:${port}`));
    });
  });

  describe('a proxy that will not open the way', () => {
    it('names the host it refused (403), after one attempt', async () => {
      const p = await proxy({ refuse: 403 });
      through(new ProxyAgent({ uri: p.url }));
      const c = clientOf(demo.url);
      const e = await rejects(c.client.listWorkspaces(), 'proxy');
      assert.equal(e.userMessage, `The proxy refused the connection to ${new URL(demo.url).host} (403)`);
      assert.match(e.advice ?? '', /administrator to let .* through the proxy/);
      assert.equal(p.connects, 1);
    });

    it('retries a read when the proxy could not reach the API (502), as the API’s own 5xx', async () => {
      const p = await proxy({ refuse: 502 });
      through(new ProxyAgent({ uri: p.url }));
      const c = clientOf(demo.url);
      const e = await rejects(c.client.listWorkspaces(), 'network');
      assert.equal(e.userMessage, `The proxy could not reach ${new URL(demo.url).host} (502)`);
      assert.equal(p.connects, 3);
    });
  });

  describe('a proxy that answers for the API', () => {
    it('retries a 5xx read through a working proxy, as before', async () => {
      const p = await proxy();
      through(new ProxyAgent({ uri: p.url }));
      demo.faults.failNext(2, 503);
      const c = clientOf(demo.url, demo.token);
      assert.ok((await c.client.listWorkspaces()).length > 0);
      assert.deepEqual(
        c.log.map((l) => l.status),
        [503, 503, 200],
      );
    });
  });

  describe('a certificate this machine does not trust', () => {
    let certs: TestCertificates;
    before(() => (certs = makeCertificates()));

    const cases: [what: string, cert: (c: TestCertificates) => string, code: string, words: string, advice: RegExp][] = [
      [
        'signed by a CA it does not know',
        (c) => c.leaf,
        'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
        'is not trusted on this computer',
        /system’s certificate store .* http\.systemCertificates .* NODE_EXTRA_CA_CERTS/,
      ],
      ['with its unknown root sent along', (c) => c.leafAndCa, 'SELF_SIGNED_CERT_IN_CHAIN', 'is not trusted on this computer', /NODE_EXTRA_CA_CERTS/],
      [
        'with an intermediate whose root it lacks',
        (c) => c.leafAndIntermediate,
        'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
        'is not trusted on this computer',
        /NODE_EXTRA_CA_CERTS/,
      ],
      ['self-signed', (c) => c.selfSigned, 'DEPTH_ZERO_SELF_SIGNED_CERT', 'is self-signed', /only if it is your company’s: .*NODE_EXTRA_CA_CERTS/],
    ];
    for (const [what, cert, code, words, advice] of cases) {
      it(`${what}: ${code}, one attempt`, async () => {
        const server = await startTlsServer({ key: certs.key, cert: cert(certs) });
        closing.push(server);
        const c = clientOf(server.url);
        const e = await rejects(c.client.listWorkspaces(), 'certificate');
        const host = new URL(server.url).host;
        assert.equal(e.userMessage, `The certificate presented for ${host} ${words}`);
        assert.match(e.advice ?? '', advice);
        assert.match(e.message, new RegExp(code));
        assert.equal(server.connections, 1, 'a certificate does not change by waiting: no retry');
        assert.equal(c.log.length, 1);
        assert.match(formatRequestLine(c.log[0]), new RegExp(`→ certificate \\(\\d+ ms\\) — .*\\(${code}\\)$`));
      });
    }

    it('expired: CERT_HAS_EXPIRED, and the clock is the first thing to check', async () => {
      const server = await startTlsServer({ key: certs.key, cert: certs.expired });
      closing.push(server);
      through(new Agent({ connect: { ca: certs.ca } }));
      const e = await rejects(clientOf(server.url).client.listWorkspaces(), 'certificate');
      assert.equal(e.userMessage, `The certificate presented for ${new URL(server.url).host} has expired`);
      assert.match(e.advice ?? '', /date and time of this computer/);
      assert.equal(server.connections, 1);
    });

    it('for another host: ERR_TLS_CERT_ALTNAME_INVALID, and the base URL is the first thing to check', async () => {
      const server = await startTlsServer({ key: certs.key, cert: certs.otherHost });
      closing.push(server);
      through(new Agent({ connect: { ca: certs.ca } }));
      const e = await rejects(clientOf(server.url).client.listWorkspaces(), 'certificate');
      assert.equal(e.userMessage, `The certificate presented for ${new URL(server.url).host} is for another host`);
      assert.match(e.advice ?? '', /setting skyvia\.baseUrl/);
      assert.match(e.message, /ERR_TLS_CERT_ALTNAME_INVALID/);
      assert.equal(server.connections, 1);
    });

    it('through a proxy, as a company proxy that inspects TLS presents it: the same words, one tunnel', async () => {
      const server = await startTlsServer({ key: certs.key, cert: certs.leaf }, demo.url);
      closing.push(server);
      const p = await proxy();
      through(new ProxyAgent({ uri: p.url }));
      const e = await rejects(clientOf(server.url).client.listWorkspaces(), 'certificate');
      assert.match(e.userMessage, /is not trusted on this computer$/);
      assert.equal(p.connects, 1);
    });

    it('is answered once its CA is trusted, as the advice says (the demo service behind it)', async () => {
      const server = await startTlsServer({ key: certs.key, cert: certs.leaf }, demo.url);
      closing.push(server);
      const p = await proxy();
      through(new ProxyAgent({ uri: p.url, requestTls: { ca: certs.ca } }));
      assert.ok((await clientOf(server.url, demo.token).client.listWorkspaces()).length > 0);
    });
  });
});
