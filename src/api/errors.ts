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
  /** No answer: refused, reset, DNS, a proxy that cannot be reached or cannot reach the API. */
  | 'network'
  /** The proxy refused to open the way to the API (407: it wants credentials). Nothing was sent to the API. */
  | 'proxy'
  /** The API's TLS certificate was not accepted (not trusted, self-signed, expired, another host's). Nothing was sent. */
  | 'certificate'
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
  /** What stood in the way of a request that got no answer (see `connectionFailure`). */
  trouble?: ConnectionTrouble;
  /** What a request that got no answer ran into, in Node's or undici's words (English): what the log writes. */
  reason?: string;
  cause?: unknown;
}

/**
 * What stood between the client and the API, read from the error fetch threw: decides the kind,
 * and the words that say what to do. `host` is the API's (host:port when a port is given).
 */
export type ConnectionTrouble =
  /** The proxy answered the tunnel's CONNECT with this status instead of 200. */
  | { is: 'proxyStatus'; host: string; status: number }
  /** A connection to an address that is not the API's failed: the proxy's, named as host:port. */
  | { is: 'proxyUnreachable'; host: string; proxy: string }
  /** The certificate presented for the API was refused; `code` is Node's (UNABLE_TO_VERIFY_LEAF_SIGNATURE…). */
  | { is: 'certificate'; host: string; reason: CertificateReason; code: string };

export type CertificateReason = 'untrusted' | 'selfSigned' | 'expired' | 'otherHost' | 'other';

/** What each kind of failure is called, in the user's language (read when shown, not at load). */
const TITLES: Record<ErrorKind, () => string> = {
  auth: () => l10n.t('The Skyvia token was rejected'),
  notFound: () => l10n.t('Not found'),
  validation: () => l10n.t('The request was rejected'),
  rateLimited: () => l10n.t('Too many requests'),
  server: () => l10n.t('Skyvia had an internal error'),
  http: () => l10n.t('The request failed'),
  network: () => l10n.t('Could not reach the Skyvia API'),
  proxy: () => l10n.t('The proxy refused the connection'),
  certificate: () => l10n.t('The certificate of the Skyvia API was not accepted'),
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
  readonly trouble?: ConnectionTrouble;
  readonly reason?: string;

  constructor(kind: ErrorKind, ctx: ErrorContext, detail?: string) {
    super(composeMessage(kind, ctx, detail), ctx.cause !== undefined ? { cause: ctx.cause } : undefined);
    this.gatewayPage = ctx.gatewayPage;
    this.trouble = ctx.trouble;
    this.reason = ctx.reason;
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

  /** What a person can do about a proxy or a certificate in the way; `undefined` for every other failure. */
  get advice(): string | undefined {
    return this.trouble && `${troubleAdvice(this.trouble)} ${l10n.t('See “Proxies and certificates” in the Skyvia Explorer README.')}`;
  }
}

/** What a kind of failure is called; a gateway's page says who answered, not that Skyvia failed. */
function titleOf(kind: ErrorKind, ctx: Pick<ErrorContext, 'gatewayPage' | 'trouble'>): string {
  if (ctx.trouble) return troubleTitle(ctx.trouble);
  return ctx.gatewayPage ? l10n.t("The server answered {0} (an HTML page, not Skyvia's JSON)", ctx.gatewayPage) : TITLES[kind]();
}

/** What stood in the way, in the user's language. */
function troubleTitle(t: ConnectionTrouble): string {
  switch (t.is) {
    case 'proxyStatus':
      if (t.status === 407) return l10n.t('The proxy needs valid credentials (407)');
      return t.status >= 500
        ? l10n.t('The proxy could not reach {0} ({1})', t.host, t.status)
        : l10n.t('The proxy refused the connection to {0} ({1})', t.host, t.status);
    case 'proxyUnreachable':
      return l10n.t('Could not connect to the proxy at {0}', t.proxy);
    case 'certificate':
      return CERTIFICATE_TITLES[t.reason](t.host, t.code);
  }
}

const CERTIFICATE_TITLES: Record<CertificateReason, (host: string, code: string) => string> = {
  untrusted: (host) => l10n.t('The certificate presented for {0} is not trusted on this computer', host),
  selfSigned: (host) => l10n.t('The certificate presented for {0} is self-signed', host),
  expired: (host) => l10n.t('The certificate presented for {0} has expired', host),
  otherHost: (host) => l10n.t('The certificate presented for {0} is for another host', host),
  other: (host, code) => l10n.t('The certificate presented for {0} was refused ({1})', host, code),
};

/** What to do about it: the settings that change it, named as VS Code names them. */
function troubleAdvice(t: ConnectionTrouble): string {
  switch (t.is) {
    case 'proxyStatus':
      if (t.status === 407) {
        return l10n.t(
          'Give the proxy a user name and password in the setting {0}, as {1}, or ask your administrator.',
          'http.proxy',
          'http://user:password@host:port',
        );
      }
      return t.status >= 500
        ? l10n.t('The proxy may be in trouble itself: try again in a moment, or ask your administrator.')
        : l10n.t('Ask your administrator to let {0} through the proxy.', t.host);
    case 'proxyUnreachable':
      return l10n.t('Check that the proxy is running and that the setting {0} (or the system’s proxy settings) names it right.', 'http.proxy');
    case 'certificate':
      return CERTIFICATE_ADVICE[t.reason](t.host);
  }
}

const CERTIFICATE_ADVICE: Record<CertificateReason, (host: string) => string> = {
  untrusted: () =>
    l10n.t(
      'If your company inspects HTTPS with its own certificate authority, add that authority to the system’s certificate store (VS Code reads it while {0} is on), or turn {0} off and name its file in the environment variable {1}.',
      'http.systemCertificates',
      'NODE_EXTRA_CA_CERTS',
    ),
  selfSigned: () =>
    l10n.t(
      'Trust it only if it is your company’s: add it to the system’s certificate store (VS Code reads it while {0} is on), or turn {0} off and name its file in the environment variable {1}.',
      'http.systemCertificates',
      'NODE_EXTRA_CA_CERTS',
    ),
  expired: (host) =>
    l10n.t(
      'Check the date and time of this computer; if they are right, whoever runs {0} (or the proxy that inspects HTTPS) must renew the certificate.',
      host,
    ),
  otherHost: () =>
    l10n.t('Check the API address in the setting {0}; a proxy that inspects HTTPS may also present a certificate made for another name.', 'skyvia.baseUrl'),
  other: () => l10n.t('Ask your administrator about this certificate; a proxy that inspects HTTPS may be the one presenting it.'),
};

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

/** The certificate errors of Node and OpenSSL that have words of their own. */
const CERTIFICATE_REASONS: Record<string, CertificateReason> = {
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'untrusted',
  UNABLE_TO_GET_ISSUER_CERT: 'untrusted',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'untrusted',
  SELF_SIGNED_CERT_IN_CHAIN: 'untrusted',
  CERT_UNTRUSTED: 'untrusted',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'selfSigned',
  CERT_HAS_EXPIRED: 'expired',
  ERR_TLS_CERT_ALTNAME_INVALID: 'otherHost',
  HOSTNAME_MISMATCH: 'otherHost',
};

/** Every other code OpenSSL gives a certificate it refuses (CERT_REVOKED, CERT_NOT_YET_VALID, INVALID_CA…). */
const CERTIFICATE_CODE = /^(CERT_|UNABLE_TO_|INVALID_CA$|INVALID_PURPOSE$|PATH_LENGTH_EXCEEDED$|ERROR_IN_CERT_)/;

/** Connections that did not get through to an address: the address, when it is not the API's, was the proxy's. */
const CONNECT_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

interface Cause {
  message?: string;
  code?: unknown;
  cause?: unknown;
  address?: string;
  port?: number;
  hostname?: string;
}

/**
 * What a request that got no answer ran into, from the chain fetch wraps it in ("fetch failed",
 * then undici's or the system's error): its kind, what stood in the way, and its own words (English,
 * for the log and the tooltip). The proxy is never named by fetch: undici reports a refused tunnel
 * only as "Proxy response (407) !== 200 when HTTP Tunneling" (VS Code's fetch says the same, with a
 * typo), and a proxy it cannot reach as a connection to an address that is not the API's.
 */
export function connectionFailure(e: unknown, url: URL): { kind: ErrorKind; trouble?: ConnectionTrouble; words: string } {
  const chain: Cause[] = [];
  for (let c = e as Cause | undefined; c && typeof c === 'object' && chain.length < 6; c = c.cause as Cause | undefined) chain.push(c);
  const words = ownWords(chain, e);
  const host = url.host;
  for (const c of chain) {
    const code = typeof c.code === 'string' ? c.code : '';
    const tunnel = /^Proxy response \((\d{3})\)/.exec(c.message ?? '');
    if (tunnel) {
      const status = Number(tunnel[1]);
      return { kind: status >= 500 ? 'network' : 'proxy', trouble: { is: 'proxyStatus', host, status }, words };
    }
    const reason = CERTIFICATE_REASONS[code] ?? (CERTIFICATE_CODE.test(code) ? 'other' : undefined);
    if (reason) return { kind: 'certificate', trouble: { is: 'certificate', host, reason, code }, words };
    const proxy = CONNECT_CODES.has(code) ? elsewhere(c, url) : undefined;
    if (proxy) return { kind: 'network', trouble: { is: 'proxyUnreachable', host, proxy }, words };
  }
  return { kind: 'network', words };
}

/** The address a failed connection was for, if it is not the API's: by port, and by host when the URL's can be compared. */
function elsewhere(c: Cause, url: URL): string | undefined {
  if (c.hostname) return c.hostname !== url.hostname ? c.hostname : undefined;
  if (!c.address || c.port === undefined) return undefined;
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  const ip = /^[\d.]+$|^\[/.test(url.hostname) ? url.hostname.replace(/^\[|\]$/g, '') : undefined;
  if (c.port === port && (ip === undefined || ip === c.address)) return undefined;
  return c.address.includes(':') ? `[${c.address}]:${c.port}` : `${c.address}:${c.port}`;
}

/** The innermost error's message, with its code when the message does not hold it: "unable to verify the first certificate (UNABLE_TO_VERIFY_LEAF_SIGNATURE)". */
function ownWords(chain: Cause[], e: unknown): string {
  const inner = chain[chain.length - 1];
  const code = chain
    .map((c) => c.code)
    .reverse()
    .find((c): c is string => typeof c === 'string');
  const message = (inner?.message ?? '').replace(/\[[A-Z]+\] "[^"]*":\s*/, '').trim();
  if (!message) return code ?? String(e);
  return code && !message.includes(code) ? `${message} (${code})` : message;
}
