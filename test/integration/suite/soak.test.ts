// A model-based soak of the live tree: random sequences over simulated hours — runs started from
// outside (the demo's HTTP API, as a schedule would), time passing with the watcher looking,
// expansions, Refresh, Load more, hovers and whole-tree reloads — and after every step the rows the
// tree shows are checked against what the demo service says, and no error may have been told.
// Over two accounts at once, on two demo services with the same fixtures (so the same ids): each
// account's rows are checked against its own service, and nothing of one may show in the other.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import * as vscode from 'vscode';
import type { SkyviaExplorerApi, TreeNode } from '../../../src/testing/testApi';
import { contextOf, demo, iconId, item, other, outside, signedInQuietly, startOutside, type TestService } from './helpers';

/** The integrations the sequences play with (small histories, one that always fails, a flaky one). */
const SUBJECTS = [
  { id: 18232, name: 'Salesforce Accounts → BigQuery' },
  { id: 18234, name: 'Legacy ERP Sync (broken)' },
  { id: 18238, name: 'HubSpot Contacts Import' },
  { id: 18239, name: 'Jira Issues → BigQuery' },
] as const;
const PAGE = 10;

/** The two accounts' services: the suites' demo, and another with the same fixtures. */
const SERVICES: readonly TestService[] = [demo, other];

/** A subject in one account: `a` the account, `i` the integration. */
type Step =
  | { kind: 'start'; a: number; i: number }
  | { kind: 'advance'; ms: number }
  | { kind: 'expand'; a: number; i: number }
  | { kind: 'refresh'; a: number; i: number }
  | { kind: 'loadMore'; a: number; i: number }
  | { kind: 'hover'; a: number; i: number }
  | { kind: 'reload' };

const subject = fc.record({ a: fc.integer({ min: 0, max: SERVICES.length - 1 }), i: fc.integer({ min: 0, max: SUBJECTS.length - 1 }) });
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 3, arbitrary: subject.map((t) => ({ kind: 'start' as const, ...t })) },
  { weight: 3, arbitrary: fc.integer({ min: 500, max: 9_000 }).map((ms) => ({ kind: 'advance' as const, ms })) },
  // Now and then hours go by (schedules bring runs of their own).
  { weight: 1, arbitrary: fc.integer({ min: 600_000, max: 3 * 3_600_000 }).map((ms) => ({ kind: 'advance' as const, ms })) },
  { weight: 2, arbitrary: subject.map((t) => ({ kind: 'expand' as const, ...t })) },
  { weight: 3, arbitrary: subject.map((t) => ({ kind: 'refresh' as const, ...t })) },
  { weight: 1, arbitrary: subject.map((t) => ({ kind: 'loadMore' as const, ...t })) },
  { weight: 2, arbitrary: subject.map((t) => ({ kind: 'hover' as const, ...t })) },
  { weight: 1, arbitrary: fc.constant({ kind: 'reload' as const }) },
);

interface Truth {
  active?: { runId: number; state: string };
  finished: { runId: number; state: string }[];
}

async function truthOf(service: TestService, id: number): Promise<Truth> {
  const active = await outside('GET', `integrations/${id}/executions/active`, service);
  const page = await outside('GET', `integrations/${id}/executions?take=${PAGE}&sortOrder=desc`, service);
  const a = active.status === 200 && active.body ? (active.body as { runId: number; state: string }) : undefined;
  return { active: a, finished: (page.body as { data: { runId: number; state: string }[] }).data };
}

describe('soak: the tree against the service, step by step', function () {
  this.timeout(10 * 60_000);
  let x: SkyviaExplorerApi;
  /** The two accounts' keys, in SERVICES' order. */
  let accounts: string[] = [];
  signedInQuietly((api) => (x = api), { pageSize: PAGE });
  before(async () => {
    const id = await vscode.commands.executeCommand<string | undefined>('skyvia.addAccount', { baseUrl: other.url, token: other.token, name: 'Other' });
    assert.ok(id, 'the second account signed in');
    accounts = [x.accounts.list()[0].id, id];
    await letRunsEnd();
  });
  after(async () => {
    await letRunsEnd();
    await x.accounts.signOut(accounts[1]);
  });

  /** Both services' clocks run and the watcher looks until nothing it knows of runs any more. */
  const letRunsEnd = async (ms = 7_000) => {
    for (const service of SERVICES) await service.control('advance', { ms });
    for (let i = 0; i < 20 && x.watch.scheduled(); i++) await x.watch.tickNow();
  };

  it('keeps every row true to its account’s service over random sequences', async () => {
    let steps = 0;
    let sequences = 0;
    let checks = 0;
    const nodeOf = async (a: number, i: number): Promise<TreeNode> => {
      const node = await x.tree.findIn(accounts[a], 'Data Platform', 'Integrations', SUBJECTS[i].name);
      assert.ok(node, `no row of ${SUBJECTS[i].name} in account ${a}`);
      return node;
    };

    /** Checks one subject: always unique ids and no invented run; after a Refresh, its own service's truth. */
    const check = async (a: number, i: number, looked: boolean, where: string) => {
      const node = await nodeOf(a, i);
      assert.equal(node.account, accounts[a], `${where}: the row is its account’s`);
      const children = await x.tree.getChildren(node);
      const ids = children.map((n) => n.id);
      assert.equal(new Set(ids).size, ids.length, `${where}: no tree id twice (${ids.join(', ')})`);
      const leads = children.filter((n) => contextOf(x, n).includes('active'));
      assert.ok(leads.length <= 1, `${where}: at most one run under way`);
      if (leads.length) assert.equal(children[0], leads[0], `${where}: the run under way leads`);
      assert.ok(
        children.every((n) => n.account === accounts[a]),
        `${where}: nothing of another account under it`,
      );
      if (!looked) return;
      const truth = await truthOf(SERVICES[a], SUBJECTS[i].id);
      const row = item(x, node);
      const description = String(row.description ?? '');
      if (truth.active) {
        assert.equal(leads[0]?.ref?.id, String(truth.active.runId), `${where}: the run under way is shown (${description})`);
        assert.equal(iconId(x, node), 'sync~spin', `${where}: the row spins`);
      } else {
        assert.equal(leads.length, 0, `${where}: no run shown under way when none is`);
        assert.notEqual(iconId(x, node), 'sync~spin', `${where}: the row does not spin`);
        const newest = truth.finished[0];
        if (newest) assert.match(description, new RegExp(`\\b${newest.state}\\b`), `${where}: the row tells the newest run (${newest.runId} ${newest.state})`);
      }
      const shown = children.filter((n) => !contextOf(x, n).includes('active') && n.ref).map((n) => n.ref!.id);
      const expected = truth.finished.map((r) => String(r.runId)).filter((id) => id !== String(truth.active?.runId));
      assert.deepEqual(shown.slice(0, expected.length), expected, `${where}: the first page is the service's`);
      checks++;
    };

    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 4, maxLength: 14 }), async (sequence) => {
        sequences++;
        const said = x.ui.said().length;
        // What the tree has looked at since each subject (per account) last changed from outside.
        const looked = SERVICES.map(() => SUBJECTS.map(() => false));
        for (const [n, s] of sequence.entries()) {
          steps++;
          const where = `step ${n + 1} of ${JSON.stringify(sequence)}`;
          switch (s.kind) {
            case 'start': {
              const truth = await truthOf(SERVICES[s.a], SUBJECTS[s.i].id);
              if (!truth.active) {
                await startOutside(SUBJECTS[s.i].id, SERVICES[s.a]);
                looked[s.a][s.i] = false;
              }
              break;
            }
            case 'advance': {
              // Time passing (in both services) may bring a scheduled run nobody here looked at;
              // a run the tree watches, though, must be told ending without a look.
              for (const [a] of SERVICES.entries())
                for (const [i] of SUBJECTS.entries()) if (!x.state.activeRun((await nodeOf(a, i)).ref!)) looked[a][i] = false;
              for (const service of SERVICES) await service.control('advance', { ms: s.ms });
              for (let k = 0; k < 5 && x.watch.scheduled(); k++) await x.watch.tickNow();
              break;
            }
            case 'expand':
              await x.tree.getChildren(await nodeOf(s.a, s.i));
              break;
            case 'refresh':
              await vscode.commands.executeCommand('skyvia.refreshNode', await nodeOf(s.a, s.i));
              await x.tree.getChildren(await nodeOf(s.a, s.i));
              looked[s.a][s.i] = true;
              break;
            case 'loadMore':
              await x.tree.loadMore(await nodeOf(s.a, s.i));
              break;
            case 'hover':
              await x.tree.resolveTreeItem(await nodeOf(s.a, s.i));
              break;
            case 'reload':
              x.tree.refresh();
              break;
          }
          for (const [a] of SERVICES.entries())
            for (const [i, sub] of SUBJECTS.entries()) await check(a, i, looked[a][i], `${sub.id} in account ${a} after ${where}`);
        }
        const errors = x.ui
          .said()
          .slice(said)
          .filter((t) => /Couldn't|already registered|No tree item|Not allowed|Token rejected/i.test(t));
        assert.deepEqual(errors, [], 'no error was told');
        await letRunsEnd(10_000);
      }),
      { numRuns: 40, seed: Number(process.env.SKYVIA_SOAK_SEED ?? 20261123), endOnFailure: true },
    );
    console.log(`    soak: ${sequences} sequences, ${steps} steps, ${checks} checks against the two accounts’ services`);
    assert.ok(steps > 0);
  });
});
