import * as assert from 'node:assert/strict';
import * as net from 'node:net';
import * as vscode from 'vscode';
import { api, demo, freshStart, labels, whenEvent } from './helpers';

describe('sign-in', () => {
  // Signed out, as a new window with no token stored.
  before(() => freshStart({ signedIn: false }));
  afterEach(() => demo.clearFaults());

  it('refuses a wrong token in the server’s words and stores nothing', async () => {
    const x = await api();
    const result = await x.session.signInWithToken(demo.url, 'not-the-token-123456');
    assert.equal(result.ok, false);
    assert.ok(!result.ok && 'error' in result && result.error.kind === 'auth');
    assert.ok(!result.ok && 'error' in result && /Authorization header is missing or invalid/.test(result.error.userMessage));
    assert.ok(!result.ok && 'error' in result && !result.error.message.includes('not-the-token-123456'), 'the token never appears in an error');
    assert.notEqual(x.session.current().state, 'signedIn');
    assert.equal(await x.session.resolve(), 'signedOut', 'nothing invalid was stored');
  });

  it('says an unreachable server is unreachable', async () => {
    const x = await api();
    const server = net.createServer();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as net.AddressInfo).port;
    await new Promise<void>((r) => server.close(() => r()));
    const result = await x.session.signInWithToken(`http://127.0.0.1:${port}`, demo.token);
    assert.ok(!result.ok && 'error' in result && result.error.kind === 'network');
  });

  it('checks a good token with one request, stores it and shows the account', async () => {
    const x = await api();
    const before = x.requestCount();
    const result = await x.session.signInWithToken(demo.url, demo.token);
    assert.deepEqual(result, { ok: true, workspaces: 4, account: x.accounts.list()[0]?.id });
    assert.equal(x.requestCount() - before, 1, 'one cheap call to check the token');
    assert.equal(x.session.current().state, 'signedIn');
    assert.equal(x.session.current().baseUrl, demo.url);
    const root = await x.tree.getChildren();
    assert.equal(root.length, 1, 'one account node');
  });

  it('forgets the token on sign-out, and finds the stored one after sign-in again', async () => {
    const x = await api();
    await x.session.signOut();
    assert.equal(x.session.current().state, 'signedOut');
    assert.deepEqual(await x.tree.getChildren(), []);
    assert.equal(await x.session.resolve(), 'signedOut', 'the token is gone from SecretStorage');
    assert.ok((await x.session.signInWithToken(demo.url, demo.token)).ok);
    assert.equal(await x.session.resolve(), 'signedIn');
    assert.ok((await labels(x, (await x.tree.getChildren())[0])).includes('Data Platform'));
  });

  it('shows the account in VS Code’s Accounts menu, and takes it away on sign-out', async () => {
    const x = await api();
    if (x.session.current().state !== 'signedIn') assert.ok((await x.session.signInWithToken(demo.url, demo.token)).ok);
    const host = new URL(demo.url).host;
    const accounts = async () => (await vscode.authentication.getAccounts('skyvia')).map((a) => a.label);
    assert.deepEqual(await accounts(), [host], 'named after the API it signs in to');
    let told = 0;
    const sub = vscode.authentication.onDidChangeSessions((e) => e.provider.id === 'skyvia' && told++);
    await x.session.signOut();
    await whenEvent(vscode.authentication.onDidChangeSessions, () => told > 0, 'VS Code to be told the session went');
    assert.deepEqual(await accounts(), [], 'no account once signed out');
    assert.ok((await x.session.signInWithToken(demo.url, demo.token)).ok);
    await whenEvent(vscode.authentication.onDidChangeSessions, () => told > 1, 'VS Code to be told of the new session');
    sub.dispose();
    assert.deepEqual(await accounts(), [host]);
    // The token goes only where the user consented: a silent ask, with no consent given, gets none.
    assert.equal(await vscode.authentication.getSession('skyvia', [], { silent: true }), undefined);
  });

  it('signs out of the environment’s token by ignoring it from then on, says so, and takes it again when asked', async () => {
    const x = await api();
    await x.session.signOut();
    // As `npm start` signs in: the token in the extension host's environment.
    process.env.SKYVIA_EXPLORER_TOKEN = demo.token;
    process.env.SKYVIA_EXPLORER_BASE_URL = demo.url;
    try {
      assert.equal(await x.session.lookAgain(), 'signedIn');
      assert.equal(x.session.current().source, 'env', 'signed in with the environment’s token');
      // Signing out says what happens to that token, and offers it again: taken.
      const first = x.ui.script([{ button: 'Use It Again' }]);
      await vscode.commands.executeCommand('skyvia.signOut');
      const [told] = first.transcript.filter((t) => t.kind === 'message');
      assert.match(told.text, /environment variable SKYVIA_EXPLORER_TOKEN and was not stored; it is ignored from now on, also after a reload/);
      assert.doesNotMatch(told.text, /removed from secret storage/, 'nothing was stored there');
      assert.deepEqual(told.options, ['Use It Again']);
      assert.equal(x.session.current().source, 'env', '“Use It Again” signs in with it');
      // Not taken: it stays ignored, also after a reload.
      x.ui.script([]);
      await vscode.commands.executeCommand('skyvia.signOut');
      assert.equal(x.session.current().state, 'signedOut');
      assert.equal(await x.session.lookAgain(), 'signedOut', 'a reload stays signed out');
    } finally {
      await x.session.signOut();
      delete process.env.SKYVIA_EXPLORER_TOKEN;
      delete process.env.SKYVIA_EXPLORER_BASE_URL;
      x.ui.reset();
    }
  });
});
