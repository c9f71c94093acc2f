// The HTTP side of the demo service: parsing, auth, faults, routing and writing responses.
//
// Order of a request, mirroring a real gateway in front of the real service:
//   control routes (/__demo/…) → count → injected fault (before auth, as a proxy would) →
//   latency → auth (403 before route resolution, as observed live) → route (404/405) →
//   handler → JSON (int64-safe) with the configured content type.

import { DEMO_SERVICE_HEADER } from '../api/transport';
import * as http from 'node:http';
import type { Socket } from 'node:net';
import { ApiError, AUTH_MESSAGE, envelope, statusMessage, validation } from './errors';
import { isHistoryList, undated, withoutFilters } from './careless';
import { htmlErrorPage, type Fault, type Faults } from './faults';
import { HANDLERS } from './handlers';
import { toJson } from './json';
import { Query } from './params';
import { matchRoute } from './router';
import type { DemoState } from './state';
import type { Stats } from './stats';

const MAX_BODY_BYTES = 1_000_000;
/** Control requests may carry a whole crafted answer (a 5 MB name, a huge log) to play back. */
const MAX_CONTROL_BODY_BYTES = 32_000_000;
const ERROR_CONTENT_TYPE = 'application/json; charset=utf-8';

export interface ControlRoutes {
  /** Handles /__demo/<rest>; returns the reply body or throws an ApiError. */
  handle(method: string, rest: string, body: () => unknown): unknown;
}

export interface ServerDeps {
  state: DemoState;
  faults: Faults;
  stats: Stats;
  token: string;
  control: ControlRoutes;
}

interface Outgoing {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** The demo's HTTP server plus what close() needs to stop it without waiting on anyone. */
export class DemoHttpServer {
  readonly server: http.Server;
  private readonly sockets = new Set<Socket>();
  private readonly timers = new Set<{ timer: NodeJS.Timeout; resolve: () => void }>();
  private closing = false;

  constructor(private readonly deps: ServerDeps) {
    this.server = http.createServer((req, res) => {
      this.handle(req, res).catch((err: unknown) => {
        // A bug in the demo should show as a 500 envelope, never as a hung request.
        if (!res.headersSent && !res.destroyed) this.write(res, this.errorOut(new ApiError(500, `Demo service error: ${String(err)}`)));
      });
    });
    this.server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.once('close', () => this.sockets.delete(socket));
    });
    // Keep-alive sockets idle longer than undici's default so clients don't race a server close.
    this.server.keepAliveTimeout = 65_000;
  }

  listen(port: number): Promise<number> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, '127.0.0.1', () => {
        this.server.off('error', reject);
        const addr = this.server.address();
        resolve(typeof addr === 'object' && addr ? addr.port : port);
      });
    });
  }

  close(): Promise<void> {
    if (this.closing) return Promise.resolve();
    this.closing = true;
    for (const t of this.timers) {
      clearTimeout(t.timer);
      t.resolve();
    }
    this.timers.clear();
    return new Promise((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
      for (const s of this.sockets) s.destroy();
    });
  }

  private sleep(ms: number): Promise<void> {
    if (ms <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const entry = {
        timer: setTimeout(() => {
          this.timers.delete(entry);
          resolve();
        }, ms),
        resolve,
      };
      this.timers.add(entry);
    });
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const rawUrl = req.url ?? '/';
    const q = rawUrl.indexOf('?');
    const rawPath = q < 0 ? rawUrl : rawUrl.slice(0, q);
    const search = q < 0 ? '' : rawUrl.slice(q + 1);
    const method = (req.method ?? 'GET').toUpperCase();
    const control = rawPath === '/__demo' || rawPath.startsWith('/__demo/');
    const bodyPromise = readBody(req, control ? MAX_CONTROL_BODY_BYTES : MAX_BODY_BYTES);

    if (control) {
      const body = await bodyPromise;
      this.write(res, this.controlOut(req, method, rawPath.slice('/__demo/'.length), body));
      return;
    }

    let segments: string[] | undefined;
    try {
      segments = rawPath
        .split('/')
        .filter((s, i, all) => s !== '' || (i > 0 && i < all.length - 1))
        .map((s) => decodeURIComponent(s));
    } catch {
      segments = undefined; // malformed percent-encoding
    }
    const route = segments ? matchRoute(method, segments) : ({ kind: 'notFound' } as const);
    this.deps.stats.count(route.kind === 'match' ? route.op : 'unmatched');

    const fault = this.deps.faults.take();
    const body = await bodyPromise;
    await this.sleep(this.deps.faults.latencyMsValue);
    if (this.closing || res.destroyed) return;

    if (fault?.kind === 'reset') {
      // A TCP RST where available (what a dying proxy does), else a plain close.
      const socket = req.socket as Socket & { resetAndDestroy?: () => void };
      if (typeof socket.resetAndDestroy === 'function') socket.resetAndDestroy();
      else socket.destroy();
      return;
    }
    if (fault && fault.kind !== 'truncate') {
      this.write(res, faultOut(fault));
      return;
    }

    let out: Outgoing;
    try {
      if (!this.authorized(req)) throw new ApiError(403, AUTH_MESSAGE);
      if (!segments) throw new ApiError(400, 'The request path is not valid percent-encoding.');
      if (route.kind === 'notFound') throw new ApiError(404, `No API operation matches ${method} ${rawPath}.`);
      if (route.kind === 'methodNotAllowed')
        throw new ApiError(405, `${method} is not allowed on ${rawPath}. Allowed: ${route.allowed.join(', ')}.`, {}, { Allow: route.allowed.join(', ') });
      if (body.tooLarge) throw new ApiError(413, statusMessage(413));
      const state = this.deps.state;
      const now = state.now();
      // What the schedules started while nobody asked is there before anyone looks.
      state.schedules.catchUp(now);
      const careless = this.deps.faults.carelessHistoriesOn && isHistoryList(route.op);
      const reply = HANDLERS[route.op]({
        params: route.params,
        query: new Query(careless ? withoutFilters(search) : search),
        body: () => parseJsonBody(req, body.bytes),
        state,
        now,
      });
      if (careless) reply.body = undated(reply.body);
      out =
        reply.body === undefined
          ? { status: reply.status, headers: reply.status === 204 ? {} : { 'Content-Length': '0' }, body: Buffer.alloc(0) }
          : { status: reply.status, headers: { 'Content-Type': this.deps.faults.okContentType }, body: Buffer.from(toJson(reply.body), 'utf8') };
    } catch (err) {
      out = this.errorOut(err);
    }

    if (fault?.kind === 'truncate') {
      // Valid HTTP (Content-Length matches what is sent), invalid JSON: half a document.
      const full = out.body.length > 0 ? out.body : Buffer.from(toJson(envelope(out.status, statusMessage(out.status))), 'utf8');
      out = { status: 200, headers: { 'Content-Type': this.deps.faults.okContentType }, body: full.subarray(0, Math.floor(full.length / 2)) };
    }
    this.write(res, out);
  }

  private authorized(req: http.IncomingMessage): boolean {
    const header = req.headers.authorization?.trim();
    if (!header) return false;
    // The scheme is undocumented: accept the raw token (as documented) and "Bearer <token>".
    return header === this.deps.token || (/^bearer\s+/i.test(header) && header.replace(/^bearer\s+/i, '') === this.deps.token);
  }

  private controlOut(req: http.IncomingMessage, method: string, rest: string, body: RawBody): Outgoing {
    try {
      if (!this.authorized(req)) throw new ApiError(403, AUTH_MESSAGE);
      const result = this.deps.control.handle(method, rest, () => parseJsonBody(req, body.bytes));
      return { status: 200, headers: { 'Content-Type': ERROR_CONTENT_TYPE }, body: Buffer.from(toJson(result), 'utf8') };
    } catch (err) {
      if (err instanceof RangeError) return this.errorOut(new ApiError(400, err.message));
      return this.errorOut(err);
    }
  }

  private errorOut(err: unknown): Outgoing {
    const e = err instanceof ApiError ? err : new ApiError(500, `Demo service error: ${err instanceof Error ? err.message : String(err)}`);
    if (!(err instanceof ApiError)) console.error('[demo-service]', err);
    return { status: e.status, headers: { 'Content-Type': ERROR_CONTENT_TYPE, ...e.headers }, body: Buffer.from(toJson(e.envelope()), 'utf8') };
  }

  private write(res: http.ServerResponse, out: Outgoing): void {
    if (res.destroyed) return;
    // Says "this is the demo service", so a client that reached it with a token (npm start) shows "demo".
    const headers: Record<string, string> = { ...out.headers, [DEMO_SERVICE_HEADER]: '1' };
    if (out.status !== 204 && out.status !== 304) headers['Content-Length'] = String(out.body.length);
    res.writeHead(out.status, headers);
    res.end(out.status === 204 || out.status === 304 ? undefined : out.body);
  }
}

function faultOut(fault: Exclude<Fault, { kind: 'reset' } | { kind: 'truncate' }>): Outgoing {
  if (fault.kind === 'html') {
    return { status: fault.status, headers: { 'Content-Type': 'text/html; charset=utf-8' }, body: Buffer.from(htmlErrorPage(fault.status), 'utf8') };
  }
  const headers: Record<string, string> = { 'Content-Type': fault.contentType ?? ERROR_CONTENT_TYPE };
  if (fault.retryAfter !== undefined) headers['Retry-After'] = String(fault.retryAfter);
  const body = fault.body ?? toJson(envelope(fault.status, statusMessage(fault.status)));
  return { status: fault.status, headers, body: Buffer.from(body, 'utf8') };
}

interface RawBody {
  bytes: Buffer;
  tooLarge: boolean;
}

function readBody(req: http.IncomingMessage, max: number): Promise<RawBody> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) tooLarge = true;
      else chunks.push(chunk);
    });
    req.on('end', () => resolve({ bytes: Buffer.concat(chunks), tooLarge }));
    req.on('error', () => resolve({ bytes: Buffer.alloc(0), tooLarge }));
    req.on('close', () => resolve({ bytes: Buffer.concat(chunks), tooLarge }));
  });
}

// The request body media types the service accepts (per the contract and the live OpenAPI).
function isJsonMediaType(contentType: string | undefined): boolean {
  const media = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return media === 'application/json' || media === 'text/json' || /^application\/[a-z0-9.+-]+\+json$/.test(media);
}

function parseJsonBody(req: http.IncomingMessage, bytes: Buffer): unknown {
  if (bytes.length === 0) return undefined;
  if (!isJsonMediaType(req.headers['content-type'])) {
    throw new ApiError(415, `Unsupported content type '${req.headers['content-type'] ?? ''}'. Send application/json.`);
  }
  const text = bytes.toString('utf8');
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    throw validation({ $: [`The request body is not valid JSON: ${err instanceof Error ? err.message : String(err)}`] });
  }
}
