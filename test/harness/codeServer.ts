/**
 * A real VS Code for tests: code-server 4.100.3 (VS Code 1.100.3) provisioned into a cache
 * folder outside the repository by scripts/provision-vscode.sh, started on 127.0.0.1 with
 * the packaged extension(s) installed, and its workbench opened in Debian's headless Chromium
 * through playwright-core. See test/harness/README.md.
 *
 * Only `node:` modules and playwright-core are used, so it runs under tsx or after esbuild.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import * as util from 'node:util';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

const REPO_ROOT = path.resolve(__dirname, '..', '..');
const PROVISION_SCRIPT = path.join(REPO_ROOT, 'scripts', 'provision-vscode.sh');

/** Where Debian's Chromium lives; override with SKYVIA_CHROMIUM. */
export const CHROMIUM_PATH = process.env.SKYVIA_CHROMIUM || '/usr/bin/chromium';

/** Flags Chromium needs on these machines (no sandbox as root, no GPU, closed network). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * Settings written under the caller's own (the caller's win): keep the window quiet and
 * deterministic, and stop VS Code reaching for the network.
 */
export const DEFAULT_SETTINGS: Record<string, unknown> = {
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  'workbench.welcomePage.walkthroughs.openOnInstall': false,
  'security.workspace.trust.enabled': false,
  'telemetry.telemetryLevel': 'off',
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'extensions.ignoreRecommendations': true,
  'update.mode': 'none',
  'git.enabled': false,
  'npm.autoDetect': 'off',
  'typescript.disableAutomaticTypeAcquisition': true,
};

export interface StartCodeServerOptions {
  /** Port on 127.0.0.1; a free one is picked when omitted or 0. */
  port?: number;
  /** Packaged extensions to install (`--install-extension file.vsix`) before starting. */
  vsixPaths: string[];
  /** Folder opened as the workspace. */
  folder: string;
  /** Extra environment for code-server; the extension host inherits it. */
  env?: Record<string, string>;
  /** Written to <userDataDir>/User/settings.json, over DEFAULT_SETTINGS. */
  settings?: object;
  /** Defaults to a fresh temp folder. */
  userDataDir?: string;
  /** Defaults to a fresh temp folder. */
  extensionsDir?: string;
  /** Milliseconds to wait for the server to answer HTTP (default 60 s). */
  startTimeoutMs?: number;
  /** VS Code's display language (`--locale`), e.g. `qps-ploc` for the pseudo-localized run. */
  locale?: string;
  /** Called after the VSIX files are installed and before the server starts (language files, say). */
  afterInstall?: (dirs: { userDataDir: string; extensionsDir: string }) => void;
  /** VS Code asks whether the folder is trusted, as it does for a person (off by default: a quiet window). */
  workspaceTrust?: boolean;
}

export interface CodeServer {
  /** Workbench URL with the folder opened: http://127.0.0.1:PORT/?folder=... */
  url: string;
  /** http://127.0.0.1:PORT */
  origin: string;
  port: number;
  userDataDir: string;
  extensionsDir: string;
  /** The code-server process (leader of its own process group). */
  process: ChildProcess;
  /**
   * Kills the whole process group (server, extension host, pty host, watchers), then deletes
   * the user-data and extensions folders if they were made here (not the caller's own).
   */
  stop(): Promise<void>;
  /** Everything code-server printed so far (install runs included). */
  logs(): string;
}

export interface Workbench {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

let provisioned: Promise<string> | undefined;

/** Runs scripts/provision-vscode.sh (a no-op once the cache exists); returns the executable. */
export function provisionVSCode(): Promise<string> {
  provisioned ??= new Promise<string>((resolve, reject) => {
    const child = spawn('bash', [PROVISION_SCRIPT], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => (out += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      const exe = out.trim().split('\n').pop() ?? '';
      if (code === 0 && exe && fs.existsSync(exe)) resolve(exe);
      else reject(new Error(`${PROVISION_SCRIPT} failed (exit ${code}); stdout: ${out.trim()}`));
    });
  }).catch((err: unknown) => {
    provisioned = undefined;
    throw err;
  });
  return provisioned;
}

/** A free TCP port on 127.0.0.1 (asks the kernel for one, then releases it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * The environment code-server runs with. PORT is dropped (code-server lets $PORT override
 * --bind-addr, so it cannot reach the extension host either); opts.env is applied last.
 */
function serverEnv(extra: Record<string, string> | undefined): NodeJS.ProcessEnv {
  if (extra && 'PORT' in extra) {
    throw new Error('startCodeServer: env.PORT cannot be passed, code-server would listen on it');
  }
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.PORT;
  // No extension gallery (Open VSX cannot be reached here): VSIX installs still work.
  env.EXTENSIONS_GALLERY ??= '{}';
  // When tests are started by `npm run`, these would leak npm's context into terminals.
  for (const k of Object.keys(env)) if (/^npm_(lifecycle|package)_/.test(k)) delete env[k];
  return { ...env, ...extra };
}

function run(exe: string, args: string[], env: NodeJS.ProcessEnv, sink: (s: string) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(exe, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.setEncoding('utf8').on('data', sink);
    child.stderr.setEncoding('utf8').on('data', sink);
    child.on('error', reject);
    child.on('close', (code, signal) => (code === 0 ? resolve() : reject(new Error(`${path.basename(exe)} ${args.join(' ')} exited ${code ?? signal}`))));
  });
}

function httpStatus(url: string): Promise<number> {
  return new Promise((resolve) => {
    const req = http.get(url, { timeout: 2000 }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(0));
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Kill functions of the servers still running, for the exit and signal handlers below. */
const liveServers = new Set<() => void>();
let cleanupInstalled = false;

function installCleanup(): void {
  if (cleanupInstalled) return;
  cleanupInstalled = true;
  const killAll = () => {
    for (const kill of liveServers) kill();
    liveServers.clear();
  };
  process.on('exit', killAll);
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    const handler = () => {
      killAll();
      process.removeListener(sig, handler);
      // Without other listeners, die of the signal as the process would have.
      if (process.listenerCount(sig) === 0) process.kill(process.pid, sig);
    };
    process.on(sig, handler);
  }
}

/** Installs the VSIX files, writes settings, starts code-server and waits until it answers HTTP. */
export async function startCodeServer(opts: StartCodeServerOptions): Promise<CodeServer> {
  const exe = await provisionVSCode();
  const env = serverEnv(opts.env);
  // Folders made here are deleted by stop(); pass your own to keep logs and state.
  const ownDirs: string[] = [];
  const tempDir = (prefix: string) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    ownDirs.push(dir);
    return dir;
  };
  const userDataDir = path.resolve(opts.userDataDir ?? tempDir('skyvia-vscode-user-'));
  const extensionsDir = path.resolve(opts.extensionsDir ?? tempDir('skyvia-vscode-ext-'));
  const removeOwnDirs = () => {
    for (const dir of ownDirs) fs.rmSync(dir, { recursive: true, force: true });
  };
  const folder = path.resolve(opts.folder);
  fs.mkdirSync(path.join(userDataDir, 'User'), { recursive: true });
  fs.mkdirSync(extensionsDir, { recursive: true });
  fs.mkdirSync(folder, { recursive: true });
  const trust = opts.workspaceTrust ? { 'security.workspace.trust.enabled': true } : {};
  fs.writeFileSync(path.join(userDataDir, 'User', 'settings.json'), JSON.stringify({ ...DEFAULT_SETTINGS, ...trust, ...(opts.settings ?? {}) }, null, 2));

  let log = '';
  const sink = (s: string) => (log += s);
  const common = ['--user-data-dir', userDataDir, '--extensions-dir', extensionsDir];

  if (opts.vsixPaths.length > 0) {
    const installArgs = [...common, '--force'];
    for (const vsix of opts.vsixPaths) installArgs.push('--install-extension', path.resolve(vsix));
    sink(`$ code-server ${installArgs.join(' ')}\n`);
    try {
      await run(exe, installArgs, env, sink);
    } catch (err) {
      removeOwnDirs();
      throw new Error(`${(err as Error).message}\n${log}`);
    }
    // It exits 1 on a bad VSIX or an incompatible engine; the message is checked as well.
    if (/Failed Installing Extensions/.test(log)) {
      removeOwnDirs();
      throw new Error(`installing ${opts.vsixPaths.join(', ')} failed:\n${log}`);
    }
  }

  try {
    opts.afterInstall?.({ userDataDir, extensionsDir });
  } catch (err) {
    removeOwnDirs();
    throw err;
  }

  const port = opts.port || (await freePort());
  const args = [
    ...common,
    '--auth',
    'none',
    '--bind-addr',
    `127.0.0.1:${port}`,
    '--disable-telemetry',
    '--disable-update-check',
    ...(opts.workspaceTrust ? [] : ['--disable-workspace-trust']),
    '--disable-getting-started-override',
    '--ignore-last-opened',
    ...(opts.locale ? ['--locale', opts.locale] : []),
    folder,
  ];
  sink(`$ code-server ${args.join(' ')}\n`);
  // detached: the server becomes a process-group leader, so stop() can kill the group.
  installCleanup();
  const child = spawn(exe, args, { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.setEncoding('utf8').on('data', sink);
  child.stderr?.setEncoding('utf8').on('data', sink);
  let exited: string | undefined;
  const exitPromise = new Promise<void>((resolve) => {
    child.on('exit', (code, signal) => {
      exited = `exit ${code ?? signal}`;
      resolve();
    });
    child.on('error', (err) => {
      exited = `spawn error ${err.message}`;
      resolve();
    });
  });

  const killGroup = (signal: NodeJS.Signals) => {
    try {
      if (child.pid) process.kill(-child.pid, signal);
    } catch {
      /* already gone */
    }
  };
  // Never leave a server behind if the test process itself exits or is interrupted.
  const onExit = () => {
    killGroup('SIGKILL');
    removeOwnDirs();
  };
  liveServers.add(onExit);

  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    liveServers.delete(onExit);
    killGroup('SIGTERM');
    const timer = setTimeout(() => killGroup('SIGKILL'), 5000);
    if (exited === undefined) await exitPromise;
    clearTimeout(timer);
    // Children (extension host, pty host, language servers) may outlive the leader.
    killGroup('SIGKILL');
    for (let i = 0; i < 40 && groupAlive(); i++) await sleep(50);
    removeOwnDirs();
  };
  const groupAlive = () => {
    try {
      if (child.pid) process.kill(-child.pid, 0);
      return !!child.pid;
    } catch {
      return false;
    }
  };

  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (opts.startTimeoutMs ?? 60_000);
  for (;;) {
    if (exited !== undefined) {
      await stop();
      throw new Error(`code-server stopped before answering (${exited}):\n${log}`);
    }
    if ((await httpStatus(`${origin}/healthz`)) === 200) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`code-server did not answer on ${origin} in time:\n${log}`);
    }
    await sleep(150);
  }

  return {
    url: `${origin}/?folder=${encodeURIComponent(folder)}`,
    origin,
    port,
    userDataDir,
    extensionsDir,
    process: child,
    stop,
    logs: () => log,
  };
}

export interface OpenWorkbenchOptions {
  headless?: boolean;
  viewport?: { width: number; height: number };
  /** Milliseconds for navigation and for the workbench to show (default 60 s). */
  timeoutMs?: number;
  /** Called with the fresh page before navigation (expose functions, listen to console...). */
  onPage?: (page: Page) => void | Promise<void>;
  /** Wait for the workbench to be on screen (default true). */
  waitForWorkbench?: boolean;
  /**
   * Abort the page's requests to anything but loopback (default true): the workbench asks
   * Open VSX and others, which cannot be reached here; failing them at once keeps runs quiet
   * and independent of DNS.
   */
  blockExternalRequests?: boolean;
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

function isExternal(url: URL): boolean {
  return (url.protocol === 'http:' || url.protocol === 'https:' || url.protocol === 'ws:' || url.protocol === 'wss:') && !LOOPBACK_HOSTS.has(url.hostname);
}

/**
 * Opens the workbench in Debian's Chromium (headless by default; Playwright gives every launch
 * a fresh temporary profile) and waits until it is on screen.
 */
export async function openWorkbench(url: string, opts: OpenWorkbenchOptions = {}): Promise<Workbench> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: opts.headless ?? true,
    args: CHROMIUM_ARGS,
  });
  try {
    const context = await browser.newContext({ viewport: opts.viewport ?? { width: 1280, height: 800 } });
    if (opts.blockExternalRequests ?? true) {
      await context.route(isExternal, (route) => route.abort('blockedbyclient'));
    }
    const page = await context.newPage();
    await opts.onPage?.(page);
    const timeout = opts.timeoutMs ?? 60_000;
    await page.goto(url, { timeout });
    if (opts.waitForWorkbench ?? true) await waitForWorkbench(page, timeout);
    return {
      browser,
      context,
      page,
      close: async () => {
        await browser.close();
      },
    };
  } catch (err) {
    await browser.close();
    throw err;
  }
}

/** Waits until the workbench (activity bar, status bar) is visible on the page. */
export async function waitForWorkbench(page: Page, timeoutMs = 60_000): Promise<void> {
  await page.locator('.monaco-workbench').waitFor({ state: 'visible', timeout: timeoutMs });
  await page.locator('.monaco-workbench .part.statusbar').waitFor({ state: 'visible', timeout: timeoutMs });
}

/**
 * The workbench URL that makes VS Code (web) run extension tests in the server's extension
 * host, as `--extensionTestsPath`/`--extensionDevelopmentPath` do on the desktop: the paths
 * go in the `payload` query parameter as vscode-remote URIs of files on the server.
 */
export function extensionTestsUrl(
  server: Pick<CodeServer, 'url' | 'port'>,
  paths: { extensionTestsPath: string; extensionDevelopmentPath: string | string[] },
): string {
  const remote = (p: string) => `vscode-remote://127.0.0.1:${server.port}${encodeURI(path.resolve(p))}`;
  const payload: [string, string][] = [];
  const dev = paths.extensionDevelopmentPath;
  for (const p of Array.isArray(dev) ? dev : [dev]) {
    payload.push(['extensionDevelopmentPath', remote(p)]);
  }
  payload.push(['extensionTestsPath', remote(paths.extensionTestsPath)]);
  return `${server.url}&payload=${encodeURIComponent(JSON.stringify(payload))}`;
}

/**
 * The extension host's console reaches the page as console.log('%c INFO', 'color: …', ...args)
 * (or '%c ERR', '%c WARN'); turn that back into the line the extension printed.
 */
function formatConsole(text: string, args: unknown[]): string {
  if (typeof args[0] === 'string' && args[0].startsWith('%c') && args.length >= 2) {
    const level = args[0].slice(2).trim();
    const body = util.format(...args.slice(2));
    return level === 'INFO' || level === 'LOG' ? body : `[${level}] ${body}`;
  }
  return args.length > 0 ? util.format(...args) : text;
}

export interface ExtensionTestsResult {
  /**
   * What the tests module's run() came to: 0 when its promise resolved, 1 when it rejected
   * (or, for the older callback form run(testsRoot, cb), the failure count it reported).
   */
  exitCode: number;
  /** The page's console (the extension host's console output is forwarded there). */
  console: string[];
  durationMs: number;
}

/**
 * Runs a tests module (CommonJS, exporting `run(): Promise<void>`, e.g. a mocha runner) inside
 * the extension host of a started code-server, the way @vscode/test-web does: the workbench
 * calls window.codeAutomationExit(code) when run() settles.
 */
export async function runExtensionTests(
  server: CodeServer,
  opts: {
    /** The tests module, a file on this machine. */
    extensionTestsPath: string;
    /**
     * Required: without it VS Code ignores extensionTestsPath. An extension folder (its
     * package.json); it is loaded in place of an installed extension with the same id.
     */
    extensionDevelopmentPath: string | string[];
    timeoutMs?: number;
    headless?: boolean;
    /** Echo the page console to this process's stdout as it comes (default false). */
    echo?: boolean;
    /** Called with the page before the workbench loads (a benchmark watching what is on screen). */
    onPage?: (page: Page) => void | Promise<void>;
  },
): Promise<ExtensionTestsResult> {
  const started = Date.now();
  const lines: string[] = [];
  let settle: (code: number) => void = () => undefined;
  let drain: () => Promise<void> = async () => undefined;
  const exited = new Promise<number>((resolve) => (settle = resolve));
  const wb = await openWorkbench(extensionTestsUrl(server, opts), {
    headless: opts.headless,
    waitForWorkbench: false,
    onPage: async (page) => {
      // Keep the order of the messages while their arguments are fetched.
      let queue = Promise.resolve();
      page.on('console', (msg) => {
        const args = Promise.all(msg.args().map((a) => a.jsonValue().catch(() => undefined)));
        queue = queue.then(async () => {
          const text = formatConsole(msg.text(), await args.catch(() => []));
          lines.push(text);
          if (opts.echo) console.log(text);
        });
      });
      drain = () => queue;
      await page.exposeFunction('codeAutomationExit', (code: number) => settle(code));
      await opts.onPage?.(page);
    },
  });
  const timeoutMs = opts.timeoutMs ?? 10 * 60_000;
  let timer: NodeJS.Timeout | undefined;
  try {
    const exitCode = await Promise.race([
      exited,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`extension tests did not finish in ${timeoutMs} ms\n${lines.join('\n')}`)), timeoutMs);
      }),
    ]);
    await sleep(200); // the last console messages may still be on their way
    await drain();
    return { exitCode, console: lines, durationMs: Date.now() - started };
  } finally {
    clearTimeout(timer);
    await wb.close();
  }
}
