import * as assert from 'node:assert/strict';
import { contextOf, demo, find, freshStart, item, label, signedIn } from './helpers';

describe('errors and empty lists are nodes, not pop-ups', () => {
  before(() => freshStart());
  afterEach(() => demo.clearFaults());

  it('shows a failed load as a node with Retry, and retries', async () => {
    const x = await signedIn();
    const node = await find(x, 'Sales Ops', 'Automations');
    x.tree.refresh(node);
    await demo.faults({ failNext: { n: 3, status: 500 } });
    const children = await x.tree.getChildren(node);
    assert.equal(children.length, 1);
    assert.equal(contextOf(x, children[0])[0], 'message');
    assert.match(label(x, children[0]), /Couldn.t load/);
    const retry = item(x, children[0]).command;
    assert.ok(retry, 'the message node offers Retry');
    await import('vscode').then((vscode) => vscode.commands.executeCommand(retry.command, ...(retry.arguments ?? [])));
    const again = await x.tree.getChildren(node);
    assert.ok(again.length > 1 && contextOf(x, again[0])[0] === 'automation');
  });

  it('shows an empty list as "No …"', async () => {
    const x = await signedIn();
    const ws = await find(x, 'Sales Ops', 'Agents');
    const children = await x.tree.getChildren(ws);
    assert.equal(children.length, 1);
    assert.match(label(x, children[0]), /^No agents/i);
  });

  it('shows a 403 on one list as "not allowed" there when the token is still good', async () => {
    // The API answers 403 both for a bad token and for a token that lacks one permission: a
    // single refused list must not sign the user out.
    const x = await signedIn();
    const node = await find(x, 'Finance', 'Backups');
    x.tree.refresh(node);
    await demo.faults({ failNext: { n: 1, status: 403 } });
    const children = await x.tree.getChildren(node);
    assert.equal(x.session.current().state, 'signedIn');
    assert.equal(children.length, 1);
    assert.match(label(x, children[0]), /not allowed/i);
  });

  it('turns a 403 while browsing into one "token rejected" state when the token is refused', async () => {
    const x = await signedIn();
    const node = await find(x, 'Finance', 'Connections');
    x.tree.refresh(node);
    // The list and the check that follows it are both refused: the token itself is bad.
    await demo.faults({ failNext: { n: 2, status: 403 } });
    await x.tree.getChildren(node);
    assert.equal(x.session.current().state, 'rejected');
    const root = await x.tree.getChildren();
    assert.equal(root.length, 1);
    assert.match(label(x, root[0]), /rejected/i);
    assert.equal(item(x, root[0]).command?.command, 'skyvia.signIn');
    // Signing in again brings the tree back.
    assert.ok((await x.session.signInWithToken(demo.url, demo.token)).ok);
    assert.equal(x.session.current().state, 'signedIn');
    assert.ok((await x.tree.getChildren()).length === 1 && contextOf(x, (await x.tree.getChildren())[0])[0] === 'account');
  });
});
