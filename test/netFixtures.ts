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
  readonly port: number;
  /** CONNECT requests received, answered or not. */
  readonly connects: number;
  /** Absolute-URI requests received (`GET http://host/path`), the other way a client asks a proxy. */
  readonly forwards: number;
  /** What the proxy itself read: each request's line and headers (CONNECT or absolute-URI), in order. */
  readonly heard: readonly { line: string; headers: Record<string, string | string[] | undefined> }[];
  /** The bytes clients sent inside the tunnels, as Latin-1 text (readable when the API is plain HTTP, ciphertext over TLS). */
  tunneled(): string;
  /** `user:password` the proxy asks for (407 without them), or `undefined` to let everyone through. */
  credentials: string | undefined;
  close(): Promise<void>;
}

/**
 * A forward proxy on 127.0.0.1 (on `port`, when given: the same proxy started again). It takes
 * both ways a client asks a proxy: CONNECT (a tunnel) and absolute-URI requests (`GET http://…`,
 * passed on). Every tunnel or request goes to `target` when given (so a made-up host name reaches
 * a local service), else where it asked; with `refuse`, none does: every request gets that status
 * (403 as a proxy that blocks the host answers, 502 as one that cannot reach it).
 */
export async function startProxy(
  options: { credentials?: string; target?: { host: string; port: number }; refuse?: number; port?: number } = {},
): Promise<TestProxy> {
  const sockets = new Set<net.Socket>();
  let connects = 0;
  let forwards = 0;
  const heard: TestProxy['heard'][number][] = [];
  const inside: Buffer[] = [];
  /** The status the proxy answers this request with itself (407, the refusal), or `undefined` to let it through. */
  const stop = (req: http.IncomingMessage): number | undefined => {
    heard.push({ line: `${req.method} ${req.url} HTTP/${req.httpVersion}`, headers: { ...req.headers } });
    const wanted = proxy.credentials && `Basic ${Buffer.from(proxy.credentials).toString('base64')}`;
    if (wanted && req.headers['proxy-authorization'] !== wanted) return 407;
    return options.refuse;
  };
  const challenge = (status: number): Record<string, string> => (status === 407 ? { 'Proxy-Authenticate': 'Basic realm="test"' } : {});
  const server = http.createServer((req, res) => {
    forwards++;
    const status = stop(req);
    if (status) return void res.writeHead(status, challenge(status)).end();
    const url = new URL(req.url ?? '/');
    if (!/^https?:$/.test(url.protocol) || url.protocol === 'https:') return void res.writeHead(400).end();
    const { 'proxy-authorization': _credentials, 'proxy-connection': _connection, ...headers } = req.headers;
    const forward = http.request(
      {
        host: options.target?.host ?? url.hostname,
        port: options.target?.port ?? (Number(url.port) || 80),
        path: url.pathname + url.search,
        method: req.method,
        headers,
      },
      (upstream) => {
        res.writeHead(upstream.statusCode ?? 502, upstream.headers);
        upstream.pipe(res);
      },
    );
    forward.on('error', () => res.writeHead(502).end());
    req.pipe(forward);
  });
  server.on('connect', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    connects++;
    sockets.add(client);
    client.on('close', () => sockets.delete(client)).on('error', () => client.destroy());
    const status = stop(req);
    if (status) {
      const head = Object.entries({ ...challenge(status), 'Content-Length': '0' }).map(([k, v]) => `${k}: ${v}\r\n`);
      return void client.end(`HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n${head.join('')}\r\n`);
    }
    const [host, port] = options.target ? [options.target.host, options.target.port] : splitHostPort(req.url ?? '');
    const upstream = net.connect(port, host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      inside.push(head);
      upstream.write(head);
      client.on('data', (chunk: Buffer) => inside.push(chunk));
      upstream.pipe(client).pipe(upstream);
    });
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream)).on('error', () => client.destroy());
  });
  server.on('connection', (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const port = await listen(server, options.port);
  const proxy: TestProxy = {
    url: `http://127.0.0.1:${port}`,
    address: `127.0.0.1:${port}`,
    port,
    get connects() {
      return connects;
    },
    get forwards() {
      return forwards;
    },
    heard,
    tunneled: () => Buffer.concat(inside).toString('latin1'),
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
export function startTlsServer(tls: { key: string; cert: string }, origin?: string): Promise<TestTlsServer> {
  const server = https.createServer(tls);
  // A refused handshake is the test's point, not the server's error.
  server.on('tlsClientError', () => undefined);
  return passOn(server, '127.0.0.1', 'https', origin);
}

/**
 * A plain HTTP pass-through to `origin` on another loopback address: VS Code's fetch takes only
 * `localhost`, 127.0.0.1 and ::1 for this machine's own (never through a proxy), so `http.proxy`
 * and `http.noProxy` apply to 127.0.0.2 as to any host.
 */
export function startRelay(origin: string, host = '127.0.0.2'): Promise<TestTlsServer> {
  return passOn(http.createServer(), host, 'http', origin);
}

async function passOn(server: http.Server | https.Server, host: string, scheme: 'http' | 'https', origin?: string): Promise<TestTlsServer> {
  const sockets = new Set<net.Socket>();
  let connections = 0;
  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
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
  const port = await listen(server, 0, host);
  return {
    url: `${scheme}://${host}:${port}`,
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
  /** Its key. */
  caKey: string;
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

/**
 * Makes the certificates with `openssl` (EC keys: fast) in a temporary folder, removed after,
 * signed by a new private CA or by `ca` (one a VS Code was started trusting, say).
 */
export function makeCertificates(ca?: { cert: string; key: string }): TestCertificates {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skyvia-certs-'));
  const file = (name: string) => path.join(dir, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
  const ext = (name: string, text: string) => (fs.writeFileSync(file(name), text), file(name));
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  const here = ext('here.ext', 'basicConstraints=CA:FALSE\nsubjectAltName=IP:127.0.0.1,DNS:localhost,DNS:skyvia-api.test\n');
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
    if (ca) {
      fs.writeFileSync(file('ca.crt'), ca.cert);
      fs.writeFileSync(file('ca.key'), ca.key);
    } else openssl('req', '-x509', ...ec, '-keyout', 'ca.key', '-out', 'ca.crt', '-days', '2', '-subj', '/CN=Test Company CA');
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
      caKey: read('ca.key'),
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

/**
 * A company's private certificate authority for a VS Code about to start, trusted as VS Code lets
 * a company trust one: its file named in NODE_EXTRA_CA_CERTS (Node reads the variable when a
 * process starts, never later), and the folder (its key beside it, for the network suite to sign
 * a service's certificate with) in SKYVIA_TEST_CA_FOLDER. Both go in the launch's environment.
 */
export function launchCa(): { env: Record<string, string>; remove(): void } {
  const company = makeCertificates();
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'skyvia-it-ca-'));
  fs.writeFileSync(path.join(folder, 'ca.crt'), company.ca);
  fs.writeFileSync(path.join(folder, 'ca.key'), company.caKey);
  return {
    env: { NODE_EXTRA_CA_CERTS: path.join(folder, 'ca.crt'), SKYVIA_TEST_CA_FOLDER: folder },
    remove: () => fs.rmSync(folder, { recursive: true, force: true }),
  };
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

function listen(server: net.Server, port = 0, host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve((server.address() as net.AddressInfo).port));
  });
}

function closeServer(server: net.Server, sockets: Set<net.Socket>): Promise<void> {
  for (const s of sockets) s.destroy();
  return new Promise((resolve) => server.close(() => resolve()));
}
