import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { DEMO_FIXTURES as F } from '../../../src/demo/fixtures';
import { contextOf, find, iconId, item, label, labels, setting, signedIn, whenEvent } from './helpers';

describe('the tree against the demo service', () => {
  before(() => setting('pageSize', 50));

  it('shows the account, then Users, Invitations and every workspace', async () => {
    const x = await signedIn();
    const [account] = await x.tree.getChildren();
    assert.ok(contextOf(x, account).includes('account'));
    assert.equal(iconId(x, account), 'account');
    assert.deepEqual(await labels(x, account), ['Users', 'Invitations', 'Personal', 'Sales Ops', 'Finance', 'Data Platform']);
  });

  it('shows the seven categories of a workspace without a request', async () => {
    const x = await signedIn();
    const ws = await find(x, 'Data Platform');
    assert.ok(contextOf(x, ws).includes('workspace'));
    const before = x.requestCount();
    assert.deepEqual(await labels(x, ws), ['Integrations', 'Backups', 'Automations', 'Agents', 'Connections', 'Endpoints', 'Users']);
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
    assert.ok(nodes.some((n) => label(x, n) === `Integration #${F.nullNameIntegrationId}`), (await Promise.all(nodes.map((n) => label(x, n)))).join(', '));
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
    assert.ok(dates.every((d, i) => i === 0 || Number.isNaN(d) || d <= dates[i - 1]), 'newest first');
  });

  it('lists every kind of item, and leaves agents and connections without children', async () => {
    const x = await signedIn();
    for (const [category, kind] of [['Backups', 'backup'], ['Automations', 'automation'], ['Agents', 'agent'], ['Connections', 'connection'], ['Endpoints', 'endpoint'], ['Users', 'workspaceUser']] as const) {
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
