// The `fetch` requests are sent with: VS Code's own where it keeps connections warm, and where it
// does not, the same decisions made with VS Code's own parts but with each dispatcher kept.
//
// VS Code's extension host replaces `fetch` with a proxy-aware one (`createFetchPatch` of
// @vscode/proxy-agent): it resolves the proxy for each URL (`http.proxy`, `http.noProxy`, the
// environment, the system's) and adds the system's certificates (`http.systemCertificates`). Up
// to 1.104.2 it builds a new undici `Agent` or `ProxyAgent` for every request — a dispatcher
// handed to it is only read for its options — so every request opens a connection of its own,
// and over HTTPS pays a TCP and a TLS handshake: three round trips where one would do.
// 1.104.3 caches those agents (microsoft/vscode#269496), and its `fetch` is used as it is.
//
// Before that, the pieces the patch uses are the ones VS Code loaded into this process, found in
// the module cache: its proxy resolver (`resolveProxyURL`, which VS Code sets on the module's
// exports), its loaded certificates and its undici. Each request then goes to Node's own
// `fetch` (the one the patch wraps) with a dispatcher made once per proxy and kept, so undici's
// pool reuses its connections. Where any piece is missing (plain Node, a VS Code whose patch is
// made otherwise), or a setting asks for what only VS Code does (Electron's fetch, no patched fetch),
// requests go through `globalThis.fetch` as before.
//
// The certificates are VS Code's list, as its patch gives them: Node takes a list given to it
// instead of its own store, so NODE_EXTRA_CA_CERTS is read only while `http.systemCertificates`
// is off, as with VS Code's own fetch.
//
// VS Code's `http.proxyStrictSSL` is not applied to extensions' requests by this patch (only to
// VS Code's own); neither is it here: certificates are always checked.

import * as tls from 'node:tls';

type Fetch = typeof globalThis.fetch;

/** What VS Code says of itself and of its `http.*` settings, read by the host for each request. */
export interface HostNetwork {
  /** `vscode.version`. */
  version: string;
  settings(): {
    /** `http.proxySupport`: `off` resolves no proxy. */
    proxySupport: string;
    /** `http.systemCertificates`. */
    systemCertificates: boolean;
    /** `http.fetchAdditionalSupport`: off, VS Code's fetch is Node's, untouched. */
    fetchAdditionalSupport: boolean;
    /** `http.electronFetch` where it applies (a local extension host): Chromium's network stack does the work. */
    electronFetch: boolean;
  };
}

interface Dispatcher {
  close(): Promise<void>;
}
interface Undici {
  Agent: new (options: object) => Dispatcher;
  ProxyAgent: new (options: object) => Dispatcher;
}
interface ProxyAgentModule {
  resolveProxyURL?: (url: string) => Promise<string | undefined>;
  getOrLoadAdditionalCertificates?: (params: object) => Promise<string[]>;
  loadSystemCertificates?: (params: object) => Promise<string[]>;
}
interface Parts {
  original: Fetch;
  patched: Fetch;
  resolveProxyURL: (url: string) => Promise<string | undefined>;
  certificates: () => Promise<string[]>;
  undici: Undici;
}

let host: HostNetwork | undefined;
let parts: Parts | null | undefined;
/**
 * Per proxy: `kept` once a request through VS Code's fetch went through it without a challenge,
 * `vscode` once it asked for credentials — only VS Code's fetch answers a challenge (it asks the
 * user, or Kerberos), so every request through that proxy is left to it.
 */
const proxies = new Map<string, 'kept' | 'vscode'>();
const dispatchers = new Map<string, Dispatcher>();

/**
 * Told by the host before requests: without it, requests go through `globalThis.fetch`.
 * `undefined` forgets it, and closes the connections kept.
 */
export function useHostNetwork(network: HostNetwork | undefined): void {
  host = network;
  if (network) return;
  parts = undefined;
  proxies.clear();
  for (const dispatcher of dispatchers.values()) void dispatcher.close().catch(() => undefined);
  dispatchers.clear();
}

/** Sends a request as `fetch` does, on a kept connection where VS Code's own fetch would open a new one. */
export async function request(url: string, init: RequestInit): Promise<Response> {
  const found = host && before(host.version, [1, 104, 3]) ? (parts ??= find()) : null;
  const settings = found && host!.settings();
  if (!found || !settings || !settings.fetchAdditionalSupport || settings.electronFetch) return globalThis.fetch(url, init);
  const proxy = settings.proxySupport === 'off' ? undefined : await found.resolveProxyURL(url);
  const addCertificates = settings.systemCertificates;
  // A first request through a proxy goes VS Code's way, and shows whether the proxy challenges.
  if (proxy && proxies.get(proxy) !== 'kept') {
    try {
      const answer = await found.patched(url, init);
      if (!proxies.has(proxy)) proxies.set(proxy, 'kept');
      return answer;
    } catch (e) {
      if (challenged(e)) proxies.set(proxy, 'vscode');
      throw e;
    }
  }
  const ca = addCertificates ? await found.certificates() : undefined;
  const key = `${proxy ?? 'direct'} ${ca ? 'ca' : ''}`;
  let dispatcher = dispatchers.get(key);
  if (!dispatcher) {
    dispatcher = proxy
      ? new found.undici.ProxyAgent({ uri: proxy, ...(ca ? { requestTls: { ca }, proxyTls: { ca } } : {}) })
      : new found.undici.Agent(ca ? { connect: { ca } } : {});
    dispatchers.set(key, dispatcher);
  }
  try {
    return await found.original(url, { ...init, dispatcher } as RequestInit);
  } catch (e) {
    // Not sent again (that is the retry policy's to decide): the next request goes VS Code's way.
    if (proxy && challenged(e)) proxies.set(proxy, 'vscode');
    throw e;
  }
}

/** The proxy refused the tunnel with 407 (undici's words, and VS Code's, in the error or its cause). */
function challenged(e: unknown): boolean {
  for (let c = e as { message?: unknown; cause?: unknown } | undefined, i = 0; c && i < 4; c = c.cause as typeof c, i++)
    if (/Proxy response \(407\)/.test(String(c.message))) return true;
  return false;
}

/** VS Code's parts in this process, or `null` where they are not all there. */
function find(): Parts | null {
  const g = globalThis as { __vscodeOriginalFetch?: Fetch; __vscodePatchedFetch?: Fetch };
  const cache = typeof require === 'function' ? require.cache : undefined;
  if (!g.__vscodeOriginalFetch || !g.__vscodePatchedFetch || !cache) return null;
  // Where VS Code keeps its modules in an archive (node_modules.asar), the paths say so.
  const agentPath = Object.keys(cache).find((k) => /[\\/]node_modules(\.asar)?[\\/]@vscode[\\/]proxy-agent[\\/]out[\\/]index\.js$/.test(k));
  if (!agentPath) return null;
  const agent = cache[agentPath]?.exports as ProxyAgentModule | undefined;
  // The undici the patch itself requires: its own copy if it has one, else the one beside it.
  const packageDir = agentPath.replace(/[\\/]out[\\/]index\.js$/, '');
  const modules = packageDir.replace(/[\\/]@vscode[\\/]proxy-agent$/, '');
  const sep = agentPath.includes('\\') ? '\\' : '/';
  const undici = [`${packageDir}${sep}node_modules${sep}undici${sep}index.js`, `${modules}${sep}undici${sep}index.js`]
    .map((p) => cache[p]?.exports as Undici | undefined)
    .find((u) => typeof u?.Agent === 'function' && typeof u.ProxyAgent === 'function');
  const { resolveProxyURL, getOrLoadAdditionalCertificates } = agent ?? {};
  if (!undici || !resolveProxyURL || !getOrLoadAdditionalCertificates) return null;
  // VS Code loads its certificates with what only it knows (on a desktop, from the main process)
  // into the module's cache on its fetch's first use, and a `data:` URL is fetched without a
  // request: asked that way first, the cache holds VS Code's list. The system's store, as a remote
  // extension host loads it, only in case that did not fill it.
  const quiet = { log: { trace() {}, debug() {}, info() {}, warn() {}, error() {} } };
  const patched = g.__vscodePatchedFetch;
  let certificates: Promise<string[]> | undefined;
  return {
    original: g.__vscodeOriginalFetch,
    patched,
    resolveProxyURL,
    certificates: () =>
      (certificates ??= patched('data:,')
        .then((r) => r.arrayBuffer())
        .catch(() => undefined)
        .then(() => getOrLoadAdditionalCertificates({ ...quiet, loadAdditionalCertificates: () => agent?.loadSystemCertificates?.(quiet) ?? [] }))
        .then((more) => [...tls.rootCertificates, ...more])),
    undici,
  };
}

/** Whether version `a.b.c` is before `limit`. */
function before(version: string, limit: [number, number, number]): boolean {
  const parts = version.split(/[.-]/).map((p) => parseInt(p, 10));
  for (let i = 0; i < 3; i++) {
    const n = parts[i] || 0;
    if (n !== limit[i]) return n < limit[i];
  }
  return false;
}
