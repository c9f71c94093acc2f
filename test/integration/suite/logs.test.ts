// Logs as documents inside VS Code: one read per log, the log language's outline, folding and
// "Go to First Error", Refresh Log, and no log left open after sign-out.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ActionReport } from '../../../src/commands/runner';
import type { SkyviaExplorerApi, TreeNode } from '../../../src/testApi';
import { contextOf, demo, find, setting, signedIn, whenEvent } from './helpers';

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

describe('logs as documents', () => {
  let x: SkyviaExplorerApi;
  before(async () => {
    await setting('pageSize', 50);
    x = await signedIn();
    x.ui.script([]);
  });
  after(() => x.ui.reset());

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

  it('outlines a failed run’s log, folds it by section and jumps to its first error', async () => {
    const entry = await firstEntry(x, 'Data Platform', 'Integrations', 'Legacy ERP Sync (broken)');
    await run('skyvia.openLog', entry);
    const editor = logEditor();
    assert.match(editor.document.uri.path, /^\/skyvia-logs\/Run \d+ · Legacy ERP Sync \(broken\)\.log$/);
    const symbols = await vscode.commands.executeCommand<vscode.DocumentSymbol[]>('vscode.executeDocumentSymbolProvider', editor.document.uri);
    assert.ok(symbols.some((s) => s.kind === vscode.SymbolKind.Namespace && /started/.test(s.name)), 'the start is a section');
    const errors = symbols.filter((s) => s.kind === vscode.SymbolKind.Event);
    assert.ok(errors.some((s) => /^Run failed:/.test(s.name)), symbols.map((s) => s.name).join(' | '));
    const folds = await vscode.commands.executeCommand<vscode.FoldingRange[]>('vscode.executeFoldingRangeProvider', editor.document.uri);
    assert.ok(folds.length > 0, 'sections fold');
    await run('skyvia.goToFirstError');
    const line = editor.document.lineAt(editor.selection.active.line).text;
    assert.match(line, /ERROR/);
    assert.equal(editor.selection.active.line, errors[0].range.start.line);
  });

  it('opens an automation execution’s result and an endpoint request’s log lines', async () => {
    await run('skyvia.openLog', await firstEntry(x, 'Data Platform', 'Automations', 'Order webhook → Slack alert'));
    assert.match(logEditor().document.getText(), /^Step 1 "Parse order payload"/);
    const endpoint = (await x.tree.getChildren(await find(x, 'Data Platform', 'Endpoints')))[0];
    const [request] = await x.tree.getChildren(endpoint);
    await run('skyvia.openLog', request);
    assert.match(logEditor().document.getText(), /^Request received: /);
  });

  it('closes every log when the session ends', async () => {
    const logTabs = () => vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => t.input instanceof vscode.TabInputText && t.input.uri.scheme === 'skyvia-log');
    assert.ok(logTabs().length > 0);
    await x.session.signOut();
    await whenEvent(vscode.window.tabGroups.onDidChangeTabs, () => logTabs().length === 0, 'the log tabs to close');
    await signedIn();
  });
});
