import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { WORKSPACE_ITEMS } from '../../../src/kinds';
import { DEMO_FIXTURES as F } from '../../../src/demo/fixtures';
import type { SkyviaExplorerApi } from '../../../src/testing/testApi';
import { contextOf, demo, find, freshStart, iconId, item, label, labels, signedIn, signedInQuietly, startOutside, whenEvent } from './helpers';

describe('the tree against the demo service', () => {
  before(() => freshStart({ settings: { pageSize: 50 } }));

  it('shows the account, then Users, Invitations and every workspace', async () => {
    const x = await signedIn();
    const [account] = await x.tree.getChildren();
    assert.ok(contextOf(x, account).includes('account'));
    assert.equal(iconId(x, account), 'account');
    assert.deepEqual(await labels(x, account), ['Users', 'Invitations', 'Personal', 'Sales Ops', 'Finance', 'Data Platform']);
  });

  it('answers a listing of the roots that waited for the accounts with them, and does not have VS Code ask for the roots again', async () => {
    const x = await signedIn();
    // As a window that starts with the view open: the accounts are looked for while the roots are asked for.
    const looking = x.session.lookAgain();
    let told = 0;
    const listening = x.tree.onDidChange((node) => void (node === undefined && told++));
    try {
      const roots = await x.tree.getChildren();
      assert.equal(await looking, 'signedIn');
      assert.deepEqual(
        roots.map((r) => r.account),
        x.accounts.list().map((a) => a.id),
        'the accounts found',
      );
      assert.equal(told, 0, 'the roots it waited for are not told as changed');
      assert.deepEqual(await labels(x, roots[0]), ['Users', 'Invitations', 'Personal', 'Sales Ops', 'Finance', 'Data Platform']);
    } finally {
      listening.dispose();
    }
  });

  it('shows a workspace’s categories, one per kind of item in the records’ order, and its users, without a request', async () => {
    const x = await signedIn();
    const ws = await find(x, 'Data Platform');
    assert.ok(contextOf(x, ws).includes('workspace'));
    const before = x.requestCount();
    const categories = Object.values(WORKSPACE_ITEMS).map((r) => r.category.label());
    const known = ['Integrations', 'Backups', 'Automations', 'Agents', 'Connections', 'Endpoints'];
    assert.deepEqual(
      categories.filter((c) => known.includes(c)),
      known,
    );
    assert.deepEqual(await labels(x, ws), [...categories, 'Users']);
    assert.equal(x.requestCount(), before);
    const personal = await find(x, 'Personal');
    assert.ok(contextOf(x, personal).includes('personal'));
  });

  it('lists integrations with icons, descriptions, tooltips and context tokens', async () => {
    const x = await signedIn();
    const integrations = await find(x, 'Data Platform', 'Integrations');
    const nodes = await x.tree.getChildren(integrations);
    assert.equal(nodes.length, F.integrations.countInWorkspace);
    const big = nodes.find((n) => label(x, n) === 'Orders → Warehouse (hourly)')!;
    assert.ok(big, 'the big-history integration is listed by name');
    const ti = await x.tree.resolveTreeItem(big);
    assert.deepEqual(contextOf(x, big).slice(0, 1), ['integration']);
    assert.ok(contextOf(x, big).includes('scheduled'));
    assert.match(String(ti.description), /replication/i);
    assert.ok(ti.tooltip instanceof vscode.MarkdownString, 'a Markdown tooltip');
    assert.match((ti.tooltip as vscode.MarkdownString).value, /Orders → Warehouse/);
    assert.equal(ti.collapsibleState, vscode.TreeItemCollapsibleState.Collapsed);
    const unscheduled = nodes.find((n) => label(x, n) === 'Shopify Webhook Loader')!;
    assert.ok(!contextOf(x, unscheduled).includes('scheduled'));
  });

  it('gives a null name a fallback label', async () => {
    const x = await signedIn();
    const nodes = await x.tree.getChildren(await find(x, 'Data Platform', 'Integrations'));
    assert.ok(
      nodes.some((n) => label(x, n) === `Integration #${F.nullNameIntegrationId}`),
      (await Promise.all(nodes.map((n) => label(x, n)))).join(', '),
    );
    const conns = await x.tree.getChildren(await find(x, 'Data Platform', 'Connections'));
    assert.ok(conns.some((n) => label(x, n) === `Connection #${F.connections.nullName.connectionId}`));
  });

  it('shows a run history with state icons, newest first', async () => {
    const x = await signedIn();
    const runs = await x.tree.getChildren(await find(x, 'Data Platform', 'Integrations', 'Legacy ERP Sync (broken)'));
    const entries = runs.filter((n) => contextOf(x, n)[0] === 'run');
    assert.ok(entries.length > 0);
    for (const run of entries) {
      assert.equal(iconId(x, run), 'error', 'every run of the broken integration failed');
      assert.ok(contextOf(x, run).includes('failed'));
      assert.ok(item(x, run).command, 'a click opens the details');
    }
    const dates = entries.map((n) => Date.parse((item(x, n).tooltip as vscode.MarkdownString).value.match(/\d{4}-\d\d-\d\d[ T]\d\d:\d\d(:\d\d)?/)?.[0] ?? ''));
    assert.ok(
      dates.every((d, i) => i === 0 || Number.isNaN(d) || d <= dates[i - 1]),
      'newest first',
    );
  });

  it('lists every kind of item, and leaves agents and connections without children', async () => {
    const x = await signedIn();
    for (const [category, kind] of [
      ['Backups', 'backup'],
      ['Automations', 'automation'],
      ['Agents', 'agent'],
      ['Connections', 'connection'],
      ['Endpoints', 'endpoint'],
      ['Users', 'workspaceUser'],
    ] as const) {
      const nodes = await x.tree.getChildren(await find(x, 'Data Platform', category));
      assert.ok(nodes.length > 0, category);
      assert.equal(contextOf(x, nodes[0])[0], kind, category);
      if (kind === 'agent' || kind === 'connection') assert.equal(item(x, nodes[0]).collapsibleState, vscode.TreeItemCollapsibleState.None);
    }
    const endpoints = await x.tree.getChildren(await find(x, 'Data Platform', 'Endpoints'));
    assert.ok(endpoints.some((n) => contextOf(x, n).includes('active')) && endpoints.some((n) => contextOf(x, n).includes('inactive')));
    const agents = await x.tree.getChildren(await find(x, 'Data Platform', 'Agents'));
    const tooltip = (item(x, agents[0]).tooltip as vscode.MarkdownString | undefined)?.value ?? '';
    assert.ok(!/[A-Za-z0-9]{24,}/.test(`${item(x, agents[0]).description ?? ''} ${tooltip}`), 'the agent key is not shown in clear');
  });

  it('lists snapshots, automation executions and endpoint requests', async () => {
    const x = await signedIn();
    const snaps = await x.tree.getChildren(await find(x, 'Data Platform', 'Backups', 'Snowflake Metadata Backup'));
    assert.equal(contextOf(x, snaps[0])[0], 'snapshot');
    const execs = await x.tree.getChildren(await find(x, 'Data Platform', 'Automations', 'Order webhook → Slack alert'));
    assert.equal(contextOf(x, execs[0])[0], 'execution');
    const reqs = await x.tree.getChildren(await find(x, 'Data Platform', 'Endpoints', (await labels(x, await find(x, 'Data Platform', 'Endpoints')))[0]));
    assert.ok(reqs.length > 0);
  });

  it('merges concurrent expansions of one node into one request', async () => {
    const x = await signedIn();
    const backups = await find(x, 'Finance', 'Backups');
    x.tree.refresh(backups);
    const before = x.requestCount();
    const [a, b, c] = await Promise.all([x.tree.getChildren(backups), x.tree.getChildren(backups), x.tree.getChildren(backups)]);
    assert.equal(x.requestCount() - before, 1);
    assert.equal(a.length, b.length);
    assert.equal(b.length, c.length);
    await x.tree.getChildren(backups);
    assert.equal(x.requestCount() - before, 1, 'cached after the first load');
  });

  it('refreshes only the node asked for', async () => {
    const x = await signedIn();
    const agents = await find(x, 'Data Platform', 'Agents');
    const connections = await find(x, 'Data Platform', 'Connections');
    await x.tree.getChildren(agents);
    await x.tree.getChildren(connections);
    const changed: unknown[] = [];
    const sub = x.tree.onDidChange((n) => changed.push(n));
    const before = x.requestCount();
    await vscode.commands.executeCommand('skyvia.refreshNode', agents);
    await x.tree.getChildren(agents);
    await x.tree.getChildren(connections);
    // Told once no fetch at or below it is under way (see ExplorerProvider.flush).
    await whenEvent(x.tree.onDidChange, () => changed.includes(agents), 'Agents to be told it changed');
    sub.dispose();
    assert.equal(x.requestCount() - before, 1, 'only Agents was fetched again');
  });

  it('filters users by a search mask, shows it, and clears it', async () => {
    const x = await signedIn();
    const users = await find(x, 'Users');
    const everyone = await x.tree.getChildren(users);
    await vscode.commands.executeCommand('skyvia.filter', users, 'priya');
    const filtered = await x.tree.getChildren(users);
    assert.equal(filtered.length, 1);
    assert.match(label(x, filtered[0]), /Priya/i);
    assert.match(String(item(x, users).description), /priya/);
    assert.ok(contextOf(x, users).includes('filtered'));
    await vscode.commands.executeCommand('skyvia.clearFilter', users);
    assert.equal((await x.tree.getChildren(users)).length, everyone.length);
    assert.ok(!contextOf(x, users).includes('filtered'));
  });

  it('filters a history to failed runs and a start date', async () => {
    const x = await signedIn();
    const node = await find(x, 'Data Platform', 'Integrations', 'Orders → Warehouse (hourly)');
    await vscode.commands.executeCommand('skyvia.filterHistory', node, { failedOnly: true });
    const failed = (await x.tree.getChildren(node)).filter((n) => contextOf(x, n)[0] === 'run');
    assert.ok(failed.length > 0);
    assert.ok(failed.every((n) => contextOf(x, n).includes('failed')));
    assert.match(String(item(x, node).description), /failed/i);
    await vscode.commands.executeCommand('skyvia.filterHistory', node, { failedOnly: false, since: '1d' });
    const recent = (await x.tree.getChildren(node)).filter((n) => contextOf(x, n)[0] === 'run');
    assert.ok(recent.length >= 20 && recent.length <= 25, `hourly runs in a day: ${recent.length}`);
    await vscode.commands.executeCommand('skyvia.clearFilter', node);
    assert.ok(!contextOf(x, node).includes('filtered'));
  });
});

describe('an expanded history as VS Code draws it', () => {
  let x: SkyviaExplorerApi;
  signedInQuietly((api) => (x = api), { pageSize: 20 });
  // What the view shows expanded, VS Code reads again on a refresh: nothing is left expanded for others.
  after(async () => {
    await vscode.commands.executeCommand('workbench.actions.treeView.skyvia.explorer.collapseAll');
    x.tree.refresh();
    await x.tree.idle();
  });

  // A click on a history row is lost when VS Code draws the rows again as it lands: an item's
  // expanded history is drawn again when its rows change, never because its item was read.
  for (const [category, name] of [
    ['Backups', 'Snowflake Metadata Backup'],
    ['Automations', 'Order webhook → Slack alert'],
    ['Integrations', 'Postgres → S3 Parquet Archive'],
  ] as const) {
    it(`draws the rows of ${name}’s history once, its panel open before and reading again after`, async () => {
      await collapsedAndRebuilt(x);
      const node = await find(x, 'Data Platform', category, name);
      const ref = node.ref!;
      // The panel first (its reads: the item, its run under way, its history), as in the report.
      await vscode.commands.executeCommand('skyvia.openPanel', node);
      assert.ok(x.panels.modelOf(ref)?.history?.rows.length, 'the panel read the history');
      await x.tree.idle();
      const draws = x.tree.countDraws();
      try {
        // Expanded in the view, as a person's click does.
        await x.tree.reveal(node, { expand: true });
        const rows = await x.tree.getChildren(node);
        assert.ok(rows.length >= 2, 'a history to click in');
        await whenEvent(draws.onDidDraw, () => rows.every((r) => draws.drawn(r) > 0), 'VS Code to draw the history');
        await x.tree.idle();
        assert.equal(draws.told(node), 0, 'its expansion learned nothing that changes how its row or rows look');
        // The panel reads its history again (as its range buttons do): still nothing to draw.
        await x.panels.send(ref, { type: 'filter', failedOnly: false, range: 'all' });
        await x.tree.idle();
        assert.equal(draws.told(node), 0, 'the history was not told it changed');
        assert.deepEqual(
          rows.map((r) => draws.drawn(r)),
          rows.map(() => 1),
          'each row drawn once',
        );
      } finally {
        draws.dispose();
        await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      }
    });
  }

  it('tells an expanded history’s own row of the newest entry its expansion found once it is collapsed, never while its rows are on screen', async () => {
    await collapsedAndRebuilt(x);
    const node = await find(x, 'Data Platform', 'Integrations', 'Postgres → S3 Parquet Archive');
    // A run started and ended outside (a schedule, a colleague): the row does not know it yet.
    const runId = await startOutside(F.idleIntegrationId);
    await demo.control('advance', { ms: 7_000 });
    const draws = x.tree.countDraws();
    try {
      await x.tree.reveal(node, { expand: true, select: true, focus: true });
      const rows = await x.tree.getChildren(node);
      await whenEvent(draws.onDidDraw, () => rows.every((r) => draws.drawn(r) > 0), 'VS Code to draw the history');
      assert.equal(rows[0].ref?.id, runId, 'the run ended outside leads the history');
      await x.tree.idle();
      // Telling the row would make VS Code forget the rows below it until it asked for them again:
      // a menu choice on one of them meanwhile would reach the extension without its row.
      assert.equal(draws.told(node), 0, 'not told while its rows are on screen');
      assert.ok(x.tree.waitsForCollapse(node), 'it waits to be collapsed');
      assert.ok(
        rows.every((r) => draws.drawn(r) === 1),
        'its rows drawn once',
      );
      // Collapsed, as a person does: the row tells it then.
      await vscode.commands.executeCommand('list.collapse');
      await whenEvent(draws.onDidDraw, () => draws.told(node) > 0, 'the row to be drawn again once collapsed');
      assert.match(String(x.tree.getTreeItem(node).description), /Succeeded/);
      assert.equal(x.tree.waitsForCollapse(node), false);
    } finally {
      draws.dispose();
    }
  });

  it('a row’s menu choice that reaches the extension without its row (VS Code was drawing it again) says so, asks nothing and sends nothing', async () => {
    const ui = x.ui.script([]);
    const runs = async () => ((await demo.control('stats')) as { byOperation: Record<string, number> }).byOperation['runIntegration'] ?? 0;
    const before = await runs();
    // As VS Code hands over a tree menu's choice whose row it no longer knows: the row's place, empty.
    await vscode.commands.executeCommand('skyvia.runIntegration', undefined);
    assert.deepEqual(
      ui.transcript.map((t) => [t.kind, t.text]),
      [['message', 'That row was being redrawn as it was chosen, so nothing was done: choose it again.']],
      'said, and no picker asked for what the person had already chosen',
    );
    assert.equal(await runs(), before, 'no run started');
    // A view's title button is handed an empty place as well (the Failures view's range, Refresh): it is done, not refused.
    const refreshed = new Promise<void>((resolve) => {
      const listening = x.tree.onDidChange(() => (listening.dispose(), resolve()));
    });
    await vscode.commands.executeCommand('skyvia.refresh', undefined);
    await refreshed;
    assert.equal(ui.transcript.length, 1, 'nothing more said');
    x.ui.reset();
  });
});

/** Every row collapsed in the view (VS Code would expand again what it remembers), then the tree made anew. */
async function collapsedAndRebuilt(x: SkyviaExplorerApi): Promise<void> {
  // The view on screen (its Collapse All exists once it is).
  await vscode.commands.executeCommand('skyvia.explorer.focus');
  await vscode.commands.executeCommand('workbench.actions.treeView.skyvia.explorer.collapseAll');
  x.tree.refresh();
  await x.tree.idle();
}
