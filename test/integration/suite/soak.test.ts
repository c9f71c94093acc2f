// A model-based soak of the live tree: random sequences over simulated hours — runs started from
// outside (the demo's HTTP API, as a schedule would), time passing with the watcher looking,
// expansions, Refresh, Load more, hovers and whole-tree reloads — and after every step the rows the
// tree shows are checked against what the demo service says, and no error may have been told.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import * as vscode from 'vscode';
import type { SkyviaExplorerApi, TreeNode } from '../../../src/testing/testApi';
import { contextOf, demo, find, iconId, item, letRunsEnd, outside, signedInQuietly, startOutside } from './helpers';

/** The integrations the sequences play with (small histories, one that always fails, a flaky one). */
const SUBJECTS = [
  { id: 18232, name: 'Salesforce Accounts → BigQuery' },
  { id: 18234, name: 'Legacy ERP Sync (broken)' },
  { id: 18238, name: 'HubSpot Contacts Import' },
  { id: 18239, name: 'Jira Issues → BigQuery' },
] as const;
const PAGE = 10;

type Step =
  | { kind: 'start'; i: number }
  | { kind: 'advance'; ms: number }
  | { kind: 'expand'; i: number }
  | { kind: 'refresh'; i: number }
  | { kind: 'loadMore'; i: number }
  | { kind: 'hover'; i: number }
  | { kind: 'reload' };

const subject = fc.integer({ min: 0, max: SUBJECTS.length - 1 });
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 3, arbitrary: subject.map((i) => ({ kind: 'start' as const, i })) },
  { weight: 3, arbitrary: fc.integer({ min: 500, max: 9_000 }).map((ms) => ({ kind: 'advance' as const, ms })) },
  // Now and then hours go by (schedules bring runs of their own).
  { weight: 1, arbitrary: fc.integer({ min: 600_000, max: 3 * 3_600_000 }).map((ms) => ({ kind: 'advance' as const, ms })) },
  { weight: 2, arbitrary: subject.map((i) => ({ kind: 'expand' as const, i })) },
  { weight: 3, arbitrary: subject.map((i) => ({ kind: 'refresh' as const, i })) },
  { weight: 1, arbitrary: subject.map((i) => ({ kind: 'loadMore' as const, i })) },
  { weight: 2, arbitrary: subject.map((i) => ({ kind: 'hover' as const, i })) },
  { weight: 1, arbitrary: fc.constant({ kind: 'reload' as const }) },
);

interface Truth {
  active?: { runId: number; state: string };
  finished: { runId: number; state: string }[];
}

async function truthOf(id: number): Promise<Truth> {
  const active = await outside('GET', `integrations/${id}/executions/active`);
  const page = await outside('GET', `integrations/${id}/executions?take=${PAGE}&sortOrder=desc`);
  const a = active.status === 200 && active.body ? (active.body as { runId: number; state: string }) : undefined;
  return { active: a, finished: (page.body as { data: { runId: number; state: string }[] }).data };
}

describe('soak: the tree against the service, step by step', function () {
  this.timeout(10 * 60_000);
  let x: SkyviaExplorerApi;
  signedInQuietly((api) => (x = api), { pageSize: PAGE, settleRuns: true });

  it('keeps every row true to the service over random sequences', async () => {
    let steps = 0;
    let sequences = 0;
    let checks = 0;
    const nodeOf = (i: number): Promise<TreeNode> => find(x, 'Data Platform', 'Integrations', SUBJECTS[i].name);

    /** Checks one subject: always unique ids and no invented run; after a Refresh, the service's truth. */
    const check = async (i: number, looked: boolean, where: string) => {
      const node = await nodeOf(i);
      const children = await x.tree.getChildren(node);
      const ids = children.map((n) => n.id);
      assert.equal(new Set(ids).size, ids.length, `${where}: no tree id twice (${ids.join(', ')})`);
      const leads = children.filter((n) => contextOf(x, n).includes('active'));
      assert.ok(leads.length <= 1, `${where}: at most one run under way`);
      if (leads.length) assert.equal(children[0], leads[0], `${where}: the run under way leads`);
      if (!looked) return;
      const truth = await truthOf(SUBJECTS[i].id);
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
        // What the tree has looked at since each subject last changed from outside.
        const looked = SUBJECTS.map(() => false);
        for (const [n, s] of sequence.entries()) {
          steps++;
          const where = `step ${n + 1} of ${JSON.stringify(sequence)}`;
          switch (s.kind) {
            case 'start': {
              const truth = await truthOf(SUBJECTS[s.i].id);
              if (!truth.active) {
                await startOutside(SUBJECTS[s.i].id);
                looked[s.i] = false;
              }
              break;
            }
            case 'advance': {
              // Time passing may bring a scheduled run nobody here looked at; a run the tree
              // watches, though, must be told ending without a look.
              for (const [i] of SUBJECTS.entries()) if (!x.state.activeRun((await nodeOf(i)).ref!)) looked[i] = false;
              await demo.control('advance', { ms: s.ms });
              for (let k = 0; k < 5 && x.watch.scheduled(); k++) await x.watch.tickNow();
              break;
            }
            case 'expand':
              await x.tree.getChildren(await nodeOf(s.i));
              break;
            case 'refresh':
              await vscode.commands.executeCommand('skyvia.refreshNode', await nodeOf(s.i));
              await x.tree.getChildren(await nodeOf(s.i));
              looked[s.i] = true;
              break;
            case 'loadMore':
              await x.tree.loadMore(await nodeOf(s.i));
              break;
            case 'hover':
              await x.tree.resolveTreeItem(await nodeOf(s.i));
              break;
            case 'reload':
              x.tree.refresh();
              break;
          }
          for (const [i, sub] of SUBJECTS.entries()) await check(i, looked[i], `${sub.id} after ${where}`);
        }
        const errors = x.ui
          .said()
          .slice(said)
          .filter((t) => /Couldn't|already registered|No tree item|Not allowed|Token rejected/i.test(t));
        assert.deepEqual(errors, [], 'no error was told');
        await letRunsEnd(x, 10_000);
      }),
      { numRuns: 40, seed: Number(process.env.SKYVIA_SOAK_SEED ?? 20261123), endOnFailure: true },
    );
    console.log(`    soak: ${sequences} sequences, ${steps} steps, ${checks} checks against the service`);
    assert.ok(steps > 0);
  });
});
