// The tree tells the truth while runs come and go — changed the way the world changes them: runs
// started over the demo service's own HTTP API (as a schedule or a colleague would), never through
// the test API, then hovered, expanded, left to end while their history and panel are open.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ActionReport } from '../../../src/commands/runner';
import { DEMO_FIXTURES as F } from '../../../src/demo/fixtures';
import { formatDateTime, relativeTime } from '../../../src/shared/format';
import type { SkyviaExplorerApi, TreeNode } from '../../../src/testing/testApi';
import { contextOf, demo, EXTENSION_ID, find, item, label, letRunsEnd, signedInQuietly, startOutside, whenEvent } from './helpers';

const run = (command: string, ...args: unknown[]) => vscode.commands.executeCommand<ActionReport | undefined>(command, ...args);

const idOf = (n: TreeNode) => n.id;
function assertUniqueIds(children: TreeNode[], where: string): void {
  const ids = children.map(idOf);
  assert.equal(new Set(ids).size, ids.length, `no tree id twice under ${where}: ${ids.join(', ')}`);
}

describe('the tree tells the truth while runs come and go', () => {
  let x: SkyviaExplorerApi;
  signedInQuietly((api) => (x = api), { notify: 'all', settleRuns: true });

  it('expands an integration whose run a schedule started: the run leads its history once, then becomes its newest finished row under the same tree id', async () => {
    const node = await find(x, 'Data Platform', 'Integrations', 'Salesforce Accounts → BigQuery');
    const runId = await startOutside(18232);
    // Changes VS Code would be told of while the expansion is out: none may be about this node or above it.
    const told: TreeNode[] = [];
    const sub = x.tree.onDidChange((n) => n && told.push(n));
    await run('skyvia.refreshNode', node);
    await new Promise((resolve) => setImmediate(resolve));
    told.length = 0;
    const children = await x.tree.getChildren(node);
    const duringLoad = told.length;
    sub.dispose();
    assert.equal(duringLoad, 0, 'nothing was told while the expansion was loading');
    assertUniqueIds(children, 'the integration');
    assert.equal(children[0].ref?.id, runId, 'the run under way leads');
    assert.match(String(item(x, children[0]).description), /^(New|Queued|Running)/);
    assert.equal(children.filter((n) => n.ref?.id === runId).length, 1, 'shown once');
    // What the icons say, in words, for a screen reader.
    assert.match(item(x, children[0]).accessibilityInformation?.label ?? '', /^(Running|Queued) run, under way, \d{4}-\d\d-\d\d/);
    assert.match(item(x, node).accessibilityInformation?.label ?? '', /^Salesforce Accounts → BigQuery, Integration, (Queued|Running) run\b/);
    const leadId = children[0].id;
    await letRunsEnd(x);
    const after = await x.tree.getChildren(node);
    assertUniqueIds(after, 'the integration after its run ended');
    assert.equal(after[0].ref?.id, runId, 'the finished run leads the history');
    assert.equal(after[0].id, leadId, 'and keeps its tree id');
    assert.ok(!contextOf(x, after[0]).includes('active'));
    assert.match(String(item(x, after[0]).description), /^(Succeeded|Failed)/);
    assert.match(item(x, after[0]).accessibilityInformation?.label ?? '', /^(Succeeded|Failed) run, \d{4}-\d\d-\d\d \d\d:\d\d, (Succeeded|Failed), /);
  });

  it('describes the run that ended last, not the one before, with its history open', async () => {
    const node = await find(x, 'Data Platform', 'Integrations', 'HubSpot Contacts Import');
    await x.tree.getChildren(node);
    const started = await startOutside(18238);
    // Refresh, as a person does: the item is read afresh and its history reloaded.
    await run('skyvia.refreshNode', node);
    await x.tree.getChildren(node);
    await letRunsEnd(x);
    const ended = x.state.activity().find((r) => r.ref.id === started);
    assert.ok(ended?.endedAt, 'the run was seen to end');
    // Its row and its tooltip name this run — its outcome, and its start to the second — with no Refresh.
    const expected = `${ended.state} · ${formatDateTime(ended.date)}`;
    await whenEvent(
      x.tree.onDidChange,
      () => String(item(x, node).description).includes(`${ended.state} · ${relativeTime(ended.date)}`),
      `the row to describe the run that just ended (it says "${item(x, node).description}")`,
    );
    const hovered = await x.tree.resolveTreeItem(node);
    const tooltip = hovered.tooltip instanceof vscode.MarkdownString ? hovered.tooltip.value : String(hovered.tooltip);
    assert.ok(tooltip.includes(expected), `the tooltip's last run is ${expected}: ${tooltip}`);
  });

  it('tells a failed run by its first error, not its log’s first line', async () => {
    const node = await find(x, 'Data Platform', 'Integrations', 'Legacy ERP Sync (broken)');
    const saidBefore = x.ui.said().length;
    await run('skyvia.runIntegration', node);
    await letRunsEnd(x);
    const told = x.ui
      .said()
      .slice(saidBefore)
      .find((t) => /failed/.test(t) && /Legacy ERP Sync/.test(t));
    assert.ok(told, `a failure was told: ${x.ui.said().slice(saidBefore).join(' | ')}`);
    assert.doesNotMatch(told, /\bINFO\b|started \(/, 'not the log’s opening line');
    assert.match(told, /failed: .*(fail|error|ORA-)/i, told);
  });

  it('shows the run under way in the first hover over an item that turns out to be running, with no "undefined"', async () => {
    const node = await find(x, 'Data Platform', 'Integrations', 'Jira Issues → BigQuery');
    const runId = await startOutside(18239);
    const hovered = await x.tree.resolveTreeItem(node);
    const tooltip = hovered.tooltip instanceof vscode.MarkdownString ? hovered.tooltip.value : String(hovered.tooltip);
    assert.match(tooltip, /Active run\W+(New|Queued|Running)/, tooltip);
    assert.doesNotMatch(tooltip, /undefined|NaN/);
    assert.equal(x.state.activeRun(node.ref!)?.ref.id, runId);
    // The row itself follows once the hover is over (here: a selection elsewhere).
    await letRunsEnd(x);
  });

  it('offers the same actions in the tree and in the panel, for every kind in every state', async () => {
    // A row carries the commands that apply to it now as tokens (`runIntegration`); the panel's buttons must be the same, but for those a panel has no button for.
    const declared = (
      vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON as { contributes: { commands: { command: string }[] } }
    ).contributes.commands.map((c) => c.command);
    const notAButton = new Set(['skyvia.showActiveRun', 'skyvia.openPanel']);
    const compare = async (node: TreeNode, state: string) => {
      const kind = contextOf(x, node)[0];
      await run('skyvia.openPanel', node);
      const model = x.panels.modelOf(node.ref!)!;
      // Show Details and Export History… are every item's, not capabilities of its state.
      const fromPanel = new Set(
        [...model.actions, ...(model.live?.actions ?? [])].map((a) => a.command).filter((c) => c !== 'skyvia.openItem' && c !== 'skyvia.exportHistory'),
      );
      const fromTree = new Set(
        contextOf(x, node)
          .map((t) => `skyvia.${t}`)
          .filter((c) => declared.includes(c) && !notAButton.has(c)),
      );
      assert.deepEqual([...fromPanel].sort(), [...fromTree].sort(), `${kind} ${label(x, node)} (${state}): panel and tree agree`);
    };
    const cases: [(string | RegExp)[], string][] = [
      [['Integrations', 'Nightly Warehouse Load'], 'idle, schedule off'],
      [['Integrations', 'Orders → Warehouse (hourly)'], 'idle, schedule on'],
      [['Integrations', `Integration #${F.integrations.nullName.integrationId}`], 'no schedule defined'],
      [['Backups', /Snowflake Metadata Backup/], 'idle, schedule on'],
      [['Automations', /Lead enrichment/], 'executing, enabled'],
      [['Automations', /Order webhook/], 'enabled'],
      [['Endpoints', /./], 'an endpoint'],
    ];
    for (const [path, state] of cases) {
      const node = await find(x, 'Data Platform', ...path);
      await x.tree.resolveTreeItem(node);
      await compare(node, state);
    }
    // Running, started by someone else, then while its own action is out (busy).
    const node = await find(x, 'Data Platform', 'Integrations', 'Customer 360 Build');
    await startOutside(18240);
    await run('skyvia.refreshNode', node);
    await x.tree.getChildren(node);
    await compare(node, 'running');
    await demo.faults({ latency: 600 });
    const cancel = run('skyvia.cancelRun', node);
    await whenEvent(x.tree.onDidChange, () => contextOf(x, node).includes('busy'), 'the item to be busy');
    await compare(node, 'busy');
    await cancel;
    await demo.clearFaults();
    await letRunsEnd(x);
  });

  it('refuses, without a request, what the item’s record says it does not allow now — from the palette and the chat alike', async () => {
    const node = await find(x, 'Data Platform', 'Integrations', 'Shopify Webhook Loader');
    const runId = await startOutside(18237);
    // Refresh, as a person does: the item is read afresh and its history (with the run) reloaded.
    await run('skyvia.refreshNode', node);
    await x.tree.getChildren(node);
    assert.equal(x.state.activeRun(node.ref!)?.ref.id, runId, 'the refresh found the run');
    await demo.control('stats/reset', {});
    // The palette, given the item as its target (as a keybinding or a notification would).
    const report = await run('skyvia.runIntegration', node.ref);
    assert.equal(report?.refused.length, 1);
    assert.match(report?.said[0] ?? '', /Nothing was sent: “Shopify Webhook Loader” is already (new|queued|running) \(run \d+\)/);
    // The chat: the same rule, answered in words.
    const result = await vscode.lm.invokeTool('skyvia_start_run', { input: { name: 'Shopify Webhook Loader' }, toolInvocationToken: undefined });
    const answer = result.content.map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : '')).join('');
    assert.match(answer, /Nothing was done: “Shopify Webhook Loader” is already (new|queued|running) \(run \d+\)/, answer);
    const stats = (await demo.control('stats')) as { byOperation: Record<string, number> };
    assert.equal(stats.byOperation.runIntegration ?? 0, 0, 'no start was sent');
    await letRunsEnd(x);
  });

  it('runs a panel’s button through the runner: pending, then its outcome, with one request', async () => {
    const node = await find(x, 'Data Platform', 'Integrations', 'Postgres → S3 Parquet Archive');
    await run('skyvia.openPanel', node);
    const ref = node.ref!;
    await demo.control('stats/reset', {});
    await demo.faults({ latency: 400 });
    const click = x.panels.send(ref, { type: 'action', command: 'skyvia.runIntegration' });
    await whenEvent(x.panels.onDidUpdate, () => !!x.panels.modelOf(ref)?.actions.some((a) => a.pending), 'the button to show its request out');
    // A second click while the first is out sends nothing.
    await x.panels.send(ref, { type: 'action', command: 'skyvia.runIntegration' });
    await click;
    await demo.clearFaults();
    const model = x.panels.modelOf(ref)!;
    assert.ok(!model.actions.some((a) => a.pending), 'nothing pending any more');
    assert.match(model.notice?.text ?? '', /Started a run of/);
    assert.equal(model.notice?.tone, 'ok');
    const stats = (await demo.control('stats')) as { byOperation: Record<string, number> };
    assert.equal(stats.byOperation.runIntegration ?? 0, 1, 'one start');
    assert.equal(stats.byOperation.getIntegration ?? 0, 0, 'the item is not read again for it');
    assert.ok(model.live, 'the run shows live');
    await letRunsEnd(x);
  });
  it('Refresh on a collapsed integration finds the run a colleague started: the row spins and offers Cancel, not Run', async () => {
    const node = await find(x, 'Data Platform', 'Integrations', 'Postgres → S3 Parquet Archive');
    const runId = await startOutside(18236);
    // No expansion, no hover: the row's own Refresh, as a person presses it.
    await run('skyvia.refreshNode', node);
    assert.equal(x.state.activeRun(node.ref!)?.ref.id, runId, 'the refresh found the run');
    assert.match(String(item(x, node).description), /\b(New|Queued|Running)\b/, 'the row says how it stands');
    assert.ok(!contextOf(x, node).includes('runIntegration'), `no Run offered: ${contextOf(x, node).join(' ')}`);
    await letRunsEnd(x);
  });

  it('a run that started and ended unwatched: Refresh on its collapsed row tells it in the row, and its open panel’s table and chart agree with its "Last run"', async () => {
    const node = await find(x, 'Data Platform', 'Integrations', 'Nightly Warehouse Load');
    const ref = node.ref!;
    await run('skyvia.openPanel', node);
    const before = x.panels.modelOf(ref)?.history?.rows[0]?.id;
    const runId = await startOutside(18233);
    // It runs and ends while nothing here looks.
    await demo.control('advance', { ms: 60_000 });
    assert.notEqual(x.state.activeRun(ref)?.ref.id, runId, 'nothing here knew of it');
    await run('skyvia.refreshNode', node);
    await whenEvent(
      x.panels.onDidUpdate,
      () => x.panels.modelOf(ref)?.history?.rows[0]?.id === runId && !x.panels.modelOf(ref)?.history?.loading,
      `the run in the panel's table (it leads with ${x.panels.modelOf(ref)?.history?.rows[0]?.id}, before ${before})`,
    );
    const model = x.panels.modelOf(ref)!;
    const lastRun = model.fields.find(([k]) => k === 'Last run')?.[1] ?? '';
    assert.match(
      lastRun,
      new RegExp(`^${model.history!.rows[0].state}\\b`),
      `"Last run" (${lastRun}) is the table's first row (${model.history!.rows[0].state})`,
    );
    assert.match(String(item(x, node).description), new RegExp(`\\b${model.history!.rows[0].state}\\b`), 'the row tells it too');
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });
});
