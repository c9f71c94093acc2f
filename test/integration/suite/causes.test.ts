// The Failures view grouped by cause inside VS Code: the same causes, with the same counts, as the
// first errors of the failures another client of the service reads one by one; a cause that
// appears for the first time (made so over the demo's HTTP API) is marked new; the switch is
// remembered and switches back.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { SkyviaExplorerApi } from '../../../src/testing/testApi';
import type { CauseGroup, FailureNote, FailureRow, FailuresElement } from '../../../src/views/failuresView';
import { causeOf } from '../../../src/shared/causes';
import { cleanLine } from '../../../src/shared/plainText';
import { entryFirstError } from '../../../src/kinds';
import { DEMO_FIXTURES as F } from '../../../src/demo/fixtures';
import { demo, find, signedInQuietly, startOutside, whenEvent } from './helpers';

const isCause = (e: FailuresElement): e is CauseGroup => 'cause' in e;
const causes = (x: SkyviaExplorerApi) => x.failures.getChildren().filter(isCause);
const notes = (x: SkyviaExplorerApi) => x.failures.getChildren().filter((e): e is FailureNote => 'note' in e);
const listed = (x: SkyviaExplorerApi, runId: string) => causes(x).find((g) => g.rows.some((r) => r.ref.id === runId));
const readingCauses = (x: SkyviaExplorerApi) => notes(x).some((n) => n.note === 'progress' && n.label === 'Reading the causes of the failures…');

/** Every failure since `since` as another client finds it, each read on its own: its cause's signature, by `workspace/item/entry`. */
async function causesOverHttp(since: Date): Promise<Map<string, string>> {
  const get = async (path: string) => {
    const res = await fetch(`${demo.url}/v1/${path}`, { headers: { Authorization: demo.token, Accept: 'application/json' } });
    assert.equal(res.status, 200, path);
    return res.text();
  };
  const found = new Map<string, string>();
  const workspaces = JSON.parse(await get('workspaces')) as { id: number }[];
  for (const ws of workspaces) {
    for (const [list, history, id, kind] of [
      ['integrations', 'executions', 'runId', 'run'],
      ['backups', 'snapshots', 'snapshotId', 'snapshot'],
      ['automations', 'executions', 'executionId', 'execution'],
    ] as const) {
      const items = (JSON.parse(await get(`workspaces/${ws.id}/${list}?take=200`)) as { data: { id: number }[] }).data;
      for (const item of items) {
        const text = await get(`workspaces/${ws.id}/${list}/${item.id}/${history}?take=200&failed=true&startDate=${since.toISOString()}`);
        for (const m of text.matchAll(new RegExp(`"${id}":\\s*"?(\\d+)`, 'g'))) {
          // Its own read, as the service sends it (an int64 id stays text in the path).
          const entry = JSON.parse(await get(`workspaces/${ws.id}/${list}/${item.id}/${history}/${m[1]}`)) as object;
          const first = entryFirstError(kind, entry);
          found.set(`${ws.id}/${item.id}/${m[1]}`, first ? causeOf(first).signature : '');
        }
      }
    }
  }
  return found;
}

/** The view's causes as `workspace/item/entry` → signature (the unknown as ''). */
function causesShown(x: SkyviaExplorerApi): Map<string, string> {
  const shown = new Map<string, string>();
  for (const group of causes(x))
    for (const item of x.failures.getChildren(group))
      for (const row of x.failures.getChildren(item) as FailureRow[]) shown.set(`${row.ref.workspaceId}/${row.ref.parentId}/${row.ref.id}`, group.cause);
  return shown;
}

function countsOf(byEntry: Map<string, string>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const signature of byEntry.values()) counts.set(signature, (counts.get(signature) ?? 0) + 1);
  return counts;
}

describe('the Failures view by cause', () => {
  let x: SkyviaExplorerApi;
  signedInQuietly((api) => (x = api));
  after(async () => {
    // The switch is remembered, and the range kept: the next suites find the view as it always was.
    await vscode.commands.executeCommand('skyvia.failuresListEach');
    await vscode.commands.executeCommand('skyvia.failuresLast24Hours');
    await vscode.commands.executeCommand('workbench.view.explorer');
  });

  it('groups the failures of 7 days by cause, with the counts of the first errors another client reads in the service’s logs', async () => {
    await vscode.commands.executeCommand('skyvia.failures.focus');
    await whenEvent(x.failures.onDidChange, () => notes(x).some((n) => n.note === 'summary'), 'the first reading ends');
    await vscode.commands.executeCommand('skyvia.failuresLast7Days');
    await vscode.commands.executeCommand('skyvia.failuresGroupByCause');
    const since = new Date(Date.now() - 7 * 86_400_000);
    const shown = causesShown(x);
    const expected = await causesOverHttp(since);
    assert.ok(expected.size > 10, `the demo account has failures in a week (${expected.size})`);
    assert.deepEqual(new Set(shown.keys()), new Set(expected.keys()), 'every failure of the week, under a cause');
    assert.deepEqual(countsOf(shown), countsOf(expected), 'the same causes, as often');
    assert.ok(causes(x).length > 3, `several causes (${causes(x).length})`);
    assert.ok(!causes(x).some((g) => g.cause === ''), 'every log read');
    console.log(`      ${shown.size} failures of the week under ${causes(x).length} causes`);
    // A cause row: its words, how many failures in how many items, first and last seen.
    const [top] = causes(x);
    const item = x.failures.getTreeItem(top);
    assert.equal(item.label, cleanLine(top.words, 300));
    assert.match(
      String(item.description),
      /^(new · )?\d+ failures? in \d+ (integrations?|backups?|automations?)(, \d+ \w+)* · first .+ · last .+$/,
      String(item.description),
    );
    // Expanded: its items, then their failures — the same rows, menus and panels as listed each.
    const [first] = x.failures.getChildren(top);
    const [row] = x.failures.getChildren(first) as FailureRow[];
    assert.match(x.failures.getTreeItem(row).contextValue ?? '', /^\w+ failed hasId openLog compareWithLastSuccess openPanel$/);
    assert.equal(x.failures.getTreeItem(row).command?.command, 'skyvia.openPanel');
    // Its panel says how often its cause occurred in the week, from what the view read: no request.
    await vscode.commands.executeCommand('skyvia.openPanel', row);
    const field = (x.panels.modelOf(row.ref)?.fields ?? []).find(([label]) => label === 'Same cause');
    assert.ok(field, `the panel of ${row.ref.kind} ${row.ref.id} tells of its cause`);
    assert.equal(field[1], `${String(item.description)} (the Failures view, last 7 days)`, 'the cause row’s counts, checked above against the service’s logs');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('marks new a cause that first appeared today, made so over the demo’s HTTP API; the week’s others are not', async () => {
    const message = 'Quota of 5,000 API calls per day exceeded for tenant 42.';
    const { integrationId } = F.integrations.noSchedule;
    await demo.control('failure', { integrationId, message });
    const runId = await startOutside(integrationId);
    await demo.control('advance', { ms: 7_000 });
    await vscode.commands.executeCommand('skyvia.failures.focus');
    await vscode.commands.executeCommand('skyvia.failuresGroupByCause');
    await vscode.commands.executeCommand('skyvia.failuresLast7Days');
    const made = causes(x).find((g) => g.rows.some((r) => r.ref.id === runId));
    assert.ok(made, `run ${runId} is listed under a cause`);
    assert.equal(made.words, 'Quota of … API calls per day exceeded for tenant ….');
    assert.equal(made.isNew, true);
    assert.match(String(x.failures.getTreeItem(made).description), /^new · 1 failure in 1 integration · first .+ · last .+$/);
    // The broken integration has failed all week with the same error: never new.
    const broken = causes(x).find((g) => g.rows.some((r) => r.ref.parentId === F.integrations.alwaysFails.integrationId));
    assert.ok(broken, 'the broken integration’s cause');
    assert.equal(broken.isNew, false);
    assert.deepEqual(
      causes(x)
        .filter((g) => g.isNew)
        .map((g) => g.words),
      [made.words],
      'no other cause is new: the demo’s failures repeat through the week',
    );
  });

  it('lists under its cause, marked new, a failure that ends after the reading — watched in its item’s panel, no Refresh', async () => {
    const message = 'Connection to archive-sftp.bluefinch-retail.example was reset during upload of part 7.';
    const { integrationId } = F.integrations.noSchedule;
    await vscode.commands.executeCommand('skyvia.failures.focus');
    await vscode.commands.executeCommand('skyvia.failuresGroupByCause');
    await vscode.commands.executeCommand('skyvia.failuresLast7Days');
    const before = causes(x).length;
    // After the reading: the run started over the demo's HTTP API, watched in its item's panel.
    await demo.control('failure', { integrationId, message });
    const runId = await startOutside(integrationId);
    const node = await find(x, 'Data Platform', 'Integrations', 'Shopify Webhook Loader');
    await vscode.commands.executeCommand('skyvia.openPanel', node);
    await whenEvent(x.panels.onDidUpdate, () => !!x.panels.modelOf(node.ref!)?.live, 'the panel live');
    assert.equal(
      causes(x).some((g) => g.rows.some((r) => r.ref.id === runId)),
      false,
      'not listed while it runs',
    );
    // Its end, as the watcher finds it: its cause read (one request), and listed under it.
    await demo.control('advance', { ms: 7_000 });
    for (let i = 0; i < 20 && x.watch.scheduled(); i++) await x.watch.tickNow();
    await whenEvent(x.failures.onDidChange, () => causes(x).some((g) => g.rows.some((r) => r.ref.id === runId)), 'the failure under its cause');
    const made = causes(x).find((g) => g.rows.some((r) => r.ref.id === runId))!;
    assert.match(made.words, /^Connection to … was reset during upload of part …\.$/);
    assert.equal(made.isNew, true);
    assert.equal(causes(x).length, before + 1, 'one cause more');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('reads the cause of a failure that ends while the causes are being read, in the same reading', async function () {
    // Far from the service: every request of the reading waits its latency.
    this.timeout(120_000);
    await vscode.commands.executeCommand('skyvia.failures.focus');
    await vscode.commands.executeCommand('skyvia.failuresGroupByCause');
    await vscode.commands.executeCommand('skyvia.failuresLast7Days');
    // Since that reading, a failure nothing here watched (its cause not read yet: the next reading reads it)…
    await demo.control('failure', { integrationId: F.integrations.noSchedule.integrationId, message: 'Upload to archive-sftp refused: disk quota exceeded.' });
    await startOutside(F.integrations.noSchedule.integrationId);
    await demo.control('advance', { ms: 7_000 });
    // …and a run that will fail, watched in its item's panel (not the item of the test before: its
    // panel's reads of a few seconds ago would be reused).
    const message = 'Archive bucket retail-archive-7 refused the write: object lock is on.';
    const { integrationId } = F.integrations.flaky;
    await demo.control('failure', { integrationId, message });
    const runId = await startOutside(integrationId);
    const node = await find(x, 'Data Platform', 'Integrations', 'HubSpot Contacts Import');
    await vscode.commands.executeCommand('skyvia.openPanel', node);
    await whenEvent(x.panels.onDidUpdate, () => !!x.panels.modelOf(node.ref!)?.live, 'the panel live');
    const runReads = async () => ((await demo.control('stats')) as { byOperation: Record<string, number> }).byOperation.getIntegrationRun ?? 0;
    const readsBefore = await runReads();
    let reading: Thenable<unknown> | undefined;
    await demo.faults({ latency: 2_000 });
    try {
      reading = vscode.commands.executeCommand('skyvia.refreshFailures');
      await whenEvent(x.failures.onDidChange, () => readingCauses(x), 'the causes being read', 60_000);
      // The cause's read has reached the service and waits its 2 s there; what comes next is answered at once.
      while ((await runReads()) === readsBefore);
      await demo.faults({ latency: 0 });
      await demo.control('advance', { ms: 7_000 });
      for (let i = 0; i < 20 && x.panels.modelOf(node.ref!)?.live && x.watch.scheduled(); i++) await x.watch.tickNow();
      assert.equal(readingCauses(x), true, 'it ended while the causes were read');
    } finally {
      await demo.clearFaults();
    }
    await reading;
    assert.match(
      listed(x, runId)?.words ?? `run ${runId} not listed under a cause`,
      /^Archive bucket retail-archive-… refused the write: object lock is on\.$/,
    );
    assert.deepEqual(
      notes(x).filter((n) => n.note === 'causesPending'),
      [],
      'no cause left unread',
    );
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('stops reading causes when cancelled, says how many were not read, and reads them on Refresh', async () => {
    const { integrationId } = F.integrations.noSchedule;
    await demo.control('failure', { integrationId, message: 'Mailbox quota exceeded for archive@bluefinch-retail.example.' });
    const runId = await startOutside(integrationId);
    await demo.control('advance', { ms: 7_000 });
    await vscode.commands.executeCommand('skyvia.failures.focus');
    await vscode.commands.executeCommand('skyvia.failuresGroupByCause');
    const under = () => causes(x).find((g) => g.rows.some((r) => r.ref.id === runId));
    await demo.faults({ latency: 1_500 });
    try {
      const reading = vscode.commands.executeCommand('skyvia.refreshFailures');
      // Far from the service the histories take a while before the causes are read: each change looked at.
      await whenEvent(x.failures.onDidChange, () => readingCauses(x), 'the causes being read', 60_000);
      await vscode.commands.executeCommand('skyvia.cancelFailures');
      await reading;
    } finally {
      await demo.clearFaults();
    }
    assert.equal(under(), undefined, `run ${runId}: its cause was not read`);
    assert.deepEqual(
      notes(x)
        .filter((n) => n.note === 'causesPending')
        .map((n) => [n.label, n.description]),
      [['Causes not read: 1 failure', 'Refresh to read them']],
    );
    await vscode.commands.executeCommand('skyvia.refreshFailures');
    assert.equal(under()?.words, 'Mailbox quota exceeded for ….');
    assert.ok(!notes(x).some((n) => n.note === 'causesPending'));
  });
});
