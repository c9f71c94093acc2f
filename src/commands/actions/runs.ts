// Starting and stopping work — run an integration, create a backup snapshot, cancel or kill the
// active run — made from each kind's record (`start`, `stop`), and show what runs now. Starts have
// no idempotency key on the API, so they are marked `startsWork`: never retried by themselves and
// never sent twice for one item at once.
import * as l10n from '@vscode/l10n';
import { isSkyviaError } from '../../api';
import { CommandId } from '../../shared/commandIds';
import type { RunRecord } from '../../shared/model';
import type { HistoryItemKind, Target } from '../../shared/refs';
import { quote } from '../../shared/format';
import type { Action, ActionContext, AnyAction } from './action';
import { stateWord } from '../../shared/words';
import { ACTIVE_KINDS, ENTRIES, entryOf, HISTORIES, runTarget, STARTABLE_KINDS, STOPPABLE_KINDS } from '../../kinds';
import type { StartSpec, StopSpec } from '../../kinds/kind';

/** What of the action context these actions use. */
type Uses = Pick<ActionContext, 'client' | 'reader' | 'runs' | 'runCommand' | 'showDetails'>;

/** The button that opens what was started: "Show Run", in its entry's words. */
const showRun = (ctx: Uses, run: RunRecord) => ({
  label: (entryOf(run.ref.kind) ?? ENTRIES.run).words.show(),
  run: () => ctx.runCommand(CommandId.openItem, runTarget(run)),
});

/** A start refused because one is under way: show the run that is (one read). */
function alreadyRunning(ctx: Uses, t: Target, error: unknown): undefined {
  if (isSkyviaError(error, 'validation') || isSkyviaError(error, 'http')) void ctx.reader.readActive(t.ref, t.name).catch(() => undefined);
  return undefined;
}

/** What a start and a stop of a kind share: its command, what it needs, and its words around the request. */
function fromRecord(kind: HistoryItemKind, spec: StartSpec | StopSpec) {
  const words = spec.words;
  return {
    id: spec.command,
    needs: spec.needs,
    kinds: [kind],
    pickTitle: words.pickTitle,
    many: { done: words.doneMany },
    busy: words.busy,
    progress: (targets: readonly Target[]) => words.progress(quote(targets[0].name), targets.length),
    couldNot: (t: Target, reason: string) => words.couldNot(quote(t.name), reason),
  };
}

/** Run, Create Snapshot: the kind's start (its record sends it), the run watched from its answer on. */
function startAction(kind: HistoryItemKind, start: StartSpec): Action<undefined, RunRecord, Uses> {
  return {
    ...fromRecord(kind, start),
    startsWork: true,
    send: (ctx, t, _input, signal) => start.send(ctx.client(t.ref.account), t.ref, t.name, signal),
    after: (ctx, t, started) => ctx.runs.observe(t.ref, started),
    done: (t, started, ctx) => ({
      severity: 'info',
      // The state is the service's word ("New", "Running").
      text: start.words.done(quote(t.name), started.ref.id, stateWord(started.state)),
      buttons: [showRun(ctx, started)],
    }),
    failed: alreadyRunning,
  };
}

/** Cancel, Kill: the kind's stop (its record sends it); the run's own read after it shows how it stands (Canceling), the watcher the rest. */
function stopAction(kind: HistoryItemKind, stop: StopSpec): Action<undefined, void, Uses> {
  const { confirm } = stop.words;
  return {
    ...fromRecord(kind, stop),
    ...(confirm ? { confirm: (targets: readonly Target[]) => confirm(targets.map((t) => quote(t.name))) } : {}),
    send: (ctx, t, _input, signal) => stop.send(ctx.client(t.ref.account), t.ref, signal),
    after: (ctx, t) => ctx.reader.readActive(t.ref, t.name),
    done: (t) => ({ severity: 'info', text: stop.words.done(quote(t.name)) }),
  };
}

/** Every kind's start, as its record has it. */
export const START_ACTIONS = STARTABLE_KINDS.map((k) => startAction(k, HISTORIES[k].start!));
/** Every kind's Cancel and Kill, as its record has them. */
export const STOP_ACTIONS = STOPPABLE_KINDS.flatMap((k) => [stopAction(k, HISTORIES[k].stop!.cancel), stopAction(k, HISTORIES[k].stop!.kill)]);
/** The stop an action of the chat names (Cancel or Kill) for a kind. */
export function stopActionOf(kind: HistoryItemKind, kill: boolean): AnyAction | undefined {
  const stop = HISTORIES[kind].stop;
  return stop && STOP_ACTIONS.find((a) => a.id === (kill ? stop.kill : stop.cancel).command);
}

export const showActiveRun: Action<undefined, RunRecord | null, Uses> = {
  id: CommandId.showActiveRun,
  kinds: ACTIVE_KINDS,
  pickTitle: () => l10n.t('Show what runs now'),
  busy: () => l10n.t('reading…'),
  progress: ([t]) => l10n.t('Reading what runs for {0}…', quote(t.name)),
  couldNot: (t, reason) => l10n.t("Couldn't read the active run of {0}: {1}", quote(t.name), reason),
  send: (ctx, t, _input, signal) => ctx.reader.readActive(t.ref, t.name, signal),
  async after(ctx, _t, run) {
    if (run) await ctx.showDetails(runTarget(run), run);
  },
  done: (t, run) => (run ? undefined : { severity: 'info', text: l10n.t('Nothing is running for {0} right now.', quote(t.name)) }),
};
