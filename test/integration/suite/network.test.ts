// A company network in the way, through VS Code's own fetch (the extension host's, with its proxy
// support and certificates): a forward proxy in this process that only knows the made-up host the
// API goes by, with credentials in `http.proxy`, bypassed by `http.noProxy`, stopped and started
// again; an HTTPS service whose certificate a private CA signed, trusted as VS Code lets a company
// trust one (`http.systemCertificates` off and the CA in NODE_EXTRA_CA_CERTS, which the launcher
// sets when VS Code starts) and not trusted. What the proxy reads is checked as the proxy reads
// it: the token goes in the Authorization header alone, never in a CONNECT line or an address.
//
// The settings VS Code 1.100 does not apply to an extension's requests are tested as observed
// (`http.proxyAuthorization`, `http.proxyStrictSSL`, NODE_EXTRA_CA_CERTS with system certificates
// on): a test that starts failing there means VS Code changed, and docs/proxies-and-certificates.md
// with it (and the README's summary).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { SignInResult } from '../../../src/host/accounts';
import type { AccountId } from '../../../src/shared/refs';
import type { SkyviaExplorerApi, TreeNode } from '../../../src/testing/testApi';
import { makeCertificates, startProxy, startRelay, startTlsServer, type TestProxy } from '../../netFixtures';
import { companyNetwork, contextOf, demo, freshStart, labels, whenEvent } from './helpers';

/**
 * The most CONNECT tunnels the extension opens through the proxy, however many requests: VS
 * Code's own fetch takes the first request through a proxy (a tunnel of its own), then the kept
 * pool (api/connections.ts) carries the rest — two tunnels when a request is sent the moment
 * another's answer ends, before its connection is back in the pool. Before the pool was kept,
 * every request opened its own.
 */
const MOST_TUNNELS = 3;

/** The made-up host the API goes by: only the proxy knows where it is. */
const MADE_UP = 'skyvia-api.test';
const BROKEN = 'Legacy ERP Sync (broken)';

const run = (command: string, ...args: unknown[]) => vscode.commands.executeCommand(command, ...args);
const demoPort = () => Number(new URL(demo.url).port);
/** A proxy that sends every tunnel and request to the demo service, whatever host it was asked for. */
const toDemo = (options: Parameters<typeof startProxy>[0] = {}) => startProxy({ target: { host: '127.0.0.1', port: demoPort() }, ...options });

function signedInTo(result: SignInResult): AccountId {
  assert.ok(result.ok, `sign-in failed: ${JSON.stringify(!result.ok && 'error' in result ? result.error.message : result)}`);
  return result.account;
}

function failedWith(result: SignInResult, kind: string): string {
  assert.ok(!result.ok && 'error' in result, `expected a ${kind} error, but ${JSON.stringify(result)}`);
  assert.equal(result.error.kind, kind, result.error.message);
  return result.error.userMessage;
}

async function rootOf(x: SkyviaExplorerApi, account: AccountId): Promise<TreeNode> {
  const root = (await x.tree.getChildren()).find((n) => n.account === account);
  assert.ok(root, `a root for ${account}`);
  return root;
}

/** The account's children read again: its workspaces, or the row that says why not. */
async function readAgain(x: SkyviaExplorerApi, account: AccountId): Promise<string[]> {
  const root = await rootOf(x, account);
  x.tree.refresh(root);
  return labels(x, root);
}

/** The HTTP requests clients sent inside the proxy's tunnels (plain HTTP only): each one's line and headers. */
function requestsInside(proxy: TestProxy): { line: string; headers: string[] }[] {
  return [...proxy.tunneled().matchAll(/^([A-Z]+ \S+ HTTP\/1\.1)\r\n([\s\S]*?)\r\n\r\n/gm)].map(([, line, head]) => ({ line, headers: head.split('\r\n') }));
}

/** Where the token went: nowhere the proxy reads (CONNECT lines, their headers, any address), and inside the tunnels only as an Authorization header. */
function assertTokenOnlyInAuthorization(proxy: TestProxy, token: string): void {
  for (const { line, headers } of proxy.heard) {
    assert.ok(!line.includes(token), `the token in the proxy's request line: ${line}`);
    assert.ok(!JSON.stringify(headers).includes(token), `the token in a header the proxy reads: ${line}`);
  }
  const inside = requestsInside(proxy);
  assert.ok(inside.length > 0, 'requests went through the tunnels');
  for (const { line, headers } of inside) {
    assert.ok(!line.includes(token), `the token in an address: ${line}`);
    assert.deepEqual(
      headers.filter((h) => h.includes(token)).map((h) => h.replace(/^[^:]+/, (name) => name.toLowerCase())),
      [`authorization: ${token}`],
      `the token once, in the Authorization header: ${line}`,
    );
  }
}

describe('proxies and certificates in the way', () => {
  let x: SkyviaExplorerApi;
  before(async () => (x = await freshStart()));
  after(() => run('workbench.action.closeAllEditors'));
  const net = companyNetwork();

  describe('a forward proxy (http.proxy)', () => {
    it('browses, opens a panel and a log by a host only the proxy knows: CONNECT tunnels, the token only in the Authorization header', async () => {
      const proxy = net.keep(await toDemo());
      await net.http('proxy', proxy.url);
      const account = signedInTo(await net.signIn(`http://${MADE_UP}:${demoPort()}`));
      const node = await x.tree.findIn(account, 'Data Platform', 'Integrations', BROKEN);
      assert.ok(node, 'browsed to an integration');
      await run('skyvia.openPanel', node);
      assert.ok(x.panels.modelOf(node.ref!)?.history?.rows.length, 'its panel shows its runs');
      const entry = (await x.tree.getChildren(node)).find((n) => contextOf(x, n)[0] === 'run');
      assert.ok(entry, 'its history');
      await run('skyvia.openLog', entry);
      await whenEvent(vscode.window.onDidChangeActiveTextEditor, () => vscode.window.activeTextEditor?.document.uri.scheme === 'skyvia-log', 'its log opened');
      assert.ok((vscode.window.activeTextEditor?.document.getText() ?? '').length > 0, 'the log has text');
      await run('workbench.action.closeAllEditors');

      assert.ok(proxy.connects > 0);
      assert.equal(proxy.forwards, 0, 'VS Code’s fetch tunnels plain HTTP too: no absolute-URI request');
      for (const { line } of proxy.heard) assert.equal(line, `CONNECT ${MADE_UP}:${demoPort()} HTTP/1.1`, 'the proxy reads the host and port, nothing more');
      assertTokenOnlyInAuthorization(proxy, demo.token);
    });

    it(`reuses its tunnels through the proxy: at most ${MOST_TUNNELS}, however many requests`, async () => {
      const proxy = net.keep(await toDemo());
      await net.http('proxy', proxy.url);
      const account = signedInTo(await net.signIn(`http://${MADE_UP}:${demoPort()}`));
      // Four lists, one request each (and the sign-in's check).
      for (const [workspace, category] of [
        ['Data Platform', 'Integrations'],
        ['Data Platform', 'Backups'],
        ['Sales Ops', 'Automations'],
        ['Finance', 'Connections'],
      ]) {
        const node = await x.tree.findIn(account, workspace, category);
        assert.ok(node, `${workspace} › ${category}`);
        assert.ok((await x.tree.getChildren(node)).length > 0);
      }
      const requests = requestsInside(proxy).length;
      const perRequest = proxy.connects / requests;
      console.log(`      tunnels per request: ${proxy.connects} CONNECT for ${requests} requests = ${perRequest.toFixed(2)}`);
      assert.ok(requests >= 5, `a few requests (${requests})`);
      assert.ok(proxy.connects <= MOST_TUNNELS, `${proxy.connects} tunnels for ${requests} requests`);
    });

    it('takes Basic credentials in http.proxy’s address, which reach the proxy alone', async () => {
      const proxy = net.keep(await toDemo({ credentials: 'alice:s3cret' }));
      await net.http('proxy', `http://alice:s3cret@${proxy.address}`);
      const account = signedInTo(await net.signIn(`http://${MADE_UP}:${demoPort()}`));
      assert.ok((await readAgain(x, account)).includes('Data Platform'));
      const basic = `Basic ${Buffer.from('alice:s3cret').toString('base64')}`;
      assert.ok(proxy.heard.length >= 2);
      for (const { headers } of proxy.heard) assert.equal(headers['proxy-authorization'], basic, 'every CONNECT carries them');
      assert.ok(!proxy.tunneled().includes(basic) && !/proxy-authorization/i.test(proxy.tunneled()), 'they never reach the API');
    });

    it('ignores http.proxyAuthorization: VS Code 1.100 does not send it with an extension’s requests (a 407)', async () => {
      const proxy = net.keep(await toDemo({ credentials: 'alice:s3cret' }));
      await net.http('proxy', proxy.url);
      await net.http('proxyAuthorization', `Basic ${Buffer.from('alice:s3cret').toString('base64')}`);
      assert.equal(failedWith(await net.signIn(`http://${MADE_UP}:${demoPort()}`), 'proxy'), 'The proxy needs valid credentials (407)');
      assert.equal(proxy.heard.length, 1, 'one attempt');
      assert.equal(proxy.heard[0].headers['proxy-authorization'], undefined, 'no Proxy-Authorization header');
    });

    it('goes straight to a host http.noProxy names, and through the proxy again without it', async () => {
      // 127.0.0.2 is this machine, but not a name VS Code's fetch keeps from the proxy (only localhost, 127.0.0.1, ::1).
      const relay = net.keep(await startRelay(demo.url));
      const proxy = net.keep(await startProxy());
      await net.http('proxy', proxy.url);
      const account = signedInTo(await net.signIn(relay.url));
      assert.equal(proxy.connects, 1, 'the sign-in went through the proxy');
      await net.http('noProxy', ['127.0.0.2']);
      const [connects, connections] = [proxy.connects, relay.connections];
      assert.ok((await readAgain(x, account)).includes('Data Platform'));
      assert.equal(proxy.connects, connects, 'the proxy saw nothing');
      assert.ok(relay.connections > connections, 'the service was reached directly');
      await net.http('noProxy', undefined);
      assert.ok((await readAgain(x, account)).includes('Data Platform'));
      assert.ok(proxy.connects > connects, 'through the proxy again');
    });

    it('says the proxy is down when it stops, and works again as soon as it is back, without a reload', async () => {
      const proxy = net.keep(await toDemo());
      await net.http('proxy', proxy.url);
      const account = signedInTo(await net.signIn(`http://${MADE_UP}:${demoPort()}`));
      await proxy.close();
      const rows = await readAgain(x, account);
      assert.ok(rows.includes(`Couldn't load: Could not connect to the proxy at ${proxy.address}`), rows.join('\n'));
      assert.ok(!rows.includes('Data Platform'));
      const back = net.keep(await toDemo({ port: proxy.port }));
      assert.ok((await readAgain(x, account)).includes('Data Platform'), 'the same address, the proxy back: the workspaces load');
      assert.ok(back.connects > 0);
      assertTokenOnlyInAuthorization(back, demo.token);
    });
  });

  describe('HTTPS with a private certificate authority', () => {
    /** The CA VS Code was started trusting (NODE_EXTRA_CA_CERTS), and its key, from the launcher. */
    const folder = process.env.SKYVIA_TEST_CA_FOLDER;
    const companyCa = () => {
      assert.ok(folder, 'SKYVIA_TEST_CA_FOLDER is not set: run through test/integration/runInCodeServer.ts');
      return { cert: fs.readFileSync(path.join(folder, 'ca.crt'), 'utf8'), key: fs.readFileSync(path.join(folder, 'ca.key'), 'utf8') };
    };
    /** The demo service over HTTPS, its certificate signed by the company's CA (or, with `stranger`, by another). */
    const service = async (stranger = false) => {
      const certs = makeCertificates(stranger ? undefined : companyCa());
      return net.keep(await startTlsServer({ key: certs.key, cert: certs.leaf }, demo.url));
    };

    it('does not read NODE_EXTRA_CA_CERTS while http.systemCertificates is on (the default): the certificate is refused, clearly', async () => {
      assert.equal(process.env.NODE_EXTRA_CA_CERTS, path.join(folder ?? '', 'ca.crt'), 'VS Code started with the CA named');
      const server = await service();
      const host = new URL(server.url).host;
      assert.equal(failedWith(await net.signIn(server.url), 'certificate'), `The certificate presented for ${host} is not trusted on this computer`);
      assert.equal(server.connections, 1, 'one attempt: a certificate does not change by waiting');
    });

    it('trusts the CA in NODE_EXTRA_CA_CERTS with http.systemCertificates off, also through a proxy that sees only CONNECT', async () => {
      await net.http('systemCertificates', false);
      const server = await service();
      const account = signedInTo(await net.signIn(server.url));
      assert.ok((await x.tree.findIn(account, 'Data Platform', 'Integrations', BROKEN)) !== undefined, 'browsed over HTTPS');

      // The same service by the name only the proxy knows (the certificate names it too): the
      // proxy reads the host and port, and what passes through its tunnel is ciphertext.
      const port = Number(new URL(server.url).port);
      const proxy = net.keep(await startProxy({ target: { host: '127.0.0.1', port } }));
      await net.http('proxy', proxy.url);
      const through = signedInTo(await net.signIn(`https://${MADE_UP}:${port}`));
      assert.ok((await readAgain(x, through)).includes('Data Platform'), 'browsed over HTTPS through the proxy');
      assert.equal(proxy.forwards, 0);
      assert.ok(proxy.connects >= 2);
      for (const { line } of proxy.heard) assert.equal(line, `CONNECT ${MADE_UP}:${port} HTTP/1.1`, 'the proxy reads the host and port only');
      assert.ok(!proxy.tunneled().includes(demo.token) && !proxy.tunneled().includes('/v1/'), 'over TLS the proxy reads no token and no address');
    });

    it('refuses a certificate from a CA it was not given, with http.proxyStrictSSL off too (VS Code 1.100 does not apply it to extensions)', async () => {
      await net.http('systemCertificates', false);
      const server = await service(true);
      const host = new URL(server.url).host;
      const words = `The certificate presented for ${host} is not trusted on this computer`;
      assert.equal(failedWith(await net.signIn(server.url), 'certificate'), words);

      const port = Number(new URL(server.url).port);
      const proxy = net.keep(await startProxy({ target: { host: '127.0.0.1', port } }));
      await net.http('proxy', proxy.url);
      await net.http('proxyStrictSSL', false);
      assert.equal(failedWith(await net.signIn(`https://${MADE_UP}:${port}`), 'certificate'), words.replace(host, `${MADE_UP}:${port}`));
      assert.equal(proxy.connects, 1, 'through the proxy, and still refused');
    });
  });
});
