// Pinned items inside VS Code: Pin from an item's menu puts it in the Pinned group first under the
// account — the same row, menus and history as under its category — with its newest run's
// outcome, a status bar item, one request per pinned item per look, a scheduled run that fails
// told with Open Log and Compare with Last Success, and the pins of each account its own.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ActionReport } from '../../../src/commands/runner';
import type { SkyviaExplorerApi } from '../../../src/testing/testApi';
import { DEMO_FIXTURES as F } from '../../../src/demo/fixtures';
import { contextOf, demo, find, iconId, item, label, labels, setting, signedIn, signedInQuietly, whenEvent } from './helpers';

const run = (command: string, ...args: unknown[]) => vscode.commands.executeCommand<ActionReport | undefined>(command, ...args);
const BROKEN = 'Legacy ERP Sync (broken)';
/** Scheduled, and never fails: its scheduled runs tell nothing. */
const ARCHIVE = 'Postgres → S3 Parquet Archive';

/** The labels of the account's children, as the view lists them. */
async function underAccount(x: SkyviaExplorerApi): Promise<string[]> {
  return labels(x, (await x.tree.getChildren())[0]);
}

describe('pinned items', () => {
  let x: SkyviaExplorerApi;
  signedInQuietly((api) => (x = api));
  after(async () => {
    await demo.control('schedules', { on: false });
    await setting('pinned.notifyFailures', undefined);
    for (const pin of x.pins.list()) await run('skyvia.unpin', pin.ref);
  });

  it('pins two integrations from their menus: a Pinned group first under the account, rows like their category’s', async () => {
    const broken = await find(x, 'Data Platform', 'Integrations', BROKEN);
    const archive = await find(x, 'Data Platform', 'Integrations', ARCHIVE);
    assert.ok(contextOf(x, broken).includes('pin'));
    const report = await run('skyvia.pin', broken, [broken, archive]);
    assert.deepEqual(report?.ok, [BROKEN, ARCHIVE]);
    assert.equal((await underAccount(x))[0], 'Pinned', 'first under the account');
    const group = await find(x, 'Pinned');
    const rows = await x.tree.getChildren(group);
    assert.deepEqual(
      rows.map((r) => label(x, r)),
      [BROKEN, ARCHIVE],
    );
    for (const [row, listed] of [
      [rows[0], broken],
      [rows[1], archive],
    ] as const) {
      assert.deepEqual(contextOf(x, row), contextOf(x, listed), 'the same tokens, so the same menus');
      assert.ok(contextOf(x, row).includes('unpin'));
      assert.notEqual(item(x, row).id, item(x, listed).id, 'one row per ref per parent, ids from refs');
    }
    const history = await x.tree.getChildren(rows[0]);
    assert.ok(history.length > 1 && contextOf(x, history[0])[0] === 'run', 'a pinned row expands to its runs');
  });

  it('shows each pinned item’s newest outcome and sums them up in the status bar, one request per item per look', async () => {
    await x.pins.settled();
    const before = x.requestCount();
    await x.pins.tickNow();
    assert.equal(x.requestCount() - before, 2, 'two pinned: two requests');
    const [broken] = await x.tree.getChildren(await find(x, 'Pinned'));
    assert.match(item(x, broken).description?.toString() ?? '', /Failed/);
    assert.equal(iconId(x, broken), 'sync');
    assert.equal((item(x, broken).iconPath as vscode.ThemeIcon).color?.id, 'testing.iconFailed');
    assert.equal(x.pins.statusText(), '$(error) 1 of 2 failed');
    assert.equal(item(x, await find(x, 'Pinned')).description, '1 of 2 failed');
  });

  it('tells a scheduled run of a pinned item that failed, with Open Log and Compare with Last Success', async () => {
    await demo.control('schedules', { on: true });
    const ui = x.ui.script([{ button: 'Open Log' }]);
    await x.pins.tickNow();
    assert.equal(ui.transcript.filter((t) => t.kind === 'message').length, 0, 'nothing new yet');
    await demo.control('advance', { ms: 25 * 3_600_000 });
    await x.pins.tickNow();
    const told = ui.transcript.filter((t) => t.kind === 'message');
    assert.equal(told.length, 1, ui.transcript.map((t) => t.text).join('\n'));
    assert.match(told[0].text, /^A run of pinned “Legacy ERP Sync \(broken\)” failed: run \d+/);
    assert.deepEqual(told[0].options, ['Open Log', 'Compare with Last Success']);
    await whenEvent(
      vscode.window.onDidChangeActiveTextEditor,
      () => vscode.window.activeTextEditor?.document.uri.scheme === 'skyvia-log',
      'Open Log opened the failed run’s log',
    );
    const runId = /run (\d+)/.exec(told[0].text)?.[1];
    assert.ok(vscode.window.activeTextEditor?.document.uri.path.endsWith(`Run ${runId} · ${BROKEN}.log`));
    await x.pins.tickNow();
    assert.equal(ui.transcript.filter((t) => t.kind === 'message').length, 1, 'told once');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    x.ui.script([]);
  });

  it('keeps quiet when told to, while the group and status bar still show the failure', async () => {
    await setting('pinned.notifyFailures', false);
    const ui = x.ui.script([]);
    await demo.control('advance', { ms: 25 * 3_600_000 });
    await x.pins.tickNow();
    assert.deepEqual(
      ui.transcript.filter((t) => t.kind === 'message'),
      [],
    );
    assert.equal(x.pins.statusText(), '$(error) 1 of 2 failed');
  });

  it('keeps the pins of each account apart, and sets no timer where nothing is pinned', async () => {
    const first = x.accounts.list()[0].id;
    // The demo account beside it: a root of its own, with nothing pinned.
    await x.session.startDemo();
    try {
      const demoRoot = (await x.tree.getChildren()).find((r) => r.account === 'demo');
      assert.ok(demoRoot, 'the demo account’s root');
      assert.notEqual((await labels(x, demoRoot))[0], 'Pinned', 'no Pinned group under the demo account');
      assert.equal((await underAccount(x))[0], 'Pinned', 'the first account keeps its own');
      assert.deepEqual(
        x.pins.list().map((p) => [p.ref.account, p.name]),
        [
          [first, BROKEN],
          [first, ARCHIVE],
        ],
      );
    } finally {
      await x.accounts.signOut('demo');
    }
    // Signed out of the account that has them: nothing pinned is listed, no timer, no status.
    await x.accounts.signOut(first);
    try {
      assert.deepEqual(x.pins.list(), []);
      assert.equal(x.pins.scheduled(), false);
      assert.equal(x.pins.statusText(), undefined);
    } finally {
      await signedIn();
    }
    assert.deepEqual(
      x.pins.list().map((p) => p.name),
      [BROKEN, ARCHIVE],
      'signed in again: its pins are back',
    );
    assert.equal(x.pins.scheduled(), true);
  });

  it('unpins from the pinned row’s own menu: the group goes with the last one', async () => {
    for (const row of await x.tree.getChildren(await find(x, 'Pinned'))) await run('skyvia.unpin', row);
    assert.notEqual((await underAccount(x))[0], 'Pinned');
    assert.equal(x.pins.statusText(), undefined);
    assert.equal(x.pins.scheduled(), false);
    assert.ok(contextOf(x, await find(x, 'Data Platform', 'Integrations', BROKEN)).includes('pin'));
  });
});

// Settings Sync carries the pins' key between machines and profiles; here the other profile's
// value is written into the extension's global state behind its back, as sync does.
describe('pins on every machine', () => {
  let x: SkyviaExplorerApi;
  let kept: unknown;
  /** An account signed in on another machine only: its pins must wait here, never dropped. */
  const ELSEWHERE = '0e15e0e1';
  const elsewherePins = [{ ref: { kind: 'integration', workspaceId: F.workspaceId, id: String(F.idleIntegrationId) }, name: 'Their archive' }];
  signedInQuietly((api) => (x = api));
  before(() => (kept = x.pins.stored()));
  after(async () => {
    await x.pins.storeFromOutside(kept);
    await vscode.commands.executeCommand('skyvia.refresh');
    await vscode.commands.executeCommand('workbench.view.explorer');
  });

  it('gives Settings Sync the pins’ key', () => {
    assert.deepEqual(x.pins.keysForSync(), [['skyvia.pins']], 'once, as the body started, and VS Code’s own method called with it');
  });

  it('shows a pin synced from another profile once the view is shown, and keeps the pins of an account not signed in here', async () => {
    await vscode.commands.executeCommand('workbench.view.explorer');
    const account = x.accounts.list()[0].id;
    const synced = {
      [account]: [{ ref: { kind: 'integration', workspaceId: F.workspaceId, id: String(F.integrations.alwaysFails.integrationId) }, name: BROKEN }],
      [ELSEWHERE]: elsewherePins,
    };
    await x.pins.storeFromOutside(synced);
    assert.deepEqual(x.pins.list(), [], 'no event for a synced value: nothing shown before the re-read');
    // The user comes back to the view: it is shown, and the synced pin with it.
    await vscode.commands.executeCommand('workbench.view.extension.skyvia');
    await whenEvent(x.tree.onDidChange, () => x.pins.list().length === 1, 'the synced pin taken when the view was shown');
    assert.deepEqual(await labels(x, await find(x, 'Pinned')), [BROKEN]);

    // A pin made here is written beside what came from elsewhere: the other account's stays.
    const archive = await find(x, 'Data Platform', 'Integrations', ARCHIVE);
    await run('skyvia.pin', archive);
    const stored = x.pins.stored() as Record<string, { name: string }[]>;
    assert.deepEqual(
      stored[account].map((p) => p.name),
      [BROKEN, ARCHIVE],
    );
    assert.deepEqual(stored[ELSEWHERE], elsewherePins, 'the pins of an account not signed in here wait as they came');
  });

  it('takes an unpin synced from elsewhere on Refresh', async () => {
    const account = x.accounts.list()[0].id;
    const stored = x.pins.stored() as Record<string, { name: string }[]>;
    await x.pins.storeFromOutside({ ...stored, [account]: stored[account].filter((p) => p.name !== BROKEN) });
    await vscode.commands.executeCommand('skyvia.refresh');
    assert.deepEqual(
      x.pins.list().map((p) => p.name),
      [ARCHIVE],
    );
    assert.deepEqual(await labels(x, await find(x, 'Pinned')), [ARCHIVE]);
    assert.ok(contextOf(x, await find(x, 'Data Platform', 'Integrations', BROKEN)).includes('pin'), 'unpinned elsewhere: Pin is offered again');
  });

  it('says on a refused account’s row that its pins wait for it', async () => {
    const node = await find(x, 'Finance', 'Connections');
    x.tree.refresh(node);
    // The list and the check that follows it are both refused: the token itself is bad.
    await demo.faults({ failNext: { n: 2, status: 403 } });
    await x.tree.getChildren(node);
    try {
      const [root] = await x.tree.getChildren();
      assert.match(label(x, root), /rejected/i);
      assert.equal(item(x, root).description, '1 pin waiting');
      assert.match(String(item(x, root).tooltip), /1 pinned item waits for this account to be signed in again\./);
      assert.deepEqual(x.pins.list(), [], 'not shown while refused');
      // Another pin of that account synced in meanwhile: the row counts it when the view is shown again.
      const account = x.accounts.list()[0].id;
      const stored = x.pins.stored() as Record<string, { ref: object; name: string }[]>;
      await x.pins.storeFromOutside({
        ...stored,
        [account]: [
          ...stored[account],
          {
            ...stored[account][0],
            ref: { ...stored[account][0].ref, id: String(F.integrations.alwaysFails.integrationId) },
            name: BROKEN,
          },
        ],
      });
      let rootsTold = false;
      const listening = x.tree.onDidChange((node) => (rootsTold ||= node === undefined));
      try {
        await vscode.commands.executeCommand('workbench.view.explorer');
        await vscode.commands.executeCommand('workbench.view.extension.skyvia');
        await whenEvent(x.tree.onDidChange, () => rootsTold, 'VS Code told the roots changed');
      } finally {
        listening.dispose();
      }
      assert.equal(item(x, (await x.tree.getChildren())[0]).description, '2 pins waiting');
    } finally {
      await demo.clearFaults();
      assert.ok((await x.session.signInWithToken(demo.url, demo.token)).ok);
    }
    assert.deepEqual(
      x.pins.list().map((p) => p.name),
      [ARCHIVE, BROKEN],
      'signed in again: its pins are back, the one synced meanwhile too',
    );
  });
});
