// The Failures view inside VS Code: read when opened, the same failures another client of the
// service finds item by item, newest first; each row opens its panel and its log; another range;
// a reading that is cancelled says so and sends nothing more; what a careless service sends
// outside the range, or undated, is left out and said so.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { SkyviaExplorerApi } from '../../../src/testing/testApi';
import type { FailureNote, FailureRow, FailuresElement } from '../../../src/views/failuresView';
import { demo, signedInQuietly, whenEvent } from './helpers';
import { OPERATIONS } from '../../../src/api/operations';
import { HISTORIES, HISTORY_KINDS } from '../../../src/kinds';
import type { HistoryItemKind } from '../../../src/shared/refs';

// A failure's row (not a note, nor the group of unusual successes).
const isRow = (e: FailuresElement): e is FailureRow => 'entry' in e;
const notes = (x: SkyviaExplorerApi) => x.failures.getChildren().filter((e): e is FailureNote => 'note' in e);
const rows = (x: SkyviaExplorerApi) => x.failures.getChildren().filter(isRow);

/** Where another client finds a kind's failures: its list and its history, under a workspace. */
interface Failing {
  kind: HistoryItemKind;
  list: string;
  history: string;
}

/**
 * Where another client finds the failures of a kind the view reads, from the API's table of
 * operations alone (never from the extension's reads): the item's own read, `get<Kind>`
 * (`/v1/workspaces/{workspaceId}/integrations/{integrationId}`), names its list; the `list…`
 * operation one step under it is its history.
 */
function failingOf(kind: HistoryItemKind): Failing {
  const read = `get${kind[0].toUpperCase()}${kind.slice(1)}`;
  const own = (OPERATIONS as Record<string, { method: string; path: string }>)[read];
  const item = own && /^\/v1\/workspaces\/\{workspaceId\}\/([^/{]+)\/\{[^/]+\}$/.exec(own.path);
  assert.ok(item, `the API table (src/api/operations.ts) reads a ${kind} alone: ${read}, /v1/workspaces/{workspaceId}/<list>/{id}`);
  const histories = Object.entries(OPERATIONS).flatMap(([id, op]) => {
    const under = op.path.startsWith(`${own.path}/`) ? op.path.slice(own.path.length + 1) : '';
    return id.startsWith('list') && op.method === 'GET' && /^[^/{]+$/.test(under) ? [under] : [];
  });
  assert.equal(histories.length, 1, `the API table lists one history under ${own.path}: ${histories.join(', ') || 'none'}`);
  return { kind, list: item[1], history: histories[0] };
}

/** The kinds the view reads, as their records say, and where another client finds their failures. */
const failing = (): Failing[] => HISTORY_KINDS.filter((k) => HISTORIES[k].scannedForFailures).map(failingOf);

/** An entry's id field, as the service's answer names it: the one field of its row named `…Id` (`runId`, `snapshotId`). */
function idFieldOf(row: object, where: string): string {
  const ids = Object.keys(row).filter((k) => /^[a-z]\w*Id$/.test(k));
  assert.equal(ids.length, 1, `one id field in a row of ${where}: ${Object.keys(row).join(', ')}`);
  return ids[0];
}

/** Every failure since `since` as another client finds them: each workspace, each list, each history. */
async function failuresOverHttp(since: Date): Promise<Set<string>> {
  const get = async (path: string) => {
    const res = await fetch(`${demo.url}/v1/${path}`, { headers: { Authorization: demo.token, Accept: 'application/json' } });
    return (await res.json()) as unknown;
  };
  const found = new Set<string>();
  const workspaces = (await get('workspaces')) as { id: number }[];
  for (const ws of workspaces) {
    for (const { list, history } of failing()) {
      const items = ((await get(`workspaces/${ws.id}/${list}?take=200`)) as { data: { id: number }[] }).data;
      for (const item of items) {
        const path = `workspaces/${ws.id}/${list}/${item.id}/${history}`;
        const text = await (
          await fetch(`${demo.url}/v1/${path}?take=200&failed=true&startDate=${since.toISOString()}`, {
            headers: { Authorization: demo.token },
          })
        ).text();
        // Its ids read from the text: an execution's int64 id is more than a double holds.
        const first = (JSON.parse(text) as { data: object[] }).data[0];
        if (!first) continue;
        const id = idFieldOf(first, path);
        for (const m of text.matchAll(new RegExp(`"${id}":\\s*"?(\\d+)`, 'g'))) found.add(`${ws.id}/${item.id}/${m[1]}`);
      }
    }
  }
  return found;
}

describe('the Failures view', () => {
  let x: SkyviaExplorerApi;
  signedInQuietly((api) => (x = api));
  // Out of sight again: a view on screen reads the account after each sign-in, and later suites sign in often.
  after(() => vscode.commands.executeCommand('workbench.view.explorer'));

  it('knows where another client finds the failures of every kind the view reads, from the API’s table', () => {
    const places = new Map(failing().map((f) => [f.kind, `${f.list}/{id}/${f.history}`]));
    // The kinds read before their places were found in the table: where they always were.
    for (const [kind, place] of [
      ['integration', 'integrations/{id}/executions'],
      ['backup', 'backups/{id}/snapshots'],
      ['automation', 'automations/{id}/executions'],
    ] as const)
      if (HISTORIES[kind].scannedForFailures) assert.equal(places.get(kind), place, kind);
  });

  it('reads the account when opened, and lists exactly the failures of the last 24 hours, newest first', async () => {
    const before = x.requestCount();
    await vscode.commands.executeCommand('skyvia.failures.focus');
    await whenEvent(x.failures.onDidChange, () => notes(x).some((n) => n.note === 'summary'), 'the reading ends');
    assert.ok(x.requestCount() > before, 'opening the view read the account');
    const since = new Date(Date.now() - 86_400_000);
    const listed = rows(x);
    const expected = await failuresOverHttp(since);
    assert.ok(expected.size > 0, 'the demo account has failures in a day');
    assert.deepEqual(new Set(listed.map((r) => `${r.ref.workspaceId}/${r.ref.parentId}/${r.ref.id}`)), expected);
    const at = listed.map((r) => r.entry.at);
    assert.deepEqual(
      at,
      [...at].sort((a, b) => b - a),
      'newest first',
    );
    const summary = notes(x).find((n) => n.note === 'summary');
    assert.equal(summary?.label, `${listed.length} failed in the last 24 hours`);
    const item = x.failures.getTreeItem(listed[0]);
    assert.match(item.contextValue ?? '', /^\w+ failed hasId openLog compareWithLastSuccess openPanel$/);
    assert.equal(item.command?.command, 'skyvia.openPanel');
    // Its tooltip is made when it is hovered (thousands of rows in a week of a large account).
    assert.equal(item.tooltip, undefined);
    const tooltip = x.failures.resolveTreeItem(item, listed[0]).tooltip;
    assert.ok(tooltip instanceof vscode.MarkdownString);
    assert.match(tooltip.value, /State.*Failed[\s\S]*When[\s\S]*Workspace/);
  });

  it('opens a row’s panel and its log, as the explorer’s rows do', async () => {
    const row = rows(x).find((r) => r.ref.kind === 'run');
    assert.ok(row, 'a failed run');
    await vscode.commands.executeCommand('skyvia.openPanel', row);
    assert.equal(x.panels.modelOf(row.ref)?.state?.text, 'Failed');
    assert.equal(x.panels.modelOf(row.ref)?.parent, row.entry.item.name, 'its panel names its item');
    await vscode.commands.executeCommand('skyvia.openLog', row);
    const editor = vscode.window.activeTextEditor;
    assert.equal(editor?.document.uri.scheme, 'skyvia-log');
    assert.ok(editor?.document.uri.path.endsWith(`Run ${row.ref.id} · ${row.entry.item.name}.log`), editor?.document.uri.path);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('reads the last 7 days on asking, and never fewer than the last day', async () => {
    const day = rows(x).length;
    await vscode.commands.executeCommand('skyvia.failuresLast7Days');
    assert.ok(rows(x).length > day, `${rows(x).length} in a week, ${day} in a day`);
    assert.match(notes(x)[0]?.label ?? '', /failed in the last 7 days$/);
    await vscode.commands.executeCommand('skyvia.failuresLast24Hours');
    assert.equal(rows(x).length, day);
  });

  it('shows a page of failures at a time (skyvia.pageSize), the next on “Show more…”', async () => {
    const config = vscode.workspace.getConfiguration('skyvia');
    await config.update('pageSize', 3, vscode.ConfigurationTarget.Global);
    try {
      await vscode.commands.executeCommand('skyvia.failuresLast7Days');
      const total = Number(/^(\d+) failed in the last 7 days$/.exec(notes(x).find((n) => n.note === 'summary')?.label ?? '')?.[1]);
      assert.ok(total > 6, `${total} failed in a week`);
      assert.equal(rows(x).length, 3);
      const children = x.failures.getChildren();
      const more = children.find((n): n is FailureNote => 'note' in n && n.note === 'more');
      assert.equal(more?.description, `${total - 3} more failed`);
      assert.ok(isRow(children[children.indexOf(more!) - 1]), 'right after the rows shown');
      const item = x.failures.getTreeItem(more!);
      assert.equal(item.label, 'Show more…');
      assert.equal(item.command?.command, 'skyvia.failuresShowMore');
      const shown = whenEvent(x.failures.onDidChange, () => rows(x).length === 6, 'three more rows');
      await vscode.commands.executeCommand(item.command!.command, ...(item.command!.arguments ?? []));
      await shown;
      assert.equal(notes(x).find((n) => n.note === 'more')?.description, `${total - 6} more failed`);
      // Newest first across the pages: the next page continues where the first ended.
      const at = rows(x).map((r) => r.entry.at);
      assert.deepEqual(
        at,
        [...at].sort((a, b) => b - a),
      );
    } finally {
      await config.update('pageSize', undefined, vscode.ConfigurationTarget.Global);
      await vscode.commands.executeCommand('skyvia.failuresLast24Hours');
    }
  });

  it('leaves out what a careless service sends for the range that is not of it — older, or dated 0001-01-01 — and says so in a row', async () => {
    const since = Date.now() - 86_400_000;
    await demo.faults({ carelessHistories: true });
    try {
      await vscode.commands.executeCommand('skyvia.failuresLast24Hours');
      const note = notes(x).find((n) => n.note === 'leftOut');
      assert.match(note?.label ?? '', /^[\d,]+ entries without a date or outside the range were left out$/);
      assert.match(note?.tooltip ?? '', /0001-01-01/);
      assert.ok(rows(x).length > 0);
      assert.deepEqual(
        rows(x)
          .filter((r) => !(r.entry.at >= since))
          .map((r) => r.entry.date),
        [],
        'every failure listed is of the last 24 hours',
      );
    } finally {
      await demo.clearFaults();
    }
    await vscode.commands.executeCommand('skyvia.failuresLast24Hours');
    assert.equal(
      notes(x).find((n) => n.note === 'leftOut'),
      undefined,
      'a careful service: nothing to leave out',
    );
  });

  it('stops when cancelled, keeps what it showed and says how to read again', async () => {
    const shown = rows(x).length;
    await demo.faults({ latency: 150 });
    try {
      const reading = vscode.commands.executeCommand('skyvia.refreshFailures');
      await whenEvent(
        x.failures.onDidChange,
        () => notes(x).some((n) => n.note === 'progress' && /^\d+ of \d+ items$/.test(n.description ?? '')),
        'items are being read',
      );
      await vscode.commands.executeCommand('skyvia.cancelFailures');
      await reading;
    } finally {
      await demo.clearFaults();
    }
    assert.deepEqual(
      notes(x).map((n) => [n.label, n.description]),
      [['Reading cancelled', 'Refresh to read again']],
    );
    assert.equal(rows(x).length, shown);
  });
});
