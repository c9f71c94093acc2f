// Who the explorer talks to, and with which token.
//
// Resolved lazily — the first time the tree asks for children or a command needs a client —
// never in `activate()`: reading SecretStorage costs tens of milliseconds. In order:
//   1. demo mode remembered from the last window (globalState) → start the demo service again;
//   2. a token stored in SecretStorage for the configured base URL;
//   3. the environment of the extension host: `SKYVIA_EXPLORER_TOKEN` and, optionally,
//      `SKYVIA_EXPLORER_BASE_URL` (default: the `skyvia.baseUrl` setting). This is how
//      `npm start` and the test launchers start VS Code already signed in to an external demo
//      service. The value is used in memory only: never stored, never logged. Signing out
//      ignores it from then on (remembered in globalState), so sign-out sticks;
//   4. otherwise signed out (the view shows its welcome content).
//
// The state is mirrored in the context key `skyvia.state` for `when` clauses.
import vscode = require('vscode');
import { SkyviaClient, SkyviaError, isSkyviaError, type Workspace } from '../api';
import { normalizeBaseUrl, saveBaseUrl, type Settings } from './settings';
import type { OutputLog } from './outputLog';
import type { DemoLauncher, DemoService } from './demoLauncher';
import type { TokenStore } from './tokenStore';

export type SessionState = 'signedOut' | 'signedIn' | 'demo' | 'rejected';
export type SessionSource = 'stored' | 'env' | 'demo';

export interface SessionInfo {
  /** `undefined` until the session has been resolved. */
  state: SessionState | undefined;
  source?: SessionSource;
  baseUrl?: string;
  /** The server's words when the token was rejected. */
  rejection?: string;
}

export type SignInResult = { ok: true; workspaces: number } | { ok: false; error: SkyviaError };

export const CONTEXT_KEY = 'skyvia.state';
const DEMO_FLAG = 'skyvia.demoMode';
const ENV_IGNORED = 'skyvia.envTokenIgnored';
export const ENV_TOKEN = 'SKYVIA_EXPLORER_TOKEN';
export const ENV_BASE_URL = 'SKYVIA_EXPLORER_BASE_URL';

export interface SessionDeps {
  store: TokenStore;
  globalState: vscode.Memento;
  log: OutputLog;
  demo: DemoLauncher;
  settings: () => Settings;
  env: Record<string, string | undefined>;
  userAgent: string;
}

interface Active {
  client: SkyviaClient;
  token: string;
  baseUrl: string;
  source: SessionSource;
}

export class Session implements vscode.Disposable {
  private active?: Active;
  private state?: SessionState;
  private rejection?: string;
  private resolving?: Promise<SessionState>;
  private verifying?: Promise<boolean>;
  /** The workspaces the sign-in check fetched, handed once to the new tree so it need not ask again. */
  private checkedWorkspaces?: Workspace[];
  /** Bumped by every explicit change, so a slow resolve never overwrites a newer sign-in. */
  private generation = 0;
  private requests = 0;
  private readonly emitter = new vscode.EventEmitter<SessionState | undefined>();
  /** Fires with the new state, or `undefined` when the session must be resolved again. */
  readonly onDidChange = this.emitter.event;
  private readonly subscriptions: vscode.Disposable[];

  constructor(private readonly deps: SessionDeps) {
    this.subscriptions = [this.emitter, deps.store.onDidChange((baseUrl) => void this.storedTokenChanged(baseUrl))];
  }

  /** HTTP attempts made by every client of this session (the test API and benchmarks read it). */
  get requestCount(): number {
    return this.requests;
  }

  /** The client, once resolved and usable (signed in or demo). */
  get client(): SkyviaClient | undefined {
    return this.state === 'signedIn' || this.state === 'demo' ? this.active?.client : undefined;
  }

  /** The client, or an error that says to sign in (for commands and reads that need one). */
  requireClient(): SkyviaClient {
    const client = this.client;
    if (!client) throw new Error(vscode.l10n.t('Not signed in to Skyvia: sign in or try the demo account first.'));
    return client;
  }

  current(): SessionInfo {
    return { state: this.state, source: this.active?.source, baseUrl: this.active?.baseUrl, rejection: this.state === 'rejected' ? this.rejection : undefined };
  }

  /**
   * Which account this is, for what is kept per account (recently used items): the demo, or the
   * base URL with a short fingerprint of the token — never the token itself.
   */
  accountKey(): string | undefined {
    const a = this.client ? this.active : undefined;
    if (!a) return undefined;
    return a.source === 'demo' ? 'demo' : `${a.baseUrl}#${fingerprint(a.token)}`;
  }

  /**
   * The signed-in account as VS Code's Accounts menu shows it: a key, a label (the API's host, or
   * the demo account) and the token — handed only to the authentication provider, which VS Code
   * gives to another extension only with the user's consent.
   */
  account(): { key: string; label: string; token: string } | undefined {
    const a = this.client ? this.active : undefined;
    const key = this.accountKey();
    if (!a || !key) return undefined;
    return { key, label: a.source === 'demo' ? vscode.l10n.t('Demo account ({0})', hostOf(a.baseUrl)) : hostOf(a.baseUrl), token: a.token };
  }

  /** Finds the session (see the header) on first use; concurrent callers share one lookup. */
  resolve(): Promise<SessionState> {
    if (this.state) return Promise.resolve(this.state);
    return (this.resolving ??= this.find().finally(() => (this.resolving = undefined)));
  }

  /** Checks a token with one cheap call and stores it only if the service accepts it. */
  async signInWithToken(baseUrl: string, token: string, signal?: AbortSignal): Promise<SignInResult> {
    const candidate = this.connect(token.trim(), normalizeBaseUrl(baseUrl), 'stored');
    let workspaces: Workspace[];
    try {
      workspaces = await candidate.client.listWorkspaces({ signal });
    } catch (e) {
      return { ok: false, error: isSkyviaError(e) ? e : new SkyviaError('network', { method: 'GET', path: '/v1/workspaces', cause: e }, String(e)) };
    }
    await this.deps.store.set(candidate.baseUrl, candidate.token);
    await this.leaveDemo();
    this.checkedWorkspaces = workspaces;
    this.use(candidate, 'signedIn');
    this.deps.log.info(`Signed in to ${candidate.baseUrl}.`);
    // Remember the service so the next window finds the token under the same key.
    if (candidate.baseUrl !== this.deps.settings().baseUrl) {
      await saveBaseUrl(candidate.baseUrl).then(undefined, (e) =>
        this.deps.log.warn(`Could not save skyvia.baseUrl: ${e instanceof Error ? e.message : String(e)}`),
      );
    }
    return { ok: true, workspaces: workspaces.length };
  }

  /** The workspaces fetched by the sign-in check, once (then `undefined`). */
  takeCheckedWorkspaces(): Workspace[] | undefined {
    const workspaces = this.checkedWorkspaces;
    this.checkedWorkspaces = undefined;
    return workspaces;
  }

  /** Starts (or reuses) the built-in demo service and connects to it; remembered across reloads. */
  async startDemo(): Promise<DemoService> {
    const demo = await this.deps.demo.start();
    await this.deps.globalState.update(DEMO_FLAG, true);
    this.use(this.connect(demo.token, demo.url, 'demo'), 'demo');
    this.deps.log.info(`Connected to the demo service at ${demo.url}.`);
    return demo;
  }

  /** The demo service the extension started, if it is running. */
  demoService(): Promise<DemoService | undefined> {
    return this.deps.demo.current();
  }

  /**
   * The token the environment gives (SKYVIA_EXPLORER_TOKEN, how `npm start` signs in): `ignored`
   * after a sign-out, until the user asks for it again (`useEnvironmentToken`).
   */
  environmentToken(): 'none' | 'used' | 'ignored' {
    if (!this.deps.env[ENV_TOKEN]?.trim()) return 'none';
    return this.deps.globalState.get<boolean>(ENV_IGNORED) ? 'ignored' : 'used';
  }

  /** Signs in with the environment's token again after a sign-out had it ignored. */
  async useEnvironmentToken(): Promise<SessionState> {
    await this.deps.globalState.update(ENV_IGNORED, undefined);
    this.forget();
    return this.resolve();
  }

  /** Forgets the token (or leaves the demo) and stays signed out, also after a reload. */
  async signOut(): Promise<void> {
    const active = this.active;
    this.generation++;
    this.active = undefined;
    if (active?.source === 'stored') await this.deps.store.delete(active.baseUrl);
    if (active?.source === 'env' || this.deps.env[ENV_TOKEN]) await this.deps.globalState.update(ENV_IGNORED, true);
    await this.leaveDemo();
    this.setState('signedOut');
    this.deps.log.info('Signed out.');
  }

  /**
   * A 401/403 while browsing. The same status means "invalid token" and "token lacks this
   * permission", so one cheap call decides: if listing workspaces is refused too, the token is
   * rejected and the tree turns into "sign in again"; concurrent failures share that one call.
   */
  tokenRejected(error: SkyviaError): Promise<boolean> {
    const active = this.active;
    if (!active || this.state === 'rejected') return Promise.resolve(true);
    if (error.path === '/v1/workspaces') return Promise.resolve(this.reject(active, error));
    return (this.verifying ??= active.client
      .listWorkspaces()
      .then(
        () => false,
        (e) => (isSkyviaError(e, 'auth') ? this.reject(active, e) : false),
      )
      .finally(() => (this.verifying = undefined)));
  }

  /** Settings changed: a new base URL means another session; a new timeout, a new client. */
  reconfigure(settings: Settings): void {
    const active = this.active;
    if (!active) {
      // Signed out or not resolved yet: look again (a token may exist for the new URL).
      if (this.state) this.forget();
      return;
    }
    const followsSetting = active.source === 'stored' || (active.source === 'env' && !this.deps.env[ENV_BASE_URL]);
    if (followsSetting && active.baseUrl !== settings.baseUrl) {
      this.forget();
      return;
    }
    // Same service: rebuild the client for the new timeout.
    this.active = this.connect(active.token, active.baseUrl, active.source);
  }

  /** Drops the resolved session; the next `resolve()` looks again. */
  forget(): void {
    this.generation++;
    this.checkedWorkspaces = undefined;
    this.active = undefined;
    this.state = undefined;
    this.rejection = undefined;
    this.emitter.fire(undefined);
  }

  dispose(): void {
    void this.deps.demo.stop();
    for (const d of this.subscriptions) d.dispose();
  }

  private async find(): Promise<SessionState> {
    const generation = this.generation;
    const found = await this.lookup();
    // Signed in or out while we were looking: that decision wins (or, after `forget()`, look again).
    if (generation !== this.generation) return this.state ?? this.find();
    if (found) this.use(found, found.source === 'demo' ? 'demo' : 'signedIn');
    else this.setState('signedOut');
    return this.state as SessionState;
  }

  private async lookup(): Promise<Active | undefined> {
    const { globalState, store, env } = this.deps;
    if (globalState.get<boolean>(DEMO_FLAG)) {
      // Lets "Sign out" show in the view's menu even if the service fails to start.
      void vscode.commands.executeCommand('setContext', CONTEXT_KEY, 'demo');
      const demo = await this.deps.demo.start();
      return this.connect(demo.token, demo.url, 'demo');
    }
    const { baseUrl } = this.deps.settings();
    const stored = await store.get(baseUrl);
    if (stored) return this.connect(stored, baseUrl, 'stored');
    const envToken = env[ENV_TOKEN]?.trim();
    if (envToken && !globalState.get<boolean>(ENV_IGNORED)) {
      return this.connect(envToken, normalizeBaseUrl(env[ENV_BASE_URL] || baseUrl), 'env');
    }
    return undefined;
  }

  private connect(token: string, baseUrl: string, source: SessionSource): Active {
    const { log, settings, userAgent } = this.deps;
    log.addSecret(token);
    const client = new SkyviaClient({
      baseUrl,
      token,
      // Keys and tokens the client reads are hidden wherever the log's redaction applies.
      secrets: log.secrets,
      timeoutMs: settings().requestTimeoutMs,
      userAgent,
      onRequest: (entry) => {
        this.requests++;
        log.request(entry);
      },
    });
    return { client, token, baseUrl, source };
  }

  private use(active: Active, state: SessionState): void {
    this.generation++;
    if (active.source !== 'stored') this.checkedWorkspaces = undefined;
    this.active = active;
    this.rejection = undefined;
    this.setState(state);
  }

  private reject(active: Active, error: SkyviaError): boolean {
    if (this.active !== active) return true;
    this.rejection = error.userMessage;
    this.deps.log.warn(`The token was rejected: ${error.userMessage}`);
    this.setState('rejected');
    return true;
  }

  private async leaveDemo(): Promise<void> {
    await this.deps.globalState.update(DEMO_FLAG, undefined);
    await this.deps.demo.stop();
  }

  private setState(state: SessionState): void {
    this.state = state;
    void vscode.commands.executeCommand('setContext', CONTEXT_KEY, state);
    this.emitter.fire(state);
  }

  /** A token stored or deleted, here or in another window. */
  private async storedTokenChanged(baseUrl: string): Promise<void> {
    const active = this.active;
    if (active?.source === 'demo' || active?.source === 'env') return;
    if (normalizeBaseUrl(baseUrl) !== (active?.baseUrl ?? this.deps.settings().baseUrl)) return;
    const token = await this.deps.store.get(baseUrl);
    // Our own write, or nothing that changes what we would find.
    if (token === active?.token || (!token && !active)) return;
    this.forget();
  }
}

/** FNV-1a, 32 bits: tells tokens apart in a key without saying anything about them. */
function fingerprint(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(16).padStart(8, '0');
}

function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host;
  } catch {
    return baseUrl;
  }
}
