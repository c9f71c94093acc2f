// The security sweep: once this suite has given every secret its chance to get out — a wrong
// token tried, the token refused while browsing, a service that repeats an agent key and an
// endpoint token in its answers, secrets copied, the session ended and begun again — the token is
// nowhere the user or another program could read it; a hostile name stays text in the tree, its
// tooltip, its details and its panel; secrets stay masked until copied.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { DEMO_FIXTURES as F } from '../../../src/demo/fixtures';
import type { SkyviaExplorerApi } from '../../../src/testing/testApi';
import type { PanelModel } from '../../../src/shared/panelProtocol';
import type { SkyviaExplorerApi as Api, TreeNode } from '../../../src/testing/testApi';
import { parseCsv } from '../../csvReader';
import { demo, find, freshStart, item, label, labels } from './helpers';
import { HISTORY_KINDS, WORKSPACE_ITEMS } from '../../../src/kinds';
import { isEntryKind } from '../../../src/shared/refs';

const HOSTILE = F.hostileIntegration.name;
/** A token tried by mistake: refused, and a secret all the same. */
const WRONG_TOKEN = 'wrong-3f9c2a7d1e5b4c8a9f0e6d2b7a1c4e8f';
const MARKUP = '<img src=x onerror=alert(1)>';
/** What reorders drawn text ("gnp.exe" as "exe.png") and control characters: never in what is shown. */
const UNCLEAN = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/** `F.reversingText` as it must read: without its override. */
const REVERSING_SHOWN = F.reversingText.replace(/\u202E/g, '');
/** Where each kind of entry of the hostile items carries the override: the panel's field. */
const REVERSING_FIELDS: Record<string, string[]> = { run: ['First error'], execution: ['Comment'], request: ['URL', 'User agent'] };
/**
 * The hostile items of the demo account, each with a history whose logs carry `F.hostileText`:
 * one of every kind with a history (from the records), found in the Personal workspace by the
 * markup in its name. A kind added to the records with no hostile item in the demo's seed fails
 * here, named, rather than going unswept.
 */
const HOSTILE_ITEMS: [category: string, name: string][] = [];
async function hostileItems(x: Api): Promise<void> {
  const lacking: string[] = [];
  HOSTILE_ITEMS.length = 0;
  for (const kind of HISTORY_KINDS) {
    const category = WORKSPACE_ITEMS[kind].category.label();
    const names = await labels(x, await find(x, 'Personal', category));
    const name = names.find((n) => n.includes(MARKUP));
    if (name) HOSTILE_ITEMS.push([category, name]);
    else lacking.push(kind);
  }
  assert.deepEqual(lacking, [], 'kinds with a history but no hostile item in the demo’s Personal workspace');
}

/** A failed entry of an item's history (its log tells of the failure), else the first. */
async function failedEntry(x: Api, node: TreeNode): Promise<TreeNode> {
  const entries = (await x.tree.getChildren(node)).filter((n) => n.ref && isEntryKind(n.ref.kind));
  const entry = entries.find((n) => /failed/i.test(String(item(x, n).description))) ?? entries[0];
  assert.ok(entry, 'an entry');
  return entry;
}

/** A panel holds API text only as plain strings in its model; its HTML is the fixed page. */
function assertInert(x: Api, node: TreeNode, model: PanelModel | undefined): void {
  assert.ok(model, 'a panel');
  const html = x.panels.htmlOf(node.ref!) ?? '';
  for (const bad of ['<img', 'onerror', 'command:', '**bold**', 'evil.example']) assert.ok(!html.includes(bad), `no ${bad} in the HTML`);
  assert.ok(JSON.stringify(model).includes(MARKUP), 'the text goes to the webview as data, to be drawn as text');
  for (const [k, v] of model.fields) assert.ok(typeof k === 'string' && typeof v === 'string', 'fields are plain strings');
  for (const text of strings(model)) assert.doesNotMatch(text, UNCLEAN, `nothing reorders or hides text: ${JSON.stringify(text.slice(0, 80))}`);
  for (const field of REVERSING_FIELDS[node.ref!.kind] ?? []) {
    const value = model.fields.find(([k]) => k === field)?.[1] ?? '';
    assert.ok(value.includes(REVERSING_SHOWN), `${node.ref!.kind}: its ${field} reads as sent, without the override: ${value.slice(0, 120)}`);
  }
}

/** Every string in a value. */
function strings(v: unknown): string[] {
  if (typeof v === 'string') return [v];
  if (Array.isArray(v)) return v.flatMap(strings);
  return v && typeof v === 'object' ? Object.values(v).flatMap(strings) : [];
}

describe('security sweep', () => {
  let x: SkyviaExplorerApi;
  /** What was said to the user before this suite began: the sweep reads what came after. */
  let saidBefore: number;
  before(async () => {
    x = await freshStart({ settings: { notifyOnRunEnd: 'all' } });
    saidBefore = x.ui.said().length;
    x.ui.script([]);
    await secretsTheirChance(x);
    await hostileItems(x);
  });
  after(() => x.ui.reset());

  it('shows a hostile name as text in the tree, and inert in its tooltip', async () => {
    const integrations = await x.tree.getChildren(await find(x, 'Personal', 'Integrations'));
    const node = integrations.find((n) => n.ref?.id === String(F.hostileIntegration.integrationId));
    assert.ok(node, 'listed');
    assert.equal(label(x, node), HOSTILE, 'a tree label is plain text: shown as it is');
    const tooltip = (await x.tree.resolveTreeItem(node)).tooltip as vscode.MarkdownString;
    assert.equal(tooltip.isTrusted, undefined, 'no command links run from a tooltip');
    assert.ok(!tooltip.supportHtml, 'no HTML in a tooltip');
    // Escaped characters (`\<`, `\]`) read as themselves; unescaped ones would be markup or a link.
    assert.doesNotMatch(tooltip.value, /(?<!\\)<img|https:\/\/|(?<!\\)\]\(command:/, 'no markup, bare URL or link survives');
    assert.match(tooltip.value, /\\<img/, 'the markup is escaped, so it reads as written');
  });

  it('keeps a hostile name out of panel HTML and in its details as text', async () => {
    const node = (await x.tree.getChildren(await find(x, 'Personal', 'Integrations'))).find((n) => n.ref?.id === String(F.hostileIntegration.integrationId))!;
    await vscode.commands.executeCommand('skyvia.openPanel', node);
    const html = x.panels.htmlOf(node.ref!) ?? '';
    assert.ok(!html.includes('<img src=x') && !html.includes('evil.example'), 'the HTML is the fixed page');
    assert.equal(x.panels.modelOf(node.ref!)?.title, HOSTILE, 'the webview gets the name as data, to draw as text');
    await vscode.commands.executeCommand('skyvia.openItem', node);
    const text = vscode.window.activeTextEditor?.document.getText() ?? '';
    assert.match(text, /^# Scratch \\<img/m, 'escaped in the details document');
  });

  it('shows hostile names and log text as inert text in every kind of panel', async () => {
    for (const [category, name] of HOSTILE_ITEMS) {
      const node = await find(x, 'Personal', category, name);
      await vscode.commands.executeCommand('skyvia.openPanel', node);
      const model = x.panels.modelOf(node.ref!);
      assert.equal(model?.title, name, 'the name, as it is');
      assertInert(x, node, model);
      const entry = await failedEntry(x, node);
      const row = await x.tree.resolveTreeItem(entry);
      const tooltip = row.tooltip instanceof vscode.MarkdownString ? row.tooltip.value : String(row.tooltip ?? '');
      assert.doesNotMatch(`${label(x, entry)} ${String(row.description ?? '')} ${tooltip}`, UNCLEAN, `${entry.ref!.kind}: its row and tooltip`);
      await vscode.commands.executeCommand('skyvia.openPanel', entry);
      const entryModel = x.panels.modelOf(entry.ref!);
      assert.equal(entryModel?.parent, name, `${entry.ref!.kind}: its item named as it is`);
      assertInert(x, entry, entryModel);
      await vscode.commands.executeCommand('skyvia.openItem', entry);
      assert.doesNotMatch(vscode.window.activeTextEditor?.document.getText() ?? '', UNCLEAN, `${entry.ref!.kind}: nor in its details document`);
    }
  });

  it('shows hostile log lines as inert text in every kind of log document', async () => {
    for (const [category, name] of HOSTILE_ITEMS) {
      const entry = await failedEntry(x, await find(x, 'Personal', category, name));
      await vscode.commands.executeCommand('skyvia.openLog', entry);
      const doc = vscode.window.activeTextEditor?.document;
      assert.equal(doc?.uri.scheme, 'skyvia-log');
      assert.ok(doc.getText().includes(F.hostileText), `${entry.ref!.kind}: the log's text as the service sent it`);
      assert.doesNotMatch(doc.getText(), UNCLEAN, `${entry.ref!.kind}: but nothing in it reorders or hides text`);
      const links = await vscode.commands.executeCommand<vscode.DocumentLink[]>('vscode.executeLinkProvider', doc.uri);
      assert.ok(!links.some((l) => l.target?.scheme === 'command'), `${entry.ref!.kind}: no command link in the log`);
      const symbols = await vscode.commands.executeCommand<vscode.DocumentSymbol[]>('vscode.executeDocumentSymbolProvider', doc.uri);
      assert.ok(symbols.length > 0, 'an outline, its names plain text');
    }
  });

  it('exports hostile histories as inert text: nothing that reorders text, no formula, no secret', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skyvia-export-sweep-'));
    try {
      const secrets = [demo.token, ...(await echoedSecrets())];
      for (const [category, name] of HOSTILE_ITEMS) {
        const node = await find(x, 'Personal', category, name);
        for (const ext of ['csv', 'json']) {
          const file = path.join(dir, `${category}.${ext}`);
          const report = await vscode.commands.executeCommand<{ ok: string[] }>('skyvia.exportHistory', node, undefined, { uri: file });
          assert.deepEqual(report?.ok, [name]);
          const text = fs.readFileSync(file, 'utf8');
          assert.doesNotMatch(text.replace(/^\uFEFF/, ''), UNCLEAN, `${category} as ${ext}: nothing reorders or hides text`);
          for (const secret of secrets) assert.ok(!text.includes(secret), `${category} as ${ext}: no secret`);
          if (ext === 'csv') for (const cell of parseCsv(text).flat()) assert.doesNotMatch(cell, /^[=+\-@]/, `${category}: no cell a spreadsheet would run`);
        }
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('never shows the token: not in documents, logs, settings or messages', async () => {
    const docs = vscode.workspace.textDocuments.map((d) => d.getText());
    for (const text of docs) assert.ok(!text.includes(demo.token), 'no open document holds the token');
    const settings = JSON.stringify(vscode.workspace.getConfiguration('skyvia'));
    assert.ok(!settings.includes(demo.token), 'no setting holds the token');
    const info = JSON.stringify(x.session.current());
    assert.ok(!info.includes(demo.token), 'the session info never carries it');
    for (const panelHtml of [
      x.panels.htmlOf({ kind: 'integration', workspaceId: F.hostileIntegration.workspaceId, id: String(F.hostileIntegration.integrationId) }),
    ]) {
      assert.ok(!panelHtml?.includes(demo.token));
    }
    // Everything told to the user since this suite began: messages, confirmations, progress, status.
    const said = x.ui.said().slice(saidBefore);
    for (const told of [
      /failed: Agent «agent key» is offline/,
      /Endpoint «endpoint token» cannot be disabled now/,
      /run of “Legacy ERP Sync \(broken\)” failed/,
      /token was removed from secret storage/,
    ]) {
      assert.ok(
        said.some((t) => told.test(t)),
        `said, to be swept: ${told.source}`,
      );
    }
    const secrets = [demo.token, WRONG_TOKEN, ...(await echoedSecrets())];
    for (const text of said) for (const secret of secrets) assert.ok(!text.includes(secret), `no message holds a secret: ${text.slice(0, 80)}`);
  });

  it('never writes the token to a log: the output channel and every other log of the extension host', async () => {
    // The output channel's file lives beside the extension's log folder, under the host's logs.
    const hostLogs = path.dirname(x.logFolder);
    const files = listFiles(hostLogs).filter((f) => f.endsWith('.log'));
    const texts = files.map((f) => fs.readFileSync(f, 'utf8'));
    assert.ok(
      texts.some((t) => /GET \/v1\/workspaces → 200/.test(t)),
      `the Skyvia channel's requests are among the ${files.length} logs read`,
    );
    assert.ok(
      texts.some((t) => /GET \/v1\/workspaces → 403/.test(t)),
      'the wrong token’s refusal is among them',
    );
    const secrets = [demo.token, WRONG_TOKEN, ...(await echoedSecrets())];
    for (const [i, t] of texts.entries()) for (const secret of secrets) assert.ok(!t.includes(secret), `${files[i]} holds no secret`);
  });

  it('masks agent keys and endpoint tokens in details and JSON until copied on purpose', async () => {
    const [agent] = await x.tree.getChildren(await find(x, 'Data Platform', 'Agents'));
    await vscode.commands.executeCommand('skyvia.openItem', agent);
    const details = vscode.window.activeTextEditor?.document.getText() ?? '';
    await vscode.commands.executeCommand('skyvia.copyAgentKey', agent);
    const key = await vscode.env.clipboard.readText();
    assert.ok(key.length >= 16);
    assert.ok(!details.includes(key), 'the key is not in the details');
    const [endpoint] = await x.tree.getChildren(await find(x, 'Data Platform', 'Endpoints'));
    await vscode.commands.executeCommand('skyvia.openPanel', endpoint);
    await vscode.commands.executeCommand('skyvia.copyEndpointToken', endpoint);
    const token = await vscode.env.clipboard.readText();
    const model = JSON.stringify(x.panels.modelOf(endpoint.ref!));
    assert.ok(!model.includes(token), 'the endpoint token is not sent to its panel');
  });
});

/**
 * Every road a secret could take out, taken: a wrong token tried at sign-in; the token refused
 * while browsing, then signed in again; a test of an agent and a disable of an endpoint whose
 * answers repeat the agent's key and the endpoint's token, from the tree and from the chat; the
 * key, the token and an agent's JSON copied; details, a panel and a log opened; a run that fails
 * told; signed out from the command (its message) and in again.
 */
async function secretsTheirChance(x: SkyviaExplorerApi): Promise<void> {
  const run = (command: string, ...args: unknown[]) => vscode.commands.executeCommand(command, ...args);
  const refused = await x.session.signInWithToken(demo.url, WRONG_TOKEN);
  assert.ok(!refused.ok && 'error' in refused && refused.error.kind === 'auth', 'the wrong token is refused');
  assert.ok(
    !refused.ok && 'error' in refused && !`${refused.error.message} ${refused.error.userMessage}`.includes(WRONG_TOKEN),
    'the wrong token is not in its refusal',
  );
  assert.equal(x.session.current().state, 'signedIn', 'still signed in with the right one');

  // Refused while browsing: the list and the token's re-check both get a 403.
  const connections = await find(x, 'Finance', 'Connections');
  x.tree.refresh(connections);
  await demo.faults({ failNext: { n: 2, status: 403 } });
  await x.tree.getChildren(connections);
  await demo.clearFaults();
  assert.equal(x.session.current().state, 'rejected', 'the token was refused');
  assert.ok((await x.session.signInWithToken(demo.url, demo.token)).ok);

  // A service that repeats secrets: from the tree, and from the chat.
  const laptop = await find(x, 'Personal', 'Agents', "Dana's laptop");
  await run('skyvia.testAgent', laptop);
  await run('skyvia.disableEndpoint', await find(x, 'Personal', 'Endpoints', F.hostileEndpoint.name));
  for (const [tool, input] of [
    ['skyvia_test', { kind: 'agent', workspaceId: F.echoesSecrets.workspaceId, id: F.echoesSecrets.agentId }],
    ['skyvia_set_enabled', { kind: 'endpoint', enabled: false, workspaceId: F.echoesSecrets.workspaceId, id: F.echoesSecrets.endpointId }],
    ['skyvia_find_items', { kinds: ['agent', 'endpoint'] }],
  ] as const) {
    await vscode.lm.invokeTool(tool, { input, toolInvocationToken: undefined });
  }
  await run('skyvia.copyJson', laptop);
  await run('skyvia.copyAgentKey', laptop);
  const [endpoint] = await x.tree.getChildren(await find(x, 'Data Platform', 'Endpoints'));
  await run('skyvia.copyEndpointToken', endpoint);
  await run('skyvia.openItem', laptop);
  await run('skyvia.openPanel', endpoint);

  // A run that fails, told with its log's first error.
  const broken = await find(x, 'Data Platform', 'Integrations', 'Legacy ERP Sync (broken)');
  await run('skyvia.runIntegration', broken);
  await demo.control('advance', { ms: 7_000 });
  for (let i = 0; i < 20 && x.watch.scheduled(); i++) await x.watch.tickNow();
  await run(
    'skyvia.openLog',
    (await x.tree.getChildren(broken)).find((n) => n.ref?.kind === 'run'),
  );

  // Signed out from the command (it says what happened to the token), and in again.
  await run('skyvia.signOut');
  assert.ok((await x.session.signInWithToken(demo.url, demo.token)).ok);
}

/** The key and the token the demo service repeats in its messages (`secretsTheirChance` made it say them). */
async function echoedSecrets(): Promise<string[]> {
  const get = async (path: string) =>
    (await (await fetch(`${demo.url}/v1/workspaces/${F.echoesSecrets.workspaceId}/${path}`, { headers: { Authorization: demo.token } })).json()) as Record<
      string,
      string
    >;
  return [(await get(`agents/${F.echoesSecrets.agentId}`)).key, (await get(`endpoints/${F.echoesSecrets.endpointId}`)).token];
}

function listFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? listFiles(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}
