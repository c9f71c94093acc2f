// The runs grid inside VS Code, over the demo service: opened from the palette, it draws the
// Failures view's reading — every cell of a workspace as another client of the service finds its
// items' histories over HTTP, slot by slot — with no request of its own once the view has read;
// a cell opens its item's panel with that slot's entries; another range is the view's too.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { SkyviaExplorerApi } from '../../../src/testing/testApi';
import type { GridModel } from '../../../src/shared/gridProtocol';
import type { FailureRow } from '../../../src/views/failuresView';
import { DEMO_FIXTURES as F } from '../../../src/demo/fixtures';
import { demo, find, letRunsEnd, signedInQuietly, startOutside, whenEvent } from './helpers';

/** Where another client finds a kind's items and their histories — written here, not taken from the extension. */
const HISTORY_PATHS: Record<string, readonly [list: string, history: string]> = {
  integration: ['integrations', 'executions'],
  backup: ['backups', 'snapshots'],
  automation: ['automations', 'executions'],
};

const HOUR = 3_600_000;

/** Waits (up to a minute: a reading of the account) until the grid's model passes `check`. */
async function gridWhen(x: SkyviaExplorerApi, check: (m: GridModel) => boolean, what: string): Promise<GridModel> {
  const now = x.grid.model();
  if (now && check(now)) return now;
  return new Promise<GridModel>((resolve, reject) => {
    const timer = setTimeout(() => {
      sub.dispose();
      reject(new Error(`never happened: ${what}`));
    }, 60_000);
    const sub = x.grid.onDidUpdate((m) => {
      if (!check(m)) return;
      clearTimeout(timer);
      sub.dispose();
      resolve(m);
    });
  });
}

const drawn = (m: GridModel) => !m.reading && m.groups.length > 0;

/** Every entry of an item's history since `since`, every page, as another client reads it. */
async function historyOverHttp(workspaceId: number, kind: string, id: string, since: number): Promise<{ state: string; at: number }[]> {
  const [list, history] = HISTORY_PATHS[kind];
  const out: { state: string; at: number }[] = [];
  for (let skip = 0; ; skip += 200) {
    const res = await fetch(
      `${demo.url}/v1/workspaces/${workspaceId}/${list}/${id}/${history}?take=200&skip=${skip}&startDate=${new Date(since).toISOString()}`,
      { headers: { Authorization: demo.token, Accept: 'application/json' } },
    );
    const page = (await res.json()) as { data: Record<string, unknown>[]; hasMore: boolean };
    for (const e of page.data) {
      const date = (e.date ?? e.startTime ?? e.queueTime) as string | undefined;
      out.push({ state: String(e.state ?? ''), at: date ? Date.parse(date) : Number.NaN });
    }
    if (!page.hasMore || !page.data.length) return out;
  }
}

/** How another client tells an entry's end from its state word. */
function endOf(state: string): 'failed' | 'succeeded' | 'other' {
  if (/^(failed|error)$/i.test(state)) return 'failed';
  if (/^(succeeded|success|completed)$/i.test(state)) return 'succeeded';
  return 'other';
}

describe('the runs grid', () => {
  let x: SkyviaExplorerApi;
  signedInQuietly((api) => (x = api));
  after(async () => {
    // The Failures view's range as the next suite expects it.
    await vscode.commands.executeCommand('skyvia.failuresLast24Hours');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('workbench.view.explorer');
  });

  it('opens from the palette, reads the account once through the Failures view, and every cell of a workspace is what its items’ histories hold, hour by hour', async () => {
    const before = x.requestCount();
    await vscode.commands.executeCommand('skyvia.showRunsGrid');
    const model = await gridWhen(x, drawn, 'the grid drawn after the reading');
    assert.ok(x.requestCount() > before, 'the grid’s first opening read the account (the Failures view had not)');
    assert.equal(model.window, '24h');
    assert.equal(model.columns.length, 25, 'the window’s 24 hours: the cut first hour and 24 whole ones');
    const group = model.groups.find((g) => g.label === 'Data Platform') ?? model.groups[0];
    assert.ok(group.rows.length > 3, `${group.rows.length} items ran in ${group.label}`);
    const first = x.grid.cell(group.rows[0].key, 0);
    assert.ok(first);
    const since = first.from;
    const workspaceId = first.ref.workspaceId!;
    // The slots are the clock's hours: each after the first begins on the hour and ends an hour later.
    for (let i = 1; i < model.columns.length; i++) {
      const cell = x.grid.cell(group.rows[0].key, i)!;
      assert.equal(new Date(cell.from).getMinutes(), 0, `slot ${i} begins on the hour`);
      assert.equal(cell.from, x.grid.cell(group.rows[0].key, i - 1)!.to, `slot ${i} begins where the one before ends`);
      if (i === 1) assert.ok(cell.from > since && cell.from - since <= HOUR, 'the first slot is cut at the window’s start');
      if (cell.to !== undefined) assert.equal(cell.to - cell.from, HOUR);
    }
    assert.ok(since <= Date.now() - 24 * HOUR + 60_000 && since >= Date.now() - 24 * HOUR - 10 * 60_000, 'the window is the last 24 hours');

    // Every item of the workspace that ran in the window, as another client finds them, is a row; and no other.
    const listed = new Map<string, string>();
    for (const [kind, [list]] of Object.entries(HISTORY_PATHS)) {
      const res = await fetch(`${demo.url}/v1/workspaces/${workspaceId}/${list}?take=200`, { headers: { Authorization: demo.token } });
      for (const item of ((await res.json()) as { data: { id: number; name: string | null }[] }).data) listed.set(`${kind}/${item.id}`, item.name ?? '');
    }
    const ran = new Set<string>();
    let checked = 0;
    for (const key of listed.keys()) {
      const [kind, id] = key.split('/');
      const entries = (await historyOverHttp(workspaceId, kind, id, since)).filter((e) => e.at >= since);
      if (!entries.length) continue;
      ran.add(key);
      const found = group.rows.find((r) => r.key.endsWith(`/${kind}/${workspaceId}/${id}`));
      assert.ok(found, `${kind} ${id} (${listed.get(key)}) ran in the window and has a row`);
      const row: GridModel['groups'][number]['rows'][number] = found;
      for (let slot = 0; slot < model.columns.length; slot++) {
        const cell: NonNullable<ReturnType<SkyviaExplorerApi['grid']['cell']>> = x.grid.cell(row.key, slot)!;
        const inSlot = entries.filter((e) => e.at >= cell.from && (cell.to === undefined || e.at < cell.to));
        const want = { failed: 0, succeeded: 0, other: 0 };
        for (const e of inSlot) want[endOf(e.state)]++;
        const got = { failed: cell.counts.failed, succeeded: cell.counts.succeeded + cell.counts.unusual, other: cell.counts.other };
        assert.deepEqual(got, want, `${row.name}, ${cell.label}`);
        // The cell's mark is its worst entry, and its name says what ran in it.
        const { mark, name } = row.cells[slot];
        const expected = want.failed ? ['failed'] : want.succeeded ? ['unusual', 'succeeded'] : want.other ? ['other'] : ['none'];
        assert.ok(expected.includes(mark), `${row.name}, ${cell.label}: ${mark}, expected ${expected.join(' or ')}`);
        assert.ok(name.startsWith(`${row.name}, ${cell.label}: `), name);
        if (want.failed) assert.match(name, new RegExp(`: ${want.failed} failed`));
        if (!inSlot.length) assert.match(name, /: nothing ran$/);
        checked++;
      }
      const total = entries.length;
      assert.match(row.count, new RegExp(`^${total} `), `${row.name}: ${row.count}`);
    }
    assert.deepEqual(new Set(group.rows.map((r) => r.key.split('/').slice(1, 4).join('/'))), new Set([...ran].map((k) => k.replace('/', `/${workspaceId}/`))));
    console.log(`      ${group.label}: ${group.rows.length} items, ${checked} cells checked against the service`);
  });

  it('opens again at once from what the Failures view read: no request', async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    assert.equal(x.grid.model(), undefined, 'closed');
    const before = x.requestCount();
    await vscode.commands.executeCommand('skyvia.showRunsGrid');
    const model = x.grid.model();
    assert.ok(model && drawn(model), 'drawn as soon as it opened');
    assert.equal(x.requestCount(), before, 'not one request');
  });

  it('comes back after a window reload with the range it showed, read again; a second one is not kept', async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('skyvia.failuresLast24Hours');
    assert.equal(x.grid.model(), undefined, 'closed');
    // What VS Code hands the serializer after a reload: a new panel of the grid's type, and what its page saved.
    const restored = (state: unknown) => {
      const panel = vscode.window.createWebviewPanel('skyvia.runsGrid', 'Runs Grid', vscode.ViewColumn.Active, { enableScripts: true });
      const seen = { disposed: false };
      panel.onDidDispose(() => (seen.disposed = true));
      return { done: x.grid.restore(panel, state), seen };
    };
    const first = restored({ window: '7d' });
    await first.done;
    assert.equal(first.seen.disposed, false, 'kept');
    const model = await gridWhen(x, (m) => drawn(m) && m.window === '7d', 'the restored grid drawn over its week');
    assert.equal(model.columns.length, 8, 'by day');
    const second = restored({ window: '24h' });
    await second.done;
    assert.equal(second.seen.disposed, true, 'one grid: the second closes');
    assert.equal(x.grid.model()?.window, '7d', 'the first one shows what it showed');
  });

  it('takes in a run that ends after the reading: a colleague’s run, watched in its item’s panel, fails — its failure and its cell come without Refresh, as a new reading counts them', async () => {
    const { integrationId } = F.integrations.noSchedule;
    await vscode.commands.executeCommand('skyvia.failuresLast24Hours');
    await vscode.commands.executeCommand('skyvia.showRunsGrid');
    const model = await gridWhen(x, (m) => drawn(m) && m.window === '24h', 'the grid drawn over the last 24 hours');
    const key = model.groups.flatMap((g) => g.rows).find((r) => r.key.endsWith(`/integration/${F.workspaceId}/${integrationId}`))?.key;
    assert.ok(key, 'the integration ran in the window: a row');
    const last = model.columns.length - 1;
    const counts = () => x.grid.cell(key, last)!.counts;
    const read = counts();
    const listed = () => x.failures.getChildren().filter((r): r is FailureRow => 'entry' in r);

    // After the reading, a colleague starts a run that will fail; the person watches it in the item's panel.
    await demo.control('failure', { integrationId, message: 'Timeout expired while writing batch 3 to dbo.Orders.' });
    const runId = await startOutside(integrationId);
    const node = await find(x, 'Data Platform', 'Integrations', 'Shopify Webhook Loader');
    await vscode.commands.executeCommand('skyvia.openPanel', node);
    await whenEvent(x.panels.onDidUpdate, () => !!x.panels.modelOf(node.ref!)?.live, 'the panel live');
    assert.deepEqual(counts(), read, 'nothing taken in while it runs');

    // The demo's clock ends it, failed; the watcher tells its end.
    await letRunsEnd(x);
    await gridWhen(x, () => counts().failed === read.failed + 1, 'the cell counts the run as failed');
    assert.deepEqual(counts(), { ...read, failed: read.failed + 1 }, 'counted once, failed');
    const row = listed().find((r) => r.ref.id === runId);
    assert.ok(row, `run ${runId} is listed among the failures`);
    assert.equal(listed()[0], row, 'the newest failure, first');
    assert.match(String(x.failures.getTreeItem(row).description), /Failed/);

    // What was taken in is what a new reading finds: counted once.
    const taken = counts();
    await vscode.commands.executeCommand('skyvia.refreshFailures');
    await gridWhen(x, drawn, 'the grid drawn after the new reading');
    assert.deepEqual(counts(), taken, 'a new reading counts the cell as it was taken in');
    assert.equal(listed().filter((r) => r.ref.id === runId).length, 1, 'listed once');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('a cell opens its item’s panel with that slot’s entries only', async () => {
    await vscode.commands.executeCommand('skyvia.showRunsGrid');
    const model = await gridWhen(x, drawn, 'the grid drawn');
    let opened: { key: string; slot: number } | undefined;
    for (const g of model.groups)
      for (const r of g.rows) {
        const slot = r.cells.findIndex((c) => c.mark === 'failed');
        if (slot >= 0 && !opened) opened = { key: r.key, slot };
      }
    assert.ok(opened, 'a cell where something failed');
    const cell = x.grid.cell(opened.key, opened.slot)!;
    const shown = new Promise<void>((resolve) => {
      const sub = x.panels.onDidUpdate((ref) => {
        const h = x.panels.modelOf(cell.ref)?.history;
        if (ref.id === cell.ref.id && h && !h.loading && h.slot) {
          sub.dispose();
          resolve();
        }
      });
    });
    assert.equal(await x.grid.send({ type: 'open', row: opened.key, slot: opened.slot }), true);
    await shown;
    const h = x.panels.modelOf(cell.ref)!.history!;
    assert.equal(h.slot, cell.label);
    const total = cell.counts.failed + cell.counts.unusual + cell.counts.succeeded + cell.counts.other;
    assert.equal(h.rows.length, total, `the panel lists the ${total} entries of ${cell.label}`);
    assert.equal(h.rows.filter((r) => r.tone === 'error').length, cell.counts.failed);
    // Another filter ends the slot: the whole history again.
    await x.panels.send(cell.ref, { type: 'filter', failedOnly: false, range: 'all' });
    const whole = x.panels.modelOf(cell.ref)!.history!;
    assert.equal(whole.slot, undefined);
    assert.ok(whole.rows.length >= total);
  });

  it('another range chosen in the grid is the Failures view’s too: 7 days by day', async () => {
    await vscode.commands.executeCommand('skyvia.showRunsGrid');
    assert.equal(await x.grid.send({ type: 'window', window: '7d' }), true);
    const model = await gridWhen(x, (m) => drawn(m) && m.window === '7d', 'the week drawn');
    assert.equal(model.columns.length, 8, 'seven days from now: the cut first day and seven calendar days');
    assert.match(model.title, /last 7 days/);
    const summary = x.failures.getChildren().find((e) => 'note' in e && e.note === 'summary') as { label: string } | undefined;
    assert.match(summary?.label ?? '', /in the last 7 days$/, 'the Failures view reads the week too');
    // Refused: a message that is not one of the grid's.
    assert.equal(await x.grid.send({ type: 'window', window: '1y' }), false);
    assert.equal(await x.grid.send({ type: 'open', row: 'x', slot: -1 }), false);
  });
});
