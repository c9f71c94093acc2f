import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { DEMO_FIXTURES as F } from '../../../src/demo/fixtures';
import type { TreeNode } from '../../../src/testing/testApi';
import { contextOf, demo, find, freshStart, item, setting, signedIn } from './helpers';

describe('paging through "Load more…"', () => {
  before(() => freshStart());
  afterEach(() => setting('pageSize', undefined));

  it('pages to the end of a 1,000-item history, one request per page', async () => {
    await setting('pageSize', 200);
    const x = await signedIn();
    const automation = await find(x, 'Data Platform', 'Automations', 'Order webhook → Slack alert');
    x.tree.refresh(automation);
    const pages = async () => ((await demo.control('stats')) as { byOperation: Record<string, number> }).byOperation.listAutomationExecutions ?? 0;
    const before = await pages();
    let children = await x.tree.getChildren(automation);
    assert.equal(children.length, 201, '200 executions and a Load more node');
    for (let guard = 0; guard < 10; guard++) {
      const last: TreeNode = children[children.length - 1];
      if (contextOf(x, last)[0] !== 'loadMore') break;
      assert.equal(item(x, last).label, 'Load more…');
      assert.match(String(item(x, last).description), /\d+ loaded/);
      await vscode.commands.executeCommand('skyvia.loadMore', last);
      children = await x.tree.getChildren(automation);
    }
    const executions = children.filter((n) => contextOf(x, n)[0] === 'execution');
    assert.equal(executions.length, F.automations.bigHistory.executions);
    assert.equal(contextOf(x, children[children.length - 1])[0], 'execution', 'no Load more once the list is complete');
    // The history's pages, one request each (its expansion also reads the automation's state, alongside the first).
    assert.equal((await pages()) - before, 5);
  });

  it('uses the page size setting, and a change refreshes the tree', async () => {
    const x = await signedIn();
    await setting('pageSize', 7);
    const node = await find(x, 'Data Platform', 'Integrations', 'Orders → Warehouse (hourly)');
    const children = await x.tree.getChildren(node);
    assert.equal(children.length, 8);
    assert.equal(contextOf(x, children[7])[0], 'loadMore');
  });
});
