// Succeeded, but not as usual, inside VS Code: the runs the demo made unusual, and runs made
// unusual from outside (over the demo's HTTP API, as a colleague's change would), told alike by
// the history row, the item's row, its panel and chart, the Failures view, a pinned item's notice
// with Compare with Last Success (the last usual one), and the chat's `skyvia_recent_runs`; and a
// daily item's run made unusual from outside, told by the Failures view or the chat read first
// thing, its baseline before their range.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { DEMO_FIXTURES as F } from '../../../src/demo/fixtures';
import type { SkyviaExplorerApi, TreeNode } from '../../../src/testing/testApi';
import type { FailuresElement, UnusualRow } from '../../../src/views/failuresView';
import { contextOf, demo, find, freshStart, iconId, item, setting, signedInQuietly, until, whenEvent } from './helpers';

const run = (command: string, ...args: unknown[]) => vscode.commands.executeCommand(command, ...args);
const HOURLY = 'Orders → Warehouse (hourly)';
const ARCHIVE = 'Postgres → S3 Parquet Archive';
type Planted = { kind: 'run' | 'snapshot'; workspaceId: number; itemId: number; id: number };

/** What the demo made unusual, newest first. */
async function planted(kind: Planted['kind'], itemId: number): Promise<Planted[]> {
  const { entries } = (await demo.control('unusual')) as { entries: Planted[] };
  return entries.filter((e) => e.kind === kind && e.itemId === itemId).sort((a, b) => b.id - a.id);
}

/** A run of an integration started by another client of the service, and let end. */
async function runFromOutside(integrationId: number, unusual: boolean): Promise<number> {
  if (unusual) await demo.control('unusual', { integrationId });
  const res = await fetch(`${demo.url}/v1/workspaces/${F.workspaceId}/integrations/${integrationId}/executions`, {
    method: 'POST',
    headers: { Authorization: demo.token, Accept: 'application/json' },
  });
  assert.equal(res.status, 200);
  const { runId } = (await res.json()) as { runId: number };
  await demo.control('advance', { ms: 7_000 });
  return runId;
}

const description = (x: SkyviaExplorerApi, node: TreeNode) => String(item(x, node).description ?? '');

describe('unusual successes', () => {
  let x: SkyviaExplorerApi;
  signedInQuietly((api) => (x = api), { pageSize: 50 });
  after(async () => {
    // The Failures view's range as a first look finds it.
    await vscode.commands.executeCommand('skyvia.failuresLast24Hours');
    await setting('unusual.enabled', undefined);
    for (const pin of x.pins.list()) await run('skyvia.unpin', pin.ref);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('workbench.view.explorer');
  });

  it('the demo’s unusual run: its row, its panel and chart, the Failures view and the chat say the same, in words', async () => {
    const [newest] = await planted('run', F.unusual.integration.integrationId);
    assert.ok(newest, 'the demo made one');
    const integration = await find(x, 'Data Platform', 'Integrations', HOURLY);
    const history = await x.tree.getChildren(integration);
    const row = history.find((n) => n.ref?.id === String(newest.id));
    assert.ok(row, `run ${newest.id} is on the first page`);
    assert.match(description(x, row), /^Unusual: 0 rows written, usually about [\d,]+ · Succeeded · /);
    assert.equal(iconId(x, row), 'warning');
    assert.ok(contextOf(x, row).includes('unusual') && contextOf(x, row).includes('succeeded'));
    assert.match(item(x, row).accessibilityInformation?.label ?? '', /^Succeeded run, unusual, /);
    // Nothing else of the page is called unusual: near-zero false alarms, where the user looks.
    assert.deepEqual(
      history.filter((n) => contextOf(x, n).includes('unusual')).map((n) => n.ref?.id),
      [String(newest.id)],
    );

    await run('skyvia.openPanel', integration);
    const model = x.panels.modelOf(integration.ref!);
    const panelRow = model?.history?.rows.find((r) => r.id === String(newest.id));
    assert.equal(panelRow?.tone, 'warning');
    assert.equal(panelRow?.details.split(' · ')[0], description(x, row).split(' · ')[0], 'the panel says what the row says');
    const chart = model?.history?.chart;
    assert.equal(chart?.unusual[chart.ids.indexOf(String(newest.id))], true, 'its point is marked');
    assert.match(chart?.summary ?? '', /1 succeeded unusually, marked in amber\./);

    await run('skyvia.openPanel', row);
    const own = x.panels.modelOf(row.ref!);
    assert.match(own?.fields[0]?.join(': ') ?? '', /^Unusual: 0 rows written, usually about/);
    assert.ok(
      own?.actions.some((a) => a.command === 'skyvia.compareWithLastSuccess'),
      'compared as a failure is',
    );

    // The Failures view, 7 days: its own group, after the failures.
    await vscode.commands.executeCommand('skyvia.failures.focus');
    await vscode.commands.executeCommand('skyvia.failuresLast7Days');
    const top = x.failures.getChildren();
    const group = top.find((e) => 'unusualOf' in e) as FailuresElement;
    assert.ok(group, 'a group of unusual successes');
    assert.equal(top.indexOf(group), top.length - 1, 'after the failures');
    const unusual = x.failures.getChildren(group) as UnusualRow[];
    const fromDemo = [...(await planted('run', F.unusual.integration.integrationId)), ...(await planted('snapshot', F.unusual.backup.backupId))];
    const week = Date.now() - 7 * 86_400_000;
    const listed = new Set(unusual.map((r) => `${r.ref.kind}:${r.ref.id}`));
    assert.ok(listed.has(`run:${newest.id}`), 'the run');
    assert.ok(
      [...listed].every((k) => fromDemo.some((p) => `${p.kind}:${p.id}` === k)),
      `only what the demo made unusual: ${[...listed].join(', ')}`,
    );
    assert.ok(
      unusual.every((r) => r.entry.at >= week),
      'of the week',
    );
    const listedRow = unusual.find((r) => r.ref.id === String(newest.id))!;
    assert.match(String(x.failures.getTreeItem(listedRow).description), /^Unusual: 0 rows written, usually about [\d,]+ · Succeeded/);

    // The chat: the same run, marked with the figure and what it usually is.
    const result = await vscode.lm.invokeTool('skyvia_recent_runs', {
      input: { workspaceId: F.workspaceId, id: F.unusual.integration.integrationId, limit: 10 },
      toolInvocationToken: undefined,
    });
    const text = result.content.map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : '')).join('');
    const lines = text
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { id: string; unusual?: { figure: string; value: number; usually: number } });
    assert.deepEqual(
      lines.filter((l) => l.unusual).map((l) => [l.id, l.unusual?.figure, l.unusual?.value]),
      [[String(newest.id), 'rows written', 0]],
    );
  });

  it('a pinned item’s run made unusual from outside is told like a failure, and compared with its last usual success', async () => {
    const archive = await find(x, 'Data Platform', 'Integrations', ARCHIVE);
    await run('skyvia.pin', archive);
    await x.pins.settled();
    const [lastUsual] = (await x.tree.getChildren(await find(x, 'Pinned', ARCHIVE))).filter((n) => contextOf(x, n).includes('succeeded'));
    let ui = x.ui.script([]);
    const first = await runFromOutside(F.idleIntegrationId, true);
    await x.pins.tickNow();
    const told = ui.transcript.filter((t) => t.kind === 'message');
    assert.equal(told.length, 1, ui.transcript.map((t) => t.text).join('\n'));
    assert.match(
      told[0].text,
      new RegExp(`^Run ${first} of pinned “Postgres → S3 Parquet Archive” succeeded, but not as usual \\(.+\\): 0 rows written, usually about [\\d,]+\\.$`),
    );
    assert.equal(told[0].kind === 'message' && told[0].severity, 'warning');
    assert.deepEqual(told[0].kind === 'message' && told[0].options, ['Open Log', 'Compare with Last Success']);
    // Its row says its newest run was unusual, in amber.
    const pinned = await find(x, 'Pinned', ARCHIVE);
    assert.match(description(x, pinned), /Succeeded · .* · unusual/);
    assert.equal((item(x, pinned).iconPath as vscode.ThemeIcon).color?.id, 'problemsWarningIcon.foreground');
    // The Pinned group and the status bar sum it up, as they do a failure.
    assert.equal(description(x, await find(x, 'Pinned')), '1 · 1 unusual');
    assert.equal(x.pins.statusText(), '$(warning) 1 of 1 unusual');

    // Another one: compared with the last usual success — not with the unusual one before it.
    ui = x.ui.script([{ button: 'Compare with Last Success' }]);
    const second = await runFromOutside(F.idleIntegrationId, true);
    const diff = () => vscode.window.tabGroups.activeTabGroup.activeTab?.input instanceof vscode.TabInputTextDiff;
    const opened = whenEvent(vscode.window.tabGroups.onDidChangeTabs, diff, 'the comparison opens');
    await x.pins.tickNow();
    await opened;
    assert.equal(vscode.window.tabGroups.activeTabGroup.activeTab?.label, `Run ${lastUsual.ref!.id} (last success) ↔ Run ${second}`);
    // A usual run after them: nothing told.
    ui = x.ui.script([]);
    await runFromOutside(F.idleIntegrationId, false);
    await x.pins.tickNow();
    assert.deepEqual(
      ui.transcript.filter((t) => t.kind === 'message'),
      [],
    );
    assert.equal(x.pins.statusText(), '$(pass) 1 pinned', 'its newest run is usual again');
  });

  it('a run started here that ends having written nothing is told so as it ends, as a warning, where failures are told', async () => {
    await setting('notifyOnRunEnd', 'failures');
    try {
      const archive = await find(x, 'Data Platform', 'Integrations', ARCHIVE);
      const ui = x.ui.script([]);
      await demo.control('unusual', { integrationId: F.idleIntegrationId });
      await run('skyvia.runIntegration', archive);
      await demo.control('advance', { ms: 7_000 });
      const ends = () => ui.transcript.filter((t) => t.kind === 'message' && t.text.startsWith('The run of'));
      await until(x, 'the run’s end is told', () => ends().length > 0);
      const told = ends();
      assert.equal(told.length, 1, ui.transcript.map((t) => t.text).join('\n'));
      assert.match(
        told[0].text,
        /^The run of “Postgres → S3 Parquet Archive” succeeded \(run \d+ · 0 rows · .+\)\. Not as usual: 0 rows written, usually about [\d,]+\.$/,
      );
      assert.equal(told[0].kind === 'message' && told[0].severity, 'warning');
      // The Activity view lists it as the tree does: why first, a warning, Compare offered.
      const listed = x.watch.activity().find((e) => 'data' in e && e.data.unusual);
      assert.ok(listed, 'in the Activity view');
      const row = x.watch.activityItem(listed);
      assert.match(String(row.description), /^Unusual: 0 rows written, usually about [\d,]+ · Succeeded · /);
      assert.equal((row.iconPath as vscode.ThemeIcon).id, 'warning');
      assert.ok(String(row.contextValue).split(' ').includes('unusual'));
      // A usual run after it: a success, and with "failures" nothing is told.
      const ended = () => x.state.activity().filter((r) => r.item.id === String(F.idleIntegrationId) && r.outcome === 'succeeded');
      const before = ended().length;
      await run('skyvia.runIntegration', archive);
      await demo.control('advance', { ms: 7_000 });
      await until(x, 'the usual run ended', () => ended().length > before);
      assert.equal(ended()[0]?.unusual, undefined);
      assert.equal(ends().length, 1);
    } finally {
      await setting('notifyOnRunEnd', 'none');
    }
  });

  it('turned off by its setting, nothing is judged: the row is a success like any other', async () => {
    const [newest] = await planted('run', F.unusual.integration.integrationId);
    await setting('unusual.enabled', false);
    try {
      await run('skyvia.refresh');
      const history = await x.tree.getChildren(await find(x, 'Data Platform', 'Integrations', HOURLY));
      const row = history.find((n) => n.ref?.id === String(newest.id));
      assert.ok(row);
      assert.match(description(x, row), /^Succeeded · /);
      assert.equal(iconId(x, row), 'pass');
      assert.ok(!history.some((n) => contextOf(x, n).includes('unusual')));
    } finally {
      await setting('unusual.enabled', undefined);
    }
  });
});

describe('unusual successes of a daily item, read first thing', () => {
  let x: SkyviaExplorerApi;
  const { integrationId } = F.unusual.daily;
  // Each test from a fresh start: a new session, so nothing — the tree, a panel, the Failures view, the chat — has read the item's history.
  beforeEach(async () => {
    x = await freshStart({ settings: { notifyOnRunEnd: 'none' } });
    x.ui.script([]);
  });
  afterEach(async () => {
    x.ui.reset();
    await vscode.commands.executeCommand('workbench.view.explorer');
  });

  it('the Failures view opened first lists its run that wrote nothing, judged against the runs before its range', async () => {
    const runId = await runFromOutside(integrationId, true);
    await vscode.commands.executeCommand('skyvia.failures.focus');
    await whenEvent(x.failures.onDidChange, () => x.failures.getChildren().some((e) => 'note' in e && e.note === 'summary'), 'the first reading ends');
    const group = x.failures.getChildren().find((e) => 'unusualOf' in e);
    const listed = group ? (x.failures.getChildren(group) as UnusualRow[]) : [];
    const row = listed.find((r) => r.ref.id === String(runId));
    assert.ok(row, `run ${runId} of “${ARCHIVE}” among the unusual successes: ${listed.map((r) => `${r.itemName} ${r.ref.id}`).join(', ')}`);
    assert.match(String(x.failures.getTreeItem(row).description), /^Unusual: 0 rows written, usually about [\d,]+ · Succeeded/);
  });

  it('the chat asked first says the same of it', async () => {
    const runId = await runFromOutside(integrationId, true);
    const result = await vscode.lm.invokeTool('skyvia_recent_runs', {
      input: { workspaceId: F.unusual.daily.workspaceId, since: '24h', limit: 10 },
      toolInvocationToken: undefined,
    });
    const text = result.content.map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : '')).join('');
    const line = text
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { id: string; unusual?: { figure: string; value: number; usually: number } })
      .find((l) => l.id === String(runId));
    assert.ok(line, text);
    assert.deepEqual([line.unusual?.figure, line.unusual?.value], ['rows written', 0], text);
  });
});
