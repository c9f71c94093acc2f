// What stands between a client and the API in a company network, made small for the tests that
// drive the real client through it: a forward proxy (HTTP CONNECT, optionally asking for Basic
// credentials) and an HTTPS server whose certificate this machine does not trust, with the
// certificates made by `openssl` in a temporary folder when asked for.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as https from 'node:https';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';

export interface TestProxy {
  /** `http://127.0.0.1:<port>`. */
  readonly url: string;
  /** `127.0.0.1:<port>`, as a message names it. */
  readonly address: string;
  /** CONNECT requests received, answered or not. */
  readonly connects: number;
  /** `user:password` the proxy asks for (407 without them), or `undefined` to let everyone through. */
  credentials: string | undefined;
  close(): Promise<void>;
}

/**
 * A forward proxy on 127.0.0.1. Every tunnel goes to `target` when given (so a made-up host name
 * reaches a local service), else where the CONNECT asked; with `refuse`, none does: every CONNECT
 * gets that status (403 as a proxy that blocks the host answers, 502 as one that cannot reach it).
 */
export async function startProxy(options: { credentials?: string; target?: { host: string; port: number }; refuse?: number } = {}): Promise<TestProxy> {
  const sockets = new Set<net.Socket>();
  let connects = 0;
  const server = http.createServer((_req, res) => res.writeHead(405).end());
  server.on('connect', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    connects++;
    sockets.add(client);
    client.on('close', () => sockets.delete(client)).on('error', () => client.destroy());
    const wanted = proxy.credentials && `Basic ${Buffer.from(proxy.credentials).toString('base64')}`;
    if (wanted && req.headers['proxy-authorization'] !== wanted) {
      client.end('HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="test"\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    if (options.refuse) return void client.end(`HTTP/1.1 ${options.refuse} ${http.STATUS_CODES[options.refuse]}\r\nContent-Length: 0\r\n\r\n`);
    const [host, port] = options.target ? [options.target.host, options.target.port] : splitHostPort(req.url ?? '');
    const upstream = net.connect(port, host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client).pipe(upstream);
    });
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream)).on('error', () => client.destroy());
  });
  const port = await listen(server);
  const proxy: TestProxy = {
    url: `http://127.0.0.1:${port}`,
    address: `127.0.0.1:${port}`,
    get connects() {
      return connects;
    },
    credentials: options.credentials,
    close: () => closeServer(server, sockets),
  };
  return proxy;
}

export interface TestTlsServer {
  readonly url: string;
  /** TCP connections accepted: one per attempt of a client that does not keep them. */
  readonly connections: number;
  close(): Promise<void>;
}

/** An HTTPS server on 127.0.0.1 with this certificate; it passes requests on to `origin` (a demo service), else answers 503. */
export async function startTlsServer(tls: { key: string; cert: string }, origin?: string): Promise<TestTlsServer> {
  const sockets = new Set<net.Socket>();
  let connections = 0;
  const server = https.createServer(tls, (req, res) => {
    if (!origin) return void res.writeHead(503).end();
    const forward = http.request(new URL(req.url ?? '/', origin), { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    forward.on('error', () => res.writeHead(502).end());
    req.pipe(forward);
  });
  server.on('connection', (socket: net.Socket) => {
    connections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  // A refused handshake is the test's point, not the server's error.
  server.on('tlsClientError', () => undefined);
  const port = await listen(server);
  return {
    url: `https://127.0.0.1:${port}`,
    get connections() {
      return connections;
    },
    close: () => closeServer(server, sockets),
  };
}

/** PEM texts: a private CA, and server certificates for 127.0.0.1 that are wrong in each of the ways a client refuses. */
export interface TestCertificates {
  /** The private certificate authority (what a company's TLS-inspecting proxy signs with). */
  ca: string;
  /** The key of every server certificate below. */
  key: string;
  /** Signed by `ca`, sent alone: "unable to verify the first certificate". */
  leaf: string;
  /** `leaf` followed by `ca`: "self-signed certificate in certificate chain". */
  leafAndCa: string;
  /** Signed by an intermediate that is sent along, whose issuer (`ca`) is not: "unable to get local issuer certificate". */
  leafAndIntermediate: string;
  /** Signed by itself: "self-signed certificate". */
  selfSigned: string;
  /** Signed by `ca`, no longer valid. */
  expired: string;
  /** Signed by `ca`, for another host name. */
  otherHost: string;
}

/** Makes the certificates with `openssl` (EC keys: fast) in a temporary folder, removed after. */
export function makeCertificates(): TestCertificates {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skyvia-certs-'));
  const file = (name: string) => path.join(dir, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
  const ext = (name: string, text: string) => (fs.writeFileSync(file(name), text), file(name));
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  const here = ext('here.ext', 'basicConstraints=CA:FALSE\nsubjectAltName=IP:127.0.0.1,DNS:localhost\n');
  const sign = (out: string, issuer: string, days: string, extFile: string) =>
    openssl(
      'x509',
      '-req',
      '-in',
      'leaf.csr',
      '-CA',
      `${issuer}.crt`,
      '-CAkey',
      `${issuer}.key`,
      '-CAcreateserial',
      '-out',
      out,
      '-days',
      days,
      '-extfile',
      extFile,
    );
  try {
    openssl('req', '-x509', ...ec, '-keyout', 'ca.key', '-out', 'ca.crt', '-days', '2', '-subj', '/CN=Test Company CA');
    openssl('req', ...ec, '-keyout', 'int.key', '-out', 'int.csr', '-subj', '/CN=Test Company Intermediate');
    const caExt = ext('ca.ext', 'basicConstraints=critical,CA:TRUE\nkeyUsage=critical,keyCertSign,cRLSign\n');
    openssl('x509', '-req', '-in', 'int.csr', '-CA', 'ca.crt', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'int.crt', '-days', '2', '-extfile', caExt);
    openssl('req', ...ec, '-keyout', 'leaf.key', '-out', 'leaf.csr', '-subj', '/CN=localhost');
    sign('leaf.crt', 'ca', '2', here);
    sign('leaf2.crt', 'int', '2', here);
    // Valid until a day before it was made: expired however the clock stands.
    sign('expired.crt', 'ca', '-1', here);
    sign('other.crt', 'ca', '2', ext('other.ext', 'basicConstraints=CA:FALSE\nsubjectAltName=DNS:other.example\n'));
    openssl('req', '-x509', '-key', 'leaf.key', '-out', 'self.crt', '-days', '2', '-subj', '/CN=localhost', '-addext', 'subjectAltName=IP:127.0.0.1');
    const read = (name: string) => fs.readFileSync(file(name), 'utf8');
    return {
      ca: read('ca.crt'),
      key: read('leaf.key'),
      leaf: read('leaf.crt'),
      leafAndCa: read('leaf.crt') + read('ca.crt'),
      leafAndIntermediate: read('leaf2.crt') + read('int.crt'),
      selfSigned: read('self.crt'),
      expired: read('expired.crt'),
      otherHost: read('other.crt'),
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** A port on 127.0.0.1 that nothing listens on (it was free a moment ago). */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  const port = await listen(server);
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function splitHostPort(hostPort: string): [string, number] {
  const at = hostPort.lastIndexOf(':');
  return [hostPort.slice(0, at).replace(/^\[|\]$/g, ''), Number(hostPort.slice(at + 1))];
}

function listen(server: net.Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port)));
}

function closeServer(server: net.Server, sockets: Set<net.Socket>): Promise<void> {
  for (const s of sockets) s.destroy();
  return new Promise((resolve) => server.close(() => resolve()));
}
