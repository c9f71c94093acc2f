// Actions end to end inside VS Code: the command as a menu or the palette calls it, the one
// request it sends to the demo service (counted there), what it asks and says (a scripted
// prompter keeps the transcript), and what the tree shows afterwards.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { DEMO_FIXTURES as F } from '../../../src/demo/fixtures';
import type { ScriptedPrompter } from '../../../src/testing/scriptedPrompter';
import type { ActionReport } from '../../../src/commands/runner';
import type { SkyviaExplorerApi, TreeNode } from '../../../src/testing/testApi';
import { contextOf, demo, find, freshStart, item, label, letRunsEnd, until } from './helpers';
import { HISTORIES, HISTORY_KINDS } from '../../../src/kinds';
import { CommandId } from '../../../src/shared/commandIds';
import { isEntryKind } from '../../../src/shared/refs';

interface DemoStats {
  requests: number;
  byOperation: Record<string, number>;
  runsStarted: number;
  snapshotsStarted: number;
}

const stats = async () => (await demo.control('stats')) as DemoStats;
const op = async (name: string) => (await stats()).byOperation[name] ?? 0;
const advance = (ms: number) => demo.control('advance', { ms });
const run = (command: string, ...args: unknown[]) => vscode.commands.executeCommand<ActionReport | undefined>(command, ...args);
const messages = (ui: ScriptedPrompter) =>
  ui.transcript.filter((t) => t.kind === 'message' || t.kind === 'status').map((t) => `${t.severity ?? 'status'}: ${t.text}`);

/** The node of a Data Platform item, found again after a refresh may have replaced it. */
const node = (x: SkyviaExplorerApi, category: string, name: string | RegExp) => find(x, 'Data Platform', category, name);

describe('actions', () => {
  let x: SkyviaExplorerApi;
  let ui: ScriptedPrompter;

  before(async () => {
    x = await freshStart({ settings: { pageSize: 50, notifyOnRunEnd: 'all' } });
  });
  beforeEach(() => {
    ui = x.ui.script([]);
  });
  afterEach(async () => {
    x.ui.reset();
    await demo.clearFaults();
  });

  describe('runs', () => {
    it('runs an integration from its node: one request, the spinner, the watcher, the outcome', async () => {
      const target = await node(x, 'Integrations', 'Postgres → S3 Parquet Archive');
      const started = (await stats()).runsStarted;
      assert.ok(!x.watch.scheduled(), 'nothing polled while nothing runs');

      const report = await run('skyvia.runIntegration', target);
      assert.deepEqual(report?.ok, ['Postgres → S3 Parquet Archive']);
      assert.equal((await stats()).runsStarted, started + 1, 'exactly one run started');
      assert.match(messages(ui).join('\n'), /Started a run of “Postgres → S3 Parquet Archive” \(run \d+/);

      const now = (await node(x, 'Integrations', 'Postgres → S3 Parquet Archive')) as TreeNode;
      assert.ok(contextOf(x, now).includes('running'), contextOf(x, now).join(' '));
      assert.ok(contextOf(x, now).includes('cancelRun') && !contextOf(x, now).includes('runIntegration'), 'Cancel replaces Run while it runs');
      assert.match(String(item(x, now).description), /new|queued|running/i);
      assert.ok(x.watch.scheduled(), 'the watcher follows the run');
      assert.equal(x.watch.statusText(), '$(sync~spin) 1 running');
      const [first] = await x.tree.getChildren(now);
      assert.ok(contextOf(x, first).includes('active'), 'the run under way leads its history');

      await advance(7_000);
      const ended = await until(x, 'the run ended', () =>
        x.state.activity().find((r) => r.item.id === String(F.idleIntegrationId) && r.outcome === 'succeeded'),
      );
      assert.equal(ended.startedHere, true);
      assert.equal(x.state.activeRun(ended.item), null);
      assert.ok(!x.watch.scheduled(), 'no timer once nothing runs');
      assert.equal(x.watch.statusText(), undefined);
      assert.match(messages(ui).join('\n'), /The run of “Postgres → S3 Parquet Archive” succeeded \(run \d+ · [1-9][\d,]* rows · \d+ s\)/);
      const after = await node(x, 'Integrations', 'Postgres → S3 Parquet Archive');
      assert.ok(contextOf(x, after).includes('runIntegration'));
      const [newest] = await x.tree.getChildren(after);
      assert.equal(newest.ref?.id, ended.ref.id, 'the finished run tops the history');
      assert.ok(contextOf(x, newest).includes('succeeded'));
    });

    it('starts one run when Run is pressed twice', async () => {
      const target = await node(x, 'Integrations', 'Jira Issues → BigQuery');
      const started = (await stats()).runsStarted;
      const [a, b] = await Promise.all([run('skyvia.runIntegration', target), run('skyvia.runIntegration', target)]);
      assert.equal((await stats()).runsStarted, started + 1);
      assert.equal([...(a?.ok ?? []), ...(b?.ok ?? [])].length, 1);
      assert.equal([...(a?.skipped ?? []), ...(b?.skipped ?? [])].length, 1);
      await advance(7_000);
      await until(x, 'idle again', () => x.state.activeRun(target.ref!) === null);
    });

    it('never retries a Run that got a 503, and offers Retry', async () => {
      const target = await node(x, 'Integrations', 'Shopify Webhook Loader');
      const before = await op('runIntegration');
      const started = (await stats()).runsStarted;
      await demo.faults({ failNext: { n: 1, status: 503 } });
      const report = await run('skyvia.runIntegration', target);
      assert.equal(report?.failed.length, 1);
      assert.equal((await op('runIntegration')) - before, 1, 'one attempt, no retry');
      assert.equal((await stats()).runsStarted, started);
      const told = ui.transcript.find((t) => t.kind === 'message' && t.severity === 'error');
      assert.ok(told, messages(ui).join('\n'));
      assert.match(told.text, /Shopify Webhook Loader/);
      assert.ok(told.options?.includes('Retry'), `buttons: ${told.options?.join(', ')}`);
    });

    it('asks before Kill, and sends nothing when declined', async () => {
      const target = await node(x, 'Integrations', 'Customer 360 Build');
      await run('skyvia.runIntegration', target);
      await advance(2_000);
      const killsBefore = await op('killIntegrationRun');
      ui = x.ui.script([{ confirm: false }]);
      const declined = await run('skyvia.killRun', target);
      assert.equal(declined?.cancelled, true);
      assert.equal(await op('killIntegrationRun'), killsBefore, 'nothing sent');
      assert.equal(ui.transcript[0].kind, 'confirm');
      assert.match(ui.transcript[0].text, /Kill the run of “Customer 360 Build”\?/);

      ui = x.ui.script([{ confirm: true }]);
      const killed = await run('skyvia.killRun', target);
      assert.deepEqual(killed?.ok, ['Customer 360 Build']);
      assert.equal((await op('killIntegrationRun')) - killsBefore, 1);
      const ended = await until(x, 'the kill shows', () => x.state.activity().find((r) => r.item.id === '18240' && r.outcome === 'canceled'));
      assert.match(ended.state, /Cancel/);
    });

    it('cancels a run: Canceling at once, then Canceled', async () => {
      const target = await node(x, 'Integrations', 'Nightly Warehouse Load');
      await run('skyvia.runIntegration', target);
      await advance(2_000);
      const report = await run('skyvia.cancelRun', await node(x, 'Integrations', 'Nightly Warehouse Load'));
      assert.deepEqual(report?.ok, ['Nightly Warehouse Load']);
      assert.equal(x.state.activeRun(target.ref!)?.state, 'Canceling');
      await advance(2_000);
      const ended = await until(x, 'canceled', () =>
        x.state.activity().find((r) => r.item.id === String(F.integrations.inactiveSchedule.integrationId) && r.outcome === 'canceled'),
      );
      assert.equal(ended.state, 'Canceled');
    });

    it('tells how a failed run failed, with Show Details', async () => {
      const target = await node(x, 'Integrations', 'Legacy ERP Sync (broken)');
      ui.script([]);
      await run('skyvia.runIntegration', target);
      await advance(7_000);
      await until(x, 'the failure', () => x.state.activity().find((r) => r.item.id === String(F.failingIntegrationId) && r.outcome === 'failed'));
      const told = ui.transcript.find((t) => t.kind === 'message' && t.severity === 'error');
      assert.ok(told, messages(ui).join('\n'));
      assert.match(told.text, /The run of “Legacy ERP Sync \(broken\)” failed/);
      assert.deepEqual(told.options, ['Show Details', 'Open Log']);
    });

    it('creates a backup snapshot and follows it to the end', async () => {
      const target = await node(x, 'Backups', 'PostgreSQL Orders Backup');
      const started = (await stats()).snapshotsStarted;
      const report = await run('skyvia.createSnapshot', target);
      assert.deepEqual(report?.ok, ['PostgreSQL Orders Backup']);
      assert.equal((await stats()).snapshotsStarted, started + 1);
      await advance(7_000);
      const ended = await until(x, 'the snapshot ended', () =>
        x.state.activity().find((r) => r.ref.kind === 'snapshot' && r.item.id === String(F.backups.inactiveSchedule.backupId) && r.endedAt !== undefined),
      );
      assert.ok(['succeeded', 'failed'].includes(ended.outcome), ended.outcome);
    });

    it('says when nothing runs, and shows the run that does', async () => {
      const idle = await node(x, 'Integrations', 'Nightly Warehouse Load');
      await run('skyvia.showActiveRun', idle);
      assert.match(messages(ui).join('\n'), /Nothing is running for “Nightly Warehouse Load” right now/);
      const executing = await node(x, 'Automations', /Lead enrichment/);
      const report = await run('skyvia.showActiveRun', executing);
      assert.equal(report?.ok.length, 1);
      const doc = vscode.window.activeTextEditor?.document;
      assert.ok(doc, 'a details document is open');
      assert.match(doc.getText(), /Executing/);
    });
  });

  describe('schedules, toggles and tests', () => {
    it('tells "no schedule defined" as a state, on hover and on Enable (a 404), never as an error', async () => {
      const target = await node(x, 'Integrations', 'Shopify Webhook Loader');
      const hover = await x.tree.resolveTreeItem(target);
      assert.match((hover.tooltip as vscode.MarkdownString).value, /Schedule:\*\* none defined/);
      const fresh = await node(x, 'Integrations', 'Shopify Webhook Loader');
      assert.ok(!contextOf(x, fresh).includes('enableSchedule'), 'no Enable offered without a schedule');
      const report = await run('skyvia.enableSchedule', fresh);
      assert.deepEqual(report?.failed, []);
      assert.ok(!ui.transcript.some((t) => t.severity === 'error'));
      assert.match(messages(ui).join('\n'), /has no schedule defined/);
    });

    it('enables and disables a schedule, and the node follows', async () => {
      let target = await node(x, 'Integrations', 'Nightly Warehouse Load');
      await run('skyvia.enableSchedule', target);
      target = await node(x, 'Integrations', 'Nightly Warehouse Load');
      assert.ok(contextOf(x, target).includes('scheduled'), contextOf(x, target).join(' '));
      assert.ok(contextOf(x, target).includes('disableSchedule'));
      await run('skyvia.disableSchedule', target);
      target = await node(x, 'Integrations', 'Nightly Warehouse Load');
      assert.ok(!contextOf(x, target).includes('scheduled'));
      assert.match(messages(ui).join('\n'), /Enabled the schedule of “Nightly Warehouse Load”[\s\S]*Disabled the schedule/);
    });

    it('enables and disables a backup schedule, showing what came back', async () => {
      const target = await node(x, 'Backups', 'PostgreSQL Orders Backup');
      const reads = await op('getBackupSchedule');
      const hover = await x.tree.resolveTreeItem(target);
      assert.match((hover.tooltip as vscode.MarkdownString).value, /Schedule:\*\* off/);
      // The seed contract answers the schedule read with an empty body: the backup's row says "off".
      assert.equal((await op('getBackupSchedule')) - reads, 1, 'read on hover');
      await run('skyvia.enableSchedule', target);
      assert.equal(x.state.of(target.ref!).schedule, 'active');
      await run('skyvia.disableSchedule', await node(x, 'Backups', 'PostgreSQL Orders Backup'));
      assert.equal(x.state.of(target.ref!).schedule, 'inactive');
      assert.ok(!ui.transcript.some((t) => t.severity === 'error'), messages(ui).join('\n'));
    });

    it('disables and enables an endpoint', async () => {
      const name = label(
        x,
        (await x.tree.getChildren(await find(x, 'Data Platform', 'Endpoints'))).find((n) => contextOf(x, n).includes('active'))!,
      );
      await run('skyvia.disableEndpoint', await node(x, 'Endpoints', name));
      assert.ok(contextOf(x, await node(x, 'Endpoints', name)).includes('inactive'));
      await run('skyvia.enableEndpoint', await node(x, 'Endpoints', name));
      assert.ok(contextOf(x, await node(x, 'Endpoints', name)).includes('active'));
    });

    it('disables an automation and shows its state', async () => {
      const target = await node(x, 'Automations', 'Daily revenue digest');
      await run('skyvia.disableAutomation', target);
      assert.equal(x.state.of(target.ref!).enabled, false);
      assert.ok(contextOf(x, await node(x, 'Automations', 'Daily revenue digest')).includes('enableAutomation'));
      await run('skyvia.enableAutomation', await node(x, 'Automations', 'Daily revenue digest'));
      assert.equal(x.state.of(target.ref!).enabled, true);
    });

    it('tests connections: a pass, and a 200 that says it failed is a failure', async () => {
      const all = await x.tree.getChildren(await find(x, 'Data Platform', 'Connections'));
      const good = all.find((n) => n.ref?.id === String(F.connections.agent.connectionId))!;
      const bad = all.find((n) => n.ref?.id === String(F.connections.offlineAgent.connectionId))!;
      await run('skyvia.testConnection', good);
      assert.equal(x.state.of(good.ref!).test?.verdict, 'passed');
      await run('skyvia.testConnection', bad);
      assert.equal(x.state.of(bad.ref!).test?.verdict, 'failed');
      const told = ui.transcript.filter((t) => t.kind === 'message');
      assert.equal(told[0].severity, 'info');
      assert.equal(told[1].severity, 'error');
      assert.ok(told[1].options?.includes('Test Again'));
    });

    it('tests several agents at once from a multi-selection, with one summary', async () => {
      const agents = await x.tree.getChildren(await find(x, 'Data Platform', 'Agents'));
      const before = await op('testAgent');
      const report = await run('skyvia.testAgent', agents[0], agents);
      assert.equal(report?.ok.length, agents.length);
      assert.equal((await op('testAgent')) - before, agents.length, 'one request per agent');
      const told = ui.transcript.filter((t) => t.kind === 'message');
      assert.equal(told.length, 1, 'one summary, not one toast per agent');
      assert.match(told[0].text, /of \d+ agents passed their test/);
    });
  });

  describe('the palette', () => {
    it('asks for the target when none is given, and remembers it first next time', async () => {
      ui.script([{ pick: 'Integration' }, { pick: 'Another integration…' }, { pick: 'Data Platform' }, { pick: 'Salesforce Accounts → BigQuery' }]);
      const report = await run('skyvia.disableSchedule');
      assert.deepEqual(report?.ok, ['Salesforce Accounts → BigQuery'], ui.transcript.map((t) => `${t.kind}: ${t.text} [${t.options?.join(' | ')}]`).join('\n'));
      ui = x.ui.script([{ pick: 'Integration' }, { pick: 'Salesforce Accounts → BigQuery' }]);
      const again = await run('skyvia.enableSchedule');
      assert.deepEqual(again?.ok, ['Salesforce Accounts → BigQuery'], ui.transcript.map((t) => `${t.kind}: ${t.text} [${t.options?.join(' | ')}]`).join('\n'));
      const recent = ui.transcript.filter((t) => t.kind === 'pick')[1];
      assert.equal(recent.options![0], 'Salesforce Accounts → BigQuery', 'the last target comes first');
    });

    it('keeps recently used items per account: beside another account, each says whose, and the other starts from its own account', async () => {
      const picks = () => ui.transcript.filter((t) => t.kind === 'pick').map((t) => t.options ?? []);
      await x.session.startDemo();
      try {
        ui = x.ui.script([{ pick: 'Integration' }, { pick: 'Another integration…' }, { cancel: true }]);
        await run('skyvia.enableSchedule');
        const [, recent, account] = picks();
        assert.equal(recent[0], 'Salesforce Accounts → BigQuery', 'the first account’s recently used item, still first');
        // Another item: which account is asked first, since ids mean nothing across accounts.
        assert.deepEqual(account, [new URL(demo.url).host, 'Demo account']);
      } finally {
        await x.accounts.signOut('demo');
      }
      ui = x.ui.script([{ pick: 'Integration' }, { cancel: true }]);
      await run('skyvia.enableSchedule');
      assert.equal(picks()[1][0], 'Salesforce Accounts → BigQuery', 'one account again: its list as before');
    });

    it('backs out quietly on Escape', async () => {
      ui.script([{ cancel: true }]);
      const report = await run('skyvia.runIntegration');
      assert.equal(report?.cancelled, true);
      assert.deepEqual(messages(ui), []);
    });
  });

  describe('people', () => {
    it('invites a user through the multi-step input, checking the e-mail as typed', async () => {
      const account = (await x.tree.getChildren())[0];
      ui.script([{ input: 'not-an-email' }]);
      const refused = await run('skyvia.inviteUser', account);
      assert.equal(refused?.cancelled, true);
      assert.match(ui.transcript[0].invalid ?? '', /e-mail address/);

      ui = x.ui.script([{ input: 'new.person@example.com' }, { pick: 'Member' }, { pick: ['Data Platform'] }, { pick: /Developer/ }]);
      const before = await op('inviteUser');
      const report = await run('skyvia.inviteUser', account);
      assert.equal(report?.ok.length, 1, messages(ui).join('\n'));
      assert.equal((await op('inviteUser')) - before, 1);
      const invitations = await x.tree.getChildren(await find(x, 'Invitations'));
      assert.ok(invitations.some((n) => label(x, n) === 'new.person@example.com'));
    });

    it('tells which field a 400 is about, and offers to edit the invitation', async () => {
      const account = (await x.tree.getChildren())[0];
      await run('skyvia.inviteUser', account, undefined, {
        email: 'someone@example.com',
        userType: 'Member',
        workspaces: [{ workspaceId: F.workspaceId, roleId: 999999 }],
      });
      const told = ui.transcript.find((t) => t.kind === 'message' && t.severity === 'error');
      assert.ok(told, messages(ui).join('\n'));
      assert.match(told.text, /role/i);
      assert.ok(told.options?.includes('Edit Invitation'));
    });

    it('asks before deleting an invitation', async () => {
      const invitations = await x.tree.getChildren(await find(x, 'Invitations'));
      const target = invitations.find((n) => label(x, n) === 'new.person@example.com')!;
      ui.script([{ confirm: true }]);
      await run('skyvia.deleteInvitation', target);
      assert.equal(ui.transcript[0].kind, 'confirm');
      assert.ok(!(await x.tree.getChildren(await find(x, 'Invitations'))).some((n) => label(x, n) === 'new.person@example.com'));
    });

    it('resends an invitation', async () => {
      const [first] = await x.tree.getChildren(await find(x, 'Invitations'));
      const before = await op('resendInvitation');
      const report = await run('skyvia.resendInvitation', first);
      assert.equal(report?.ok.length, 1, messages(ui).join('\n'));
      assert.equal((await op('resendInvitation')) - before, 1);
    });

    it('removes an account user by e-mail only after a yes', async () => {
      const users = await x.tree.getChildren(await find(x, 'Users'));
      const jonas = users.find((n) => /Jonas/.test(label(x, n)))!;
      ui.script([{ confirm: false }]);
      const before = await op('removeAccountUser');
      await run('skyvia.removeAccountUser', jonas);
      assert.equal(await op('removeAccountUser'), before, 'declined: nothing sent');
      assert.match(ui.transcript[0].text, /Jonas/);
      ui = x.ui.script([{ confirm: true }]);
      await run('skyvia.removeAccountUser', jonas);
      assert.equal((await op('removeAccountUser')) - before, 1);
      assert.ok(!(await x.tree.getChildren(await find(x, 'Users'))).some((n) => /Jonas/.test(label(x, n))));
    });

    it('adds a user to a workspace and removes them again, asking first', async () => {
      const ws = await find(x, 'Finance');
      ui.script([{ pick: /Sofia/ }, { pick: /Developer/ }]);
      await run('skyvia.addWorkspaceUser', ws);
      assert.match(messages(ui).join('\n'), /Added “Sofia[^”]*” to “Finance” as Developer/);
      const member = (await x.tree.getChildren(await find(x, 'Finance', 'Users'))).find((n) => /Sofia/.test(label(x, n)));
      assert.ok(member, 'listed in the workspace');
      ui = x.ui.script([{ confirm: true }]);
      await run('skyvia.removeWorkspaceUser', member);
      assert.equal(ui.transcript[0].kind, 'confirm');
      assert.ok(!(await x.tree.getChildren(await find(x, 'Finance', 'Users'))).some((n) => /Sofia/.test(label(x, n))));
    });

    it('asks the palette for an invitation in the account’s list, and a user in the workspace picked, as their records reach them', async () => {
      const picks = () => ui.transcript.filter((t) => t.kind === 'pick');
      // Both were used above: past the recently used, to their lists.
      ui.script([{ pick: 'Another invitation…' }, { pick: /@/ }]);
      const before = await op('resendInvitation');
      const report = await run('skyvia.resendInvitation');
      assert.equal(report?.ok.length, 1, messages(ui).join('\n'));
      assert.equal((await op('resendInvitation')) - before, 1);
      assert.ok(
        picks()[1].options?.every((o) => o.includes('@')),
        'the account’s invitations, by e-mail',
      );

      ui = x.ui.script([{ pick: 'Another user…' }, { pick: 'Finance' }, { pick: /./ }, { confirm: false }]);
      const declined = await run('skyvia.removeWorkspaceUser');
      assert.equal(declined?.cancelled, true);
      const [, workspaces, users] = picks();
      assert.ok(workspaces.options?.includes('Finance'), workspaces.options?.join(' | '));
      assert.ok(users.options?.length, 'Finance’s users');
      assert.equal(ui.transcript.at(-1)?.kind, 'confirm', 'asked before removing the user picked');
    });
  });

  describe('details and copies', () => {
    it('opens an item’s details from its own read, with the agent key masked', async () => {
      const agents = await x.tree.getChildren(await find(x, 'Data Platform', 'Agents'));
      const before = await op('getAgent');
      await run('skyvia.openItem', agents[0]);
      assert.equal((await op('getAgent')) - before, 1);
      const text = vscode.window.activeTextEditor?.document.getText() ?? '';
      assert.match(text, /warehouse-agent-01|dc2-legacy/);
      assert.ok(!/[A-Za-z0-9]{24,}/.test(text), 'no key in clear');
    });

    it('reads every kind of object on its own for its details', async () => {
      const ops = [
        'getWorkspace',
        'getIntegration',
        'getBackup',
        'getAutomation',
        'getConnection',
        'getEndpoint',
        'getSnapshot',
        'getAutomationExecution',
        'getEndpointRequest',
        'getEndpointTypes',
      ];
      const before = await Promise.all(ops.map(op));
      await run('skyvia.openItem', await find(x, 'Data Platform'));
      for (const [category, name] of [
        ['Integrations', 'Nightly Warehouse Load'],
        ['Backups', 'Snowflake Metadata Backup'],
        ['Automations', 'Order webhook → Slack alert'],
        ['Connections', /./],
        ['Endpoints', /./],
      ] as const) {
        const item = await node(x, category, name);
        await run('skyvia.openItem', item);
        if (category !== 'Connections')
          await run(
            'skyvia.openItem',
            (await x.tree.getChildren(item)).find((n) => n.ref && n.ref.kind !== item.ref!.kind && contextOf(x, n).includes('hasId'))!,
          );
      }
      const after = await Promise.all(ops.map(op));
      ops.forEach((name, i) => assert.ok(after[i] > before[i], `${name} was sent`));
      assert.ok(!ui.transcript.some((t) => t.severity === 'error'), messages(ui).join('\n'));
    });

    it('copies an agent key and an endpoint token only when asked, and masks them in JSON', async () => {
      const [agent] = await x.tree.getChildren(await find(x, 'Data Platform', 'Agents'));
      await run('skyvia.copyJson', agent);
      const json = await vscode.env.clipboard.readText();
      assert.match(json, /"key": "•+/, json);
      await run('skyvia.copyAgentKey', agent);
      const key = await vscode.env.clipboard.readText();
      assert.ok(key.length >= 16 && !key.includes('•'), 'the key itself');
      assert.ok(!json.includes(key));
      const [endpoint] = await x.tree.getChildren(await find(x, 'Data Platform', 'Endpoints'));
      await run('skyvia.copyEndpointToken', endpoint);
      const token = await vscode.env.clipboard.readText();
      assert.ok(token.length >= 8 && !token.includes('•'), `a token: ${token}`);
      assert.ok(!messages(ui).join('\n').includes(token), 'never shown in a message');
    });

    it('copies an id', async () => {
      const target = await node(x, 'Integrations', 'Nightly Warehouse Load');
      await run('skyvia.copyId', target);
      assert.equal(await vscode.env.clipboard.readText(), String(F.integrations.inactiveSchedule.integrationId));
    });
  });

  // Every kind with a history driven through the commands its record names, as a person would:
  // a kind added to the records is exercised here (and its operations counted below) with no
  // test written for it.
  describe('every kind with a history, from its record', () => {
    for (const kind of HISTORY_KINDS) {
      it(`${kind}: its details, panel, history, an entry and its log, what runs now, its start and stops`, async () => {
        const record = HISTORIES[kind];
        const [account] = await x.tree.getChildren();
        let target: TreeNode | undefined;
        for (const ws of (await x.tree.getChildren(account)).filter((n) => n.ref?.kind === 'workspace')) {
          const category = (await x.tree.getChildren(ws)).find((n) => label(x, n) === record.category.label());
          target = (category ? await x.tree.getChildren(category) : []).find((n) => n.ref?.kind === kind && !label(x, n).includes('<'));
          if (target) break;
        }
        assert.ok(target, `a ${kind} in some workspace`);
        await run(CommandId.openItem, target);
        await run(CommandId.openPanel, target);
        assert.ok(x.panels.modelOf(target.ref!), 'its panel');
        const entry = (await x.tree.getChildren(target)).find((n) => n.ref && isEntryKind(n.ref.kind) && contextOf(x, n).includes('hasId'));
        if (entry) {
          await run(CommandId.openItem, entry);
          await run(CommandId.openLog, entry);
        }
        if (record.active) await run(CommandId.showActiveRun, target);
        if (record.start) {
          assert.equal((await run(record.start.command, target))?.ok.length, 1, 'started');
          if (record.stop) {
            assert.equal((await run(record.stop.cancel.command, target))?.ok.length, 1, 'asked to cancel');
            ui = x.ui.script([{ confirm: true }]);
            assert.equal((await run(record.stop.kill.command, target))?.ok.length, 1, 'killed');
          }
          await letRunsEnd(x);
        }
        assert.ok(!ui.transcript.some((t) => t.severity === 'error'), messages(ui).join('\n'));
      });
    }
  });

  // Mocha runs a suite's own tests before its nested suites: this one is nested to run last.
  describe('coverage', () => {
    it('has sent every operation of the API table by now', async () => {
      const { OPERATIONS } = await import('../../../src/api/operations');
      const seen = (await stats()).byOperation;
      const missing = Object.keys(OPERATIONS).filter((id) => !seen[id]);
      assert.deepEqual(missing, [], `never sent: ${missing.join(', ')}`);
    });
  });
});
