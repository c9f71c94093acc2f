// A history taken out of the explorer: Export History… writes every page under the filter it is
// shown with (CSV or JSON, ids exact, dates ISO) and writes nothing when cancelled; Compare with
// Last Success sets a failed run's log beside the last good one's in the diff editor.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ActionReport } from '../../../src/commands/runner';
import { DEMO_FIXTURES as F } from '../../../src/demo/fixtures';
import type { SkyviaExplorerApi, TreeNode } from '../../../src/testing/testApi';
import { parseCsv } from '../../csvReader';
import { contextOf, demo, find, outside, signedInQuietly, whenEvent } from './helpers';

const run = (command: string, ...args: unknown[]) => vscode.commands.executeCommand<ActionReport | undefined>(command, ...args);

/** The raw text of a history page as another client reads it: ids compared as written, never through a JS number. */
async function rawPage(pathAndQuery: string): Promise<string> {
  const res = await fetch(`${demo.url}/v1/workspaces/${F.workspaceId}/${pathAndQuery}`, { headers: { Authorization: demo.token, Accept: 'application/json' } });
  assert.equal(res.status, 200);
  return res.text();
}

type DiffTab = vscode.Tab & { input: vscode.TabInputTextDiff };

function diffTabs(): DiffTab[] {
  return vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t): t is DiffTab => t.input instanceof vscode.TabInputTextDiff);
}

/** The active diff tab once it is one `ok` takes: switching a comparison replaces its tab. */
async function diffShown(ok: (t: DiffTab) => boolean): Promise<DiffTab> {
  const active = () => {
    const tab = vscode.window.tabGroups.activeTabGroup.activeTab;
    return tab?.input instanceof vscode.TabInputTextDiff && ok(tab as DiffTab) ? (tab as DiffTab) : undefined;
  };
  await whenEvent(vscode.window.tabGroups.onDidChangeTabs, () => !!active(), 'the comparison switched');
  return active()!;
}

describe('history export and comparison', () => {
  let x: SkyviaExplorerApi;
  let dir: string;
  signedInQuietly((api) => (x = api), { pageSize: 50 });
  before(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skyvia-export-'))));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('exports every failed run of a filtered history as CSV, read back row by row against the service', async () => {
    const node = await find(x, 'Data Platform', 'Integrations', 'HubSpot Contacts Import');
    await run('skyvia.filterHistory', node, { failedOnly: true });
    const file = path.join(dir, 'hubspot-failed.csv');
    const report = await run('skyvia.exportHistory', node, undefined, { uri: file });
    assert.deepEqual(report?.ok, ['HubSpot Contacts Import']);
    const [header, ...rows] = parseCsv(fs.readFileSync(file, 'utf8'));
    assert.deepEqual(header, ['Id', 'When', 'State', 'Details', 'Duration (s)', 'Rows written', 'Rows failed']);
    const service = (await outside('GET', `integrations/${F.integrations.flaky.integrationId}/executions?take=200&failed=true&sortOrder=desc`)).body as {
      data: { runId: number; date: string }[];
    };
    assert.ok(service.data.length > 1, 'the flaky integration has failures');
    assert.deepEqual(
      rows.map((r) => r[0]),
      service.data.map((r) => String(r.runId)),
      'every failed run, newest first, none else',
    );
    assert.deepEqual(
      rows.map((r) => r[1]),
      service.data.map((r) => new Date(r.date).toISOString()),
      'dates in ISO',
    );
    assert.ok(rows.every((r) => r[2] === 'Failed'));
    await run('skyvia.clearFilter', node);
  });

  it('exports automation executions to JSON with their int64 ids exact, through the save dialog', async () => {
    const node = await find(x, 'Data Platform', 'Automations', /Order webhook/);
    const file = path.join(dir, 'executions.json');
    const ui = x.ui.script([{ save: file }]);
    await run('skyvia.filterHistory', node, { since: '2d' });
    const report = await run('skyvia.exportHistory', node);
    x.ui.script([]);
    assert.deepEqual(report?.ok.length, 1, JSON.stringify(ui.transcript));
    assert.ok(
      ui.transcript.some((t) => t.kind === 'save' && /Order webhook/.test(t.text) && /since/.test(t.text)),
      'the dialog names the item and its filter',
    );
    const written = fs.readFileSync(file, 'utf8');
    const ids = [...written.matchAll(/"id": "(\d+)"/g)].map((m) => m[1]);
    const since = new Date(Date.now() - 3 * 86_400_000).toISOString();
    const raw = await rawPage(`automations/${F.automations.bigHistory.automationId}/executions?take=200&sortOrder=desc&startDate=${since}`);
    const expected = [...raw.matchAll(/"executionId":\s*"?(\d+)"?/g)].map((m) => m[1]);
    assert.ok(ids.length > 0 && ids.every((id) => BigInt(id) > 2n ** 53n), 'ids above 2^53');
    assert.deepEqual(ids, expected.slice(0, ids.length), 'the same ids, digit for digit');
    await run('skyvia.clearFilter', node);
  });

  it('writes nothing when the export is cancelled between pages', async () => {
    const node = await find(x, 'Data Platform', 'Integrations', /Orders → Warehouse/);
    const file = path.join(dir, 'cancelled.csv');
    x.ui.script([{ abortAfter: 2 }]);
    const report = await run('skyvia.exportHistory', node, undefined, { uri: file });
    x.ui.script([]);
    assert.deepEqual(report?.ok, [], 'not done');
    assert.deepEqual(report?.failed, [], 'a cancel is no failure');
    assert.equal(fs.existsSync(file), false, 'no half a history on disk');
  });

  it('sets a failed run beside the newest success before it in the diff editor, both read-only logs, their changing figures masked line for line', async () => {
    const integration = await find(x, 'Data Platform', 'Integrations', 'HubSpot Contacts Import');
    const entries = await x.tree.getChildren(integration);
    const failed = entries.find(
      (n) => contextOf(x, n).includes('failed') && entries.slice(entries.indexOf(n)).some((o) => contextOf(x, o).includes('succeeded')),
    );
    assert.ok(failed, 'a failed run with a success after it in the list');
    const good = entries.slice(entries.indexOf(failed)).find((n) => contextOf(x, n).includes('succeeded')) as TreeNode;
    const runId = (n: TreeNode) => /run:(\d+)$/.exec(x.tree.getTreeItem(n).id ?? '')?.[1];
    await run('skyvia.compareWithLastSuccess', failed);
    const tab = vscode.window.tabGroups.activeTabGroup.activeTab;
    assert.ok(tab?.input instanceof vscode.TabInputTextDiff, `a diff is open (${tab?.label})`);
    const { original, modified } = tab.input;
    assert.equal(original.scheme, 'skyvia-log');
    assert.equal(modified.scheme, 'skyvia-log');
    assert.match(
      original.path,
      new RegExp(`^/skyvia-logs/masked/Run ${runId(good)} · HubSpot Contacts Import \\(figures masked\\)\\.log$`),
      'the last success on the left',
    );
    assert.match(
      modified.path,
      new RegExp(`^/skyvia-logs/masked/Run ${runId(failed)} · HubSpot Contacts Import \\(figures masked\\)\\.log$`),
      'the failed run on the right',
    );
    const left = await vscode.workspace.openTextDocument(original);
    const right = await vscode.workspace.openTextDocument(modified);
    assert.doesNotMatch(left.getText(), /ERROR.*Run failed/);
    assert.match(right.getText(), /ERROR/);
    assert.equal(left.languageId, 'skyvia-log');
    assert.equal(right.languageId, 'skyvia-log');
    // Masked: no time, count or id is left, and the lines of the two runs' same steps read the same.
    for (const doc of [left, right]) {
      assert.match(doc.lineAt(0).text, /^<time> INFO  Run # of integration # /);
      assert.doesNotMatch(doc.getText(), /\d{4}-\d\d-\d\d|\d:\d\d|\d,\d{3}|Batch \d/, 'no time, date, count or batch number is left');
    }
    assert.equal(left.lineAt(1).text, right.lineAt(1).text);
    // Line for line with the real logs, as the service sends them.
    const [goodLog, failedLog] = await Promise.all(
      [good, failed].map(async (n) => {
        const id = runId(n);
        const body = (await outside('GET', `integrations/${F.integrations.flaky.integrationId}/executions/${id}`)).body as { result?: string; log?: string };
        return (body.result ?? body.log ?? '').replace(/\r\n?/g, '\n').trimEnd().split('\n');
      }),
    );
    assert.equal(left.getText().trimEnd().split('\n').length, goodLog.length, 'the success: one masked line per line');
    assert.equal(right.getText().trimEnd().split('\n').length, failedLog.length, 'the failure: one masked line per line');
    // Go to First Error in the masked view goes to the real log's first error line.
    const firstError = failedLog.findIndex((l) => / ERROR /.test(l));
    await vscode.commands.executeCommand('skyvia.goToFirstError', modified);
    const editor = vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === modified.toString());
    assert.equal(editor?.selection.start.line, firstError, 'the first error, at its line in the real log');
    assert.equal(tab.label, `Run ${runId(good)} (last success) ↔ Run ${runId(failed)}`);

    // The title bar's switch: the raw logs, with times since each start, in place of the masked ones — and back.
    await vscode.commands.executeCommand('skyvia.compareRawLogs', modified);
    const raw = await diffShown((t) => t.input.modified.path.endsWith('(times since its start).log'));
    assert.match(raw.input.original.path, new RegExp(`^/skyvia-logs/Run ${runId(good)} · HubSpot Contacts Import \\(times since its start\\)\\.log$`));
    assert.equal(raw.label, tab.label, 'the same title');
    const rawRight = await vscode.workspace.openTextDocument(raw.input.modified);
    assert.match(rawRight.lineAt(0).text, /^\+00:00:00\.000 INFO  Run \d+ of integration \d+/);
    assert.equal(rawRight.lineCount, right.lineCount);
    await whenEvent(vscode.window.tabGroups.onDidChangeTabs, () => diffTabs().length === 1, 'the masked comparison replaced, not kept beside');
    await vscode.commands.executeCommand('skyvia.compareMaskedLogs', raw.input.modified);
    const back = await diffShown((t) => t.input.modified.path.startsWith('/skyvia-logs/masked/'));
    assert.equal(back.input.original.toString(), original.toString());
    await whenEvent(vscode.window.tabGroups.onDidChangeTabs, () => diffTabs().length === 1, 'the raw comparison replaced');
    // The log itself is still the log: Open Log shows its clock times.
    await run('skyvia.openLog', failed);
    assert.match(vscode.window.activeTextEditor?.document.lineAt(0).text ?? '', /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3} INFO/);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('says so when nothing succeeded before, and opens nothing', async () => {
    const integration = await find(x, 'Data Platform', 'Integrations', 'Legacy ERP Sync (broken)');
    const [first] = (await x.tree.getChildren(integration)).filter((n) => contextOf(x, n).includes('failed'));
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const ui = x.ui.script([]);
    const report = await run('skyvia.compareWithLastSuccess', first);
    assert.match(
      report?.said[0] ?? '',
      /^No run of “Legacy ERP Sync \(broken\)” succeeded before run \d+ \(\d+ read\): there is nothing to compare it with\.$/,
    );
    assert.ok(!(vscode.window.tabGroups.activeTabGroup.activeTab?.input instanceof vscode.TabInputTextDiff));
    assert.equal(ui.transcript.filter((t) => t.kind === 'message').length, 1);
  });
});
