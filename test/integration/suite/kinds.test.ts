// What only a real VS Code can tell of the kinds (test/unit/kinds.test.ts checks the rest against
// the records): every action made from a record is a registered command, and every command
// package.json declares for a kind is one the extension registers.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { ACTIONS } from '../../../src/commands/actions/all';
import { api, EXTENSION_ID } from './helpers';

describe('every kind’s commands in VS Code', () => {
  before(() => api());

  it('registers every action’s command, and every command package.json declares', async () => {
    const registered = new Set(await vscode.commands.getCommands(true));
    const declared = (vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON as { contributes: { commands: { command: string }[] } }).contributes.commands;
    assert.deepEqual(
      [...ACTIONS.map((a) => a.id), ...declared.map((c) => c.command)].filter((id) => !registered.has(id)),
      [],
    );
  });
});
