// Injected failures, so clients can be tested against what networks and gateways really do.
//
// Queued faults (failNext, resetNext, truncateNext, htmlNext) form one FIFO: each API request
// (anything outside /__demo) takes the next one, in the order they were queued, so
// `failNext(1, 503); truncateNext(1)` means "first a 503, then a cut body". Latency and the
// content type are settings that last until changed or cleared, and so is a careless service's
// way with history lists (`carelessHistories`). Control routes are never affected, so a test can
// always clear what it set.

export type OkContentType = 'application/json' | 'text/json' | 'text/plain';

export type Fault =
  | { kind: 'fail'; status: number; retryAfter?: number; body?: string; contentType?: string }
  | { kind: 'reset' }
  | { kind: 'truncate' }
  | { kind: 'html'; status: number };

export interface FaultControls {
  /** Milliseconds added to every API response. */
  latency(ms: number): void;
  /** The next n API requests answer this status (default body: the error envelope). */
  failNext(n: number, status: number, opts?: { retryAfter?: number; body?: string; contentType?: string }): void;
  /** Destroy the socket of the next n API requests without answering. */
  resetNext(n: number): void;
  /** The next n API requests get a 200 whose JSON body is cut in half (Content-Length matches the cut). */
  truncateNext(n: number): void;
  /** The next n API requests get an HTML error page (as from a proxy or IIS) with text/html. */
  htmlNext(n: number, status: number): void;
  /** Content type of 200 bodies (charset=utf-8 is appended). */
  contentType(ct: OkContentType): void;
  /**
   * History lists answer as a careless service might (see careless.ts): `startDate`, `endDate` and
   * `failed` ignored, and some failed entries dated 0001-01-01T00:00:00, .NET's "no date".
   */
  carelessHistories(on: boolean): void;
  /** Back to normal: no latency, no queued faults, application/json, careful history lists. */
  clear(): void;
}

const DEFAULT_CONTENT_TYPE = 'application/json; charset=utf-8';
const CONTENT_TYPES: readonly OkContentType[] = ['application/json', 'text/json', 'text/plain'];

function count(n: number, what: string): number {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`${what}: n must be an integer >= 0, got ${String(n)}`);
  return n;
}

function httpStatus(status: number, what: string): number {
  if (!Number.isInteger(status) || status < 200 || status > 599) throw new RangeError(`${what}: status must be an integer 200..599, got ${String(status)}`);
  return status;
}

export class Faults implements FaultControls {
  private latencyMs = 0;
  private okType = DEFAULT_CONTENT_TYPE;
  private careless = false;
  /** Run-length queue: failNext(1000, 503) is one entry, not a thousand. */
  private readonly queue: { fault: Fault; remaining: number }[] = [];

  latency(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError(`latency: ms must be >= 0, got ${String(ms)}`);
    this.latencyMs = ms;
  }

  failNext(n: number, status: number, opts: { retryAfter?: number; body?: string; contentType?: string } = {}): void {
    if (opts.retryAfter !== undefined && (!Number.isFinite(opts.retryAfter) || opts.retryAfter < 0))
      throw new RangeError('failNext: retryAfter must be seconds >= 0');
    this.push(count(n, 'failNext'), {
      kind: 'fail',
      status: httpStatus(status, 'failNext'),
      ...(opts.retryAfter === undefined ? {} : { retryAfter: opts.retryAfter }),
      ...(opts.body === undefined ? {} : { body: opts.body }),
      ...(opts.contentType === undefined ? {} : { contentType: opts.contentType }),
    });
  }

  resetNext(n: number): void {
    this.push(count(n, 'resetNext'), { kind: 'reset' });
  }

  truncateNext(n: number): void {
    this.push(count(n, 'truncateNext'), { kind: 'truncate' });
  }

  htmlNext(n: number, status: number): void {
    this.push(count(n, 'htmlNext'), { kind: 'html', status: httpStatus(status, 'htmlNext') });
  }

  contentType(ct: OkContentType): void {
    if (!CONTENT_TYPES.includes(ct)) throw new RangeError(`contentType: one of ${CONTENT_TYPES.join(', ')}, got ${String(ct)}`);
    this.okType = `${ct}; charset=utf-8`;
  }

  carelessHistories(on: boolean): void {
    if (typeof on !== 'boolean') throw new RangeError(`carelessHistories: true or false, got ${String(on)}`);
    this.careless = on;
  }

  clear(): void {
    this.latencyMs = 0;
    this.okType = DEFAULT_CONTENT_TYPE;
    this.careless = false;
    this.queue.length = 0;
  }

  // ---- used by the server

  get latencyMsValue(): number {
    return this.latencyMs;
  }

  get okContentType(): string {
    return this.okType;
  }

  get carelessHistoriesOn(): boolean {
    return this.careless;
  }

  /** The fault for the API request arriving now, if any. */
  take(): Fault | undefined {
    const head = this.queue[0];
    if (!head) return undefined;
    if (--head.remaining <= 0) this.queue.shift();
    return head.fault;
  }

  describe(): object {
    return {
      latency: this.latencyMs,
      contentType: this.okType,
      ...(this.careless ? { carelessHistories: true } : {}),
      queued: this.queue.map((q) => ({ ...q.fault, n: q.remaining })),
    };
  }

  /**
   * The same controls for other processes: `POST /__demo/faults` with e.g.
   * `{"failNext":{"n":2,"status":503,"retryAfter":1}}`, `{"clear":true}`, `{"latency":200}`,
   * `{"contentType":"text/plain"}`, `{"resetNext":1}`, `{"truncateNext":{"n":1}}`,
   * `{"htmlNext":{"n":1,"status":502}}`, `{"carelessHistories":true}`. `clear` is applied first,
   * then the rest in that order.
   */
  apply(command: Record<string, unknown>): void {
    const known = ['clear', 'latency', 'contentType', 'carelessHistories', 'failNext', 'resetNext', 'truncateNext', 'htmlNext'];
    const unknown = Object.keys(command).filter((k) => !known.includes(k));
    if (unknown.length > 0) throw new RangeError(`Unknown fault control(s): ${unknown.join(', ')}. Known: ${known.join(', ')}.`);
    const obj = (v: unknown, what: string): Record<string, unknown> => {
      if (typeof v === 'number') return { n: v };
      if (typeof v !== 'object' || v === null)
        throw new RangeError(`${what} needs an object like {"n":1${what === 'failNext' || what === 'htmlNext' ? ',"status":503' : ''}}`);
      return v as Record<string, unknown>;
    };
    const num = (v: unknown, what: string): number => {
      if (typeof v !== 'number') throw new RangeError(`${what} must be a number`);
      return v;
    };
    if (command['clear'] === true) this.clear();
    if (command['latency'] !== undefined) this.latency(num(command['latency'], 'latency'));
    if (command['contentType'] !== undefined) this.contentType(command['contentType'] as OkContentType);
    if (command['carelessHistories'] !== undefined) this.carelessHistories(command['carelessHistories'] as boolean);
    if (command['failNext'] !== undefined) {
      const f = obj(command['failNext'], 'failNext');
      const opts: { retryAfter?: number; body?: string; contentType?: string } = {};
      if (f['retryAfter'] !== undefined) opts.retryAfter = num(f['retryAfter'], 'failNext.retryAfter');
      if (typeof f['body'] === 'string') opts.body = f['body'];
      if (typeof f['contentType'] === 'string') opts.contentType = f['contentType'];
      this.failNext(num(f['n'] ?? 1, 'failNext.n'), num(f['status'], 'failNext.status'), opts);
    }
    if (command['resetNext'] !== undefined) this.resetNext(num(obj(command['resetNext'], 'resetNext')['n'] ?? 1, 'resetNext.n'));
    if (command['truncateNext'] !== undefined) this.truncateNext(num(obj(command['truncateNext'], 'truncateNext')['n'] ?? 1, 'truncateNext.n'));
    if (command['htmlNext'] !== undefined) {
      const h = obj(command['htmlNext'], 'htmlNext');
      this.htmlNext(num(h['n'] ?? 1, 'htmlNext.n'), num(h['status'], 'htmlNext.status'));
    }
  }

  private push(n: number, fault: Fault): void {
    if (n > 0) this.queue.push({ fault, remaining: n });
  }
}

/** An error page as IIS or a reverse proxy would send it: HTML, not the JSON envelope. */
export function htmlErrorPage(status: number): string {
  const titles: Record<number, string> = {
    500: '500 - Internal server error.',
    502: '502 - Web server received an invalid response while acting as a gateway or proxy server.',
    503: '503 - Service Unavailable',
    504: '504 - Gateway Timeout',
  };
  const title = titles[status] ?? `${status} - Error`;
  return `<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml">
<head>
<meta http-equiv="Content-Type" content="text/html; charset=utf-8"/>
<title>${title}</title>
<style type="text/css">body{margin:0;font-size:.7em;font-family:Verdana,Arial,Helvetica,sans-serif;background:#EEEEEE;}</style>
</head>
<body>
<div id="header"><h1>Server Error</h1></div>
<div id="content">
 <div class="content-container"><fieldset>
  <h2>${title}</h2>
  <h3>There is a problem with the resource you are looking for, and it cannot be displayed.</h3>
 </fieldset></div>
</div>
</body>
</html>
`;
}
