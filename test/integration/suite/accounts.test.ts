// Several accounts side by side, against two demo services at once (two ports, two tokens, the
// same fixtures — so the same workspace, item and run ids on purpose): a second account added
// beside the first, runs started outside in both watched and told with the right account, pins
// and the Failures view over both, one signed out while a run of the other is watched, a panel
// and a log of each brought back after a reload from the right service, a chat tool asked for a
// name both hold, and a refused token that marks only its own root.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ActionReport } from '../../../src/commands/runner';
import { refKey, type ItemRef } from '../../../src/shared/refs';
import type { SkyviaExplorerApi, TreeNode } from '../../../src/testing/testApi';
import type { FailureGroup, FailureRow, FailuresElement } from '../../../src/views/failuresView';
import { contextOf, demo, freshStart, item, label, other, setting, startOutside, whenEvent, type TestService } from './helpers';

const run = (command: string, ...args: unknown[]) => vscode.commands.executeCommand<ActionReport | undefined>(command, ...args);
const BROKEN = 'Legacy ERP Sync (broken)';
const SALESFORCE = 'Salesforce Accounts → BigQuery';
const SALESFORCE_ID = 18232;
const OTHER_NAME = 'Client B';

/** How many requests of one operation a demo service has answered (its own count, over HTTP). */
async function answered(service: TestService, operation: string): Promise<number> {
  return ((await service.control('stats')) as { byOperation: Record<string, number> }).byOperation[operation] ?? 0;
}

describe('several accounts side by side', () => {
  let x: SkyviaExplorerApi;
  /** The two accounts' keys: the suites' demo service, and the other one. */
  let first: string;
  let second: string;

  const roots = () => x.tree.getChildren();
  const findIn = async (account: string, ...path: (string | RegExp)[]): Promise<TreeNode> => {
    const node = await x.tree.findIn(account, ...path);
    assert.ok(node, `no node at ${path.map(String).join(' › ')} in account ${account}`);
    return node;
  };
  /** Lets both services' clocks run and the watcher look until nothing it knows of runs any more. */
  const letBothEnd = async () => {
    await demo.control('advance', { ms: 7_000 });
    await other.control('advance', { ms: 7_000 });
    for (let i = 0; i < 20 && x.watch.scheduled(); i++) await x.watch.tickNow();
  };
  const addOther = async () => {
    const id = await vscode.commands.executeCommand<string | undefined>('skyvia.addAccount', { baseUrl: other.url, token: other.token, name: OTHER_NAME });
    assert.ok(id, 'the second account signed in');
    return id;
  };

  before(async () => {
    x = await freshStart({ settings: { notifyOnRunEnd: 'all' } });
    x.ui.script([]);
    first = x.accounts.list()[0].id;
    second = await addOther();
  });

  after(async () => {
    x.ui.script([]);
    for (const pin of x.pins.list()) await run('skyvia.unpin', pin.ref);
    for (const a of x.accounts.list()) if (a.id !== first) await x.accounts.signOut(a.id);
    await demo.control('schedules', { on: false });
    await setting('notifyOnRunEnd', undefined);
    x.ui.reset();
  });

  it('adds a second account beside the first: two roots, each saying which account it is, the same ids kept apart', async () => {
    // Its sign-in checked the token with one request; its root shows the workspaces that check
    // read. (Counted by operation: the Failures view, if shown, reads the new account meanwhile.)
    const listings = async () => ((await other.control('stats')) as { byOperation: Record<string, number> }).byOperation.listWorkspaces ?? 0;
    const signedInWith = await listings();
    const [a, b] = await roots();
    assert.equal((await x.tree.getChildren(b)).filter((n) => n.ref?.kind === 'workspace').length, 4);
    assert.equal(await listings(), signedInWith, 'the workspaces not listed again to show the new account’s root');
    assert.equal((await roots()).length, 2);
    assert.equal(a.account, first);
    assert.equal(b.account, second);
    assert.equal(label(x, b), OTHER_NAME, 'named as chosen at sign-in');
    assert.equal(label(x, a), new URL(demo.url).host, 'the first keeps its default name, the API host');
    assert.match(item(x, b).accessibilityInformation?.label ?? '', new RegExp(`^${OTHER_NAME}, Skyvia account at 127\\.0\\.0\\.1:\\d+$`));
    assert.equal(item(x, a).accessibilityInformation?.label, `${label(x, a)}, Skyvia account`);
    assert.notEqual(a.id, b.id);

    const mine = await findIn(first, 'Data Platform', 'Integrations', BROKEN);
    const theirs = await findIn(second, 'Data Platform', 'Integrations', BROKEN);
    assert.equal(mine.ref?.id, theirs.ref?.id, 'the same item id in both services');
    assert.notEqual(mine.id, theirs.id, 'tree ids apart');
    assert.notEqual(refKey(mine.ref!), refKey(theirs.ref!), 'refs apart');
    assert.deepEqual(
      x.tree.nodesOf(theirs.ref!).map((n) => n.account),
      [second],
      'a ref finds only its own account’s row',
    );

    // The same token at the same service again: refused, in words, nothing added.
    const ui = x.ui.script([]);
    assert.equal(await run('skyvia.addAccount', { baseUrl: other.url, token: other.token }), undefined);
    assert.ok(
      ui.transcript.some((t) => t.kind === 'message' && /signed in already, as the account “Client B”/.test(t.text)),
      ui.transcript.map((t) => t.text).join('\n'),
    );
    assert.equal(x.accounts.list().length, 2);
  });

  it('watches runs started outside in both accounts and tells each with its account’s name', async () => {
    const ui = x.ui.script([]);
    const mine = await findIn(first, 'Data Platform', 'Integrations', SALESFORCE);
    const theirs = await findIn(second, 'Data Platform', 'Integrations', SALESFORCE);
    const [a, b] = [await startOutside(SALESFORCE_ID, demo), await startOutside(SALESFORCE_ID, other)];
    await run('skyvia.refreshNode', mine);
    await run('skyvia.refreshNode', theirs);
    assert.equal(x.state.activeRun(mine.ref!)?.ref.id, a);
    assert.equal(x.state.activeRun(theirs.ref!)?.ref.id, b);
    assert.equal(x.watch.statusText(), '$(sync~spin) 2 running', 'the status bar counts across accounts');
    await letBothEnd();
    const told = ui.transcript.filter((t) => t.kind === 'message').map((t) => t.text);
    assert.equal(told.length, 2, told.join('\n'));
    assert.ok(
      told.some((t) => t.startsWith(`${new URL(demo.url).host}: `) && t.includes(SALESFORCE)),
      told.join('\n'),
    );
    assert.ok(
      told.some((t) => t.startsWith(`${OTHER_NAME}: `) && t.includes(SALESFORCE)),
      told.join('\n'),
    );
    const ended = x.state.activity().filter((r) => r.item.id === String(SALESFORCE_ID));
    assert.deepEqual(new Set(ended.map((r) => r.ref.account)), new Set([first, second]), 'each run kept with its own account');
    // The Activity view groups them by account, each group named, each run under its own.
    const groups = x.watch.activity();
    assert.deepEqual(new Set(groups.map((g) => ('group' in g ? g.label : undefined))), new Set([new URL(demo.url).host, OTHER_NAME]));
    for (const group of groups) {
      assert.ok('group' in group, 'beside another account, runs are grouped');
      const rows = x.watch.activity(group);
      assert.ok(rows.length > 0 && rows.every((r) => 'ref' in r && r.ref.account === group.group), `${group.label}: its own runs only`);
      assert.ok(
        (x.watch.activityItem(group).accessibilityInformation?.label ?? '').startsWith(`${group.label}, Skyvia account`),
        'a screen reader hears whose',
      );
    }
  });

  it('pins the same item in both accounts; the Failures view reads both, grouped by account', async () => {
    const mine = await findIn(first, 'Data Platform', 'Integrations', BROKEN);
    const theirs = await findIn(second, 'Data Platform', 'Integrations', BROKEN);
    await run('skyvia.pin', mine);
    await run('skyvia.pin', theirs);
    assert.deepEqual(
      x.pins.list().map((p) => p.ref.account),
      [first, second],
    );
    await x.pins.settled();
    await x.pins.tickNow();
    assert.equal(x.pins.statusText(), '$(error) 2 of 2 failed');
    for (const account of [first, second]) {
      const group = await findIn(account, 'Pinned');
      assert.deepEqual(
        (await x.tree.getChildren(group)).map((n) => label(x, n)),
        [BROKEN],
        'each account’s Pinned group holds its own pin',
      );
    }

    const groups = () => x.failures.getChildren().filter((e): e is FailureGroup => 'group' in e);
    const read = vscode.commands.executeCommand('skyvia.refreshFailures');
    await read;
    await whenEvent(x.failures.onDidChange, () => groups().length === 2, 'both accounts read');
    assert.deepEqual(
      groups().map((g) => g.group),
      [first, second],
    );
    const rowsOf = (g: FailuresElement) => x.failures.getChildren(g).filter((e): e is FailureRow => 'ref' in e);
    const [ga, gb] = groups();
    assert.ok(rowsOf(ga).length > 0 && rowsOf(gb).length > 0, 'failures in both');
    assert.ok(
      rowsOf(ga).every((r) => r.ref.account === first),
      'the first group holds the first account’s',
    );
    assert.ok(
      rowsOf(gb).every((r) => r.ref.account === second),
      'the second group holds the second’s',
    );
    assert.equal(rowsOf(ga).length, rowsOf(gb).length, 'the same fixtures: as many failures in each');
    assert.match(x.failures.getTreeItem(gb).accessibilityInformation?.label ?? '', /^Client B, Skyvia account: \d+ failed in the last 24 hours$/);
  });

  it('signs out of one account while a run of the other is watched: that run is still watched and told', async () => {
    const ui = x.ui.script([]);
    const mine = await findIn(first, 'Data Platform', 'Integrations', SALESFORCE);
    const theirs = await findIn(second, 'Data Platform', 'Integrations', SALESFORCE);
    // Something of the second account's that must outlast its sign-out: a pin.
    if (!x.pins.list().some((p) => p.ref.account === second)) await run('skyvia.pin', await findIn(second, 'Data Platform', 'Integrations', BROKEN));
    const pinnedBefore = x.pins.list().map((p) => p.ref.account);
    await startOutside(SALESFORCE_ID, demo);
    await startOutside(SALESFORCE_ID, other);
    await run('skyvia.refreshNode', mine);
    await run('skyvia.refreshNode', theirs);
    assert.equal(x.watch.statusText(), '$(sync~spin) 2 running');

    // As the Accounts menu's Sign Out does: that account alone.
    await run('skyvia.signOut', second);
    assert.deepEqual(
      x.accounts.list().map((a) => a.id),
      [first],
    );
    assert.equal((await roots()).length, 1);
    assert.equal(label(x, (await roots())[0]), new URL(demo.url).host, 'one account again: its row as it always was');
    assert.equal(x.state.activeRun(theirs.ref!), undefined, 'nothing of the account signed out is known');
    assert.ok(x.state.activeRun(mine.ref!), 'the other account’s run is still watched');
    assert.equal(x.watch.scheduled(), true);
    assert.equal(x.watch.statusText(), '$(sync~spin) 1 running');
    assert.ok(
      x.pins.list().every((p) => p.ref.account === first),
      'only the signed-in account’s pins are watched',
    );
    await letBothEnd();
    const told = ui.transcript.filter((t) => t.kind === 'message' && t.text.includes(SALESFORCE)).map((t) => t.text);
    assert.equal(told.length, 1, told.join('\n'));
    assert.ok(!told[0].startsWith(`${new URL(demo.url).host}: `), `one account: told as ever, without its name: ${told[0]}`);

    // Signed in again: its pin is back, kept for it while it was away.
    second = await addOther();
    assert.deepEqual(
      x.pins.list().map((p) => p.ref.account),
      pinnedBefore,
    );
  });

  it('brings a panel and a log of each account back after a reload, each read from its own service', async () => {
    const mine = await findIn(first, 'Data Platform', 'Integrations', BROKEN);
    const theirs = await findIn(second, 'Data Platform', 'Integrations', BROKEN);
    const states: { ref: ItemRef; name: string }[] = [];
    const logs: vscode.Uri[] = [];
    for (const node of [mine, theirs]) {
      await run('skyvia.openPanel', node);
      // Both kept open: the second would otherwise show in the first one's preview panel.
      await run('skyvia.keepPanelOpen');
      states.push(JSON.parse(JSON.stringify({ ref: node.ref, name: BROKEN })) as { ref: ItemRef; name: string });
      const [entry, older] = await x.tree.getChildren(node);
      await run('skyvia.openLog', entry);
      const opened = vscode.window.activeTextEditor!.document.uri;
      // A reloaded window asks for its tabs by address alone. This window still holds the documents
      // it opened (a closed tab's document lingers), so the address asked for after the "reload" is
      // the same kind of address for a run it never opened: the next run of the same history.
      logs.push(opened.with({ path: opened.path.replace(entry.ref!.id, older.ref!.id), query: encodeURIComponent(refKey(older.ref!)) }));
    }
    assert.equal(x.panels.count(), 2);
    assert.notEqual(logs[0].toString(), logs[1].toString(), 'two logs, two addresses');
    assert.ok(
      logs.every((uri) => decodeURIComponent(uri.query).startsWith(`${encodeURIComponent(uri === logs[0] ? first : second)}/`)),
      'each address names its account',
    );

    // The window reloads: nothing of this window's is known; VS Code restores the panels and tabs.
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    // The Skyvia views out of sight: one on screen reads its account after the reload's sign-in
    // (the Failures view an earlier test read, the rows VS Code had expanded), and those reads are
    // neither the panels' nor the logs'.
    await vscode.commands.executeCommand('workbench.view.explorer');
    await x.session.lookAgain();
    assert.equal(x.accounts.list().length, 2, 'both accounts found again');
    for (const [state, service, idle] of [
      [states[0], demo, other],
      [states[1], other, demo],
    ] as const) {
      const [before, idleBefore] = [await answered(service, 'listIntegrationRuns'), await answered(idle, 'listIntegrationRuns')];
      const panel = vscode.window.createWebviewPanel('skyvia.item', 'Skyvia', vscode.ViewColumn.Active, { enableScripts: true });
      await x.panels.serializer.deserializeWebviewPanel(panel, state);
      assert.equal(x.panels.modelOf(state.ref)?.title, BROKEN, 'the panel is back');
      assert.ok((x.panels.modelOf(state.ref)?.history?.rows.length ?? 0) > 0, 'its history read again');
      assert.ok((await answered(service, 'listIntegrationRuns')) > before, 'its history read from its own account’s service');
      assert.equal(await answered(idle, 'listIntegrationRuns'), idleBefore, 'not from the other');
    }
    for (const [uri, service, idle] of [
      [logs[0], demo, other],
      [logs[1], other, demo],
    ] as const) {
      const [before, idleBefore] = [await answered(service, 'getIntegrationRun'), await answered(idle, 'getIntegrationRun')];
      const doc = await vscode.workspace.openTextDocument(uri);
      assert.match(doc.getText(), /ERROR/, 'the failed run’s log');
      assert.ok((await answered(service, 'getIntegrationRun')) > before, 'read from its own account’s service');
      assert.equal(await answered(idle, 'getIntegrationRun'), idleBefore, 'not from the other');
    }
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('a log and a details page of each account say whose they are in their tabs and breadcrumbs, as the panels do', async () => {
    const tabLabels = () =>
      vscode.window.tabGroups.all.flatMap((g) => g.tabs).flatMap((t) => (t.input instanceof vscode.TabInputText ? [[t.label, t.input.uri.path] as const] : []));
    const host = new URL(demo.url).host;
    // A details page opens as a preview (the next one takes its tab): each is looked at as it opens.
    const pages: (readonly [string, string])[] = [];
    for (const account of [first, second]) {
      const node = await findIn(account, 'Data Platform', 'Integrations', BROKEN);
      const [entry] = await x.tree.getChildren(node);
      await run('skyvia.openLog', entry);
      await run('skyvia.openItem', entry);
      pages.push(...tabLabels().filter(([l]) => l.endsWith('.md')));
    }
    const logs = tabLabels().filter(([l]) => l.endsWith('.log'));
    assert.equal(logs.length, 2, 'one log tab of each account');
    assert.equal(pages.length, 2, 'one details tab of each account');
    for (const [tabs, what] of [
      [logs, 'log'],
      [pages, 'details'],
    ] as const) {
      assert.notEqual(tabs[0][0], tabs[1][0], `the two ${what} tabs read differently`);
      // (A file name holds no colon: the host's "127.0.0.1:5050" reads "127.0.0.1 5050" there.)
      assert.match(
        tabs[0][0],
        new RegExp(` · ${host.replace(/[.]/g, '\\.').replace(':', ' ')}\\.(log|md)$`),
        `the first account's ${what} says whose: ${tabs[0][0]}`,
      );
      assert.match(tabs[1][0], new RegExp(` · ${OTHER_NAME}\\.(log|md)$`), `the second account's ${what} says whose`);
      // The breadcrumb is the document's path: its file name is the tab's.
      for (const [label, path] of tabs) assert.ok(path.endsWith(`/${label}`), `${what}: its breadcrumb says it too`);
    }
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    // With one account signed in, tabs read as they always did.
    await x.accounts.signOut(second);
    try {
      const node = await findIn(first, 'Data Platform', 'Integrations', BROKEN);
      const [entry] = await x.tree.getChildren(node);
      await run('skyvia.openLog', entry);
      const [[label]] = tabLabels();
      assert.match(label, new RegExp(`^Run ${entry.ref!.id} · ${BROKEN.replace(/[()]/g, '\\$&')}\\.log$`), 'no account named beside no other');
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      second = await addOther();
    }
  });

  it('a chat tool asked for a name both accounts hold answers with the candidates and starts nothing', async () => {
    const before = [await answered(demo, 'runIntegration'), await answered(other, 'runIntegration')];
    const prepared = await x.tools.prepare('skyvia_start_run', { kind: 'integration', name: SALESFORCE });
    assert.equal(prepared.confirmation, undefined, 'nothing to confirm: it is not known which');
    const text = await x.tools.invokeUnconfirmed('skyvia_start_run', { kind: 'integration', name: SALESFORCE });
    assert.match(text, /^2 integrations match; nothing was done\. Call again with the `account`, `workspaceId` and `id`/);
    assert.match(text, new RegExp(`"account":"${OTHER_NAME}"`));
    assert.match(text, new RegExp(`"account":"${new URL(demo.url).host.replace(/\./g, '\\.')}"`));
    assert.equal(x.watch.scheduled(), false, 'nothing started');
    const runs = async (service: TestService) =>
      await (
        await fetch(`${service.url}/v1/workspaces/4210/integrations/${SALESFORCE_ID}/executions/active`, { headers: { Authorization: service.token } })
      ).status;
    assert.equal(await runs(demo), 204, 'no run under way in the first');
    assert.equal(await runs(other), 204, 'nor in the second');
    assert.deepEqual([await answered(demo, 'runIntegration'), await answered(other, 'runIntegration')], before, 'no start sent to either');

    // Named, the account decides: the confirmation is about that one.
    const named = await x.tools.prepare('skyvia_start_run', { kind: 'integration', name: SALESFORCE, account: OTHER_NAME });
    assert.ok(named.confirmation, 'one item: a confirmation to ask');
    const unknown = await x.tools.invokeUnconfirmed('skyvia_find_items', { query: 'Salesforce', account: 'Nobody' });
    assert.match(unknown, /No Skyvia account “Nobody” is signed in; the accounts are: /);
  });

  it('a token refused in one account marks only its root; the other is browsed on', async () => {
    const theirs = await findIn(second, 'Data Platform', 'Integrations');
    await other.faults({ failNext: { n: 20, status: 403 } });
    await run('skyvia.refreshNode', theirs);
    await x.tree.getChildren(theirs);
    await whenEvent(x.tree.onDidChange, () => x.accounts.list().find((a) => a.id === second)?.state === 'rejected', 'the second account’s token refused');
    await other.clearFaults();
    const [a, b] = await roots();
    assert.equal(a.account, first, 'the first account’s root stays');
    assert.equal(label(x, b), `${OTHER_NAME}: token rejected — sign in again`);
    assert.ok((await x.tree.getChildren(await findIn(first, 'Data Platform', 'Integrations'))).length > 0, 'the first is browsed on');
    // Its row's menu signs out of it: the refused account's row is that account's.
    assert.equal(b.account, second);
    assert.ok(contextOf(x, b).includes('signIn'));
    await run('skyvia.signOut', b);
    assert.deepEqual(
      x.accounts.list().map((a) => a.id),
      [first],
    );
    second = await addOther();
  });

  it('takes the token an earlier version stored as the first account, with its pins', async () => {
    const pinned = await findIn(first, 'Data Platform', 'Integrations', BROKEN);
    await x.accounts.leftByEarlierVersion(demo.url, demo.token, [{ ref: pinned.ref!, name: BROKEN }]);
    assert.deepEqual(x.accounts.list(), [], 'nothing signed in under the new keys');
    // The earlier version kept the token of the service the settings named.
    await setting('baseUrl', demo.url);
    try {
      await x.session.lookAgain();
      const [account, ...more] = x.accounts.list();
      assert.equal(more.length, 0);
      assert.equal(account?.baseUrl, demo.url);
      assert.equal(account.source, 'stored');
      assert.equal(account.id, first, 'the same account the token signs in as');
      assert.deepEqual(
        x.pins.list().map((p) => [p.ref.account, p.name]),
        [[account.id, BROKEN]],
        'its pins came with it',
      );
      assert.equal((await x.tree.getChildren(await findIn(first, 'Pinned'))).length, 1);
      // Its token is kept under the account's own key now: signing in with it again is refused as a duplicate.
      const again = await x.session.signInWithToken(demo.url, demo.token);
      assert.ok(!again.ok && 'already' in again && again.already.id === first);
    } finally {
      await setting('baseUrl', undefined);
    }
    second = await addOther();
  });
});
