// The few kinds of failure callers decide on. Code branches on `kind`, never on message text.
import * as l10n from '@vscode/l10n';

export type ErrorKind =
  /** 401/403: missing, invalid or under-scoped token. */
  | 'auth'
  | 'notFound'
  /** 400/422, and arguments rejected before sending (page size out of range…). */
  | 'validation'
  /** 429; `retryAfter` holds the server's wish in seconds when it gave one. */
  | 'rateLimited'
  /** 5xx. */
  | 'server'
  /** Any other 4xx (409 and the like). */
  | 'http'
  /** No answer: refused, reset, DNS, proxy. */
  | 'network'
  | 'timeout'
  /** The caller cancelled; not an error to show. */
  | 'cancelled'
  /** A 2xx whose body is not the JSON we expected: HTML page, truncated, garbage. */
  | 'badResponse';

export interface ErrorContext {
  method: string;
  path: string;
  status?: number;
  /** The `message` of the service's error envelope, already redacted. */
  serverMessage?: string;
  /** The envelope's `errors` field map (validation). */
  errors?: Record<string, string[]>;
  retryAfter?: number;
  /**
   * A 5xx answered with an HTML page — a gateway's or proxy's, not the service's JSON — as its
   * status line ("502 Bad Gateway"): the service may never have seen the request.
   */
  gatewayPage?: string;
  cause?: unknown;
}

/** What each kind of failure is called, in the user's language (read when shown, not at load). */
const TITLES: Record<ErrorKind, () => string> = {
  auth: () => l10n.t('The Skyvia token was rejected'),
  notFound: () => l10n.t('Not found'),
  validation: () => l10n.t('The request was rejected'),
  rateLimited: () => l10n.t('Too many requests'),
  server: () => l10n.t('Skyvia had an internal error'),
  http: () => l10n.t('The request failed'),
  network: () => l10n.t('Could not reach the Skyvia API'),
  timeout: () => l10n.t('The Skyvia API did not answer in time'),
  cancelled: () => l10n.t('Cancelled'),
  badResponse: () => l10n.t('The Skyvia API sent an unreadable answer'),
};

export class SkyviaError extends Error {
  override readonly name = 'SkyviaError';
  readonly kind: ErrorKind;
  readonly method: string;
  readonly path: string;
  readonly status?: number;
  readonly serverMessage?: string;
  readonly errors?: Record<string, string[]>;
  readonly retryAfter?: number;
  readonly gatewayPage?: string;

  constructor(kind: ErrorKind, ctx: ErrorContext, detail?: string) {
    super(composeMessage(kind, ctx, detail), ctx.cause !== undefined ? { cause: ctx.cause } : undefined);
    this.gatewayPage = ctx.gatewayPage;
    this.kind = kind;
    this.method = ctx.method;
    this.path = ctx.path;
    this.status = ctx.status;
    this.serverMessage = ctx.serverMessage;
    this.errors = ctx.errors;
    this.retryAfter = ctx.retryAfter;
  }

  /** The server's words where it gave some, else a plain title: what a notification shows. */
  get userMessage(): string {
    const fields = this.errors ? Object.values(this.errors).flat().filter(Boolean) : [];
    const base = this.serverMessage || titleOf(this.kind, this);
    return fields.length && !fields.every((f) => base.includes(f)) ? `${base} ${fields.join(' ')}` : base;
  }
}

/** What a kind of failure is called; a gateway's page says who answered, not that Skyvia failed. */
function titleOf(kind: ErrorKind, ctx: Pick<ErrorContext, 'gatewayPage'>): string {
  return ctx.gatewayPage ? l10n.t("The server answered {0} (an HTML page, not Skyvia's JSON)", ctx.gatewayPage) : TITLES[kind]();
}

function composeMessage(kind: ErrorKind, ctx: ErrorContext, detail?: string): string {
  const where = `${ctx.method} ${ctx.path}${ctx.status !== undefined ? ` → ${ctx.status}` : ''}`;
  const what = ctx.serverMessage || (ctx.gatewayPage ? undefined : detail);
  return `${titleOf(kind, ctx)}${what ? `: ${what}` : ''} (${where})`;
}

/** Kind for an HTTP status that is not a success. */
export function kindForStatus(status: number): ErrorKind {
  if (status === 401 || status === 403) return 'auth';
  if (status === 404) return 'notFound';
  if (status === 400 || status === 422) return 'validation';
  if (status === 429) return 'rateLimited';
  if (status >= 500) return 'server';
  return 'http';
}

export function isSkyviaError(e: unknown, kind?: ErrorKind): e is SkyviaError {
  return e instanceof SkyviaError && (kind === undefined || e.kind === kind);
}
