// Item panels inside VS Code: what each kind shows (the model its webview renders), one panel
// per item, the run under way followed live, a fixed HTML page under a strict CSP, and no panel
// left after sign-out.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ActionReport } from '../../../src/commands/runner';
import type { SkyviaExplorerApi } from '../../../src/testApi';
import { contextOf, demo, find, setting, signedIn, whenEvent } from './helpers';

const run = (command: string, ...args: unknown[]) => vscode.commands.executeCommand<ActionReport | undefined>(command, ...args);

describe('item panels', () => {
  let x: SkyviaExplorerApi;
  before(async () => {
    await setting('pageSize', 50);
    await setting('notifyOnRunEnd', 'none');
    x = await signedIn();
    x.ui.script([]);
  });
  after(async () => {
    x.ui.reset();
    await setting('notifyOnRunEnd', undefined);
  });

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
    await whenEvent(x.panels.onDidUpdate, () => x.panels.modelOf(node.ref!)?.history?.rows[0]?.id === runId && !x.panels.modelOf(node.ref!)?.history?.loading, 'the finished run in the panel');
    const model = x.panels.modelOf(node.ref!);
    assert.equal(model?.live, undefined);
    assert.equal(model?.history?.rows[0]?.id, runId, 'the finished run tops the history');
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
    for (const [category, name] of [['Backups', 'Snowflake Metadata Backup'], ['Automations', 'Order webhook → Slack alert'], ['Endpoints', 'Warehouse OData']] as const) {
      const node = await find(x, 'Data Platform', category, name);
      await run('skyvia.openPanel', node);
      const model = x.panels.modelOf(node.ref!);
      assert.equal(model?.title, name);
      assert.ok((model?.history?.rows.length ?? 0) > 0, `${name}: a history`);
    }
  });

  it('closes every panel when the session ends', async () => {
    assert.ok(x.panels.count() > 0);
    await x.session.signOut();
    assert.equal(x.panels.count(), 0);
    await signedIn();
  });
});
