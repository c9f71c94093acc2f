// A network the bench can trust: the service over HTTPS with a private certificate authority, and
// between it and the extension a delay line that holds every byte for half the round trip in each
// direction and holds a new connection's first bytes for one round trip more (its TCP handshake).
// TLS 1.3's own handshake then costs its one round trip through the same delays, as it does on
// the internet: a request on a fresh connection pays three round trips, on a kept one one.
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { makeCertificates } from '../test/netFixtures';

export interface Certificates {
  /** The authority's certificate (PEM), in a file: what NODE_EXTRA_CA_CERTS names. */
  caFile: string;
  /** The server's key and certificate (PEM), for 127.0.0.1 and localhost, signed by the authority. */
  key: string;
  cert: string;
  remove(): void;
}

/** A private authority and a server certificate it signed (the tests' own, made with `openssl`), the authority's in a file. */
export function privateAuthority(): Certificates {
  const made = makeCertificates();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skyvia-bench-ca-'));
  const caFile = path.join(dir, 'ca.pem');
  fs.writeFileSync(caFile, made.ca);
  return { caFile, key: made.key, cert: made.leaf, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

export interface DelayLine {
  /** Where the extension connects. */
  port: number;
  /** Connections accepted so far. */
  opened: number;
  close(): Promise<void>;
}

/**
 * A TCP pass-through to `target` that delays each direction by half of `rttMs`, and a new
 * connection's first bytes by one `rttMs` more: on a real network the client can send nothing
 * before its SYN is answered.
 */
export async function startDelayLine(target: { host: string; port: number }, rttMs: number): Promise<DelayLine> {
  const sockets = new Set<net.Socket>();
  const line = { port: 0, opened: 0, close: async () => {} };
  const server = net.createServer((client) => {
    line.opened++;
    const acceptedAt = performance.now();
    const upstream = net.connect(target);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.setNoDelay(true);
      s.on('error', () => (s === client ? upstream : client).destroy());
      s.on('close', () => {
        sockets.delete(s);
        (s === client ? upstream : client).destroy();
      });
    }
    delayed(client, upstream, () => Math.max(performance.now() + rttMs / 2, acceptedAt + rttMs + rttMs / 2));
    delayed(upstream, client, () => performance.now() + rttMs / 2);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  line.port = (server.address() as net.AddressInfo).port;
  line.close = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    });
  return line;
}

/** Bytes from `from` written to `to` at the time `due()` gives as each chunk arrives, never before those sent ahead of it; the end after them. */
function delayed(from: net.Socket, to: net.Socket, due: () => number): void {
  let last = 0;
  const later = (what: () => void) => {
    last = Math.max(last, due());
    setTimeout(what, Math.max(0, last - performance.now()));
  };
  from.on('data', (chunk: Buffer) => later(() => to.writable && to.write(chunk)));
  from.on('end', () => later(() => to.end()));
}
