// `npm run bench`: figures measured side by side in one run against the demo service, printed as
// a table and saved to bench/results/latest.json. Budgets live here, never in tests: a figure over
// its budget is reported, and `--strict` makes it fail the run.
//
//   in a real VS Code (code-server, bench/vscode/probe.ts): activation as its Startup Performance
//   table reports it, over fresh profiles · tree expansion and paging 10,000 items · extension-host
//   heap · a 200,000-line log opened as a document vs a bare fetch + parse · idle and per-run cost
//   in Node: bytes of every bundle and the VSIX · cold require() of the entry point and of the
//   body · activate() · our client vs a bare fetch loop over the same 10,000 items
import * as esbuild from 'esbuild';
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runExtensionTests, startCodeServer } from '../test/harness/codeServer';
import { SkyviaClient, all } from '../src/api';
import { DEMO_FIXTURES as F } from '../src/demo/fixtures';
import { startDemoService } from '../src/demo';

const root = path.resolve(__dirname, '..');
const strict = process.argv.includes('--strict');

interface Row { figure: string; value: number; unit: string; budget?: number; note?: string }
const rows: Row[] = [];
const record = (r: Row) => {
  rows.push(r);
  const over = r.budget !== undefined && r.value > r.budget;
  console.log(`${over ? '✘' : '✔'} ${r.figure.padEnd(44)} ${fmt(r.value).padStart(12)} ${r.unit.padEnd(6)}${r.budget !== undefined ? ` (budget ${fmt(r.budget)})` : ''}${r.note ? `  ${r.note}` : ''}`);
};
const fmt = (n: number) => (Number.isInteger(n) ? n.toLocaleString('en-US') : n.toFixed(2));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function sizes(): void {
  execFileSync('npm', ['run', '--silent', 'package'], { cwd: root, stdio: 'ignore' });
  const size = (file: string) => fs.statSync(path.join(root, 'dist', file)).size;
  // Activation loads only the entry point: registrations and forwarders.
  record({ figure: 'entry point (dist/extension.js, loaded at activation)', value: size('extension.js'), unit: 'B', budget: 10_000 });
  // The body, loaded on first use: 69 KB when the extension only read lists, ~163 KB with every
  // action, panels, logs, the watcher and the chat tools.
  record({ figure: 'body (dist/core.js, loaded on first use)', value: size('core.js'), unit: 'B', budget: 200_000 });
  record({ figure: 'webview (dist/webview.js + .css, loaded by a panel)', value: size('webview.js') + size('webview.css'), unit: 'B', budget: 160_000 });
  record({ figure: 'demo service (dist/demo.js, loaded on demand)', value: size('demo.js'), unit: 'B' });
  record({ figure: 'VSIX', value: size('skyvia-explorer.vsix'), unit: 'B', budget: 250_000 });
}

/**
 * Cold require() and activate() in a fresh Node process each time, with a stand-in for the
 * `vscode` module that has every name the real one has. This measures our code, not VS Code's.
 */
function activation(): void {
  const probe = path.join(root, 'bench', 'activationProbe.js');
  const requireMs: number[] = [];
  const activateMs: number[] = [];
  const firstUseMs: number[] = [];
  for (let i = 0; i < 15; i++) {
    const out = spawnSync(process.execPath, [probe, path.join(root, 'dist/extension.js'), path.join(root, 'dist/core.js')], { encoding: 'utf8' });
    if (out.status !== 0) throw new Error(`activation probe failed: ${out.stderr}`);
    const r = JSON.parse(out.stdout.trim().split('\n').pop()!) as { requireMs: number; activateMs: number; firstUseMs: number };
    requireMs.push(r.requireMs);
    activateMs.push(r.activateMs);
    firstUseMs.push(r.firstUseMs);
  }
  record({ figure: 'cold require() of the entry point (median of 15)', value: median(requireMs), unit: 'ms', budget: 2 });
  record({ figure: 'activate() (median of 15)', value: median(activateMs), unit: 'ms', budget: 3 });
  record({ figure: 'first use: load and start the body (median of 15)', value: median(firstUseMs), unit: 'ms', note: 'after activation, with the first tree request' });
}

/** Runs bench/vscode/probe.ts inside a real VS Code's extension host and returns its figures. */
async function inVsCode(mode: 'activation' | 'use', opts: { vsix?: string; devPath: string; env?: Record<string, string> }): Promise<Record<string, unknown>> {
  const out = path.join(os.tmpdir(), `skyvia-bench-${process.pid}-${Date.now()}.json`);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'skyvia-bench-folder-'));
  const server = await startCodeServer({ vsixPaths: opts.vsix ? [opts.vsix] : [], folder, env: { SKYVIA_BENCH_MODE: mode, SKYVIA_BENCH_OUT: out, ...opts.env } });
  try {
    const result = await runExtensionTests(server, { extensionTestsPath: probeBundle, extensionDevelopmentPath: opts.devPath, timeoutMs: 5 * 60_000 });
    if (result.exitCode !== 0) throw new Error(`the probe failed in VS Code:\n${result.console.slice(-30).join('\n')}`);
    return JSON.parse(fs.readFileSync(out, 'utf8')) as Record<string, unknown>;
  } finally {
    await server.stop();
    fs.rmSync(folder, { recursive: true, force: true });
    fs.rmSync(out, { force: true });
  }
}

const probeBundle = path.join(root, 'out', 'bench', 'probe.js');

async function realVsCode(): Promise<void> {
  await esbuild.build({ entryPoints: [path.join(root, 'bench', 'vscode', 'probe.ts')], outfile: probeBundle, bundle: true, platform: 'node', target: 'node20', format: 'cjs', external: ['vscode'], logLevel: 'warning' });
  // Activation as a user gets it: the VSIX installed in a fresh profile, the view opened. The
  // probe rides in a stand-in extension of its own, so ours runs as installed, not under test.
  const standIn = fs.mkdtempSync(path.join(os.tmpdir(), 'skyvia-bench-probe-'));
  fs.writeFileSync(path.join(standIn, 'package.json'), JSON.stringify({ name: 'bench-probe', publisher: 'bench', version: '0.0.0', engines: { vscode: '^1.95.0' } }));
  const runs: { loadCode: number; callActivate: number; finishActivate: number }[] = [];
  try {
    for (let i = 0; i < 5; i++) runs.push((await inVsCode('activation', { vsix: path.join(root, 'dist', 'skyvia-explorer.vsix'), devPath: standIn })) as never);
  } finally {
    fs.rmSync(standIn, { recursive: true, force: true });
  }
  const total = runs.map((r) => r.loadCode + r.callActivate + r.finishActivate);
  const pick = (k: keyof (typeof runs)[0]) => median(runs.map((r) => r[k]));
  record({
    figure: 'activation in VS Code: load + call + finish (median of 5 profiles)',
    value: median(total),
    unit: 'ms',
    budget: 10,
    note: `${pick('loadCode')} + ${pick('callActivate')} + ${pick('finishActivate')} ms (Startup Performance); all: ${total.join(', ')}`,
  });

  // Use: the extension with its test API against a demo service at scale 1000 (10,000 integrations in a workspace).
  const demo = await startDemoService({ port: 0, scale: 1000, manualClock: true });
  // The Failures view reads the whole account: measured over one ten times the demo's size.
  const scaled = await startDemoService({ port: 0, scale: 10, manualClock: true });
  try {
    const f = (await inVsCode('use', { devPath: root, env: { SKYVIA_TEST_DEMO_URL: demo.url, SKYVIA_TEST_DEMO_TOKEN: demo.token, SKYVIA_BENCH_SCALED_URL: scaled.url, SKYVIA_BENCH_SCALED_TOKEN: scaled.token } })) as {
      expandAccount: { ms: number; requests: number };
      expandWorkspace: { ms: number; requests: number };
      expandCategories: { name: string; ms: number; requests: number }[];
      pageToEnd: { items: number; ms: number; requests: number; clicks: number };
      heapGrowthKiB: number;
      heapExact: boolean;
      logOpen: { lines: number; bytes: number; openMs: number[]; rawMs: number[] };
      idle: { requests: number; timerScheduled: boolean; serviceSeconds: number };
      perTick: { watched: number; requests: number };
      pinnedNone: { requests: number; timerScheduled: boolean };
      pinnedLook: { pinned: number; requests: number; timerScheduled: boolean; nextDelayMs?: number };
      failures: { range: string; ms: number; requests: number; rows: number; summary?: string }[];
    };
    record({ figure: 'expand the account (workspaces)', value: f.expandAccount.requests, unit: 'req', budget: 1, note: `${f.expandAccount.ms} ms` });
    record({ figure: 'expand a workspace (its categories)', value: f.expandWorkspace.requests, unit: 'req', budget: 1, note: `${f.expandWorkspace.ms} ms` });
    const worst = Math.max(...f.expandCategories.map((c) => c.requests));
    record({ figure: `expand each of ${f.expandCategories.length} categories (worst)`, value: worst, unit: 'req', budget: 1, note: f.expandCategories.map((c) => `${c.name.split(' ')[0]} ${c.ms} ms`).join(', ') });
    record({ figure: `page ${f.pageToEnd.items.toLocaleString('en-US')} items to the end in the tree`, value: f.pageToEnd.ms, unit: 'ms', note: `${f.pageToEnd.requests} requests for ${f.pageToEnd.clicks + 1} pages` });
    record({ figure: 'requests per page of the tree', value: f.pageToEnd.requests / (f.pageToEnd.clicks + 1), unit: 'req', budget: 1 });
    record({ figure: `extension-host heap growth after ${f.pageToEnd.items.toLocaleString('en-US')} tree items`, value: f.heapGrowthKiB, unit: 'KiB', budget: 20_000, note: f.heapExact ? 'after a full GC' : '(no GC available: approximate)' });
    const open = median(f.logOpen.openMs);
    const raw = median(f.logOpen.rawMs);
    record({ figure: `open a ${f.logOpen.lines.toLocaleString('en-US')}-line log ÷ bare fetch + parse`, value: open / raw, unit: '×', budget: 1.5, note: `${open.toFixed(0)} ms vs ${raw.toFixed(0)} ms, ${(f.logOpen.bytes / 1e6).toFixed(1)} MB` });
    record({ figure: `idle: requests over ${f.idle.serviceSeconds / 3600} h of service time`, value: f.idle.requests, unit: 'req', budget: 0, note: f.idle.timerScheduled ? 'a timer was scheduled!' : 'no timer' });
    record({ figure: `requests per poll with ${f.perTick.watched} runs watched`, value: f.perTick.requests, unit: 'req', budget: f.perTick.watched });
    record({ figure: 'pinned items: requests per look with none pinned', value: f.pinnedNone.requests, unit: 'req', budget: 0, note: f.pinnedNone.timerScheduled ? 'a timer was scheduled!' : 'no timer' });
    record({ figure: `pinned items: requests per look with ${f.pinnedLook.pinned} pinned`, value: f.pinnedLook.requests, unit: 'req', budget: f.pinnedLook.pinned, note: `next look in ${Math.round((f.pinnedLook.nextDelayMs ?? 0) / 60_000)} min` });
    for (const r of f.failures) {
      const range = r.range.endsWith('7Days') ? '7 days' : '24 hours';
      record({ figure: `Failures view, last ${range}, scale 10: time to fill`, value: r.ms, unit: 'ms', note: `${r.requests} requests, ${r.rows} failures listed — ${r.summary ?? ''}` });
    }
  } finally {
    await demo.close();
    await scaled.close();
  }
}

async function client(): Promise<void> {
  const demo = await startDemoService({ port: 0 });
  try {
    let requests = 0;
    const c = new SkyviaClient({ baseUrl: demo.url, token: demo.token, onRequest: () => requests++ });
    const t = performance.now();
    const runs = await all((p) => c.listIntegrationRuns(F.workspaceId, F.bigHistoryIntegrationId, p));
    record({ figure: `page through ${runs.length.toLocaleString('en-US')} runs (client)`, value: performance.now() - t, unit: 'ms', note: `${requests} requests` });
  } finally {
    await demo.close();
  }

  // The same 10,000 items through our client and through a bare fetch + JSON.parse loop.
  const big = await startDemoService({ port: 0, scale: 1000 });
  try {
    const c = new SkyviaClient({ baseUrl: big.url, token: big.token });
    const headers = { Authorization: big.token, Accept: 'application/json' };
    const bareAll = async () => {
      const items: unknown[] = [];
      for (let skip = 0; ; skip += 200) {
        const page = JSON.parse(await (await fetch(`${big.url}/v1/workspaces/${F.workspaceId}/integrations?take=200&skip=${skip}`, { headers })).text()) as { data: unknown[]; hasMore: boolean };
        items.push(...page.data);
        if (!page.hasMore || !page.data.length) return items;
      }
    };
    // Interleaved rounds so both sides see the same machine noise; the first round warms up.
    const ours: number[] = [];
    const bare: number[] = [];
    let count = 0;
    for (let round = 0; round < 8; round++) {
      let t = performance.now();
      count = (await all((p) => c.listIntegrations(F.workspaceId, p))).length;
      if (round) ours.push(performance.now() - t);
      t = performance.now();
      await bareAll();
      if (round) bare.push(performance.now() - t);
    }
    record({ figure: `client ÷ bare fetch, the same ${count.toLocaleString('en-US')} items`, value: median(ours) / median(bare), unit: '×', budget: 1.1, note: `${median(ours).toFixed(0)} ms vs ${median(bare).toFixed(0)} ms (median of 7)` });

  } finally {
    await big.close();
  }
}

async function main(): Promise<void> {
  sizes();
  activation();
  await client();
  await realVsCode();
  fs.mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
  fs.writeFileSync(path.join(root, 'bench', 'results', 'latest.json'), JSON.stringify({ at: new Date().toISOString(), node: process.version, rows }, null, 2));
  const over = rows.filter((r) => r.budget !== undefined && r.value > r.budget);
  if (over.length) console.log(`\n${over.length} figure(s) over budget: ${over.map((r) => r.figure).join('; ')}`);
  process.exit(strict && over.length ? 1 : 0);
}

void main();
