// Shared by the integration suites: the extension's test API, the external demo service the
// launcher started (reached over HTTP, like any other process would), a fresh start for each
// suite, and small tree readers.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { DEMO_FIXTURES as F } from '../../../src/demo/fixtures';
import type { SignInResult } from '../../../src/host/accounts';
import type { AccountId } from '../../../src/shared/refs';
import type { SkyviaExplorerApi, TreeNode } from '../../../src/testing/testApi';
import { hostRun } from '../hostRun';

export const EXTENSION_ID = 'skyvia-explorer.skyvia-explorer';

/** A demo service the launcher started, driven over its HTTP control API. */
export type TestService = ReturnType<typeof service>;

function service(url: string, token: string) {
  const self = {
    url,
    token,
    async control(path: string, body?: unknown): Promise<unknown> {
      const res = await fetch(`${url}/__demo/${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { Authorization: token, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      assert.equal(res.status, 200, `demo control ${path} answered ${res.status}`);
      const text = await res.text();
      return text ? JSON.parse(text) : undefined;
    },
    faults: (f: Record<string, unknown>) => self.control('faults', f),
    clearFaults: () => self.control('faults', { clear: true }),
    /** Back to how the launcher started it: account, clock, faults, stats, shapes and schedules. */
    reset: () => self.control('reset', {}),
  };
  return self;
}

/** The account the suites sign in to. */
export const demo = service(process.env.SKYVIA_TEST_DEMO_URL ?? '', process.env.SKYVIA_TEST_DEMO_TOKEN ?? '');
/** A second account's service (the same fixtures, so the same ids), for the suites about several accounts. */
export const other = service(process.env.SKYVIA_TEST_OTHER_URL ?? '', process.env.SKYVIA_TEST_OTHER_TOKEN ?? '');

before(function () {
  if (!demo.url || !demo.token || !other.url || !other.token)
    throw new Error('SKYVIA_TEST_DEMO_URL/TOKEN and SKYVIA_TEST_OTHER_URL/TOKEN are not set: run through test/integration/runInCodeServer.ts');
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
    assert.ok(result.ok, `sign-in failed: ${!result.ok && 'error' in result && result.error.message}`);
  }
  return x;
}

// ---- A fresh start for each suite.
//
// The suites share one extension host and one demo service, and run in any order (index.ts
// shuffles them): none may lean on what another did or left. Each starts from `freshStart` in its
// own `before`: the demo service as the launcher started it, and the extension as a person leaves
// it between two tasks — editors and panels closed, nothing pinned, settings at their defaults,
// VS Code's own dialogs, signed out and in again (so nothing of an earlier session is known), or
// signed out. A suite that needs more (a run under way, another setting) sets it up itself after.

/** The order the suites run in this extension host (see index.ts): a suite can tell whether it is the first. */
export const suitesInThisHost: readonly string[] = hostRun.suites;

/** The settings the extension contributes (`skyvia.…`), from its manifest. */
function contributedSettings(): string[] {
  const ext = vscode.extensions.getExtension(EXTENSION_ID);
  assert.ok(ext, `extension ${EXTENSION_ID} is not installed`);
  const configuration = (
    ext.packageJSON as { contributes: { configuration: { properties: Record<string, unknown> } | { properties: Record<string, unknown> }[] } }
  ).contributes.configuration;
  return (Array.isArray(configuration) ? configuration : [configuration]).flatMap((c) => Object.keys(c.properties));
}

/** Every setting of the extension back to its default, wherever a suite set it. */
async function settingsToDefaults(): Promise<void> {
  const config = vscode.workspace.getConfiguration();
  for (const key of contributedSettings()) {
    const set = config.inspect(key);
    if (set?.globalValue !== undefined) await config.update(key, undefined, vscode.ConfigurationTarget.Global);
    if (set?.workspaceValue !== undefined) await config.update(key, undefined, vscode.ConfigurationTarget.Workspace);
  }
}

/** What a person closes before the next task: editors, panels and diffs (unsaved scratch text dropped), notifications; the Skyvia views out of sight. */
async function closeEverything(): Promise<void> {
  for (const tab of vscode.window.tabGroups.all.flatMap((g) => g.tabs)) {
    // Close All would ask whether to save it: dropped, as the suite that typed it meant.
    if (!tab.isDirty || !(tab.input instanceof vscode.TabInputText)) continue;
    await vscode.window.showTextDocument(tab.input.uri, { preview: false });
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  }
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  await vscode.commands.executeCommand('notifications.clearAll');
  // A Skyvia view on screen reads the account after each sign-in: only a suite that opens one has it read.
  await vscode.commands.executeCommand('workbench.view.explorer');
}

/**
 * The world a suite starts in, without asking anything of the extension (so without activating
 * it): the demo service reset, editors and notifications closed, settings at their defaults.
 */
export async function freshWorld(): Promise<void> {
  await demo.reset();
  await other.reset();
  await closeEverything();
  await settingsToDefaults();
}

/**
 * A suite's known starting point (call it first in its `before`): the demo service reset, the
 * extension with nothing of an earlier suite — no editor or panel open, nothing pinned, settings
 * at their defaults (then `settings`, unprefixed keys), VS Code's own dialogs — and signed in to
 * the demo service afresh (a new session: no run, fact or read of an earlier one known), or
 * signed out with no token stored (`signedIn: false`).
 */
export async function freshStart({
  signedIn: signIn = true,
  settings = {},
}: { signedIn?: boolean; settings?: Record<string, unknown> } = {}): Promise<SkyviaExplorerApi> {
  // A suite that failed half-way may have left faults queued: the sign-in below must not take them.
  await demo.clearFaults();
  const x = await signedIn();
  // Pins are kept per account, across sessions: the test account's are unpinned from their rows' menu.
  x.ui.script([]);
  for (const pin of x.pins.list()) await vscode.commands.executeCommand('skyvia.unpin', pin.ref);
  assert.deepEqual(x.pins.list(), [], 'nothing pinned');
  x.ui.reset();
  await closeEverything();
  assert.equal(x.panels.count(), 0, 'no panel open');
  // Signed out before the service forgets what this session knew: nothing polls it meanwhile.
  await x.session.signOut();
  await settingsToDefaults();
  for (const [key, value] of Object.entries(settings)) await setting(key, value);
  await demo.reset();
  await other.reset();
  if (signIn) {
    const result = await x.session.signInWithToken(demo.url, demo.token);
    assert.ok(result.ok, `sign-in failed: ${!result.ok && 'error' in result && result.error.message}`);
  }
  await x.tree.idle();
  return x;
}

/**
 * For a describe block: a fresh start (see `freshStart`), signed in to the demo, with nothing
 * scripted, run-end notifications as asked (none by default) and the page size asked for; with
 * `settleRuns`, every run under way ends before and after; with `nothingRunning`, nothing runs
 * meanwhile (see `stopLeadEnrichment`). Puts VS Code's own dialogs back after.
 */
export function signedInQuietly(
  take: (x: SkyviaExplorerApi) => void,
  {
    pageSize,
    notify = 'none',
    settleRuns = false,
    nothingRunning = false,
  }: { pageSize?: number; notify?: 'all' | 'none'; settleRuns?: boolean; nothingRunning?: boolean } = {},
): void {
  let x: SkyviaExplorerApi | undefined;
  before(async () => {
    x = await freshStart({ settings: { notifyOnRunEnd: notify, ...(pageSize === undefined ? {} : { pageSize }) } });
    x.ui.script([]);
    if (nothingRunning) await stopLeadEnrichment(x);
    take(x);
    if (settleRuns) await letRunsEnd(x);
  });
  after(async () => {
    if (x && settleRuns) await letRunsEnd(x);
    x?.ui.reset();
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

/**
 * For a describe block whose tests put a company network in the way: VS Code's own network
 * settings (`http.proxy`, `http.noProxy`…) set for one test, the accounts it signed in and the
 * servers it started (proxies, HTTPS services). After each test the settings are back at their
 * defaults, those accounts signed out (the base URL offered next forgotten) and the servers stopped.
 */
export function companyNetwork() {
  const changed = new Set<string>();
  const added: AccountId[] = [];
  const servers: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    for (const key of changed) await vscode.workspace.getConfiguration('http').update(key, undefined, vscode.ConfigurationTarget.Global);
    changed.clear();
    // A sign-in that went through remembered its address as the next one to offer.
    await setting('baseUrl', undefined);
    const x = await api();
    for (const id of added.splice(0)) await x.accounts.signOut(id);
    await Promise.all(servers.splice(0).map((s) => s.close()));
  });
  return {
    /** Sets VS Code's `http.<key>` (user settings) for this test. */
    async http(key: string, value: unknown): Promise<void> {
      changed.add(key);
      await vscode.workspace.getConfiguration('http').update(key, value, vscode.ConfigurationTarget.Global);
    },
    /** A server (proxy, service) stopped after the test. */
    keep<T extends { close(): Promise<void> }>(server: T): T {
      servers.push(server);
      return server;
    },
    /** Signs in with the demo's token at this address, beside the accounts signed in; the result, its account signed out after the test. */
    async signIn(baseUrl: string, token = demo.token): Promise<SignInResult> {
      const result = await (await api()).session.signInWithToken(baseUrl, token);
      if (result.ok) added.push(result.account);
      return result;
    },
  };
}

export function iconId(x: SkyviaExplorerApi, node: TreeNode): string | undefined {
  const icon = item(x, node).iconPath;
  return icon instanceof vscode.ThemeIcon ? icon.id : undefined;
}

/** Waits until `check` holds, looking again each time `event` fires (no sleeping); fails after `withinMs`. */
export async function whenEvent(event: vscode.Event<unknown>, check: () => boolean, what: string, withinMs = 5_000): Promise<void> {
  if (check()) return;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      sub.dispose();
      reject(new Error(`never happened: ${what}`));
    }, withinMs);
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
export async function outside(method: 'GET' | 'POST', path: string, on: TestService = demo): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${on.url}/v1/workspaces/${F.workspaceId}/${path}`, { method, headers: { Authorization: on.token, Accept: 'application/json' } });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

export async function startOutside(integrationId: number, on: TestService = demo): Promise<string> {
  const { status, body } = await outside('POST', `integrations/${integrationId}/executions`, on);
  assert.equal(status, 200, `a run started over HTTP answered ${status}`);
  return String((body as { runId: number }).runId);
}

/** Lets the demo's clock run and the watcher look until nothing it knows of runs any more. */
/** Waits for a state the watcher reaches; each poll is driven by hand (no sleeps). */
export async function until<T>(x: SkyviaExplorerApi, what: string, probe: () => T | undefined | null | false): Promise<T> {
  for (let i = 0; i < 20; i++) {
    const got = probe();
    if (got) return got;
    await x.watch.tickNow();
  }
  throw new Error(`never reached: ${what}`);
}

export async function letRunsEnd(x: SkyviaExplorerApi, ms = 7_000): Promise<void> {
  await demo.control('advance', { ms });
  for (let i = 0; i < 20 && x.watch.scheduled(); i++) await x.watch.tickNow();
}

/**
 * For a suite whose tests queue faults: nothing runs meanwhile. "Lead enrichment" executes for as
 * long as it is enabled, and its watcher's polls would take the faults queued for the request
 * under test: it is disabled from its row's menu, and its execution let end. (The next suite's
 * fresh start enables it again, with the demo service.)
 */
export async function stopLeadEnrichment(x: SkyviaExplorerApi): Promise<void> {
  await vscode.commands.executeCommand('skyvia.disableAutomation', await find(x, 'Data Platform', 'Automations', /Lead enrichment/));
  await letRunsEnd(x);
  assert.equal(x.watch.scheduled(), false, 'nothing runs');
}
