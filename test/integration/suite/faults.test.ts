// The fault matrix: every class of operation, run as a user runs it (the command, inside VS Code),
// against every fault the demo service injects. The outcome is a success or a message that names
// the item; nothing is created twice (the demo service counts runs and snapshots, the invitation
// list shows invitations); and the extension answers the next command as if nothing happened.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ScriptedPrompter } from '../../../src/testing/scriptedPrompter';
import type { ActionReport } from '../../../src/commands/runner';
import { DEMO_FIXTURES as F } from '../../../src/demo/fixtures';
import type { SkyviaExplorerApi, TreeNode } from '../../../src/testing/testApi';
import { demo, find, label, letRunsEnd, setting, signedIn, signedInQuietly } from './helpers';

interface Fault {
  name: string;
  apply(): Promise<unknown>;
}

const FAULTS: Fault[] = [
  { name: '500', apply: () => demo.faults({ failNext: { n: 1, status: 500 } }) },
  { name: '503, then success', apply: () => demo.faults({ failNext: { n: 1, status: 503 } }) },
  { name: '503 three times', apply: () => demo.faults({ failNext: { n: 3, status: 503 } }) },
  { name: '429 with Retry-After', apply: () => demo.faults({ failNext: { n: 1, status: 429, retryAfter: 1 } }) },
  { name: 'connection reset', apply: () => demo.faults({ resetNext: 1 }) },
  { name: 'truncated JSON', apply: () => demo.faults({ truncateNext: 1 }) },
  { name: 'HTML error page', apply: () => demo.faults({ htmlNext: { n: 1, status: 502 } }) },
  { name: 'empty 200 body', apply: () => demo.faults({ failNext: { n: 1, status: 200, body: '' } }) },
  { name: 'text/plain JSON', apply: () => demo.faults({ contentType: 'text/plain' }) },
  { name: '403 on this item', apply: () => demo.faults({ failNext: { n: 1, status: 403 } }) },
  { name: '404', apply: () => demo.faults({ failNext: { n: 1, status: 404 } }) },
  {
    name: '400 with an errors map',
    apply: () =>
      demo.faults({
        failNext: { n: 1, status: 400, body: JSON.stringify({ message: 'The request is invalid.', errors: { workspaceId: ['Unknown workspace.'] } }) },
      }),
  },
];

interface Op {
  name: string;
  /** What a message about it must name. */
  names: string | RegExp;
  /** Before the fault is set: what the case needs to exist (an invitation to delete). */
  prepare?(i: number): Promise<unknown>;
  /** Runs the command; the report, or the outcome of a list. */
  run(x: SkyviaExplorerApi, ui: ScriptedPrompter, i: number, prepared: unknown): Promise<{ ok: boolean; said?: string }>;
  /** After a case: back to a known state (a started run ended). */
  settle?(x: SkyviaExplorerApi): Promise<void>;
  /** Things that must never be created twice by one command. */
  created?(): Promise<number>;
}

const stats = async () => (await demo.control('stats')) as { runsStarted: number; snapshotsStarted: number };
const exec = (id: string, ...args: unknown[]) => vscode.commands.executeCommand<ActionReport | undefined>(id, ...args);

async function api(path: string, init?: RequestInit): Promise<unknown> {
  const res = await fetch(`${demo.url}/v1/${path}`, { ...init, headers: { Authorization: `Bearer ${demo.token}`, 'Content-Type': 'application/json' } });
  const text = await res.text();
  return text ? JSON.parse(text) : undefined;
}

/** The command's report as an outcome: its failure message is what the user read. */
function outcome(report: ActionReport | undefined, ui: ScriptedPrompter): { ok: boolean; said?: string } {
  const said =
    ui.transcript
      .filter((t) => t.kind === 'message' && t.severity !== 'info')
      .map((t) => t.text)
      .join('\n') || undefined;
  return { ok: !!report && report.failed.length === 0 && !said, said: said ?? (report ? undefined : 'the command returned nothing') };
}

function item(category: string, name: string): () => Promise<TreeNode> {
  return async () => {
    const x = await signedIn();
    return find(x, 'Data Platform', category, name);
  };
}

function action(name: string, command: string, target: () => Promise<unknown>, names: string, extra: Partial<Op> = {}): Op {
  return {
    name,
    names,
    // The target is found before the fault is set: the fault is for the command's own request.
    prepare: () => target(),
    async run(_x, ui, _i, prepared) {
      return outcome(await exec(command, prepared), ui);
    },
    ...extra,
  };
}

const IDLE = 'Postgres → S3 Parquet Archive';
const OPS: Op[] = [
  {
    name: 'list (Integrations)',
    names: 'Integrations',
    async run(x) {
      const node = await find(x, 'Data Platform', 'Integrations');
      x.tree.refresh(node);
      const rows = await x.tree.getChildren(node);
      const failure = rows.find((n) => /^(Couldn't load|Not allowed)/.test(label(x, n)));
      return failure
        ? { ok: false, said: `Integrations: ${label(x, failure)}` }
        : { ok: rows.length === F.integrations.countInWorkspace, said: `${rows.length} rows` };
    },
    // As a user presses Retry: the list loads again once the service is well.
    async settle(x) {
      const node = await find(x, 'Data Platform', 'Integrations');
      x.tree.refresh(node);
      assert.equal((await x.tree.getChildren(node)).length, F.integrations.countInWorkspace, 'Retry brings the list back');
    },
  },
  action('details (integration)', 'skyvia.openItem', item('Integrations', 'Nightly Warehouse Load'), 'Nightly Warehouse Load'),
  action('details (backup)', 'skyvia.openItem', item('Backups', 'Snowflake Metadata Backup'), 'Snowflake Metadata Backup'),
  action('details (automation)', 'skyvia.openItem', item('Automations', 'Daily revenue digest'), 'Daily revenue digest'),
  action('run', 'skyvia.runIntegration', item('Integrations', IDLE), IDLE, { settle: letRunsEnd, created: async () => (await stats()).runsStarted }),
  action('snapshot', 'skyvia.createSnapshot', item('Backups', 'PostgreSQL Orders Backup'), 'PostgreSQL Orders Backup', {
    settle: letRunsEnd,
    created: async () => (await stats()).snapshotsStarted,
  }),
  action('cancel', 'skyvia.cancelRun', item('Integrations', 'Jira Issues → BigQuery'), 'Jira Issues → BigQuery'),
  action('disable (endpoint)', 'skyvia.disableEndpoint', item('Endpoints', 'Analytics SQL'), 'Analytics SQL'),
  action('enable schedule', 'skyvia.enableSchedule', item('Integrations', 'Customer 360 Build'), 'Customer 360 Build'),
  action('test (connection)', 'skyvia.testConnection', item('Connections', 'SQL Server DW'), 'SQL Server DW'),
  action('test (agent)', 'skyvia.testAgent', item('Agents', 'warehouse-agent-01'), 'warehouse-agent-01'),
  {
    name: 'invite',
    names: /the account|invitation/,
    async run(_x, ui, i) {
      const email = `fault.${i}@example.com`;
      return outcome(
        await exec('skyvia.inviteUser', { kind: 'account', id: 'account' }, undefined, {
          email,
          userType: 'Member',
          workspaces: [{ workspaceId: F.workspaceId, roleId: F.roleId }],
        }),
        ui,
      );
    },
    async created() {
      const list = (await api('account/invitations?take=200')) as { data: { email?: string }[] };
      const emails = list.data.map((r) => r.email ?? '').filter((e) => e.startsWith('fault.'));
      // Each case invites its own address: one address twice means one command invited twice.
      return emails.length - new Set(emails).size;
    },
  },
  {
    name: 'delete (invitation)',
    names: 'doomed',
    async prepare(i) {
      const created = (await api('account/invitations', {
        method: 'POST',
        body: JSON.stringify({ email: `doomed.${i}@example.com`, userType: 'Member', workspaces: [] }),
      })) as { invitationId?: number };
      assert.ok(created?.invitationId, 'an invitation to delete');
      return created.invitationId;
    },
    async run(_x, ui, i, id) {
      ui.script([{ confirm: true }]);
      return outcome(await exec('skyvia.deleteInvitation', { ref: { kind: 'invitation', id: String(id) }, name: `doomed.${i}@example.com` }), ui);
    },
  },
];

describe('fault matrix', function () {
  this.timeout(120_000);
  let x: SkyviaExplorerApi;
  const table: { op: string; fault: string; ok: boolean; said?: string }[] = [];

  // Faults are queued here: nothing may poll meanwhile and take one meant for the request under test.
  signedInQuietly((api) => (x = api), { nothingRunning: true });

  after(() => {
    const passed = table.length;
    const failed = table.filter((r) => !r.ok).length;
    // The table: ✔ succeeded, • failed with a clear message naming the item (both pass; anything else fails its test).
    const width = Math.max(...OPS.map((o) => o.name.length));
    const rows = OPS.map(
      (o) => `  ${o.name.padEnd(width)}  ${FAULTS.map((f) => (table.find((r) => r.op === o.name && r.fault === f.name)?.ok ? '✔' : '•')).join(' ')}`,
    );
    console.log(
      [
        '',
        `  fault matrix (${FAULTS.map((f, k) => `${k + 1}: ${f.name}`).join(', ')}) — ✔ succeeded, • failed with a clear message naming the item`,
        `  ${''.padEnd(width)}  ${FAULTS.map((_, k) => String(k + 1).slice(-1)).join(' ')}`,
        ...rows,
      ].join('\n'),
    );
    console.log(
      `  ${OPS.length} operations × ${FAULTS.length} faults = ${passed} cases tried, ${passed} passed (${passed - failed} succeeded, ${failed} told as a clear failure)`,
    );
    if (process.env.SKYVIA_FAULT_DETAILS) for (const r of table.filter((t) => !t.ok)) console.log(`  ${r.op} / ${r.fault}: ${r.said}`);
  });

  let i = 0;
  for (const op of OPS) {
    it(`${op.name}: succeeds or says what failed, under each fault, and creates nothing twice`, async () => {
      for (const fault of FAULTS) {
        i++;
        const ui = x.ui.script([]);
        const before = await op.created?.();
        const prepared = await op.prepare?.(i);
        await fault.apply();
        let result: { ok: boolean; said?: string };
        try {
          result = await op.run(x, ui, i, prepared);
        } finally {
          await demo.clearFaults();
        }
        table.push({ op: op.name, fault: fault.name, ...result });
        if (!result.ok) {
          assert.ok(result.said, `${op.name} / ${fault.name}: failed without a word`);
          const named = typeof op.names === 'string' ? result.said.includes(op.names) : op.names.test(result.said);
          assert.ok(named, `${op.name} / ${fault.name}: the message names the item: ${result.said}`);
          assert.ok(
            !/\[object |undefined|null\b|stack|at \w+ \(/.test(result.said),
            `${op.name} / ${fault.name}: a clear message, not internals: ${result.said}`,
          );
          assert.ok(!result.said.includes(demo.token), 'no token in a message');
        }
        await op.settle?.(x);
        if (op.created) {
          const delta = (await op.created()) - (before ?? 0);
          assert.ok(delta <= (op.name === 'invite' ? 0 : 1), `${op.name} / ${fault.name}: created ${delta} more than once`);
        }
        // Still usable: the next command works as if nothing happened.
        assert.ok((await x.tree.getChildren()).length === 1, `${op.name} / ${fault.name}: the tree still answers`);
        assert.equal(x.session.current().state, 'signedIn', `${op.name} / ${fault.name}: still signed in`);
      }
    });
  }
});

describe('bad input', () => {
  let x: SkyviaExplorerApi;
  signedInQuietly((api) => (x = api), { nothingRunning: true });

  for (const bad of [0, 201, 'fifty', -3, 12.5]) {
    it(`takes a page size of ${JSON.stringify(bad)} as one the API accepts, and still lists`, async () => {
      await setting('pageSize', bad);
      const node = await find(x, 'Data Platform', 'Integrations');
      x.tree.refresh(node);
      const rows = await x.tree.getChildren(node);
      assert.ok(rows.length > 0, 'a list, not an error');
      assert.ok(!rows.some((n) => /^Couldn't load/.test(label(x, n))), rows.map((n) => label(x, n)).join(', '));
    });
  }

  for (const url of ['not a url', 'ftp://api.skyvia.com', 'http://', 'https://']) {
    it(`refuses the base URL ${JSON.stringify(url)} with a clear message and stores nothing`, async () => {
      const result = await x.session.signInWithToken(url, demo.token);
      assert.equal(result.ok, false);
      if (!result.ok && 'error' in result) {
        assert.ok(result.error.message.length > 0 && !/undefined|\[object/.test(result.error.message), result.error.message);
        assert.ok(!result.error.message.includes(demo.token), 'never the token');
      }
      assert.equal(x.session.current().baseUrl, demo.url, 'still signed in where it was');
    });
  }

  /** The next API request answers 200 with this JSON, as a service with a bug or a newer API would. */
  const answerNext = (body: unknown, n = 1) => demo.faults({ failNext: { n, status: 200, body: JSON.stringify(body), contentType: 'application/json' } });

  it('stops paging a list that claims more for ever with empty pages', async () => {
    await setting('pageSize', 2);
    const node = await find(x, 'Data Platform', 'Integrations');
    x.tree.refresh(node);
    await answerNext({
      data: [
        { id: 18231, name: 'Orders → Warehouse (hourly)', scheduled: true },
        { id: 18232, name: 'Salesforce Accounts → BigQuery' },
      ],
      hasMore: true,
    });
    await answerNext({ data: [], hasMore: true }, 50);
    try {
      const before = x.requestCount();
      const first = await x.tree.getChildren(node);
      const more = first.find((n) => /^Load more/.test(label(x, n)));
      assert.ok(more, 'the first page says there is more');
      await vscode.commands.executeCommand('skyvia.loadMore', more);
      const after = (await x.tree.getChildren(node)).map((n) => label(x, n));
      assert.deepEqual(after, ['Orders → Warehouse (hourly)', 'Salesforce Accounts → BigQuery'], 'an empty page ends the list: no "Load more…" for ever');
      assert.equal(x.requestCount() - before, 2, 'two pages asked for, not fifty');
    } finally {
      await demo.clearFaults();
      await setting('pageSize', 50);
      x.tree.refresh(node);
    }
  });

  it('shows a 5 MB name cut to a line, in the row and its tooltip', async () => {
    const node = await find(x, 'Data Platform', 'Integrations');
    x.tree.refresh(node);
    const huge = `Giant ${'ＮＡＭＥ '.repeat((5 * 1024 * 1024) / 15)}end`;
    await answerNext({ data: [{ id: 18239, name: huge, scheduled: true }], hasMore: false });
    try {
      const [row] = await x.tree.getChildren(node);
      const shown = label(x, row);
      assert.ok(shown.startsWith('Giant ') && shown.length <= 200, `a label of ${shown.length} characters`);
      const tooltip = (await x.tree.resolveTreeItem(row)).tooltip as vscode.MarkdownString;
      assert.ok(tooltip.value.length < 5_000, `a tooltip of ${tooltip.value.length} characters`);
    } finally {
      await demo.clearFaults();
      x.tree.refresh(node);
    }
  });

  it('shows enum values it has never seen as they are, in the tree and in details', async () => {
    const node = await find(x, 'Data Platform', 'Integrations');
    x.tree.refresh(node);
    await answerNext({ data: [{ id: 18239, name: 'Jira Issues → BigQuery', type: 'quantumLeap', scheduled: true }], hasMore: false });
    const rows = await x.tree.getChildren(node);
    assert.deepEqual(
      rows.map((n) => label(x, n)),
      ['Jira Issues → BigQuery'],
      'listed, not "Couldn\'t load"',
    );
    await answerNext({ runId: 41799999, date: '2026-11-20T10:00:00Z', state: 'Hibernating', subState: 'Dreaming', successRows: 12, errorRows: 0 });
    const ui = x.ui.script([]);
    await vscode.commands.executeCommand('skyvia.showActiveRun', rows[0]);
    const text = vscode.window.activeTextEditor?.document.getText() ?? '';
    assert.match(text, /Hibernating/, 'the state word as the service sent it');
    assert.ok(!ui.transcript.some((t) => t.kind === 'message' && t.severity === 'error'), 'no error told');
    x.tree.refresh(node);
    assert.ok((await x.tree.getChildren(node)).length > 1, 'the tree still answers');
  });

  it('keeps automation execution ids past 2^53 exact, to the digit', async () => {
    const executions = await x.tree.getChildren(await find(x, 'Data Platform', 'Automations', 'Order webhook → Slack alert'));
    const ids = executions.map((n) => n.ref?.id).filter((id): id is string => !!id && /^\d{16,}$/.test(id));
    assert.ok(ids.length > 0, 'int64 ids in the history');
    for (const id of ids) assert.ok(BigInt(id) > 2n ** 53n && String(BigInt(id)) === id, id);
  });
});
