// Requests keep their connections, in VS Code's own extension host: the extension's requests go
// through a pass-through that counts the TCP connections it accepts (and, with `http.proxy` set,
// through a forward proxy that counts the tunnels it opens), and a run of reads one after another
// opens one connection — or a small pool — not one per request. VS Code before 1.104.3 opens
// one per request through its own fetch (api/connections.ts says why and what is done instead).
import * as assert from 'node:assert/strict';
import * as net from 'node:net';
import * as vscode from 'vscode';
import type { AccountId } from '../../../src/shared/refs';
import type { SkyviaExplorerApi, TreeNode } from '../../../src/testing/testApi';
import { startProxy } from '../../netFixtures';
import { contextOf, demo, freshStart } from './helpers';
import { MAX_PARALLEL } from '../../../src/state/accountScan';

/** Reads in a row, each after the one before it was answered. */
const READS = 12;
/**
 * The most connections (or tunnels) a run of reads may open: the first request through a proxy
 * is VS Code's own fetch's (it answers a proxy's challenge, which a kept tunnel cannot), then a
 * pool of one or two kept ones — a read sent the moment the one before it was answered can find
 * that connection not yet given back to the pool, and opens a second.
 */
const KEPT = 3;

interface Counter {
  port: number;
  /** Connections (or tunnels) opened so far. */
  opened: number;
  close(): Promise<void>;
}

/** A TCP pass-through to `target` that counts the connections it accepts. */
async function passThrough(target: { host: string; port: number }): Promise<Counter> {
  const sockets = new Set<net.Socket>();
  const counter = { port: 0, opened: 0, close: async () => {} };
  const server = net.createServer((socket) => {
    counter.opened++;
    const upstream = net.connect(target);
    for (const s of [socket, upstream]) {
      sockets.add(s);
      s.on('error', () => (s === socket ? upstream : socket).destroy());
      s.on('close', () => sockets.delete(s));
    }
    socket.pipe(upstream).pipe(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  counter.port = (server.address() as net.AddressInfo).port;
  counter.close = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    });
  return counter;
}

/** The account's root row once signed in at `baseUrl`, with its id. */
async function signedInAt(x: SkyviaExplorerApi, baseUrl: string): Promise<{ account: AccountId; root: TreeNode }> {
  const result = await x.accounts.signIn(baseUrl, demo.token);
  assert.ok(result.ok, `sign-in at ${baseUrl} failed: ${!result.ok && 'error' in result && result.error.message}`);
  const root = (await x.tree.getChildren()).find((n) => x.tree.getTreeItem(n).id?.includes(result.account));
  assert.ok(root && contextOf(x, root)[0] === 'account', 'the account has its root row');
  return { account: result.account, root };
}

/** The account's workspaces read `READS` times, one read after another; the requests it took. */
async function readsInARow(x: SkyviaExplorerApi, root: TreeNode): Promise<number> {
  const before = x.requestCount();
  for (let i = 0; i < READS; i++) {
    x.tree.refresh(root);
    const rows = await x.tree.getChildren(root);
    assert.ok(
      rows.some((n) => String(x.tree.getTreeItem(n).label).startsWith('Data Platform')),
      'the workspaces are read',
    );
  }
  return x.requestCount() - before;
}

describe('connections', () => {
  const demoAddress = { host: '127.0.0.1', port: Number(new URL(demo.url).port) };
  const httpSettings = () => vscode.workspace.getConfiguration('http');
  let x: SkyviaExplorerApi;
  let added: AccountId | undefined;
  const counters: { close(): Promise<void> }[] = [];
  before(async () => {
    x = await freshStart({ signedIn: false });
  });
  afterEach(async () => {
    await httpSettings().update('proxy', undefined, vscode.ConfigurationTarget.Global);
    if (added) await x.accounts.signOut(added);
    added = undefined;
    for (const c of counters.splice(0)) await c.close();
  });

  it(`reads ${READS} times in a row over one kept connection, not one each`, async () => {
    const counter = await passThrough(demoAddress);
    counters.push(counter);
    const from = x.requestCount();
    const { account, root } = await signedInAt(x, `http://127.0.0.1:${counter.port}`);
    added = account;
    const reads = await readsInARow(x, root);
    const requests = x.requestCount() - from;
    console.log(`      connections: ${counter.opened} for ${requests} requests (the sign-in's and ${reads} reads)`);
    assert.ok(reads >= READS, `each read is a request (${reads})`);
    assert.ok(counter.opened <= KEPT, `${counter.opened} connections for ${requests} requests`);
  });

  it(`reads the account’s histories, ${MAX_PARALLEL} at once far from the service, over ${MAX_PARALLEL} connections at most`, async () => {
    const counter = await passThrough(demoAddress);
    counters.push(counter);
    const from = x.requestCount();
    const { account } = await signedInAt(x, `http://127.0.0.1:${counter.port}`);
    added = account;
    // Far from the service the reading keeps its gate's limit out at once for most of its time:
    // each request out holds a connection, and one handed back is taken again, not a new one.
    await demo.faults({ latency: 100 });
    try {
      await vscode.commands.executeCommand('skyvia.failuresLast7Days');
    } finally {
      await demo.clearFaults();
      // The view's own range (the next suites find it as it always is).
      await vscode.commands.executeCommand('skyvia.failuresLast24Hours');
    }
    const requests = x.requestCount() - from;
    console.log(`      connections: ${counter.opened} for ${requests} requests (a reading of the account's histories)`);
    assert.ok(requests > 2 * MAX_PARALLEL, `a reading of every item's history (${requests} requests)`);
    assert.ok(counter.opened <= MAX_PARALLEL, `${counter.opened} connections for ${requests} requests`);
  });

  it(`reads ${READS} times in a row through the proxy of http.proxy over one kept tunnel, not one each`, async () => {
    const counter = await passThrough(demoAddress);
    const proxy = await startProxy({ target: { host: '127.0.0.1', port: counter.port } });
    counters.push(proxy, counter);
    await httpSettings().update('proxy', proxy.url, vscode.ConfigurationTarget.Global);
    // VS Code sends every host but this machine's own names through http.proxy: the API goes by a
    // made-up name only the proxy knows, so an answer at all proves the proxy was used.
    const from = x.requestCount();
    const { account, root } = await signedInAt(x, `http://skyvia-api.test:${counter.port}`);
    added = account;
    const reads = await readsInARow(x, root);
    const requests = x.requestCount() - from;
    console.log(`      tunnels: ${proxy.connects}, connections: ${counter.opened} for ${requests} requests (the sign-in's and ${reads} reads)`);
    assert.ok(reads >= READS, `each read is a request (${reads})`);
    assert.ok(proxy.connects <= KEPT, `${proxy.connects} tunnels for ${requests} requests`);
    assert.equal(counter.opened, proxy.connects, 'one connection to the API per tunnel');
  });
});
