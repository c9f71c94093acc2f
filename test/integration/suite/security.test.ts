// The security sweep: after the suites before it exercised every command with a known token,
// the token is nowhere the user or another program could read it; a hostile name stays text in
// the tree, its tooltip, its details and its panel; secrets stay masked until copied.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { DEMO_FIXTURES as F } from '../../../src/demo/fixtures';
import type { SkyviaExplorerApi } from '../../../src/testApi';
import { demo, find, label, signedIn } from './helpers';

const HOSTILE = F.hostileIntegration.name;

describe('security sweep', () => {
  let x: SkyviaExplorerApi;
  before(async () => {
    x = await signedIn();
    x.ui.script([]);
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

  it('never shows the token: not in documents, logs, settings or messages', async () => {
    const docs = vscode.workspace.textDocuments.map((d) => d.getText());
    for (const text of docs) assert.ok(!text.includes(demo.token), 'no open document holds the token');
    const settings = JSON.stringify(vscode.workspace.getConfiguration('skyvia'));
    assert.ok(!settings.includes(demo.token), 'no setting holds the token');
    const info = JSON.stringify(x.session.current());
    assert.ok(!info.includes(demo.token), 'the session info never carries it');
    for (const panelHtml of [x.panels.htmlOf({ kind: 'integration', workspaceId: F.hostileIntegration.workspaceId, id: String(F.hostileIntegration.integrationId) })]) {
      assert.ok(!panelHtml?.includes(demo.token));
    }
    // Everything told to the user by every suite before this one: messages, confirmations, progress, status.
    const said = x.ui.said();
    assert.ok(said.length > 0, 'something was said to check');
    for (const text of said) assert.ok(!text.includes(demo.token), `no message holds the token: ${text.slice(0, 80)}`);
  });

  it('never writes the token to a log: the output channel and every other log of the extension host', async () => {
    // The output channel's file lives beside the extension's log folder, under the host's logs.
    const hostLogs = path.dirname(x.logFolder);
    const files = listFiles(hostLogs).filter((f) => f.endsWith('.log'));
    const texts = files.map((f) => fs.readFileSync(f, 'utf8'));
    assert.ok(texts.some((t) => /GET \/v1\/workspaces → 200/.test(t)), `the Skyvia channel's requests are among the ${files.length} logs read`);
    for (const [i, t] of texts.entries()) assert.ok(!t.includes(demo.token), `${files[i]} holds no token`);
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

function listFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? listFiles(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}
