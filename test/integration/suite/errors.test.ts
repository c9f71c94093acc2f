import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { explain } from '../../../src/host/signInPrompt';
import { closedPort, makeCertificates, startProxy, startTlsServer } from '../../netFixtures';
import { companyNetwork, contextOf, demo, find, freshStart, item, label, labels, signedIn } from './helpers';

describe('errors and empty lists are nodes, not pop-ups', () => {
  before(() => freshStart());
  afterEach(() => demo.clearFaults());

  it('shows a failed load as a node with Retry, and retries', async () => {
    const x = await signedIn();
    const node = await find(x, 'Sales Ops', 'Automations');
    x.tree.refresh(node);
    await demo.faults({ failNext: { n: 3, status: 500 } });
    const children = await x.tree.getChildren(node);
    assert.equal(children.length, 1);
    assert.equal(contextOf(x, children[0])[0], 'message');
    assert.match(label(x, children[0]), /Couldn.t load/);
    const retry = item(x, children[0]).command;
    assert.ok(retry, 'the message node offers Retry');
    await vscode.commands.executeCommand(retry.command, ...(retry.arguments ?? []));
    const again = await x.tree.getChildren(node);
    assert.ok(again.length > 1 && contextOf(x, again[0])[0] === 'automation');
  });

  it('shows an empty list as "No …"', async () => {
    const x = await signedIn();
    const ws = await find(x, 'Sales Ops', 'Agents');
    const children = await x.tree.getChildren(ws);
    assert.equal(children.length, 1);
    assert.match(label(x, children[0]), /^No agents/i);
  });

  it('shows a 403 on one list as "not allowed" there when the token is still good', async () => {
    // The API answers 403 both for a bad token and for a token that lacks one permission: a
    // single refused list must not sign the user out.
    const x = await signedIn();
    const node = await find(x, 'Finance', 'Backups');
    x.tree.refresh(node);
    await demo.faults({ failNext: { n: 1, status: 403 } });
    const children = await x.tree.getChildren(node);
    assert.equal(x.session.current().state, 'signedIn');
    assert.equal(children.length, 1);
    assert.match(label(x, children[0]), /not allowed/i);
  });

  it('turns a 403 while browsing into one "token rejected" state when the token is refused', async () => {
    const x = await signedIn();
    const node = await find(x, 'Finance', 'Connections');
    x.tree.refresh(node);
    // The list and the check that follows it are both refused: the token itself is bad.
    await demo.faults({ failNext: { n: 2, status: 403 } });
    await x.tree.getChildren(node);
    assert.equal(x.session.current().state, 'rejected');
    const root = await x.tree.getChildren();
    assert.equal(root.length, 1);
    assert.match(label(x, root[0]), /rejected/i);
    assert.equal(item(x, root[0]).command?.command, 'skyvia.signIn');
    // Signing in again brings the tree back.
    assert.ok((await x.session.signInWithToken(demo.url, demo.token)).ok);
    assert.equal(x.session.current().state, 'signedIn');
    assert.ok((await x.tree.getChildren()).length === 1 && contextOf(x, (await x.tree.getChildren())[0])[0] === 'account');
  });
});

describe('a proxy and a certificate in the way, through VS Code’s own fetch', () => {
  before(() => freshStart());
  const net = companyNetwork();

  it('tells a proxy that asks for credentials (http.proxy) in the row and its tooltip, after one request', async () => {
    const x = await signedIn();
    const port = Number(new URL(demo.url).port);
    // VS Code's fetch sends every host through http.proxy but this machine's own names: the API
    // goes by a made-up one, which the proxy sends on to the demo service.
    const proxy = net.keep(await startProxy({ target: { host: '127.0.0.1', port } }));
    await net.http('proxy', proxy.url);
    const result = await net.signIn(`http://skyvia-api.test:${port}`);
    assert.ok(result.ok, `sign-in through the proxy failed: ${!result.ok && 'error' in result && result.error.message}`);
    assert.equal(proxy.connects, 1, 'the sign-in went through the proxy (http.proxy is read without a reload)');

    proxy.credentials = 'alice:s3cret';
    const root = (await x.tree.getChildren()).find((n) => x.tree.getTreeItem(n).id?.includes(result.account));
    assert.ok(root, 'the account through the proxy has its root');
    x.tree.refresh(root);
    const connects = proxy.connects;
    const row = (await x.tree.getChildren(root)).find((n) => contextOf(x, n)[0] === 'message');
    assert.ok(row, 'the failed load is a row');
    assert.equal(label(x, row), "Couldn't load: The proxy needs valid credentials (407)");
    const tooltip = String(item(x, row).tooltip);
    assert.match(tooltip, /Proxy response \(407\)/, 'the proxy’s own words, as VS Code’s fetch reports them');
    assert.match(tooltip, /setting http\.proxy, as http:\/\/user:password@host:port/);
    assert.match(tooltip, /“Proxies and certificates”/);
    assert.equal(proxy.connects - connects, 1, 'one request: a 407 is not retried');

    // What the tooltip says to do is enough: the credentials in http.proxy, no reload.
    await net.http('proxy', `http://alice:s3cret@${proxy.address}`);
    x.tree.refresh(root);
    assert.ok((await labels(x, root)).includes('Data Platform'), 'the workspaces load with the credentials given as the tooltip says');
  });

  it('says so in the sign-in box when the proxy asks for credentials', async () => {
    await signedIn();
    const proxy = net.keep(await startProxy({ credentials: 'alice:s3cret' }));
    await net.http('proxy', proxy.url);
    const result = await net.signIn('http://skyvia-api.test');
    assert.ok(!result.ok && 'error' in result && result.error.kind === 'proxy', `a proxy error, not ${JSON.stringify(result)}`);
    assert.equal(proxy.connects, 1);
    assert.match(explain(result.error, 'skyvia-api.test'), /^The proxy needs valid credentials \(407\)\. Give the proxy .* Press Enter to try again\.$/);
  });

  it('names a proxy that is down in the sign-in box', async () => {
    await signedIn();
    const port = await closedPort();
    await net.http('proxy', `http://127.0.0.1:${port}`);
    const result = await net.signIn('http://skyvia-api.test');
    assert.ok(!result.ok && 'error' in result && result.error.kind === 'network', `a network error, not ${JSON.stringify(result)}`);
    assert.match(
      explain(result.error, 'skyvia-api.test'),
      new RegExp(`^Could not connect to the proxy at 127\\.0\\.0\\.1:${port}\\. Check that the proxy is running`),
    );
  });

  it('says in the sign-in box that a self-signed certificate is not accepted, after one attempt', async () => {
    await signedIn();
    const certs = makeCertificates();
    const server = net.keep(await startTlsServer({ key: certs.key, cert: certs.selfSigned }, demo.url));
    const result = await net.signIn(server.url);
    assert.ok(!result.ok && 'error' in result && result.error.kind === 'certificate', `a certificate error, not ${JSON.stringify(result)}`);
    const host = new URL(server.url).host;
    assert.match(
      explain(result.error, host),
      new RegExp(`^The certificate presented for ${host.replace(/\./g, '\\.')} is self-signed\\. .*NODE_EXTRA_CA_CERTS`),
    );
    assert.equal(server.connections, 1);
  });
});
