// The benchmark's side inside a real VS Code: run in the extension host by bench/run.ts (through
// the test harness's runExtensionTests), it measures where the user is and writes its figures as
// JSON to $SKYVIA_BENCH_OUT. Two modes ($SKYVIA_BENCH_MODE):
//
//   activation  the extension installed from its VSIX in a fresh profile: open the Skyvia view as
//               a user would, then read VS Code's own "Startup Performance" table for it
//   use         the extension loaded for tests (its test API): tree expansion and paging, heap,
//               a 200,000-line log opened as a document, idle cost and cost per watched run,
//               cost per look at pinned items, the Failures view over a scale-10 account
import * as fs from 'node:fs';
import * as v8 from 'node:v8';
import * as vm from 'node:vm';
import * as vscode from 'vscode';
import type { SkyviaExplorerApi, TreeNode } from '../../src/testApi';

const EXTENSION_ID = 'skyvia-explorer.skyvia-explorer';
const env = (name: string) => process.env[name] ?? '';
const ms = (t: number) => Math.round((performance.now() - t) * 100) / 100;
const until = async (check: () => boolean | Promise<boolean>, what: string, timeoutMs = 30_000) => {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

export async function run(): Promise<void> {
  const figures = env('SKYVIA_BENCH_MODE') === 'activation' ? await activation() : await use();
  fs.writeFileSync(env('SKYVIA_BENCH_OUT'), JSON.stringify(figures));
}

/** VS Code's own figures for our activation: load code, call activate, finish activate (ms). */
async function activation(): Promise<object> {
  const ext = vscode.extensions.getExtension(EXTENSION_ID);
  if (!ext) throw new Error(`${EXTENSION_ID} is not installed`);
  await vscode.commands.executeCommand('workbench.view.extension.skyvia');
  await until(() => ext.isActive, 'activation');
  await vscode.commands.executeCommand('perfview.show');
  let row: string | undefined;
  await until(async () => {
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.from({ scheme: 'perf', path: 'Startup Performance' })).then(
      (d) => d,
      () => undefined,
    );
    row = doc?.getText().split('\n').find((l) => l.startsWith(`| ${EXTENSION_ID} `));
    return !!row;
  }, 'the Startup Performance table');
  // | Extension | Eager | Load Code | Call Activate | Finish Activate | Event | By |
  const cells = row!.split('|').map((c) => c.trim());
  return { loadCode: Number(cells[3]), callActivate: Number(cells[4]), finishActivate: Number(cells[5]), event: cells[6] };
}

async function use(): Promise<object> {
  const ext = vscode.extensions.getExtension<SkyviaExplorerApi>(EXTENSION_ID)!;
  const x = ext.isActive ? ext.exports : await ext.activate();
  const demo = { url: env('SKYVIA_TEST_DEMO_URL'), token: env('SKYVIA_TEST_DEMO_TOKEN') };
  const control = async (route: string, body?: unknown) => {
    const res = await fetch(`${demo.url}/__demo/${route}`, { method: body === undefined ? 'GET' : 'POST', headers: { Authorization: demo.token, 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    if (!res.ok) throw new Error(`demo control ${route}: ${res.status}`);
    return res.json() as Promise<unknown>;
  };
  await vscode.workspace.getConfiguration('skyvia').update('pageSize', 200, vscode.ConfigurationTarget.Global);
  await vscode.workspace.getConfiguration('skyvia').update('notifyOnRunEnd', 'none', vscode.ConfigurationTarget.Global);
  const signed = await x.session.signInWithToken(demo.url, demo.token);
  if (!signed.ok) throw new Error(`sign-in failed: ${signed.error.message}`);
  const label = (n: TreeNode) => {
    const l = x.tree.getTreeItem(n).label;
    return typeof l === 'string' ? l : (l?.label ?? '');
  };
  const out: Record<string, unknown> = {};

  // Expansion: Account › Data Platform › every category, as the view asks for them.
  const gc = exposeGc();
  gc();
  const heapBefore = process.memoryUsage().heapUsed;
  let req = x.requestCount();
  let t = performance.now();
  const [account] = await x.tree.getChildren();
  const workspaces = await x.tree.getChildren(account);
  out.expandAccount = { ms: ms(t), requests: x.requestCount() - req };
  const workspace = workspaces.find((n) => label(n) === 'Data Platform')!;
  req = x.requestCount();
  t = performance.now();
  const categories = (await x.tree.getChildren(workspace)).filter((n) => x.tree.getTreeItem(n).collapsibleState !== vscode.TreeItemCollapsibleState.None);
  out.expandWorkspace = { ms: ms(t), requests: x.requestCount() - req };
  const perCategory: { name: string; ms: number; requests: number }[] = [];
  for (const c of categories) {
    req = x.requestCount();
    t = performance.now();
    await x.tree.getChildren(c);
    perCategory.push({ name: label(c), ms: ms(t), requests: x.requestCount() - req });
  }
  out.expandCategories = perCategory;

  // Paging a 10,000-item list to its end through the provider, as "Load more…" clicks would.
  const integrations = categories.find((c) => label(c).startsWith('Integrations'))!;
  req = x.requestCount();
  t = performance.now();
  let rows = await x.tree.getChildren(integrations);
  let clicks = 0;
  while (rows.length && x.tree.getTreeItem(rows[rows.length - 1]).contextValue === 'loadMore') {
    await vscode.commands.executeCommand('skyvia.loadMore', rows[rows.length - 1]);
    rows = await x.tree.getChildren(integrations);
    clicks++;
  }
  out.pageToEnd = { items: rows.length, ms: ms(t), requests: x.requestCount() - req, clicks };
  gc();
  out.heapGrowthKiB = Math.round((process.memoryUsage().heapUsed - heapBefore) / 1024);
  out.heapExact = gc !== noGc;

  // A 200,000-line log: the extension's Open Log against a bare fetch + parse of the same body.
  const lines = Array.from({ length: 200_000 }, (_, i) =>
    i % 5000 === 4999 ? `2026-11-20 10:${String(i % 60).padStart(2, '0')}:00.000 ERROR Batch ${i}: record ${i * 7} failed: duplicate key` : `2026-11-20 10:${String(i % 60).padStart(2, '0')}:00.000 INFO  Batch ${i}: read 500 records, wrote 500 rows (12 inserted).`,
  );
  const body = JSON.stringify({ runId: 41790001, state: 'Failed', result: lines.join('\n') });
  const runRef = { kind: 'run', workspaceId: 4210, parentId: 18234, id: '41790001' };
  const answerNext = () => control('faults', { failNext: { n: 1, status: 200, body, contentType: 'application/json' } });
  const openTimes: number[] = [];
  const rawTimes: number[] = [];
  for (let round = 0; round < 3; round++) {
    await answerNext();
    t = performance.now();
    await vscode.commands.executeCommand('skyvia.openLog', runRef, undefined, { refresh: true });
    // The document ends with a newline, so the editor counts one line more than the log has.
    await until(() => (vscode.window.activeTextEditor?.document.lineCount ?? 0) >= 200_000, 'the log on screen');
    openTimes.push(ms(t));
    await answerNext();
    t = performance.now();
    const res = await fetch(`${demo.url}/v1/workspaces/4210/integrations/18234/executions/41790001`, { headers: { Authorization: demo.token, Accept: 'application/json' } });
    const parsed = JSON.parse(await res.text()) as { result: string };
    parsed.result.split('\n');
    rawTimes.push(ms(t));
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  }
  out.logOpen = { lines: 200_000, bytes: body.length, openMs: openTimes, rawMs: rawTimes };

  // Idle: nothing runs, so no timer and no request, however long the service's clock runs.
  req = x.requestCount();
  const idleScheduled = x.watch.scheduled();
  await control('advance', { ms: 3_600_000 });
  await new Promise((r) => setTimeout(r, 3_000));
  out.idle = { requests: x.requestCount() - req, timerScheduled: idleScheduled, realSeconds: 3, serviceSeconds: 3600 };

  // Watched runs: requests per poll with N runs under way.
  const dp = (await x.tree.getChildren(integrations)).filter((n) => x.tree.getTreeItem(n).contextValue?.startsWith('integration')).slice(0, 3);
  for (const n of dp) await vscode.commands.executeCommand('skyvia.runIntegration', n);
  const before = x.watch.stats();
  await x.watch.tickNow();
  const after = x.watch.stats();
  out.perTick = { watched: dp.length, requests: after.requests - before.requests, ticks: after.ticks - before.ticks };
  await control('advance', { ms: 600_000 });
  for (let i = 0; i < 30 && x.watch.scheduled(); i++) await x.watch.tickNow();

  // Pinned items: a look costs one request per pinned item, and nothing while nothing is pinned.
  req = x.requestCount();
  await x.pins.tickNow();
  out.pinnedNone = { requests: x.requestCount() - req, timerScheduled: x.pins.scheduled() };
  for (const n of dp) await vscode.commands.executeCommand('skyvia.pin', n);
  await x.pins.settled();
  req = x.requestCount();
  await x.pins.tickNow();
  out.pinnedLook = { pinned: x.pins.list().length, requests: x.requestCount() - req, timerScheduled: x.pins.scheduled(), nextDelayMs: x.pins.nextDelayMs() };
  for (const n of dp) await vscode.commands.executeCommand('skyvia.unpin', n);

  // The Failures view over a demo account at scale 10: requests and the time to fill it.
  const scaled = { url: env('SKYVIA_BENCH_SCALED_URL'), token: env('SKYVIA_BENCH_SCALED_TOKEN') };
  const again = await x.session.signInWithToken(scaled.url, scaled.token);
  if (!again.ok) throw new Error(`sign-in to the scaled demo failed: ${again.error.message}`);
  const failures: Record<string, unknown>[] = [];
  for (const range of ['skyvia.failuresLast24Hours', 'skyvia.failuresLast7Days']) {
    req = x.requestCount();
    t = performance.now();
    await vscode.commands.executeCommand(range);
    const shown = x.failures.getChildren();
    failures.push({ range, ms: ms(t), requests: x.requestCount() - req, rows: shown.filter((e) => !('note' in e)).length, summary: shown.map((e) => ('note' in e ? `${e.label} (${e.description ?? ''})` : '')).find(Boolean) });
  }
  out.failures = failures;
  return out;
}

/** The extension host runs without --expose-gc; V8 can still hand out `gc` for a bench. */
function exposeGc(): () => void {
  try {
    v8.setFlagsFromString('--expose-gc');
    return vm.runInNewContext('gc') as () => void;
  } catch {
    return noGc;
  }
}
function noGc(): void {}
