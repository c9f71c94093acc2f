import * as assert from 'node:assert/strict';
import * as net from 'node:net';
import * as vscode from 'vscode';
import { Accounts } from '../../../src/host/accounts';
import { DemoLauncher } from '../../../src/host/demoLauncher';
import { OutputLog } from '../../../src/host/outputLog';
import type { Settings } from '../../../src/host/settings';
import { TokenStore } from '../../../src/host/tokenStore';
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

// The accounts are what the tree's first request waits for: that wait holds only the reads it needs.
describe('looking for the accounts', () => {
  /** SecretStorage whose reads are answered when the test says (each may be a round trip to the browser). */
  class HeldSecrets implements vscode.SecretStorage {
    readonly asked: string[] = [];
    private readonly waiting: (() => void)[] = [];
    private readonly emitter = new vscode.EventEmitter<vscode.SecretStorageChangeEvent>();
    readonly onDidChange = this.emitter.event;
    constructor(
      private readonly values: Record<string, string>,
      private held: boolean,
    ) {}
    get(key: string): Promise<string | undefined> {
      this.asked.push(key);
      if (!this.held) return Promise.resolve(this.values[key]);
      return new Promise((resolve) => this.waiting.push(() => resolve(this.values[key])));
    }
    answer(): void {
      this.held = false;
      for (const answer of this.waiting.splice(0)) answer();
    }
    store = async (key: string, value: string) => void (this.values[key] = value);
    delete = async (key: string) => void delete this.values[key];
  }
  /** globalState whose writes hold their values at once and are never written through, as a busy window's. */
  class UnwrittenMemento implements vscode.Memento {
    readonly values = new Map<string, unknown>();
    keys(): readonly string[] {
      return [...this.values.keys()];
    }
    get<T>(key: string, fallback?: T): T | undefined {
      return this.values.has(key) ? (this.values.get(key) as T) : fallback;
    }
    update(key: string, value: unknown): Thenable<void> {
      this.values.set(key, value);
      return new Promise<void>(() => undefined);
    }
  }
  /** The log's lines, kept here rather than in a second "Skyvia" channel. */
  class KeptLog extends OutputLog {
    readonly lines: string[] = [];
    override info(message: string): void {
      this.lines.push(message);
    }
    override warn(message: string): void {
      this.lines.push(message);
    }
    override error(message: string): void {
      this.lines.push(message);
    }
  }
  const made: Accounts[] = [];
  const accountsWith = (secrets: HeldSecrets, globalState: vscode.Memento, env: Record<string, string> = {}) => {
    const accounts = new Accounts({
      store: new TokenStore(secrets),
      globalState,
      log: new KeptLog(),
      demo: new DemoLauncher(),
      settings: () => ({ baseUrl: demo.url, requestTimeoutMs: 10_000 }) as Settings,
      env,
      userAgent: 'skyvia-explorer/test',
    });
    made.push(accounts);
    return accounts;
  };
  const within = <T>(promise: Promise<T>, what: string) =>
    Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what} did not come`)), 5_000))]);

  after(async () => {
    for (const accounts of made) accounts.dispose();
    // Those accounts set the context keys the view's menus read: the extension's own set them again.
    await (await api()).session.lookAgain();
  });

  it('asks for every stored account’s token at once, and keeps the order they were signed in', async () => {
    const memento = new UnwrittenMemento();
    memento.values.set('skyvia.accounts', [
      { id: 'first', baseUrl: demo.url },
      { id: 'second', baseUrl: demo.url },
      { id: 'third', baseUrl: demo.url },
    ]);
    const secrets = new HeldSecrets({ 'skyvia.account:first': 'token-1', 'skyvia.account:third': 'token-3' }, true);
    const accounts = accountsWith(secrets, memento);
    const resolving = accounts.resolve();
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.deepEqual(secrets.asked, ['skyvia.account:first', 'skyvia.account:second', 'skyvia.account:third'], 'every token asked for before any answer');
    secrets.answer();
    assert.equal(await within(resolving, 'the accounts'), 'signedIn');
    assert.deepEqual(
      accounts.list().map((a) => [a.id, a.source]),
      [
        ['first', 'stored'],
        ['third', 'stored'],
      ],
      'in the order signed in; an account whose token is gone is left out',
    );
  });

  it('sends the first request of a new profile before its list of accounts is written', async () => {
    const memento = new UnwrittenMemento();
    const accounts = accountsWith(new HeldSecrets({}, false), memento, { SKYVIA_EXPLORER_TOKEN: demo.token, SKYVIA_EXPLORER_BASE_URL: demo.url });
    assert.equal(await within(accounts.resolve(), 'the accounts, with the list’s write still under way,'), 'signedIn');
    assert.deepEqual(memento.get('skyvia.accounts'), [], 'the list is written (an earlier version’s token is looked for once), its write not waited for');
    const [env] = accounts.list();
    assert.equal(env.source, 'env');
    const workspaces = await within(Promise.resolve(accounts.client(env.id)!.listWorkspaces()), 'the workspaces');
    assert.equal(workspaces.length, 4);
  });
});
