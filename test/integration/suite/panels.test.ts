// Item panels inside VS Code: what each kind shows (the model its webview renders), one panel
// per item, the run under way followed live, a fixed HTML page under a strict CSP, and no panel
// left after sign-out.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ActionReport } from '../../../src/commands/runner';
import type { PanelModel } from '../../../src/shared/panelProtocol';
import { refs } from '../../../src/shared/refs';
import type { SkyviaExplorerApi, TreeNode } from '../../../src/testing/testApi';
import { contextOf, demo, find, outside, signedIn, signedInQuietly, startOutside, whenEvent } from './helpers';

const run = (command: string, ...args: unknown[]) => vscode.commands.executeCommand<ActionReport | undefined>(command, ...args);
const op = async (name: string) => ((await demo.control('stats')) as { byOperation: Record<string, number> }).byOperation[name] ?? 0;
const BIG = 'Orders → Warehouse (hourly)';

/** Restores a panel as VS Code does after a window reload: a new panel and its saved state, to the serializer. Whether it was kept. */
async function restore(x: SkyviaExplorerApi, state: unknown): Promise<boolean> {
  const panel = vscode.window.createWebviewPanel('skyvia.item', 'Skyvia', vscode.ViewColumn.Active, { enableScripts: true });
  let disposed = false;
  panel.onDidDispose(() => (disposed = true));
  await x.panels.serializer.deserializeWebviewPanel(panel, state);
  return !disposed;
}
const DAY = 86_400_000;
type History = NonNullable<PanelModel['history']>;

describe('item panels', () => {
  let x: SkyviaExplorerApi;
  signedInQuietly((api) => (x = api), { pageSize: 50 });

  it('shows an integration: fields, actions, a page of runs and a chart of them', async () => {
    const node = await find(x, 'Data Platform', 'Integrations', 'Orders → Warehouse (hourly)');
    await run('skyvia.openPanel', node);
    const model = x.panels.modelOf(node.ref!);
    assert.ok(model, 'a panel');
    assert.equal(model.kind, 'Integration');
    assert.equal(model.title, 'Orders → Warehouse (hourly)');
    assert.ok(model.fields.some(([k]) => /Integration id/.test(k)));
    assert.ok(model.actions.some((a) => a.command === 'skyvia.runIntegration'));
    assert.equal(model.history?.rows.length, 50);
    assert.equal(model.history?.hasMore, true);
    assert.ok((model.history?.chart?.t.length ?? 0) >= 2, 'a chart of the runs');
    assert.ok(model.history?.chart?.failed.some(Boolean) || model.history?.rows.every((r) => r.tone !== 'error'), 'failures marked on the chart');
  });

  it('keeps one panel per item, and serves a fixed page under a strict CSP', async () => {
    const node = await find(x, 'Data Platform', 'Integrations', 'Orders → Warehouse (hourly)');
    const before = x.panels.count();
    await run('skyvia.openPanel', node);
    assert.equal(x.panels.count(), before, 'revealed, not opened twice');
    const html = x.panels.htmlOf(node.ref!) ?? '';
    assert.match(html, /default-src 'none'/);
    assert.match(html, /script-src 'nonce-[A-Za-z0-9+/=]+'/);
    assert.doesNotMatch(html, /unsafe-inline|unsafe-eval/);
    assert.ok(!html.includes('Orders'), 'no API string in the HTML');
  });

  it('follows the run under way and reloads the history when it ends', async () => {
    const node = await find(x, 'Data Platform', 'Integrations', 'Postgres → S3 Parquet Archive');
    await run('skyvia.openPanel', node);
    await run('skyvia.runIntegration', node);
    const live = x.panels.modelOf(node.ref!)?.live;
    assert.ok(live, 'the run shows live');
    assert.ok(live.actions.some((a) => a.command === 'skyvia.cancelRun'));
    assert.ok(!x.panels.modelOf(node.ref!)?.actions.some((a) => a.command === 'skyvia.runIntegration'), 'no Run while it runs');
    const runId = x.state.activeRun(node.ref!)?.ref.id;
    await demo.control('advance', { ms: 7_000 });
    for (let i = 0; i < 20 && x.watch.scheduled(); i++) await x.watch.tickNow();
    await whenEvent(
      x.panels.onDidUpdate,
      () => x.panels.modelOf(node.ref!)?.history?.rows[0]?.id === runId && !x.panels.modelOf(node.ref!)?.history?.loading,
      'the finished run in the panel',
    );
    const model = x.panels.modelOf(node.ref!);
    assert.equal(model?.live, undefined);
    assert.equal(model?.history?.rows[0]?.id, runId, 'the finished run tops the history');
  });

  it('reads the items open in panels again on the view’s Refresh: a run started outside shows, its row collapsed', async () => {
    const node = await find(x, 'Data Platform', 'Integrations', 'Salesforce Accounts → BigQuery');
    await run('skyvia.openPanel', node);
    assert.equal(x.panels.modelOf(node.ref!)?.live, undefined, 'nothing under way yet');
    // A colleague starts a run through the service's own API; the person presses the view's Refresh.
    const runId = await startOutside(Number(node.ref!.id));
    await vscode.commands.executeCommand('skyvia.refresh');
    await whenEvent(x.panels.onDidUpdate, () => !!x.panels.modelOf(node.ref!)?.live, 'the panel live');
    assert.match(x.panels.modelOf(node.ref!)?.live?.text ?? '', new RegExp(`Run ${runId}`));
    // Its end, as the watcher finds it, so that nothing runs for the next test.
    await demo.control('advance', { ms: 60_000 });
    for (let i = 0; i < 20 && x.watch.scheduled(); i++) await x.watch.tickNow();
    await whenEvent(x.panels.onDidUpdate, () => !x.panels.modelOf(node.ref!)?.live, 'the run ended in the panel');
  });

  it('shows a run with its state and Open Log', async () => {
    const broken = await find(x, 'Data Platform', 'Integrations', 'Legacy ERP Sync (broken)');
    const entry = (await x.tree.getChildren(broken)).find((n) => contextOf(x, n)[0] === 'run' && !contextOf(x, n).includes('active'))!;
    await run('skyvia.openPanel', entry);
    const model = x.panels.modelOf(entry.ref!);
    assert.equal(model?.kind, 'Run');
    assert.equal(model?.state?.tone, 'error');
    assert.ok(model?.actions.some((a) => a.command === 'skyvia.openLog'));
  });

  it('shows a backup, an automation and an endpoint with their histories', async () => {
    for (const [category, name] of [
      ['Backups', 'Snowflake Metadata Backup'],
      ['Automations', 'Order webhook → Slack alert'],
      ['Endpoints', 'Warehouse OData'],
    ] as const) {
      const node = await find(x, 'Data Platform', category, name);
      await run('skyvia.openPanel', node);
      const model = x.panels.modelOf(node.ref!);
      assert.equal(model?.title, name);
      assert.ok((model?.history?.rows.length ?? 0) > 0, `${name}: a history`);
    }
  });

  it('filters the history by failed only and a date range, a page at a time as the service filters it', async () => {
    const node = await find(x, 'Data Platform', 'Integrations', BIG);
    await run('skyvia.openPanel', node);
    const ref = node.ref!;
    const history = (): History => x.panels.modelOf(ref)!.history!;
    const send = (message: object) => x.panels.send(ref, message);
    /** Every run shown started after `since` (a minute's slack for the clocks). */
    const within = (h: History, days: number) => (h.chart?.t ?? []).every((t) => t * 1000 >= Date.now() - days * DAY - 60_000);

    // The last 7 days of an hourly schedule: about 168 runs, 50 to a page.
    const requests = await op('listIntegrationRuns');
    assert.ok(await send({ type: 'filter', failedOnly: false, range: '7d' }));
    assert.equal((await op('listIntegrationRuns')) - requests, 1, 'one request for the filter');
    let h = history();
    assert.deepEqual([h.range, h.failedOnly, h.rows.length, h.hasMore, h.loading], ['7d', false, 50, true, false]);
    assert.ok(within(h, 7));
    while (h.hasMore) {
      await send({ type: 'more' });
      h = history();
    }
    assert.ok(h.rows.length >= 160 && h.rows.length <= 176, `${h.rows.length} runs in 7 days`);
    assert.equal(new Set(h.rows.map((r) => r.id)).size, h.rows.length, 'no run twice');
    assert.ok(within(h, 7), 'none older than the range');
    assert.equal(h.chart?.t.length, h.rows.length, 'every run on the chart');

    // Failed only, in the last 30 days: a few runs in 720, all failed, on one page.
    await send({ type: 'filter', failedOnly: true, range: '30d' });
    h = history();
    assert.ok(h.rows.length > 0 && h.rows.length < 50, `${h.rows.length} failed runs`);
    assert.ok(
      h.rows.every((r) => r.tone === 'error'),
      'only failures',
    );
    assert.ok(h.chart === undefined || h.chart.failed.every(Boolean), 'every point marked failed');
    assert.equal(h.hasMore, false);
    assert.ok(within(h, 30));

    // Back to everything: a first page of 5,000.
    await send({ type: 'filter', failedOnly: false, range: 'all' });
    h = history();
    assert.deepEqual([h.range, h.rows.length, h.hasMore], ['all', 50, true]);
  });

  it('lets a newer filter supersede one still loading, and refuses a filter it cannot read', async () => {
    const ref = (await find(x, 'Data Platform', 'Integrations', BIG)).ref!;
    await Promise.all([
      x.panels.send(ref, { type: 'filter', failedOnly: false, range: '7d' }),
      x.panels.send(ref, { type: 'filter', failedOnly: false, range: '24h' }),
    ]);
    const h = x.panels.modelOf(ref)!.history!;
    assert.deepEqual([h.range, h.loading, h.hasMore], ['24h', false, false]);
    assert.ok(h.rows.length >= 20 && h.rows.length <= 26, `${h.rows.length} runs in a day`);
    assert.equal(await x.panels.send(ref, { type: 'filter', failedOnly: 'yes', range: '7d' }), false);
    assert.equal(await x.panels.send(ref, { type: 'filter', failedOnly: false, range: '1y' }), false);
    assert.equal(x.panels.modelOf(ref)!.history!.range, '24h', 'unchanged');
    await x.panels.send(ref, { type: 'filter', failedOnly: false, range: 'all' });
  });

  it('charts what each history’s rows carry: durations and rows, queue waits, billed tasks, response sizes', async () => {
    const kinds = [
      ['Integrations', BIG, ['Duration (s)', 'Rows written', 'Rows failed']],
      ['Backups', 'Snowflake Metadata Backup', ['Duration (s)', 'Wait in queue (s)']],
      ['Automations', 'Order webhook → Slack alert', ['Billed tasks']],
      ['Endpoints', 'Warehouse OData', ['Response (KB)']],
    ] as const;
    for (const [category, name, series] of kinds) {
      const node = await find(x, 'Data Platform', category, name);
      await run('skyvia.openPanel', node);
      const h = x.panels.modelOf(node.ref!)!.history!;
      const chart = h.chart;
      assert.ok(chart, `${name}: a chart`);
      assert.deepEqual(
        chart.series.map((s) => s.label),
        series,
      );
      assert.equal(chart.t.length, h.rows.length, `${name}: a point per entry`);
      assert.ok(
        chart.t.every((t, i) => i === 0 || t >= chart.t[i - 1]),
        `${name}: oldest first`,
      );
      assert.deepEqual(
        chart.failed,
        [...h.rows].reverse().map((r) => r.tone === 'error'),
        `${name}: failures marked`,
      );
      assert.deepEqual(
        chart.ids,
        [...h.rows].reverse().map((r) => r.id),
        `${name}: a click opens the entry`,
      );
      assert.ok(chart.series[0].values.filter((v) => v !== null).length >= h.rows.length / 2, `${name}: the main figure on most points`);
      assert.equal(chart.labels.length, chart.t.length, `${name}: a hover names each point`);
    }
  });

  it('reopens a panel from the state its webview saved, and refuses a state it cannot read', async () => {
    const before = x.panels.count();
    const ref = refs.item(x.accounts.list()[0].id, 'endpoint', 4210, 641);
    assert.equal(x.panels.modelOf(ref), undefined, 'not open yet');
    assert.ok(await restore(x, JSON.parse(JSON.stringify({ ref, name: 'Analytics SQL' }))));
    const model = x.panels.modelOf(ref);
    assert.equal(model?.title, 'Analytics SQL');
    assert.ok((model?.history?.rows.length ?? 0) > 0, 'its history read again');
    assert.equal(x.panels.count(), before + 1);
    const runs = await x.tree.getChildren(await find(x, 'Data Platform', 'Integrations', 'Legacy ERP Sync (broken)'));
    const entry = runs.find((n) => contextOf(x, n)[0] === 'run' && !x.panels.modelOf(n.ref!))!;
    assert.ok(await restore(x, { ref: entry.ref, name: `Run ${entry.ref!.id}`, parent: 'Legacy ERP Sync (broken)' }));
    assert.equal(x.panels.modelOf(entry.ref!)?.parent, 'Legacy ERP Sync (broken)');
    for (const state of [
      undefined,
      {},
      { ref: { kind: 'agent', workspaceId: 4210, id: '310' }, name: 'warehouse-agent-01' },
      { ref, name: 5 },
      { ref: { kind: 'run' }, name: 'x' },
    ]) {
      assert.equal(await restore(x, state), false, JSON.stringify(state));
    }
    assert.equal(x.panels.count(), before + 2, 'nothing kept of a state it could not read');
    // A panel saved by the earlier version (its ref names no account) comes back in the first account.
    const earlier = { kind: 'endpoint', workspaceId: 4210, id: '640' } as const;
    assert.ok(await restore(x, { ref: earlier, name: 'Warehouse OData' }));
    assert.ok(x.panels.modelOf(earlier)?.title, 'restored in the first account');
  });

  it('shows every kind of panel and reads every kind of log in the live service’s shape as in the given one', async () => {
    // Each item of the Data Platform workspace with the first entry of its history: both read
    // in the given shape, then again (panels reopened, logs refreshed) in the live one.
    const items = [
      ['Integrations', BIG, /^Rows succeeded$/],
      ['Backups', 'Snowflake Metadata Backup', /^Started by$/],
      ['Automations', 'Order webhook → Slack alert', /^Billed tasks$/],
      ['Endpoints', 'Warehouse OData', /^Size$/],
    ] as const;
    const entries: TreeNode[] = [];
    const seedLogs: string[] = [];
    for (const [category, name] of items) {
      const node = await find(x, 'Data Platform', category, name);
      const entry = (await x.tree.getChildren(node)).find((n) => /^(run|snapshot|execution|request)$/.test(contextOf(x, n)[0]));
      assert.ok(entry, `${name}: an entry`);
      entries.push(entry);
      await run('skyvia.openLog', entry);
      seedLogs.push(vscode.window.activeTextEditor?.document.getText() ?? '');
    }
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    assert.equal(x.panels.count(), 0, 'closing the editors closed the panels');
    await demo.control('shapes', { shapes: 'live' });
    try {
      for (const [i, [category, name, entryField]] of items.entries()) {
        const node = await find(x, 'Data Platform', category, name);
        await run('skyvia.openPanel', node);
        const model = x.panels.modelOf(node.ref!);
        assert.equal(model?.title, name);
        assert.ok(model.fields.length >= 3 && (model.history?.rows.length ?? 0) > 0, `${name}: its fields and history`);
        // The entry was read a moment ago, in the given shape, and that read is shared for a
        // while by whoever shows it: Refresh Log reads it afresh (now in the live shape) for all.
        const entry = entries[i];
        await run('skyvia.openLog', entry);
        await run('skyvia.refreshLog');
        const text = vscode.window.activeTextEditor?.document.getText() ?? '';
        assert.ok(seedLogs[i].length > 0, `${entry.ref!.kind}: a log in the given shape`);
        assert.equal(text, seedLogs[i], `${entry.ref!.kind}: the same log from the live shape's field`);
        await run('skyvia.openPanel', entry);
        const entryModel = x.panels.modelOf(entry.ref!);
        assert.equal(entryModel?.parent, name, `${entry.ref!.kind}: its item named`);
        assert.ok(entryModel.state?.text, `${entry.ref!.kind}: a state badge`);
        assert.ok(
          entryModel.fields.some(([label]) => entryField.test(label)),
          `${entry.ref!.kind}: ${entryField.source} — ${JSON.stringify(entryModel.fields)}`,
        );
        assert.ok(
          entryModel.actions.some((a) => a.command === 'skyvia.openLog'),
          `${entry.ref!.kind}: Open Log`,
        );
      }
      // Live endpoint requests say whether they came from outside.
      assert.ok(
        x.panels.modelOf(entries[3].ref!)?.fields.some(([label]) => label === 'External'),
        'External, a live-only field',
      );
    } finally {
      await demo.control('shapes', { shapes: 'seed' });
    }
  });

  it('closes every panel when the session ends', async () => {
    assert.ok(x.panels.count() > 0);
    await x.session.signOut();
    assert.equal(x.panels.count(), 0);
    await signedIn();
  });
});

/** The item panels' tabs VS Code shows, in every group. */
const panelTabs = () =>
  vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => t.input instanceof vscode.TabInputWebview && t.input.viewType.endsWith('skyvia.item'));
/**
 * The panels' tab labels once one says `label`: VS Code tells the extension host of its tabs after
 * it drew them, so a tab opened or renamed a moment ago is waited for.
 */
async function tabsOnceShowing(label: string): Promise<string[]> {
  await whenEvent(vscode.window.tabGroups.onDidChangeTabs, () => panelTabs().some((t) => t.label === label), `a tab "${label}"`);
  return panelTabs().map((t) => t.label);
}
/** VS Code's own setting, as a person sets it (put back after each test). */
const previews = (on: boolean | undefined) =>
  vscode.workspace.getConfiguration('workbench.editor').update('enablePreview', on, vscode.ConfigurationTarget.Global);

describe('preview panels', () => {
  let x: SkyviaExplorerApi;
  signedInQuietly((api) => (x = api), { pageSize: 50 });
  /** Two integrations of Data Platform, and a run of each. */
  let a: TreeNode, b: TreeNode, runsOfA: TreeNode[];

  before(async () => {
    a = await find(x, 'Data Platform', 'Integrations', BIG);
    b = await find(x, 'Data Platform', 'Integrations', 'Postgres → S3 Parquet Archive');
    runsOfA = (await x.tree.getChildren(await find(x, 'Data Platform', 'Integrations', 'Legacy ERP Sync (broken)'))).filter(
      (n) => contextOf(x, n)[0] === 'run' && !contextOf(x, n).includes('active'),
    );
  });
  beforeEach(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    assert.equal(x.panels.count(), 0);
  });
  afterEach(() => previews(undefined));

  /** The integration's first page of runs as the service answers another client, newest first. */
  const runIds = async (node: TreeNode) => {
    const { body } = await outside('GET', `integrations/${node.ref!.id}/executions?take=50&skip=0&sortOrder=desc`);
    return (body as { data: { runId: number }[] }).data.map((r) => String(r.runId));
  };

  it('shows the next item in the same preview panel — no second panel — with that item’s data from the service', async () => {
    await run('skyvia.openPanel', a);
    const panel = x.panels.panelOf(a.ref!);
    assert.ok(panel, 'a panel');
    assert.equal(x.panels.isPreview(a.ref!), true, 'a preview panel');
    await run('skyvia.openPanel', b);
    assert.equal(x.panels.panelOf(b.ref!), panel, 'the same webview panel');
    assert.equal(x.panels.panelOf(a.ref!), undefined, 'the first item no longer shown');
    assert.equal(x.panels.count(), 1);
    assert.deepEqual(await tabsOnceShowing('Postgres → S3 Parquet Archive'), ['Postgres → S3 Parquet Archive'], 'one tab, naming the second item');
    assert.equal(panel.title, 'Postgres → S3 Parquet Archive', 'its tab names the second item');
    const model = x.panels.modelOf(b.ref!);
    assert.equal(model?.title, 'Postgres → S3 Parquet Archive');
    assert.ok(
      model.fields.some(([k, v]) => /Integration id/.test(k) && v.includes(b.ref!.id)),
      'its own fields',
    );
    assert.deepEqual(
      model.history?.rows.map((r) => r.id),
      await runIds(b),
      'its runs, as the service lists them',
    );
    // A run's panel shows there too.
    await run('skyvia.openPanel', runsOfA[0]);
    assert.equal(x.panels.panelOf(runsOfA[0].ref!), panel);
    assert.equal(x.panels.modelOf(runsOfA[0].ref!)?.kind, 'Run');
    assert.equal(x.panels.count(), 1);
  });

  it('shows only the last of two items asked for at once: the first one’s reads, still out, are dropped', async () => {
    await run('skyvia.openPanel', runsOfA[0]);
    await Promise.all([run('skyvia.openPanel', a), run('skyvia.openPanel', b)]);
    assert.equal(x.panels.count(), 1);
    const model = x.panels.modelOf(b.ref!);
    assert.equal(model?.title, 'Postgres → S3 Parquet Archive');
    assert.deepEqual(
      model.history?.rows.map((r) => r.id),
      await runIds(b),
      'its own runs, none of the first',
    );
  });

  it('Keep Open (its title bar) makes the next item open in a panel of its own', async () => {
    await run('skyvia.openPanel', a);
    const first = x.panels.panelOf(a.ref!);
    assert.ok(first?.active, 'the panel is the active editor, whose title bar has Keep Open');
    await vscode.commands.executeCommand('skyvia.keepPanelOpen');
    assert.equal(x.panels.isPreview(a.ref!), false, 'kept open');
    await run('skyvia.openPanel', b);
    assert.equal(x.panels.panelOf(a.ref!), first, 'the first stays');
    assert.notEqual(x.panels.panelOf(b.ref!), first, 'the second in a panel of its own');
    assert.equal(x.panels.isPreview(b.ref!), true, 'the new one a preview');
    assert.equal(x.panels.count(), 2);
    assert.deepEqual((await tabsOnceShowing('Postgres → S3 Parquet Archive')).sort(), [BIG, 'Postgres → S3 Parquet Archive'], 'two tabs');
    assert.equal(x.panels.modelOf(a.ref!)?.title, BIG, 'the first still shows its item');
  });

  it('a double-click on a row (its command run once per click) keeps the panel open', async () => {
    // VS Code's tree runs a row's command for each click of a double-click, the second while the first panel still fills.
    await Promise.all([run('skyvia.openPanel', runsOfA[0]), run('skyvia.openPanel', runsOfA[0])]);
    assert.equal(x.panels.count(), 1, 'one panel for the row');
    assert.equal(x.panels.isPreview(runsOfA[0].ref!), false, 'kept open');
    await run('skyvia.openPanel', runsOfA[1]);
    assert.equal(x.panels.count(), 2, 'the next row in a panel of its own');
    assert.ok(x.panels.modelOf(runsOfA[0].ref!)?.title, 'the first still shows its run');
  });

  it('a filter, a range, a sort, a page more or an action in the panel keeps it open', async () => {
    const changes: [string, unknown][] = [
      ['a filter', { type: 'filter', failedOnly: true, range: 'all' }],
      ['a range', { type: 'filter', failedOnly: false, range: '7d' }],
      // The page sorts by itself and tells the extension it changed.
      ['a sort', { type: 'keep' }],
      ['a page more', { type: 'more' }],
      ['an entry opened from it', { type: 'entry', id: '', command: 'skyvia.openLog' }],
    ];
    for (const [i, [what, message]] of changes.entries()) {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await run('skyvia.openPanel', a);
      assert.equal(x.panels.isPreview(a.ref!), true, `${what}: a preview first`);
      const shown = x.panels.modelOf(a.ref!)!;
      const sent = message as { type: string; id?: string };
      if (sent.type === 'entry') sent.id = shown.history!.rows[i].id;
      assert.ok(await x.panels.send(a.ref!, sent), `${what}: taken`);
      assert.equal(x.panels.isPreview(a.ref!), false, `${what}: kept open`);
      await run('skyvia.openPanel', b);
      assert.equal(x.panels.modelOf(a.ref!)?.title, BIG, `${what}: the panel still shows its item`);
      assert.notEqual(x.panels.panelOf(b.ref!), x.panels.panelOf(a.ref!), `${what}: the next in another panel`);
    }
    // An action asked from the panel (Show Details, which sends nothing): kept, its outcome said there.
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await run('skyvia.openPanel', a);
    assert.ok(await x.panels.send(a.ref!, { type: 'action', command: 'skyvia.openItem' }));
    assert.equal(x.panels.isPreview(a.ref!), false, 'an action: kept open');
  });

  it('gives every item a panel of its own with workbench.editor.enablePreview off, and keeps a preview open when it is turned off', async () => {
    await run('skyvia.openPanel', a);
    assert.equal(x.panels.isPreview(a.ref!), true);
    await previews(false);
    await whenEvent(x.panels.onDidUpdate, () => x.panels.isPreview(a.ref!) === false, 'the preview kept open when previews were turned off');
    await run('skyvia.openPanel', b);
    await run('skyvia.openPanel', runsOfA[0]);
    assert.equal(x.panels.count(), 3, 'a panel per item');
    assert.equal((await tabsOnceShowing(`Run ${runsOfA[0].ref!.id} · Failed`)).length, 3, 'three tabs');
    for (const node of [a, b, runsOfA[0]]) assert.equal(x.panels.isPreview(node.ref!), false, `${label(node)}: its own panel`);
  });

  it('restores a preview panel after a reload as a preview, the next item showing in it; a kept one as kept', async () => {
    const state = (node: TreeNode, name: string, preview?: boolean) =>
      JSON.parse(JSON.stringify({ ref: node.ref, name, ...(preview ? { preview } : {}) })) as unknown;
    assert.ok(await restore(x, state(a, BIG)));
    assert.equal(x.panels.isPreview(a.ref!), false, 'kept, as it was');
    assert.ok(await restore(x, state(b, 'Postgres → S3 Parquet Archive', true)));
    assert.equal(x.panels.isPreview(b.ref!), true, 'a preview, as it was');
    assert.ok((x.panels.modelOf(b.ref!)?.history?.rows.length ?? 0) > 0, 'its history read again');
    const restored = x.panels.panelOf(b.ref!);
    await run('skyvia.openPanel', runsOfA[0]);
    assert.equal(x.panels.panelOf(runsOfA[0].ref!), restored, 'the next item in the restored preview');
    assert.equal(x.panels.count(), 2);
  });

  const label = (node: TreeNode) => `${node.ref!.kind} ${node.ref!.id}`;
});
