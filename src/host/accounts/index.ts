// The Skyvia accounts signed in, side by side: each with its own token, client and state, so
// signing out of one, or one's token being refused, leaves the others as they are. This module
// keeps the list and its changes; beside it, each of the other jobs has a module of its own:
//   account.ts           an account, its client, and what may be known of it without its token
//   savedAccounts.ts     the list of accounts and their names, kept across windows
//   environmentToken.ts  the token the environment gives, and its sign-out that sticks
//   demoAccount.ts       the demo service's account, remembered across windows
//   earlierVersion.ts    the storage an earlier version left, taken over once
//   contextKeys.ts       the overall state as context keys for `when` clauses
//   keys.ts              an account's short opaque key
//
// Resolved lazily — the first time the tree asks for children or a command needs a client —
// never in `activate()`: reading SecretStorage is a round trip to the window. The accounts are:
//   1. those signed in with a token, listed in globalState (`skyvia.accounts`: key, base URL)
//      with each token in SecretStorage under its own key (`skyvia.account:<key>`) — never in
//      settings or globalState. A token stored by an earlier version (one per base URL) becomes
//      the first account, its pins with it;
//   2. the demo account, when it was in use in the last window (the demo service starts again);
//   3. the token in the extension host's environment (`SKYVIA_EXPLORER_TOKEN`).
// None: signed out (the view shows its welcome content).
//
// An account's key is short and opaque — `demo`, or a fingerprint of its base URL and token —
// so the same token cannot be signed in twice, and refs, documents' addresses and pins can name
// their account without saying anything about its token.
import vscode = require('vscode');
import { SkyviaError, isSkyviaError, type SkyviaClient, type Workspace } from '../../api';
import type { AccountId } from '../../shared/refs';
import { normalizeBaseUrl, saveBaseUrl, type Settings } from '../settings';
import type { OutputLog } from '../outputLog';
import type { DemoLauncher, DemoService } from '../demoLauncher';
import type { TokenStore } from '../tokenStore';
import { accountKey } from './keys';
import {
  Connector,
  hostOf,
  type Account,
  type AccountInfo,
  type AccountState,
  type AccountsChange,
  type SessionSource,
  type SessionState,
  type SignInResult,
} from './account';
import { SavedAccounts } from './savedAccounts';
import { EnvironmentToken } from './environmentToken';
import { DEMO_ACCOUNT, DemoAccount } from './demoAccount';
import { adoptEarlierToken } from './earlierVersion';
import { tellAccounts, tellDemoExpected } from './contextKeys';

export { accountKey } from './keys';
export { hostOf, type AccountInfo, type AccountState, type AccountsChange, type SessionSource, type SessionState, type SignInResult } from './account';
export { ENV_BASE_URL, ENV_TOKEN } from './environmentToken';
export { DEMO_ACCOUNT } from './demoAccount';
export { CONTEXT_KEY } from './contextKeys';

export interface AccountsDeps {
  store: TokenStore;
  globalState: vscode.Memento;
  log: OutputLog;
  demo: DemoLauncher;
  settings: () => Settings;
  env: Record<string, string | undefined>;
  userAgent: string;
}

export class Accounts implements vscode.Disposable {
  private accounts: Account[] = [];
  private resolved = false;
  private resolving?: Promise<SessionState>;
  /** Bumped by every explicit change, so a slow resolve never overwrites a newer one. */
  private generation = 0;
  private readonly connector: Connector;
  private readonly saved: SavedAccounts;
  private readonly environment: EnvironmentToken;
  private readonly demo: DemoAccount;
  private readonly emitter = new vscode.EventEmitter<AccountsChange | undefined>();
  /** Fires with what changed, or `undefined` when the accounts must be looked for again. */
  readonly onDidChange = this.emitter.event;
  private readonly subscriptions: vscode.Disposable[];

  constructor(private readonly deps: AccountsDeps) {
    this.connector = new Connector(deps);
    this.saved = new SavedAccounts(deps.globalState);
    this.environment = new EnvironmentToken(deps);
    this.demo = new DemoAccount(deps.demo, deps.globalState);
    this.subscriptions = [this.emitter, deps.store.onDidChange((id) => void this.storedTokenChanged(id))];
  }

  /** HTTP attempts made by every client of every account (the test API and benchmarks read it). */
  get requestCount(): number {
    return this.connector.requestCount;
  }

  /** The accounts signed in (a refused token's included), in the order they were signed in. */
  list(): AccountInfo[] {
    return this.accounts.map((a) => this.info(a));
  }

  /** The usable accounts' keys (signed in, token not refused). */
  usable(): AccountId[] {
    return this.accounts.filter((a) => a.state !== 'rejected').map((a) => a.id);
  }

  /** An account's name when more than one is signed in — what notifications, the status bar and the views add to say whose — else `undefined`. */
  nameIfSeveral(id: AccountId): string | undefined {
    const account = this.accounts.length > 1 ? this.find(id) : undefined;
    return account && this.label(account);
  }

  get(id: AccountId): AccountInfo | undefined {
    const account = this.find(id);
    return account && this.info(account);
  }

  /** The overall state, `undefined` until the accounts have been looked for. */
  get state(): SessionState | undefined {
    if (!this.resolved) return undefined;
    const usable = this.accounts.filter((a) => a.state !== 'rejected');
    if (usable.length) return usable.every((a) => a.source === 'demo') ? 'demo' : 'signedIn';
    return this.accounts.length ? 'rejected' : 'signedOut';
  }

  /** An account's client, while it is signed in and its token is not refused. */
  client(id: AccountId): SkyviaClient | undefined {
    const account = this.find(id);
    return account && account.state !== 'rejected' ? account.client : undefined;
  }

  /** An account's client, or an error that says it is not signed in (for commands and reads that need one). */
  requireClient(id: AccountId): SkyviaClient {
    const client = this.client(id);
    if (client) return client;
    const account = this.find(id);
    if (account) throw new Error(vscode.l10n.t('The token of the Skyvia account “{0}” was rejected: sign in to it again.', this.label(account)));
    if (!this.accounts.length) throw new Error(vscode.l10n.t('Not signed in to Skyvia: sign in or try the demo account first.'));
    throw new Error(vscode.l10n.t('That Skyvia account is not signed in any more.'));
  }

  /** The account as VS Code's Accounts menu shows it, with its token — handed only to the authentication provider. */
  session(id: AccountId): { id: AccountId; label: string; token: string } | undefined {
    const account = this.find(id);
    return account && { id, label: this.label(account), token: account.token };
  }

  /** Finds the accounts (see the header) on first use; concurrent callers share one lookup. */
  resolve(): Promise<SessionState> {
    if (this.resolved) return Promise.resolve(this.state as SessionState);
    return (this.resolving ??= this.find_().finally(() => (this.resolving = undefined)));
  }

  /**
   * Checks a token with one cheap call and signs in with it only if the service accepts it: a new
   * account beside the others, its token stored in SecretStorage. The same token at the same
   * service is refused: it is signed in already.
   */
  async signInWithToken(baseUrl: string, token: string, signal?: AbortSignal): Promise<SignInResult> {
    await this.resolve().catch(() => undefined);
    const url = normalizeBaseUrl(baseUrl);
    const id = accountKey(url, token.trim());
    const existing = this.find(id);
    if (existing && existing.state !== 'rejected') return { ok: false, already: this.info(existing) };
    const candidate = this.connect(id, token.trim(), url, 'stored');
    let workspaces: Workspace[];
    try {
      workspaces = await candidate.client.listWorkspaces({ signal });
    } catch (e) {
      return { ok: false, error: isSkyviaError(e) ? e : new SkyviaError('network', { method: 'GET', path: '/v1/workspaces', cause: e }, String(e)) };
    }
    await this.deps.store.set(id, candidate.token);
    await this.saved.saveList([...this.saved.listed().filter((l) => l.id !== id), { id, baseUrl: url }]);
    candidate.checkedWorkspaces = workspaces;
    this.put(candidate);
    this.deps.log.info(`Signed in to ${url} as account ${id}.`);
    // The service a next sign-in offers first.
    if (url !== this.deps.settings().baseUrl) {
      await saveBaseUrl(url).then(undefined, (e) => this.deps.log.warn(`Could not save skyvia.baseUrl: ${e instanceof Error ? e.message : String(e)}`));
    }
    return { ok: true, workspaces: workspaces.length, account: id };
  }

  /** The workspaces fetched by an account's sign-in check, once (then `undefined`). */
  takeCheckedWorkspaces(id: AccountId): Workspace[] | undefined {
    const account = this.find(id);
    const workspaces = account?.checkedWorkspaces;
    if (account) account.checkedWorkspaces = undefined;
    return workspaces;
  }

  /** Starts (or reuses) the built-in demo service and adds the demo account beside the others; remembered across reloads. */
  async startDemo(): Promise<DemoService> {
    await this.resolve().catch(() => undefined);
    const demo = await this.demo.start();
    const existing = this.find(DEMO_ACCOUNT);
    if (!existing || existing.baseUrl !== demo.url || existing.state === 'rejected') {
      this.put(this.connect(DEMO_ACCOUNT, demo.token, demo.url, 'demo'));
      this.deps.log.info(`Connected to the demo service at ${demo.url}.`);
    }
    return demo;
  }

  /** The demo service the extension started, if it is running. */
  demoService(): Promise<DemoService | undefined> {
    return this.demo.current();
  }

  /**
   * The token the environment gives (SKYVIA_EXPLORER_TOKEN, how `npm start` signs in): `ignored`
   * after a sign-out, until the user asks for it again (`useEnvironmentToken`).
   */
  environmentToken(): 'none' | 'used' | 'ignored' {
    return this.environment.status();
  }

  /** Signs in with the environment's token again after a sign-out had it ignored; its state, or `undefined` when it was none. */
  async useEnvironmentToken(): Promise<AccountState | undefined> {
    await this.environment.useAgain();
    await this.resolve().catch(() => undefined);
    const found = this.environmentAccount();
    if (!found) return undefined;
    const existing = this.find(found.id);
    if (existing && existing.state !== 'rejected') return existing.state;
    this.put(found);
    // Checked as a stored token is: a refused one marks the account at once.
    await found.client.listWorkspaces().then(
      (workspaces) => (found.checkedWorkspaces = workspaces),
      (e) => isSkyviaError(e, 'auth') && this.reject(found, e),
    );
    return found.state;
  }

  /** Signs out of one account: its token forgotten (or the demo left), the others untouched; also after a reload. */
  async signOut(id: AccountId): Promise<AccountInfo | undefined> {
    const account = this.find(id);
    if (!account) return undefined;
    const was = this.info(account);
    this.generation++;
    this.accounts = this.accounts.filter((a) => a !== account);
    if (account.source === 'stored') {
      await this.saved.saveList(this.saved.listed().filter((l) => l.id !== id));
      await this.deps.store.delete(id);
    }
    if (account.source === 'env') await this.environment.ignore();
    if (account.source === 'demo') await this.demo.leave();
    await this.saved.saveNames({ ...this.saved.names(), [id]: undefined });
    this.changed({ added: [], removed: [id], changed: [] });
    this.deps.log.info(`Signed out of account ${id}.`);
    return was;
  }

  /** Names an account as the user chose (empty: back to its default name). */
  async rename(id: AccountId, label: string): Promise<void> {
    if (!this.find(id)) return;
    await this.saved.saveNames({ ...this.saved.names(), [id]: label.trim() || undefined });
    this.changed({ added: [], removed: [], changed: [id] });
  }

  /**
   * A 401/403 while browsing one account. The same status means "invalid token" and "token lacks
   * this permission", so one cheap call decides: if listing workspaces is refused too, that
   * account's token is rejected and its root says so; concurrent failures share that one call.
   */
  tokenRejected(id: AccountId, error: SkyviaError): Promise<boolean> {
    const account = this.find(id);
    if (!account || account.state === 'rejected') return Promise.resolve(true);
    if (error.path === '/v1/workspaces') return Promise.resolve(this.reject(account, error));
    return (account.verifying ??= account.client
      .listWorkspaces()
      .then(
        () => false,
        (e) => (isSkyviaError(e, 'auth') ? this.reject(account, e) : false),
      )
      .finally(() => (account.verifying = undefined)));
  }

  /** Settings changed: a new timeout means new clients; a new base URL moves the environment's account when it follows the setting. */
  reconfigure(settings: Settings, before: Settings): void {
    if (!this.resolved) return;
    const env = this.accounts.find((a) => a.source === 'env');
    if (env && this.environment.followsSetting && settings.baseUrl !== before.baseUrl) {
      this.accounts = this.accounts.filter((a) => a !== env);
      const moved = this.environmentAccount();
      if (moved && !this.find(moved.id)) this.accounts.push(moved);
      this.changed({ added: moved ? [moved.id] : [], removed: [env.id], changed: [] });
    }
    if (settings.requestTimeoutMs !== before.requestTimeoutMs) {
      for (const a of this.accounts) a.client = this.connect(a.id, a.token, a.baseUrl, a.source).client;
    }
  }

  /** Drops every account; the next `resolve()` looks again (a window that reloads, in the tests). */
  forget(): void {
    this.generation++;
    this.accounts = [];
    this.resolved = false;
    this.emitter.fire(undefined);
  }

  dispose(): void {
    void this.demo.stop();
    for (const d of this.subscriptions) d.dispose();
  }

  // ---- inside ----

  private find(id: AccountId): Account | undefined {
    return this.accounts.find((a) => a.id === id);
  }

  private label(account: Account): string {
    const named = this.saved.names()[account.id];
    if (named) return named;
    return account.source === 'demo' ? vscode.l10n.t('Demo account') : hostOf(account.baseUrl);
  }

  private info(a: Account): AccountInfo {
    return {
      id: a.id,
      label: this.label(a),
      named: !!this.saved.names()[a.id],
      baseUrl: a.baseUrl,
      source: a.source,
      state: a.state,
      ...(a.state === 'rejected' ? { rejection: a.rejection } : {}),
    };
  }

  private async find_(): Promise<SessionState> {
    const generation = this.generation;
    const found = await this.lookup();
    // Signed in or out while we were looking: that decision wins (or, after `forget()`, look again).
    if (generation !== this.generation) return this.resolved ? (this.state as SessionState) : this.find_();
    this.accounts = found;
    this.resolved = true;
    this.changed({ added: found.map((a) => a.id), removed: [], changed: [] });
    return this.state as SessionState;
  }

  private async lookup(): Promise<Account[]> {
    const { store, globalState, log, settings } = this.deps;
    await adoptEarlierToken({ store, globalState, log, settings, saved: this.saved, environment: this.environment });
    const listed = this.saved.listed();
    const demoInUse = this.demo.wasInUse;
    if (demoInUse) tellDemoExpected();
    // The tree's first request waits for all of this: every token is asked for at once (a secret
    // read may be a round trip to another process — the browser, on the web and in code-server),
    // and the demo service starts meanwhile. The accounts keep the order they were signed in.
    const [tokens, demo] = await Promise.all([Promise.all(listed.map(({ id }) => store.get(id))), demoInUse ? this.demo.resume() : undefined]);
    const found = listed.flatMap(({ id, baseUrl }, i) => {
      const token = tokens[i];
      return token ? [this.connect(id, token, baseUrl, 'stored')] : [];
    });
    if (demo) found.push(this.connect(DEMO_ACCOUNT, demo.token, demo.url, 'demo'));
    const env = this.environmentAccount();
    if (env && !found.some((a) => a.id === env.id)) found.push(env);
    return found;
  }

  /** The environment's account, unless a sign-out had it ignored. */
  private environmentAccount(): Account | undefined {
    const env = this.environment.inUse();
    return env && this.connect(accountKey(env.baseUrl, env.token), env.token, env.baseUrl, 'env');
  }

  private connect(id: AccountId, token: string, baseUrl: string, source: SessionSource): Account {
    return this.connector.connect(id, token, baseUrl, source);
  }

  /** Adds an account, or puts it in place of one with its key (a refused token signed in again). */
  private put(account: Account): void {
    this.generation++;
    const at = this.accounts.findIndex((a) => a.id === account.id);
    if (at >= 0) this.accounts[at] = account;
    else this.accounts.push(account);
    this.resolved = true;
    this.changed(at >= 0 ? { added: [], removed: [], changed: [account.id] } : { added: [account.id], removed: [], changed: [] });
  }

  private reject(account: Account, error: SkyviaError): boolean {
    if (this.find(account.id) !== account) return true;
    account.state = 'rejected';
    account.rejection = error.userMessage;
    this.deps.log.warn(`The token of account ${account.id} was rejected: ${error.userMessage}`);
    this.changed({ added: [], removed: [], changed: [account.id] });
    return true;
  }

  private changed(change: AccountsChange): void {
    tellAccounts(
      this.state,
      this.accounts.length,
      this.accounts.some((a) => a.source === 'demo'),
    );
    this.emitter.fire(change);
  }

  /** A token stored or deleted in another window: an account signed out there goes here too; one signed in there comes. */
  private async storedTokenChanged(id: AccountId): Promise<void> {
    if (!this.resolved) return;
    const token = await this.deps.store.get(id);
    const account = this.find(id);
    if (account?.source === 'stored' && !token) {
      this.accounts = this.accounts.filter((a) => a !== account);
      this.changed({ added: [], removed: [id], changed: [] });
      return;
    }
    const listed = this.saved.listed().find((l) => l.id === id);
    if (token && listed && (!account || account.token !== token)) this.put(this.connect(id, token, listed.baseUrl, 'stored'));
  }
}
