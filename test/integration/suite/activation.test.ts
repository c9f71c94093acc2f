import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { EXTENSION_ID, api } from './helpers';

describe('activation', () => {
  it('is installed and not activated before anything asks for it', () => {
    const ext = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(ext);
    assert.equal(ext.isActive, false, 'the extension must activate on demand, not at startup');
  });

  it('activates and registers every contributed command', async () => {
    await api();
    const contributed = (vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON as { contributes: { commands: { command: string }[] } }).contributes.commands.map((c) => c.command);
    const registered = new Set(await vscode.commands.getCommands(true));
    assert.ok(contributed.length >= 10);
    assert.deepEqual(contributed.filter((c) => !registered.has(c)), []);
  });

  it('starts signed out, with an empty tree (the welcome content shows)', async () => {
    const x = await api();
    assert.equal(await x.session.resolve(), 'signedOut');
    assert.deepEqual(await x.tree.getChildren(), []);
    assert.equal(x.requestCount(), 0, 'nothing is fetched while signed out');
  });
});
