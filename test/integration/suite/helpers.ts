// Shared by the integration suites: the extension's test API, the external demo service the
// launcher started (reached over HTTP, like any other process would), and small tree readers.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { DEMO_FIXTURES as F } from '../../../src/demo/fixtures';
import type { SkyviaExplorerApi, TreeNode } from '../../../src/testing/testApi';

export const EXTENSION_ID = 'skyvia-explorer.skyvia-explorer';

export const demo = {
  url: process.env.SKYVIA_TEST_DEMO_URL ?? '',
  token: process.env.SKYVIA_TEST_DEMO_TOKEN ?? '',
  async control(path: string, body?: unknown): Promise<unknown> {
    const res = await fetch(`${demo.url}/__demo/${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { Authorization: demo.token, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    assert.equal(res.status, 200, `demo control ${path} answered ${res.status}`);
    const text = await res.text();
    return text ? JSON.parse(text) : undefined;
  },
  faults: (f: Record<string, unknown>) => demo.control('faults', f),
  clearFaults: () => demo.control('faults', { clear: true }),
};

before(function () {
  if (!demo.url || !demo.token) throw new Error('SKYVIA_TEST_DEMO_URL/TOKEN are not set: run through test/integration/runInCodeServer.ts');
});

export async function api(): Promise<SkyviaExplorerApi> {
  const ext = vscode.extensions.getExtension<SkyviaExplorerApi>(EXTENSION_ID);
  assert.ok(ext, `extension ${EXTENSION_ID} is not installed`);
  return ext.isActive ? ext.exports : ext.activate();
}

/** Signs in to the launcher's demo service, as a user with a token would. */
export async function signedIn(): Promise<SkyviaExplorerApi> {
  const x = await api();
  const info = x.session.current();
  if (info.state !== 'signedIn' || info.baseUrl !== demo.url) {
    const result = await x.session.signInWithToken(demo.url, demo.token);
    assert.ok(result.ok, `sign-in failed: ${!result.ok && result.error.message}`);
  }
  return x;
}

/**
 * For a describe block: signs in to the demo before its tests, with nothing scripted, run-end
 * notifications as asked (none by default) and the page size asked for; with `settleRuns`, every
 * run under way ends before and after. Puts the answers, settings and notifications back after.
 */
export function signedInQuietly(take: (x: SkyviaExplorerApi) => void, { pageSize, notify = 'none', settleRuns = false }: { pageSize?: number; notify?: 'all' | 'none'; settleRuns?: boolean } = {}): void {
  let x: SkyviaExplorerApi | undefined;
  before(async () => {
    if (pageSize !== undefined) await setting('pageSize', pageSize);
    await setting('notifyOnRunEnd', notify);
    x = await signedIn();
    x.ui.script([]);
    take(x);
    if (settleRuns) await letRunsEnd(x);
  });
  after(async () => {
    if (x && settleRuns) await letRunsEnd(x);
    x?.ui.reset();
    await setting('notifyOnRunEnd', undefined);
    if (pageSize !== undefined) await setting('pageSize', undefined);
  });
}

export function item(x: SkyviaExplorerApi, node: TreeNode): vscode.TreeItem {
  return x.tree.getTreeItem(node);
}

export function label(x: SkyviaExplorerApi, node: TreeNode): string {
  const l = item(x, node).label;
  return typeof l === 'string' ? l : (l?.label ?? '');
}

export async function labels(x: SkyviaExplorerApi, node?: TreeNode): Promise<string[]> {
  return (await x.tree.getChildren(node)).map((n) => label(x, n));
}

export function contextOf(x: SkyviaExplorerApi, node: TreeNode): string[] {
  return (item(x, node).contextValue ?? '').split(' ');
}

export async function find(x: SkyviaExplorerApi, ...path: (string | RegExp)[]): Promise<TreeNode> {
  const node = await x.tree.find(...path);
  assert.ok(node, `no node at ${path.map(String).join(' › ')}`);
  return node;
}

export async function setting(key: string, value: unknown): Promise<void> {
  await vscode.workspace.getConfiguration('skyvia').update(key, value, vscode.ConfigurationTarget.Global);
}

export function iconId(x: SkyviaExplorerApi, node: TreeNode): string | undefined {
  const icon = item(x, node).iconPath;
  return icon instanceof vscode.ThemeIcon ? icon.id : undefined;
}

/** Waits until `check` holds, looking again each time `event` fires (no sleeping); fails after 5 s. */
export async function whenEvent(event: vscode.Event<unknown>, check: () => boolean, what: string): Promise<void> {
  if (check()) return;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      sub.dispose();
      reject(new Error(`never happened: ${what}`));
    }, 5_000);
    const sub = event(() => {
      if (!check()) return;
      clearTimeout(timer);
      sub.dispose();
      resolve();
    });
  });
}

// ---- The world changing things: another client of the service, and time passing.

/** What another client of the service does: its own HTTP API, with the account's token. */
export async function outside(method: 'GET' | 'POST', path: string): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${demo.url}/v1/workspaces/${F.workspaceId}/${path}`, { method, headers: { Authorization: demo.token, Accept: 'application/json' } });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

export async function startOutside(integrationId: number): Promise<string> {
  const { status, body } = await outside('POST', `integrations/${integrationId}/executions`);
  assert.equal(status, 200, `a run started over HTTP answered ${status}`);
  return String((body as { runId: number }).runId);
}

/** Lets the demo's clock run and the watcher look until nothing it knows of runs any more. */
export async function letRunsEnd(x: SkyviaExplorerApi, ms = 7_000): Promise<void> {
  await demo.control('advance', { ms });
  for (let i = 0; i < 20 && x.watch.scheduled(); i++) await x.watch.tickNow();
}

/**
 * For a describe block whose tests queue faults: nothing runs meanwhile. "Lead enrichment"
 * executes for as long as it is enabled, and its watcher's polls would take the faults queued
 * for the request under test; it is disabled before, its execution let end, and enabled after.
 * (Call it before `signedInQuietly`, whose script it would otherwise reset.)
 */
export function nothingRunning(): void {
  const leadEnrichment = async (x: SkyviaExplorerApi) => find(x, 'Data Platform', 'Automations', /Lead enrichment/);
  before(async () => {
    const x = await signedIn();
    x.ui.script([]);
    await vscode.commands.executeCommand('skyvia.disableAutomation', await leadEnrichment(x));
    await letRunsEnd(x);
    x.ui.reset();
  });
  after(async () => {
    await demo.clearFaults();
    const x = await signedIn();
    x.ui.script([]);
    await vscode.commands.executeCommand('skyvia.enableAutomation', await leadEnrichment(x));
    x.ui.reset();
  });
}
