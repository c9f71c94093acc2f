// Live runs inside VS Code against the demo service, its clock moved by hand: what is polled,
// how often, and that nothing at all is sent when nothing runs.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ActionReport } from '../../../src/commands/runner';
import type { SkyviaExplorerApi } from '../../../src/testing/testApi';
import { demo, find, signedInQuietly, whenEvent } from './helpers';

const op = async (name: string) => ((await demo.control('stats')) as { byOperation: Record<string, number> }).byOperation[name] ?? 0;
const advance = (ms: number) => demo.control('advance', { ms });
const run = (command: string, ...args: unknown[]) => vscode.commands.executeCommand<ActionReport | undefined>(command, ...args);

async function settleAll(x: SkyviaExplorerApi): Promise<void> {
  await advance(7_000);
  for (let i = 0; i < 20 && x.watch.scheduled(); i++) await x.watch.tickNow();
  assert.equal(x.watch.scheduled(), false, 'every run ended');
}

describe('live runs', () => {
  let x: SkyviaExplorerApi;

  // "Lead enrichment" executes for as long as it is enabled: disabled, its execution ends and
  // nothing runs any more.
  signedInQuietly((api) => (x = api), { nothingRunning: true });
  after(() => demo.clearFaults());

  it('sends nothing and sets no timer while nothing runs', async () => {
    await settleAll(x);
    const before = x.requestCount();
    await x.watch.tickNow();
    await advance(3_600_000);
    assert.equal(x.requestCount(), before, 'not one request');
    assert.equal(x.watch.scheduled(), false);
    assert.equal(x.watch.statusText(), undefined);
  });

  it('watches three runs at once with one request each per poll', async () => {
    const names = ['Jira Issues → BigQuery', 'HubSpot Contacts Import', 'Shopify Webhook Loader'];
    const start = Date.now();
    for (const name of names) await run('skyvia.runIntegration', await find(x, 'Data Platform', 'Integrations', name));
    assert.equal(x.watch.statusText(), '$(sync~spin) 3 running');
    const category = await find(x, 'Data Platform', 'Integrations');
    assert.match(String(x.tree.getTreeItem(category).description), /3 running/);
    const before = await op('getActiveIntegrationRun');
    const { ticks, requests } = x.watch.stats();
    await x.watch.tickNow();
    // A focus change may add a poll of its own: count per poll.
    const polls = x.watch.stats().ticks - ticks;
    assert.ok(polls >= 1);
    assert.equal(x.watch.stats().requests - requests, 3 * polls, 'one request per run per poll');
    // The service saw them (and perhaps a read of the view's own, were a history on screen reloaded).
    assert.ok((await op('getActiveIntegrationRun')) - before >= 3);
    await settleAll(x);
    const ended = x.state.activity().filter((r) => names.includes(r.itemName) && r.seenAt >= start && r.endedAt !== undefined);
    assert.equal(ended.length, 3);
    assert.match(String(x.tree.getTreeItem(category).description ?? ''), /^(?!.*running)/, 'no "running" left on the category');
  });

  it('backs off under a 503 and a 429 with Retry-After, then carries on', async () => {
    const node = await find(x, 'Data Platform', 'Integrations', 'Nightly Warehouse Load');
    await run('skyvia.runIntegration', node);
    // Three 503s: the read's own retries (it is idempotent) give up too, and the watcher backs off.
    await demo.faults({ failNext: { n: 3, status: 503 } });
    await x.watch.tickNow();
    assert.ok((x.watch.nextDelayMs() ?? 0) >= 9_000, `after a 503: ${x.watch.nextDelayMs()} ms`);
    await demo.faults({ failNext: { n: 1, status: 429, retryAfter: 40 } });
    await x.watch.tickNow();
    assert.ok((x.watch.nextDelayMs() ?? 0) >= 39_000, `after a 429: ${x.watch.nextDelayMs()} ms`);
    assert.ok(x.state.activeRun(node.ref!), 'still watched');
    await settleAll(x);
  });

  it('on a 403 mid-watch, re-checks the token once and shows the sign-in state when it is refused', async () => {
    const node = await find(x, 'Data Platform', 'Integrations', 'Customer 360 Build');
    await run('skyvia.runIntegration', node);
    // Every request gets a 403 (the poll, the token's re-check, anything the view asks meanwhile): the token is dead.
    await demo.faults({ failNext: { n: 20, status: 403 } });
    await x.watch.tickNow();
    assert.equal(x.watch.scheduled(), false, 'watching stopped');
    assert.equal(x.session.current().state, 'rejected');
    const [root] = await x.tree.getChildren();
    assert.match(String(x.tree.getTreeItem(root).label), /Token rejected/);
    // Signing in again starts a new session: nothing of the old one is watched.
    await demo.clearFaults();
    await x.session.signInWithToken(demo.url, demo.token);
    assert.equal(x.state.activeRun(node.ref!), undefined);
    await advance(7_000);
  });

  it('updates an open run’s details as it moves on', async () => {
    const node = await find(x, 'Data Platform', 'Integrations', 'Postgres → S3 Parquet Archive');
    await run('skyvia.runIntegration', node);
    await run('skyvia.showActiveRun', node);
    const doc = vscode.window.activeTextEditor?.document;
    assert.ok(doc);
    assert.match(doc.getText(), /\| State \| (New|Queued)/);
    await advance(2_000);
    await x.watch.tickNow();
    await whenEvent(vscode.workspace.onDidChangeTextDocument, () => /\| State \| Running/.test(doc.getText()), 'the document to say Running');
    await settleAll(x);
    await whenEvent(vscode.workspace.onDidChangeTextDocument, () => /\| State \| Succeeded/.test(doc.getText()), 'the document to say Succeeded');
  });
});
