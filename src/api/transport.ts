// Sends one API operation: URL, headers, timeout, cancellation, status → error kind, retries of
// idempotent reads, and one log entry per attempt. The only module that talks HTTP.
//
// It calls the platform's `fetch`, read at call time so VS Code's proxy-aware fetch is the one
// used, or, in the VS Code versions whose fetch opens a connection per request, the same with its
// dispatchers kept (connections.ts). (An HTTP helper library added nothing we did not replace — retries, timeouts and
// parsing are ours — and read `globalThis.Headers` at import, which in Node 20 loads the whole
// fetch implementation at activation, before any request needs it.)
import * as l10n from '@vscode/l10n';
import { request } from './connections';
import { SkyviaError, connectionFailure, kindForStatus, type ErrorKind } from './errors';
import { parseJson } from './json';
import { OPERATIONS, fillPath, type OperationId } from './operations';
import { DEFAULT_RETRY, parseRetryAfter, retryDelay, sleep as realSleep, type RetryPolicy, type Sleep } from './retry';
import { Secrets } from './secrets';

export const DEFAULT_BASE_URL = 'https://api.skyvia.com';

/** Sent by the built-in demo service on every answer (src/demo), so a session on it can say "demo". */
export const DEMO_SERVICE_HEADER = 'X-Skyvia-Demo';

/** One attempt, as written to the request log. Never holds the token or any header. */
export interface RequestLogEntry {
  method: string;
  /** Path and query string. */
  path: string;
  status?: number;
  ms: number;
  attempt: number;
  /** Error kind when the attempt failed. */
  error?: ErrorKind;
  /** What a request that got no answer ran into, in the words of Node or undici (English, redacted). */
  reason?: string;
  /** Delay before the next attempt, when one follows. */
  retryInMs?: number;
}

export interface TransportOptions {
  baseUrl?: string;
  token: string;
  /** Per attempt. */
  timeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  /** Injected so tests never sleep. */
  sleep?: Sleep;
  userAgent?: string;
  onRequest?: (entry: RequestLogEntry) => void;
  /** Every secret seen, shared with whatever else shows text (the extension's log): the token is added to it. */
  secrets?: Secrets;
}

export type Query = Record<string, string | number | boolean | undefined>;

export interface CallOptions {
  signal?: AbortSignal;
}

interface Call extends CallOptions {
  params?: Record<string, string | number>;
  query?: Query;
  body?: unknown;
}

export interface Answer {
  status: number;
  /** Parsed JSON; `undefined` for an empty body (204, or 200 "no body" operations). */
  data: unknown;
}

export class Transport {
  readonly baseUrl: string;
  private readonly token: string;
  private readonly timeoutMs: number;
  private readonly policy: RetryPolicy;
  private readonly sleep: Sleep;
  private readonly userAgent: string;
  private readonly onRequest?: (entry: RequestLogEntry) => void;
  private readonly watchers = new Set<(entry: RequestLogEntry) => void>();
  readonly secrets: Secrets;
  private demo = false;

  constructor(options: TransportOptions) {
    this.baseUrl = (options.baseUrl || DEFAULT_BASE_URL).replace(/\/+$/, '');
    this.token = options.token;
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.policy = { ...DEFAULT_RETRY, ...options.retry };
    this.sleep = options.sleep ?? realSleep;
    this.userAgent = options.userAgent ?? 'skyvia-explorer';
    this.onRequest = options.onRequest;
    this.secrets = options.secrets ?? new Secrets();
    this.secrets.add(this.token, 'token');
  }

  /** The service answered as the built-in demo service (see DEMO_SERVICE_HEADER). */
  get isDemoService(): boolean {
    return this.demo;
  }

  /** Replaces every secret seen (the token, keys and tokens read) wherever it appears in a text that may reach a log or the screen. */
  redact(text: string): string {
    return this.secrets.redact(text);
  }

  /**
   * Sends an operation; resolves with the status and parsed body of a 2xx, or with the status of
   * an answer listed in `accept` (204/404 on schedules are states, not errors).
   */
  async send(op: OperationId, call: Call = {}, accept: number[] = []): Promise<Answer> {
    const { method, path: template, idempotent } = OPERATIONS[op];
    const int64 = 'int64' in OPERATIONS[op];
    const path = fillPath(template, call.params ?? {});
    const search = searchOf(call.query);
    const logPath = search ? `${path}?${search}` : path;
    for (let attempt = 1; ; attempt++) {
      const started = performance.now();
      const log: RequestLogEntry = { method, path: logPath, ms: 0, attempt };
      try {
        const answer = await this.attempt(method, path, logPath, call, accept, int64);
        this.emit({ ...log, status: answer.status, ms: performance.now() - started });
        return answer;
      } catch (e) {
        const error = e as SkyviaError;
        const wait = retryDelay(this.policy, idempotent, error, attempt);
        const reason = error.reason !== undefined ? { reason: error.reason } : {};
        this.emit({ ...log, status: error.status, ms: performance.now() - started, error: error.kind, ...reason, retryInMs: wait });
        if (wait === undefined) throw error;
        await this.sleep(wait, call.signal).catch(() => {
          throw new SkyviaError('cancelled', { method, path });
        });
      }
    }
  }

  private async attempt(method: string, path: string, pathAndQuery: string, call: Call, accept: number[], int64: boolean): Promise<Answer> {
    const ctx = { method, path };
    if (call.signal?.aborted) throw new SkyviaError('cancelled', ctx);
    // One timer per attempt, tied to the caller's signal so either can stop the request.
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, this.timeoutMs);
    const onAbort = () => controller.abort();
    call.signal?.addEventListener('abort', onAbort, { once: true });
    let response: Response;
    let text: string;
    try {
      const json = call.body !== undefined;
      response = await request(this.baseUrl + pathAndQuery, {
        method,
        headers: {
          Authorization: this.token,
          Accept: 'application/json',
          'User-Agent': this.userAgent,
          ...(json ? { 'Content-Type': 'application/json' } : {}),
        },
        body: json ? JSON.stringify(call.body) : undefined,
        signal: controller.signal,
      });
      // Read inside the try: a connection reset or the timeout can strike mid-body.
      text = await response.text();
    } catch (e) {
      if (call.signal?.aborted) throw new SkyviaError('cancelled', ctx);
      if (timedOut) throw new SkyviaError('timeout', ctx, l10n.t('no answer within {0} s', Math.round(this.timeoutMs / 1000)));
      const failure = connectionFailure(e, new URL(this.baseUrl));
      const words = this.redact(failure.words);
      throw new SkyviaError(failure.kind, { ...ctx, trouble: failure.trouble, reason: words }, words);
    } finally {
      clearTimeout(timer);
      call.signal?.removeEventListener('abort', onAbort);
    }
    const status = response.status;
    if (response.headers.get(DEMO_SERVICE_HEADER) === '1') this.demo = true;
    const contentType = response.headers.get('content-type') ?? '';
    if ((status >= 200 && status < 300) || accept.includes(status)) {
      return { status, data: status >= 200 && status < 300 ? this.parseBody(text, contentType, int64, { ...ctx, status }) : undefined };
    }
    throw this.errorFor(status, response.statusText, text, contentType, response.headers.get('retry-after'), ctx);
  }

  private parseBody(text: string, contentType: string, int64: boolean, ctx: { method: string; path: string; status: number }): unknown {
    if (text.trim() === '') return undefined;
    // 200 bodies come as application/json, text/json or text/plain — all JSON. An HTML page in
    // a 200 is a captive portal or proxy talking, not the API.
    if (/html/i.test(contentType) || /^\s*</.test(text)) {
      throw new SkyviaError('badResponse', ctx, l10n.t('received an HTML page instead of JSON — is the base URL right?'));
    }
    try {
      return parseJson(text, int64);
    } catch {
      throw new SkyviaError('badResponse', ctx, l10n.t('the JSON body is incomplete or malformed ({0} characters received)', text.length));
    }
  }

  private errorFor(
    status: number,
    statusText: string,
    text: string,
    contentType: string,
    retryAfter: string | null,
    ctx: { method: string; path: string },
  ): SkyviaError {
    let serverMessage: string | undefined;
    let errors: Record<string, string[]> | undefined;
    const html = /html/i.test(contentType) || /^\s*</.test(text);
    // The envelope is `{errorCode, errors, message, refresh}`; an HTML or empty body must still
    // produce a clear error, so anything unreadable just leaves the message out.
    if (!html && text.trim()) {
      try {
        const body = JSON.parse(text) as { message?: unknown; errors?: unknown } | null;
        if (body && typeof body === 'object') {
          if (typeof body.message === 'string' && body.message.trim()) serverMessage = this.redact(body.message.trim());
          errors = fieldErrors(body.errors, (s) => this.redact(s));
        }
      } catch {
        // Not JSON: a plain-text reason is still worth showing when it is short.
        if (text.length < 200 && !/^\s*</.test(text)) serverMessage = this.redact(text.trim());
      }
    }
    const kind = kindForStatus(status);
    const gatewayPage = html && status >= 500 ? `${status} ${statusText || REASONS[status] || 'error'}` : undefined;
    return new SkyviaError(
      kind,
      { ...ctx, status, serverMessage, errors, retryAfter: parseRetryAfter(retryAfter), gatewayPage },
      html ? l10n.t('the server sent an HTML error page') : undefined,
    );
  }

  private emit(entry: RequestLogEntry): void {
    entry.ms = Math.round(entry.ms);
    this.onRequest?.(entry);
    for (const watcher of this.watchers) watcher(entry);
  }

  /** Every attempt from now on, told to `watcher` too (a long reading adapts to how the service answers); until disposed. */
  watch(watcher: (entry: RequestLogEntry) => void): { dispose(): void } {
    this.watchers.add(watcher);
    return { dispose: () => this.watchers.delete(watcher) };
  }
}

/** Reason phrases of the gateway statuses, for an answer without one (HTTP/2 sends none): HTTP's own words, as a status line says them. */
// l10n-ignore: HTTP's reason phrases are protocol text, not ours
const REASONS: Record<number, string> = { 500: 'Internal Server Error', 502: 'Bad Gateway', 503: 'Service Unavailable', 504: 'Gateway Timeout' };

/** The query string of the defined parameters, built once for the request and its log line. */
function searchOf(query?: Query): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined) params.append(k, String(v));
  return params.toString();
}

/** The `errors` map of the envelope: field → messages, whatever shape each value came in. */
function fieldErrors(raw: unknown, redact: (s: string) => string): Record<string, string[]> | undefined {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return undefined;
  const out: Record<string, string[]> = {};
  for (const [field, value] of Object.entries(raw)) {
    const list = Array.isArray(value) ? value : [value];
    const messages = list.filter((m) => m !== null && m !== undefined).map((m) => redact(String(m)));
    if (messages.length) out[field] = messages;
  }
  return Object.keys(out).length ? out : undefined;
}
