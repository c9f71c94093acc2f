// `npm run bench`: figures measured side by side in one run against the demo service, printed as
// a table and saved to bench/results/latest.json. Budgets live here, never in tests: a figure over
// its budget is reported, and `--strict` makes it fail the run.
//
//   bundle and VSIX size · cold require() of the bundle · activate() · our client vs a bare
//   fetch loop over the same requests · paging a 5,000-run history · heap after 10,000 items
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
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
  // 100 KB while the extension only read lists (69 KB); with every operation's action, the watcher
  // and the Activity view it is ~132 KB minified. The budget keeps it well under what a cold start notices.
  record({ figure: 'main bundle (dist/extension.js)', value: fs.statSync(path.join(root, 'dist/extension.js')).size, unit: 'B', budget: 150_000 });
  record({ figure: 'demo bundle (dist/demo.js, loaded on demand)', value: fs.statSync(path.join(root, 'dist/demo.js')).size, unit: 'B' });
  record({ figure: 'VSIX', value: fs.statSync(path.join(root, 'dist/skyvia-explorer.vsix')).size, unit: 'B', budget: 250_000 });
}

/**
 * Cold require() and activate() in a fresh Node process each time, with a minimal stand-in for
 * the `vscode` module (only what activate() touches). This measures our code, not VS Code's.
 */
function activation(): void {
  const probe = path.join(root, 'bench', 'activationProbe.js');
  const requireMs: number[] = [];
  const activateMs: number[] = [];
  for (let i = 0; i < 15; i++) {
    const out = spawnSync(process.execPath, [probe, path.join(root, 'dist/extension.js')], { encoding: 'utf8' });
    if (out.status !== 0) throw new Error(`activation probe failed: ${out.stderr}`);
    const r = JSON.parse(out.stdout.trim().split('\n').pop()!) as { requireMs: number; activateMs: number };
    requireMs.push(r.requireMs);
    activateMs.push(r.activateMs);
  }
  record({ figure: 'cold require() of the bundle (median of 15)', value: median(requireMs), unit: 'ms', budget: 10 });
  record({ figure: 'activate() (median of 15)', value: median(activateMs), unit: 'ms', budget: 10 });
}

async function client(): Promise<void> {
  const demo = await startDemoService({ port: 0 });
  try {
    let requests = 0;
    const c = new SkyviaClient({ baseUrl: demo.url, token: demo.token, onRequest: () => requests++ });
    const ws = F.workspaceId;
    const url = `${demo.url}/v1/workspaces/${ws}/integrations/${F.bigHistoryIntegrationId}/executions?take=200&skip=0`;
    const headers = { Authorization: demo.token, Accept: 'application/json' };
    // Interleaved rounds so both sides see the same machine noise.
    const ours: number[] = [];
    const bare: number[] = [];
    for (let round = 0; round < 7; round++) {
      let t = performance.now();
      for (let i = 0; i < 50; i++) await c.listIntegrationRuns(ws, F.bigHistoryIntegrationId, { take: 200 });
      ours.push(performance.now() - t);
      t = performance.now();
      for (let i = 0; i < 50; i++) JSON.parse(await (await fetch(url, { headers })).text());
      bare.push(performance.now() - t);
    }
    record({ figure: 'client ÷ bare fetch, 50 pages of 200 runs', value: median(ours) / median(bare), unit: '×', budget: 1.5, note: `${median(ours).toFixed(0)} ms vs ${median(bare).toFixed(0)} ms` });

    requests = 0;
    const t = performance.now();
    const runs = await all((p) => c.listIntegrationRuns(ws, F.bigHistoryIntegrationId, p));
    record({ figure: `page through ${runs.length.toLocaleString('en-US')} runs`, value: performance.now() - t, unit: 'ms', note: `${requests} requests` });

    requests = 0;
    await c.listWorkspaces();
    record({ figure: 'requests for one expansion (workspaces)', value: requests, unit: 'req', budget: 1 });
  } finally {
    await demo.close();
  }

  const big = await startDemoService({ port: 0, scale: 1000 });
  try {
    const c = new SkyviaClient({ baseUrl: big.url, token: big.token });
    global.gc?.();
    const before = process.memoryUsage().heapUsed;
    const t = performance.now();
    const items = await all((p) => c.listIntegrations(F.workspaceId, p));
    const ms = performance.now() - t;
    global.gc?.();
    const after = process.memoryUsage().heapUsed;
    record({ figure: `load ${items.length.toLocaleString('en-US')} integrations (scale 1000)`, value: ms, unit: 'ms' });
    record({ figure: `heap held by ${items.length.toLocaleString('en-US')} loaded items`, value: Math.round((after - before) / 1024), unit: 'KiB', note: global.gc ? '' : '(run with --expose-gc for an exact figure)' });
  } finally {
    await big.close();
  }
}

async function main(): Promise<void> {
  sizes();
  activation();
  await client();
  fs.mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
  fs.writeFileSync(path.join(root, 'bench', 'results', 'latest.json'), JSON.stringify({ at: new Date().toISOString(), node: process.version, rows }, null, 2));
  const over = rows.filter((r) => r.budget !== undefined && r.value > r.budget);
  if (over.length) console.log(`\n${over.length} figure(s) over budget: ${over.map((r) => r.figure).join('; ')}`);
  process.exit(strict && over.length ? 1 : 0);
}

void main();
