// One signed-in account and what the rest of the extension may know of it. The token and the
// client live together only in `Account`, which nothing outside this folder sees; `AccountInfo`
// is the account without its token.
import { SkyviaClient, type SkyviaError, type Workspace } from '../../api';
import type { AccountId } from '../../shared/refs';
import type { Settings } from '../settings';
import type { OutputLog } from '../outputLog';

export type SessionState = 'signedOut' | 'signedIn' | 'demo' | 'rejected';
export type SessionSource = 'stored' | 'env' | 'demo';
export type AccountState = 'signedIn' | 'demo' | 'rejected';

/** What the rest of the extension may know of an account: never its token. */
export interface AccountInfo {
  id: AccountId;
  /** What the user named it (Rename…), else the API's host or "Demo account". */
  label: string;
  /** The user chose its name (Rename…). */
  named: boolean;
  baseUrl: string;
  source: SessionSource;
  state: AccountState;
  /** The service's words when its token was rejected. */
  rejection?: string;
}

export type SignInResult =
  | { ok: true; workspaces: number; account: AccountId }
  | { ok: false; error: SkyviaError }
  /** The same token at the same service is signed in already, as this account. */
  | { ok: false; already: AccountInfo };

/** What changed: accounts that came, went or changed state; `undefined` when all must be looked for again. */
export interface AccountsChange {
  added: AccountId[];
  removed: AccountId[];
  changed: AccountId[];
}

/** One signed-in account: its token and client, which nothing outside this folder sees together. */
export class Account {
  state: AccountState;
  rejection?: string;
  /** The workspaces the sign-in check fetched, handed once to its new root so it need not ask again. */
  checkedWorkspaces?: Workspace[];
  /** Concurrent 403s share one check of the token. */
  verifying?: Promise<boolean>;

  constructor(
    readonly id: AccountId,
    readonly baseUrl: string,
    readonly source: SessionSource,
    readonly token: string,
    public client: SkyviaClient,
  ) {
    this.state = source === 'demo' ? 'demo' : 'signedIn';
  }
}

export interface ConnectorDeps {
  log: OutputLog;
  settings: () => Settings;
  userAgent: string;
}

/**
 * Makes accounts with their clients: the token hidden from the log before any request can carry
 * it, and every request of every account counted in one place.
 */
export class Connector {
  private requests = 0;

  constructor(private readonly deps: ConnectorDeps) {}

  /** HTTP attempts made by every client it made. */
  get requestCount(): number {
    return this.requests;
  }

  connect(id: AccountId, token: string, baseUrl: string, source: SessionSource): Account {
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
    return new Account(id, baseUrl, source, token, client);
  }
}

/** An account's default name when signed in with a token: its service's host. */
export function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host;
  } catch {
    return baseUrl;
  }
}
