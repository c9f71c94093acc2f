// The transport's connections where VS Code's fetch opens one per request (api/connections.ts),
// in Node with VS Code 1.100's pieces stood in for: its patched fetch, which makes an undici
// Agent for every request as 1.100's does, and its modules where the extension host has them, in
// the module cache (a proxy resolver that finds no proxy, an empty list of added certificates,
// and undici itself). Real HTTP to the demo service through a pass-through that counts the
// connections it accepts.
import * as assert from 'node:assert/strict';
import { Module } from 'node:module';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import * as undici from 'undici';
import { SkyviaClient, useHostNetwork, type HostNetwork } from '../../src/api';
import { startDemoService, type DemoService } from '../../src/demo';

const REQUESTS = 10;
const settings: ReturnType<HostNetwork['settings']> = {
  proxySupport: 'override',
  systemCertificates: true,
  fetchAdditionalSupport: true,
  electronFetch: false,
};

/** A TCP pass-through to `port` on 127.0.0.1 that counts the connections it accepts. */
async function passThrough(port: number): Promise<{ url: string; opened: () => number; close(): Promise<void> }> {
  let opened = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    opened++;
    const upstream = net.connect(port, '127.0.0.1');
    for (const s of [socket, upstream]) {
      sockets.add(s);
      s.on('error', () => (s === socket ? upstream : socket).destroy()).on('close', () => sockets.delete(s));
    }
    socket.pipe(upstream).pipe(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    opened: () => opened,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

describe('connections where VS Code’s fetch opens one per request', () => {
  const g = globalThis as { __vscodeOriginalFetch?: typeof fetch; __vscodePatchedFetch?: typeof fetch };
  const modules = path.join(os.tmpdir(), 'skyvia-standin', 'node_modules');
  const agentPath = path.join(modules, '@vscode', 'proxy-agent', 'out', 'index.js');
  const undiciPath = path.join(modules, 'undici', 'index.js');
  let demo: DemoService;
  let line: Awaited<ReturnType<typeof passThrough>>;
  let patchedCalls = 0;

  before(async () => {
    demo = await startDemoService({ port: 0 });
    const original = globalThis.fetch;
    g.__vscodeOriginalFetch = original;
    // As VS Code 1.100's patch does: a new Agent for each request, whatever dispatcher was given.
    g.__vscodePatchedFetch = (input, init) => {
      patchedCalls++;
      return original(input, { ...init, dispatcher: new undici.Agent() } as RequestInit);
    };
    const stand = (file: string, exports: unknown) => {
      const m = new Module(file);
      Object.assign(m, { filename: file, loaded: true, exports });
      require.cache[file] = m;
    };
    stand(agentPath, { resolveProxyURL: async () => undefined, getOrLoadAdditionalCertificates: async () => [] });
    stand(undiciPath, undici);
  });
  beforeEach(async () => {
    line = await passThrough(Number(new URL(demo.url).port));
    patchedCalls = 0;
  });
  afterEach(async () => {
    useHostNetwork(undefined);
    await line.close();
  });
  after(async () => {
    delete g.__vscodeOriginalFetch;
    delete g.__vscodePatchedFetch;
    delete require.cache[agentPath];
    delete require.cache[undiciPath];
    await demo.close();
  });

  const reads = async () => {
    const client = new SkyviaClient({ baseUrl: line.url, token: demo.token });
    for (let i = 0; i < REQUESTS; i++) assert.ok((await client.listWorkspaces()).length > 0);
  };

  it('the stand-in opens one connection per request, as VS Code 1.100’s fetch does', async () => {
    for (let i = 0; i < REQUESTS; i++) await (await g.__vscodePatchedFetch!(`${line.url}/v1/workspaces`, { headers: { Authorization: demo.token } })).text();
    assert.equal(line.opened(), REQUESTS);
  });

  it(`keeps its connections for ${REQUESTS} requests in a row before VS Code 1.104.3`, async () => {
    useHostNetwork({ version: '1.100.3', settings: () => settings });
    await reads();
    // One, or two: a request sent the moment the one before it was read can find that connection
    // not yet given back to undici's pool, which then opens a second (and from then on has one free).
    assert.ok(line.opened() <= 2, `${line.opened()} connections for ${REQUESTS} requests`);
    // Only its data: URL, which loads VS Code's certificates without a request.
    assert.equal(patchedCalls, 1);
  });

  it('leaves every request to VS Code’s fetch from 1.104.3 on, and where its fetch has no additional support', async () => {
    const before = globalThis.fetch;
    let calls = 0;
    globalThis.fetch = (input, init) => (calls++, g.__vscodePatchedFetch!(input, init));
    try {
      useHostNetwork({ version: '1.104.3', settings: () => settings });
      await reads();
      useHostNetwork({ version: '1.100.3', settings: () => ({ ...settings, fetchAdditionalSupport: false }) });
      await reads();
    } finally {
      globalThis.fetch = before;
    }
    assert.equal(calls, 2 * REQUESTS);
    assert.equal(line.opened(), 2 * REQUESTS);
  });
});
