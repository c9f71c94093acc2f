// The tools that act: start a run or snapshot, cancel or kill a run, enable or disable, test an
// agent or connection. Each goes through the tree's own action (the runner: one request per
// item, never a second start while one is out, never retried) with the confirmation already
// given in the chat, and answers with what the user would have been told.
import type { ActionReport } from '../commands/runner';
import type { AnyAction } from '../commands/actions/action';
import { cancelRun, createSnapshot, killRun, runIntegration } from '../commands/actions/runs';
import { disableSchedule, enableSchedule } from '../commands/actions/schedules';
import { testAgent, testConnection } from '../commands/actions/tests';
import { disableAutomation, disableEndpoint, enableAutomation, enableEndpoint } from '../commands/actions/toggles';
import { codeSpan } from '../shared/format';
import type { RunRecord, TestOutcome } from '../shared/model';
import type { Target, WorkspaceItemKind } from '../shared/refs';
import { describeQuery, readItemQuery, resolveItem, type FoundItem, type ItemQuery } from './itemSearch';
import type { ToolConfirmation, ToolContext, ToolSpec } from './toolSpec';

/**
 * "the integration “`Orders`” (id 12 in workspace “`Data Platform`”)": names as code spans, so the
 * person reads them as they are — in the chat and in VS Code's dialog alike — and no markup,
 * link or image in one is ever rendered.
 */
function named(kind: WorkspaceItemKind, item: FoundItem): string {
  return `the ${kind} “${codeSpan(item.name)}” (id ${item.id} in workspace “${codeSpan(item.workspace)}”)`;
}

async function confirmation(ctx: ToolContext, kinds: readonly WorkspaceItemKind[], q: ItemQuery, ask: (item: FoundItem) => Omit<ToolConfirmation, 'target'>): Promise<ToolConfirmation | string> {
  const found = await resolveItem(ctx, kinds, q);
  return typeof found === 'string' ? found : { target: found.target, ...ask(found.item) };
}

/** What the runner reports, as the tool's answer. */
function outcome(report: ActionReport, target: Target, done: (result: never) => string): string {
  if (report.skipped.length) return `The same action on “${target.name}” is already being sent; nothing was sent again.`;
  if (report.refused.length) return `Nothing was done: “${target.name}” ${report.refused[0].why}.`;
  if (report.cancelled) return `Nothing was done to “${target.name}”.`;
  if (report.failed.length) return `Failed: ${report.said[0] ?? report.failed[0].error}`;
  return done(report.results[0] as never);
}

const act = (ctx: ToolContext, action: AnyAction, target: Target) => ctx.runner.execute(action, [target], { confirmed: true, quiet: true });

interface StartInput {
  kind: 'integration' | 'backup';
  item: ItemQuery;
}

export const startRun: ToolSpec<StartInput> = {
  name: 'skyvia_start_run',
  read: (input) => ({ kind: input.oneOf('kind', ['integration', 'backup'] as const) ?? 'integration', item: readItemQuery(input) }),
  doing: (i) => (i.kind === 'integration' ? `Running the ${describeQuery([i.kind], i.item)}` : `Creating a snapshot of the ${describeQuery([i.kind], i.item)}`),
  confirm: (ctx, i) =>
    confirmation(ctx, [i.kind], i.item, (item) =>
      i.kind === 'integration'
        ? { title: 'Run the integration?', message: `Start a run of ${named('integration', item)} now? It reads and writes data as a scheduled run would.` }
        : { title: 'Create a backup snapshot?', message: `Create a snapshot of ${named('backup', item)} now?` },
    ),
  async run(ctx, i, target) {
    const report = await act(ctx, i.kind === 'integration' ? runIntegration : createSnapshot, target!);
    return outcome(report, target!, (run: RunRecord) => {
      const noun = i.kind === 'integration' ? 'run' : 'snapshot';
      return `Started ${noun} ${run.ref.id} of “${target!.name}” (state ${run.state}). VS Code watches it and tells the user how it ends; for its details call skyvia_run_details with ${JSON.stringify({ kind: run.ref.kind, workspaceId: run.ref.workspaceId, itemId: run.ref.parentId, id: run.ref.id })}.`;
    });
  },
};

interface StopInput {
  item: ItemQuery;
  kill: boolean;
}

export const stopRun: ToolSpec<StopInput> = {
  name: 'skyvia_stop_run',
  read: (input) => ({ kill: input.bool('kill') ?? false, item: readItemQuery(input) }),
  doing: (i) => `${i.kill ? 'Killing' : 'Canceling'} the run of the ${describeQuery(['integration'], i.item)}`,
  confirm: (ctx, i) =>
    confirmation(ctx, ['integration'], i.item, (item) =>
      i.kill
        ? { title: 'Kill the run?', message: `Kill the run of ${named('integration', item)}? Killing stops it at once, without the clean-up a cancel lets it do.` }
        : { title: 'Cancel the run?', message: `Cancel the run of ${named('integration', item)}? It stops after its current step.` },
    ),
  async run(ctx, i, target) {
    const report = await act(ctx, i.kill ? killRun : cancelRun, target!);
    return outcome(report, target!, () => report.said[0] ?? `Asked to ${i.kill ? 'kill' : 'cancel'} the run of “${target!.name}”.`);
  },
};

const TOGGLES = {
  integration: [enableSchedule, disableSchedule, 'the schedule of'],
  backup: [enableSchedule, disableSchedule, 'the schedule of'],
  automation: [enableAutomation, disableAutomation, ''],
  endpoint: [enableEndpoint, disableEndpoint, ''],
} as const;

interface EnableInput {
  kind: keyof typeof TOGGLES;
  enabled: boolean;
  item: ItemQuery;
}

export const setEnabled: ToolSpec<EnableInput> = {
  name: 'skyvia_set_enabled',
  read: (input) => ({
    kind: input.oneOf('kind', Object.keys(TOGGLES) as (keyof typeof TOGGLES)[], { required: true })!,
    enabled: input.bool('enabled', { required: true })!,
    item: readItemQuery(input),
  }),
  doing: (i) => `${i.enabled ? 'Enabling' : 'Disabling'} ${TOGGLES[i.kind][2]} the ${describeQuery([i.kind], i.item)}`.replace('  ', ' '),
  confirm: (ctx, i) =>
    confirmation(ctx, [i.kind], i.item, (item) => {
      const verb = i.enabled ? 'Enable' : 'Disable';
      const what = `${TOGGLES[i.kind][2]} ${named(i.kind, item)}`.trim();
      return { title: `${verb} ${TOGGLES[i.kind][2] ? 'the schedule' : `the ${i.kind}`}?`, message: `${verb} ${what}?` };
    }),
  async run(ctx, i, target) {
    const [enable, disable] = TOGGLES[i.kind];
    const report = await act(ctx, i.enabled ? enable : disable, target!);
    return outcome(report, target!, () => report.said[0] ?? `${i.enabled ? 'Enabled' : 'Disabled'} ${TOGGLES[i.kind][2]} “${target!.name}”.`.replace('  ', ' '));
  },
};

interface TestInput {
  kind: 'agent' | 'connection';
  item: ItemQuery;
}

export const testItem: ToolSpec<TestInput> = {
  name: 'skyvia_test',
  read: (input) => ({ kind: input.oneOf('kind', ['agent', 'connection'] as const, { required: true })!, item: readItemQuery(input) }),
  doing: (i) => `Testing the ${describeQuery([i.kind], i.item)}`,
  async run(ctx, i) {
    // A test changes nothing: no confirmation, but the same action as the tree's Test.
    const found = await resolveItem(ctx, [i.kind], i.item);
    if (typeof found === 'string') return found;
    const report = await ctx.runner.execute(i.kind === 'agent' ? testAgent : testConnection, [found.target], { quiet: true });
    return outcome(report, found.target, (test: TestOutcome) => {
      const verdict = test.verdict === 'passed' ? 'passed' : test.verdict === 'failed' ? 'FAILED' : 'finished with an unclear result';
      return `Test of the ${i.kind} “${found.target.name}” (workspaceId ${found.item.workspaceId}, id ${found.item.id}) ${verdict}. The service said: ${test.message}`;
    });
  },
};
