// Logs as documents inside VS Code: one read per log, the log language's outline, folding and
// "Go to First Error", Refresh Log, and no log left open after sign-out.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ActionReport } from '../../../src/commands/runner';
import type { RunRecord } from '../../../src/shared/model';
import { refKey } from '../../../src/shared/refs';
import type { SkyviaExplorerApi, TreeNode } from '../../../src/testing/testApi';
import { contextOf, demo, find, setting, signedIn, signedInQuietly, startOutside, whenEvent } from './helpers';

const op = async (name: string) => ((await demo.control('stats')) as { byOperation: Record<string, number> }).byOperation[name] ?? 0;
const run = (command: string, ...args: unknown[]) => vscode.commands.executeCommand<ActionReport | undefined>(command, ...args);

async function firstEntry(x: SkyviaExplorerApi, ...path: (string | RegExp)[]): Promise<TreeNode> {
  const entries = await x.tree.getChildren(await find(x, ...path));
  const entry = entries.find((n) => /^(run|snapshot|execution|request)\b/.test(contextOf(x, n)[0]) && !contextOf(x, n).includes('active'));
  assert.ok(entry, `an entry under ${path.join(' › ')}`);
  return entry;
}

function logEditor(): vscode.TextEditor {
  const editor = vscode.window.activeTextEditor;
  assert.ok(editor, 'an editor is open');
  assert.equal(editor.document.uri.scheme, 'skyvia-log');
  assert.equal(editor.document.languageId, 'skyvia-log');
  return editor;
}

/** Waits until the open document of `uri` says what `check` looks for (no sleeping). */
async function documentSays(uri: vscode.Uri, check: (text: string) => boolean, what: string): Promise<string> {
  const doc = () => vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  await whenEvent(vscode.workspace.onDidChangeTextDocument, () => check(doc()?.getText() ?? ''), what);
  return doc()?.getText() ?? '';
}

/** Runs the archive integration from its row and lets 2 s of it pass, the watcher looking: a run under way, with some log. */
async function archiveRunUnderWay(x: SkyviaExplorerApi): Promise<RunRecord> {
  const node = await find(x, 'Data Platform', 'Integrations', 'Postgres → S3 Parquet Archive');
  await run('skyvia.runIntegration', node);
  const active = x.state.activeRun(node.ref!);
  assert.ok(active, 'a run under way');
  await demo.control('advance', { ms: 2_000 });
  await x.watch.tickNow();
  return active;
}

describe('logs as documents', () => {
  let x: SkyviaExplorerApi;
  signedInQuietly((api) => (x = api), { pageSize: 50 });

  it('opens a snapshot log once, titled after the snapshot and its backup; Refresh Log reads it again', async () => {
    const entry = await firstEntry(x, 'Data Platform', 'Backups', 'Snowflake Metadata Backup');
    const before = await op('getSnapshot');
    await run('skyvia.openLog', entry);
    const editor = logEditor();
    assert.match(editor.document.uri.path, /^\/skyvia-logs\/Snapshot \d+ · Snowflake Metadata Backup\.log$/);
    assert.match(editor.document.lineAt(0).text, /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3} INFO  Snapshot \d+ started/);
    assert.equal((await op('getSnapshot')) - before, 1);
    await run('skyvia.openLog', entry);
    assert.equal((await op('getSnapshot')) - before, 1, 'opened again without a request');
    await run('skyvia.refreshLog');
    assert.equal((await op('getSnapshot')) - before, 2, 'Refresh Log reads it again');
  });

  it('reads a run once for its panel, its log, its details and the chat’s digest, opened one after the other', async () => {
    const entry = await firstEntry(x, 'Sales Ops', 'Integrations', 'Pipedrive Deals Import');
    const ref = entry.ref!;
    const before = await op('getIntegrationRun');
    await run('skyvia.openPanel', entry);
    assert.ok(
      x.panels.modelOf(ref)?.fields.some(([k]) => /Started|Duration/.test(k)),
      'the panel shows the run',
    );
    await run('skyvia.openLog', entry);
    assert.match(logEditor().document.uri.path, /^\/skyvia-logs\/Run \d+ · Pipedrive Deals Import\.log$/);
    await run('skyvia.openItem', entry);
    assert.equal(vscode.window.activeTextEditor?.document.uri.scheme, 'skyvia-item', 'its details');
    const digest = await x.tools.invokeUnconfirmed('skyvia_run_details', { kind: 'run', workspaceId: ref.workspaceId, itemId: ref.parentId, id: ref.id });
    assert.match(digest, /^Log \([\d,]+ characters/m);
    assert.equal((await op('getIntegrationRun')) - before, 1, 'one request for all four');
  });

  it('reads a log and details from their URIs alone, as a reloaded window does: one request for both; one line for what the account cannot see', async () => {
    const entry = await firstEntry(x, 'Finance', 'Integrations', 'QuickBooks → SQL Server');
    const ref = entry.ref!;
    const query = encodeURIComponent(refKey(ref));
    const before = await op('getIntegrationRun');
    const log = await vscode.workspace.openTextDocument(
      vscode.Uri.from({ scheme: 'skyvia-log', path: `/skyvia-logs/Run ${ref.id} · QuickBooks → SQL Server.log`, query }),
    );
    assert.equal(log.languageId, 'skyvia-log');
    assert.ok(log.lineCount > 5, 'the whole log');
    assert.match(log.lineAt(0).text, /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3} INFO /);
    const details = await vscode.workspace.openTextDocument(vscode.Uri.from({ scheme: 'skyvia-item', path: `/Run ${ref.id} · Succeeded.md`, query }));
    assert.match(details.getText(), new RegExp(`^# Run ${ref.id}\\b`));
    assert.match(details.getText(), /## As returned by the API/);
    assert.equal((await op('getIntegrationRun')) - before, 1, 'one request for both');

    const elsewhere = encodeURIComponent(refKey({ account: x.accounts.list()[0].id, kind: 'run', workspaceId: 999_999, parentId: 1, id: '1' }));
    const unseen = await vscode.workspace.openTextDocument(
      vscode.Uri.from({ scheme: 'skyvia-log', path: '/skyvia-logs/Run 1 · Elsewhere.log', query: elsewhere }),
    );
    assert.equal(unseen.getText().trimEnd().split('\n').length, 1, unseen.getText());
    assert.match(unseen.getText(), /^\(The log of Run 1 of Elsewhere \(run\/999999\/1\/1\) cannot be read by the account signed in: .+\)\n$/);
    const gone = await vscode.workspace.openTextDocument(vscode.Uri.from({ scheme: 'skyvia-item', path: '/Run 1.md', query: elsewhere }));
    assert.match(gone.getText(), /^\(Run 1 \(run\/999999\/1\/1\) cannot be read by the account signed in: .+\)\n$/);
  });

  it('reads a comparison’s masked view of a log from its URI alone, as a reloaded window restores its tab: the same lines, figures masked', async () => {
    const entry = await firstEntry(x, 'Finance', 'Integrations', 'QuickBooks → SQL Server');
    const ref = entry.ref!;
    const query = encodeURIComponent(refKey(ref));
    const masked = await vscode.workspace.openTextDocument(
      vscode.Uri.from({ scheme: 'skyvia-log', path: `/skyvia-logs/masked/Run ${ref.id} · QuickBooks → SQL Server (figures masked).log`, query }),
    );
    const log = await vscode.workspace.openTextDocument(
      vscode.Uri.from({ scheme: 'skyvia-log', path: `/skyvia-logs/Run ${ref.id} · QuickBooks → SQL Server.log`, query }),
    );
    assert.equal(masked.languageId, 'skyvia-log');
    assert.equal(masked.lineCount, log.lineCount, 'line for line');
    assert.match(masked.lineAt(0).text, /^<time> INFO  Run # of integration # /);
    assert.match(log.lineAt(0).text, /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3} INFO  Run \d+ of integration \d+ /);
  });

  it('outlines a failed run’s log, folds it by section and jumps to its first error', async () => {
    const entry = await firstEntry(x, 'Data Platform', 'Integrations', 'Legacy ERP Sync (broken)');
    await run('skyvia.openLog', entry);
    const editor = logEditor();
    assert.match(editor.document.uri.path, /^\/skyvia-logs\/Run \d+ · Legacy ERP Sync \(broken\)\.log$/);
    const symbols = await vscode.commands.executeCommand<vscode.DocumentSymbol[]>('vscode.executeDocumentSymbolProvider', editor.document.uri);
    assert.ok(
      symbols.some((s) => s.kind === vscode.SymbolKind.Namespace && /started/.test(s.name)),
      'the start is a section',
    );
    const errors = symbols.filter((s) => s.kind === vscode.SymbolKind.Event);
    assert.ok(
      errors.some((s) => /^Run failed:/.test(s.name)),
      symbols.map((s) => s.name).join(' | '),
    );
    const folds = await vscode.commands.executeCommand<vscode.FoldingRange[]>('vscode.executeFoldingRangeProvider', editor.document.uri);
    assert.ok(folds.length > 0, 'sections fold');
    await run('skyvia.goToFirstError');
    const line = editor.document.lineAt(editor.selection.active.line).text;
    assert.match(line, /ERROR/);
    assert.equal(editor.selection.active.line, errors[0].range.start.line);
  });

  it('Go to First Error in a log’s title bar acts on that log, though another editor beside it is the active one', async () => {
    const entry = await firstEntry(x, 'Data Platform', 'Integrations', 'Legacy ERP Sync (broken)');
    await run('skyvia.openLog', entry);
    const log = logEditor();
    await log.revealRange(new vscode.Range(0, 0, 0, 0));
    log.selection = new vscode.Selection(0, 0, 0, 0);
    // Something else, to its side, takes the focus.
    const other = await vscode.workspace.openTextDocument({ content: 'notes\n' });
    await vscode.window.showTextDocument(other, vscode.ViewColumn.Beside);
    assert.equal(vscode.window.activeTextEditor?.document, other);
    // The button in the log's title bar: VS Code passes the log's URI.
    await run('skyvia.goToFirstError', log.document.uri);
    const shown = vscode.window.visibleTextEditors.find((e) => e.document === log.document);
    assert.ok(shown, 'the log is still on screen');
    assert.match(log.document.lineAt(shown.selection.active.line).text, /\bERROR\b/, 'the log’s first error selected');
    assert.equal(vscode.window.activeTextEditor?.document, other, 'the other editor untouched');
    assert.ok(vscode.window.activeTextEditor?.selection.isEmpty);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor'); // the notes, unsaved, asked nothing
  });

  it('opens an automation execution’s result and an endpoint request’s log lines', async () => {
    await run('skyvia.openLog', await firstEntry(x, 'Data Platform', 'Automations', 'Order webhook → Slack alert'));
    // Opened in an earlier session (another suite's), VS Code may still hold its document: it reads it again a moment later.
    await documentSays(logEditor().document.uri, (t) => /^Step 1 "Parse order payload"/.test(t), 'the execution’s result');
    const endpoint = (await x.tree.getChildren(await find(x, 'Data Platform', 'Endpoints')))[0];
    const [request] = await x.tree.getChildren(endpoint);
    await run('skyvia.openLog', request);
    assert.match(logEditor().document.getText(), /^Request received: /);
  });

  it('follows the open log of a run under way on the watcher’s ticks, reads it once more when it ends, then never again', async () => {
    // The timer's own ticks would come every 5 minutes: here the test ticks, with the demo's clock moved by hand.
    await setting('refreshIntervalSeconds', 300);
    try {
      const active = await archiveRunUnderWay(x);
      await run('skyvia.openLog', { ref: active.ref, name: `Run ${active.ref.id} of Postgres → S3 Parquet Archive` });
      const uri = logEditor().document.uri;
      const first = logEditor().document.getText();
      assert.match(first, /rows processed so far/, 'the log of a run still going');

      // A tick: the run moves on, its log is read again (one request: the run's own read) and the document grows.
      const reads = await op('getIntegrationRun');
      const ticks = x.watch.stats().ticks;
      await demo.control('advance', { ms: 1_500 });
      await x.watch.tickNow();
      const second = await documentSays(uri, (t) => t.split('\n').length > first.split('\n').length, 'the log to grow');
      assert.equal((await op('getIntegrationRun')) - reads, x.watch.stats().ticks - ticks, 'one read per tick');

      // The end: the watcher reads how it ended (from the history: a success), the log is read once more and tells it.
      await demo.control('advance', { ms: 7_000 });
      const before = await op('getIntegrationRun');
      for (let i = 0; i < 20 && x.state.activeRun(active.item); i++) await x.watch.tickNow();
      const last = await documentSays(uri, (t) => /completed in/.test(t), 'the log to tell the end');
      assert.ok(last.split('\n').length > second.split('\n').length);
      assert.equal(x.state.activeRun(active.item), null, 'the run ended');
      assert.equal((await op('getIntegrationRun')) - before, 1, 'its log read once more');

      // Ended: however long the wait and whatever else the watcher still follows, its log is not read again.
      await demo.control('advance', { ms: 3_600_000 });
      await x.watch.tickNow();
      assert.equal((await op('getIntegrationRun')) - before, 1, 'no read once it ended');
    } finally {
      await setting('refreshIntervalSeconds', undefined);
    }
  });

  it('follows the log and details of a run a schedule started, opened mid-run from its history, to its end, with nothing told amiss', async () => {
    await setting('refreshIntervalSeconds', 300);
    try {
      const node = await find(x, 'Data Platform', 'Integrations', 'Postgres → S3 Parquet Archive');
      // Started over the service's HTTP API, as a schedule or a colleague would: the extension did nothing.
      const runId = await startOutside(Number(node.ref!.id));
      const saidBefore = x.ui.said().length;
      // Refresh on the item, as a person does who watched its last run end a moment ago (an
      // expansion within 5 s of the last look reuses what that look read): the run leads its
      // history, and the watcher takes it on.
      await run('skyvia.refreshNode', node);
      const leading = (await x.tree.getChildren(node))[0];
      assert.equal(leading.ref?.id, runId, 'the run under way leads its history');
      await demo.control('advance', { ms: 2_000 });
      await x.watch.tickNow();
      const target = { ref: leading.ref!, name: `Run ${runId} of Postgres → S3 Parquet Archive` };
      await run('skyvia.openItem', target);
      const details = vscode.window.activeTextEditor!.document.uri;
      await run('skyvia.openLog', target);
      const log = logEditor().document.uri;
      assert.match(logEditor().document.getText(), /rows processed so far/, 'the log of a run still going');

      await demo.control('advance', { ms: 9_000 });
      for (let i = 0; i < 20 && x.state.activeRun(node.ref!); i++) await x.watch.tickNow();
      assert.equal(x.state.activeRun(node.ref!), null, 'the run ended');
      await documentSays(log, (t) => /completed in/.test(t), 'the log to tell the end');
      await documentSays(details, (t) => /\| State \| Succeeded \|/.test(t), 'the details to tell the end');
      const said = x.ui.said().slice(saidBefore);
      assert.ok(!said.some((t) => /error|failed|not found|undefined/i.test(t)), `nothing amiss was told: ${said.join(' | ')}`);
    } finally {
      await setting('refreshIntervalSeconds', undefined);
    }
  });

  it('opens a log afresh in a new session, though VS Code still holds its document from the one that ended', async () => {
    const active = await archiveRunUnderWay(x);
    const target = { ref: active.ref, name: `Run ${active.ref.id} of Postgres → S3 Parquet Archive` };
    await run('skyvia.openLog', target);
    const uri = logEditor().document.uri.toString();
    assert.match(logEditor().document.getText(), /rows processed so far/, 'the log of a run still going');
    // The session ends (its logs close with it), and the run ends meanwhile.
    await x.session.signOut();
    const held = () => vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri);
    await whenEvent(
      vscode.window.tabGroups.onDidChangeTabs,
      () => !vscode.window.tabGroups.all.some((g) => g.tabs.some((t) => t.input instanceof vscode.TabInputText && t.input.uri.toString() === uri)),
      'the log’s tab to close',
    );
    assert.ok(held(), 'VS Code still holds the document of the closed log');
    await demo.control('advance', { ms: 9_000 });
    await signedIn();
    // Opened again from its integration, found in the tree again (which names the log the same).
    await find(x, 'Data Platform', 'Integrations', 'Postgres → S3 Parquet Archive');
    await run('skyvia.openLog', target);
    assert.equal(logEditor().document.uri.toString(), uri, 'the same log');
    // VS Code is told the document it holds changed, and reads it again (a moment later).
    await documentSays(logEditor().document.uri, (t) => /completed in/.test(t), 'the log as it is now, not as the session before left it');
  });

  it('closes every log when the session ends', async () => {
    const logTabs = () =>
      vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => t.input instanceof vscode.TabInputText && t.input.uri.scheme === 'skyvia-log');
    assert.ok(logTabs().length > 0);
    await x.session.signOut();
    await whenEvent(vscode.window.tabGroups.onDidChangeTabs, () => logTabs().length === 0, 'the log tabs to close');
    await signedIn();
  });
});
