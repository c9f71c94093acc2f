// A pass-through in front of the demo service, for the figures a browser run needs from the wire:
// how many requests and bytes went to a path, and when an answer had been sent in full. It can
// also answer the paths a pattern matches with a body of its own (a 200,000-line run) for as
// long as it is armed, whoever asks and however often — unlike the demo's queued faults, which
// the next request of any kind would take.
import * as http from 'node:http';
import * as https from 'node:https';
import type { AddressInfo } from 'node:net';

export interface Served {
  path: string;
  bytes: number;
  /** performance.now() when the request arrived. */
  startedAt: number;
  /** performance.now() when the last byte was handed to the socket. */
  endedAt: number;
  /**
   * The first request on its connection: one that paid for opening it (on a real network a TCP
   * handshake and, for HTTPS, a TLS one — one or two round trips more, not seen on the loopback).
   */
  fresh: boolean;
}

export interface Proxy {
  url: string;
  /** Every answer sent, in order. */
  served: Served[];
  /** Answers GETs of paths `pattern` matches with `body(first group)` (JSON) until disarmed. */
  arm(pattern: RegExp, body: (id: string) => string): void;
  disarm(): void;
  /** Answers to GETs of paths `pattern` matches are sent `ms` later than they came, until held again (0: not). */
  hold(pattern: RegExp, ms: number): void;
  close(): Promise<void>;
}

/**
 * `tls`: the pass-through answers HTTPS with this key and certificate (the demo behind it stays
 * HTTP), and keeps an idle connection open for a minute, as a cloud load balancer does — Node's
 * own 5 s would close the kept connections between two clicks of the bench.
 */
export async function startProxy(target: string, tls?: { key: string; cert: string }): Promise<Proxy> {
  const served: Served[] = [];
  let armed: { pattern: RegExp; body: (id: string) => string } | undefined;
  let held: { pattern: RegExp; ms: number } | undefined;
  const upstream = new URL(target);
  const connections = new WeakSet<object>();
  const handle: http.RequestListener = (req, res) => {
    const path = (req.url ?? '/').replace(/\?.*$/, '');
    const startedAt = performance.now();
    const fresh = !connections.has(req.socket);
    connections.add(req.socket);
    const done = (bytes: number) => res.on('finish', () => served.push({ path, bytes, startedAt, endedAt: performance.now(), fresh }));
    const match = req.method === 'GET' ? armed?.pattern.exec(path) : null;
    if (armed && match) {
      req.resume();
      const body = Buffer.from(armed.body(match[1] ?? ''));
      done(body.length);
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': body.length });
      res.end(body);
      return;
    }
    const delay = req.method === 'GET' && held?.pattern.test(path) ? held.ms : 0;
    const out = http.request({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      let bytes = 0;
      answer.on('data', (chunk: Buffer) => (bytes += chunk.length));
      answer.pause();
      setTimeout(() => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      }, delay);
      res.on('finish', () => served.push({ path, bytes, startedAt, endedAt: performance.now(), fresh }));
    });
    out.on('error', () => res.destroy());
    req.pipe(out);
  };
  const server = tls ? https.createServer(tls, handle) : http.createServer(handle);
  if (tls) server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `${tls ? 'https' : 'http'}://127.0.0.1:${(server.address() as AddressInfo).port}`,
    served,
    arm: (pattern, body) => (armed = { pattern, body }),
    disarm: () => (armed = undefined),
    hold: (pattern, ms) => (held = ms ? { pattern, ms } : undefined),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
