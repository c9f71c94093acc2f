// The tools that act: start a run or snapshot, cancel or kill a run, enable or disable, test an
// agent or connection. Each goes through the tree's own action (the runner: one request per
// item, never a second start while one is out, never retried) with the confirmation already
// given in the chat, and answers with what the user would have been told.
//
// Two audiences: the progress line and the confirmation are the person's, in their language,
// a whole sentence per action and kind; the answers are the model's, in English.
import type { ActionReport } from '../commands/runner';
import type { AnyAction } from '../commands/actions/action';
import { stopActionOf } from '../commands/actions/runs';
import { ACTIONS } from '../commands/actions/all';
import { ENTRIES, HISTORIES, STARTABLE_KINDS, STOPPABLE_KINDS, TESTABLE_KINDS, TOGGLE_KINDS, WORKSPACE_ITEMS, type HistoryRecord } from '../kinds';
import type { CommandId } from '../shared/commandIds';
import { codeSpan } from '../shared/format';
import type { RunRecord, TestOutcome } from '../shared/model';
import type { EntryKind, HistoryItemKind, Target, WorkspaceItemKind } from '../shared/refs';
import { readItemQuery, resolveItem, shownQuery, type FoundItem, type ItemQuery } from './itemSearch';
import type { ToolConfirmation, ToolContext, ToolSpec } from './toolSpec';

/**
 * What a confirmation names, as its sentence's placeholders: the item's name and its workspace's
 * as code spans, so the person reads them as they are — in the chat and in VS Code's dialog
 * alike — and no markup, link or image in one is ever rendered; and the item's id.
 */
function named(item: FoundItem): [name: string, id: number, workspace: string] {
  return [codeSpan(item.name), item.id, codeSpan(item.workspace)];
}

/** The tree's action for a command a kind's record names. */
function actionOf(command: CommandId | undefined): AnyAction {
  const action = ACTIONS.find((a) => a.id === command);
  // l10n-ignore: a programming error (a record names a command that is no action)
  if (!action) throw new Error(`no action ${command}`);
  return action;
}

async function confirmation(
  ctx: ToolContext,
  kinds: readonly WorkspaceItemKind[],
  q: ItemQuery,
  ask: (item: FoundItem) => Omit<ToolConfirmation, 'target'>,
): Promise<ToolConfirmation | string> {
  const found = await resolveItem(ctx, kinds, q);
  return typeof found === 'string' ? found : { target: found.target, ...ask(found.item) };
}

/**
 * What the runner reports, as the tool's answer. A refusal's `why` is already a whole sentence
 * naming the item, in the person's language (kinds/actions.ts `whyNot`); the model reads it as it is.
 */
function outcome(report: ActionReport, target: Target, done: (result: never) => string): string {
  // l10n-ignore: the model reads this
  if (report.skipped.length) return `The same action on “${target.name}” is already being sent; nothing was sent again.`;
  // l10n-ignore: the model reads this
  if (report.refused.length) return `Nothing was done: ${report.refused[0].why}`;
  // l10n-ignore: the model reads this
  if (report.cancelled) return `Nothing was done to “${target.name}”.`;
  if (report.failed.length) return `Failed: ${report.said[0] ?? report.failed[0].error}`;
  return done(report.results[0] as never);
}

const act = (ctx: ToolContext, action: AnyAction, target: Target) => ctx.runner.execute(action, [target], { confirmed: true, quiet: true });

interface StartInput {
  kind: HistoryItemKind;
  item: ItemQuery;
}

/** The kind's start (only kinds that have one are read as input). */
function startOf(kind: HistoryItemKind): NonNullable<HistoryRecord['start']> {
  return HISTORIES[kind].start as NonNullable<HistoryRecord['start']>;
}

export const startRun: ToolSpec<StartInput> = {
  name: 'skyvia_start_run',
  read: (input) => ({ kind: input.oneOf('kind', STARTABLE_KINDS) ?? STARTABLE_KINDS[0], item: readItemQuery(input) }),
  doing: (i) => startOf(i.kind).words.doing(shownQuery(i.item)),
  confirm: (ctx, i) => confirmation(ctx, [i.kind], i.item, (item) => startOf(i.kind).words.question(...named(item))),
  async run(ctx, i, target) {
    const report = await act(ctx, actionOf(startOf(i.kind).command), target!);
    return outcome(report, target!, (run: RunRecord) => {
      // l10n-ignore: the model reads this
      return `Started ${ENTRIES[run.ref.kind as EntryKind].english[0]} ${run.ref.id} of “${target!.name}” (state ${run.state}). VS Code watches it and tells the user how it ends; for its details call skyvia_run_details with ${JSON.stringify({ kind: run.ref.kind, workspaceId: run.ref.workspaceId, itemId: run.ref.parentId, id: run.ref.id })}.`;
    });
  },
};

interface StopInput {
  kind: HistoryItemKind;
  item: ItemQuery;
  kill: boolean;
}

/** The kind's stop, Cancel or Kill (only kinds that have one are read as input). */
function stopOf(i: StopInput) {
  const stop = HISTORIES[i.kind].stop!;
  return i.kill ? stop.kill : stop.cancel;
}

export const stopRun: ToolSpec<StopInput> = {
  name: 'skyvia_stop_run',
  read: (input) => ({ kind: input.oneOf('kind', STOPPABLE_KINDS) ?? STOPPABLE_KINDS[0], kill: input.bool('kill') ?? false, item: readItemQuery(input) }),
  doing: (i) => stopOf(i).words.doing(shownQuery(i.item)),
  confirm: (ctx, i) => confirmation(ctx, [i.kind], i.item, (item) => stopOf(i).words.question(...named(item))),
  async run(ctx, i, target) {
    const report = await act(ctx, stopActionOf(i.kind, i.kill)!, target!);
    // l10n-ignore: the model reads this
    return outcome(report, target!, () => report.said[0] ?? `Asked to ${i.kill ? 'kill' : 'cancel'} the run of “${target!.name}”.`);
  },
};

interface EnableInput {
  kind: HistoryItemKind;
  enabled: boolean;
  item: ItemQuery;
}

/** The kind's toggle (its records's: only kinds that have one are read as input). */
function toggleOf(kind: HistoryItemKind): NonNullable<HistoryRecord['toggle']> {
  const toggle = HISTORIES[kind].toggle;
  // l10n-ignore: a programming error (the input's kinds are those with a toggle)
  if (!toggle) throw new Error(`${kind} cannot be turned on or off`);
  return toggle;
}

export const setEnabled: ToolSpec<EnableInput> = {
  name: 'skyvia_set_enabled',
  read: (input) => ({
    kind: input.oneOf('kind', TOGGLE_KINDS, { required: true })!,
    enabled: input.bool('enabled', { required: true })!,
    item: readItemQuery(input),
  }),
  // "Disabling the schedule of the integration “Nightly Sync”".
  doing: (i) => toggleOf(i.kind).words.doing(i.enabled, shownQuery(i.item)),
  confirm: (ctx, i) => confirmation(ctx, [i.kind], i.item, (item) => toggleOf(i.kind).words.question(i.enabled, ...named(item))),
  async run(ctx, i, target) {
    const { enable, disable, schedule } = toggleOf(i.kind);
    const report = await act(ctx, actionOf(i.enabled ? enable : disable), target!);
    // l10n-ignore: the model reads this
    return outcome(report, target!, () => report.said[0] ?? `${i.enabled ? 'Enabled' : 'Disabled'} ${schedule ? 'the schedule of ' : ''}“${target!.name}”.`);
  },
};

interface TestInput {
  kind: WorkspaceItemKind;
  item: ItemQuery;
}

export const testItem: ToolSpec<TestInput> = {
  name: 'skyvia_test',
  read: (input) => ({ kind: input.oneOf('kind', TESTABLE_KINDS, { required: true })!, item: readItemQuery(input) }),
  doing: (i) => WORKSPACE_ITEMS[i.kind].test?.words.doing(shownQuery(i.item)) ?? '',
  async run(ctx, i) {
    // A test changes nothing: no confirmation, but the same action as the tree's Test.
    const found = await resolveItem(ctx, [i.kind], i.item);
    if (typeof found === 'string') return found;
    const report = await ctx.runner.execute(actionOf(WORKSPACE_ITEMS[i.kind].test?.command), [found.target], { quiet: true });
    return outcome(report, found.target, (test: TestOutcome) => {
      // l10n-ignore: the model reads this
      const verdict = test.verdict === 'passed' ? 'passed' : test.verdict === 'failed' ? 'FAILED' : 'finished with an unclear result';
      // l10n-ignore: the model reads this
      return `Test of the ${i.kind} “${found.target.name}” (workspaceId ${found.item.workspaceId}, id ${found.item.id}) ${verdict}. The service said: ${test.message}`;
    });
  },
};
