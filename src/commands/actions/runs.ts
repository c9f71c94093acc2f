// Starting and stopping work: run an integration, create a backup snapshot, cancel or kill the
// active run, show what runs now. Starts have no idempotency key on the API, so they are marked
// `startsWork`: never retried by themselves and never sent twice for one item at once.
import * as l10n from '@vscode/l10n';
import { isSkyviaError } from '../../api';
import { CommandId } from '../../shared/commandIds';
import type { RunRecord } from '../../shared/model';
import { numId, wsId, type Target } from '../../shared/refs';
import { plural, quote } from '../../shared/format';
import type { Action, ActionContext } from './action';
import { stateWord } from '../../shared/words';
import { ENTRIES, entryOf, HISTORIES, runTarget, type HistoryRecord } from '../../kinds';

/** The button that opens what was started: "Show Run", in its entry's words. */
const showRun = (ctx: ActionContext, run: RunRecord) => ({
  label: (entryOf(run.ref.kind) ?? ENTRIES.run).words.show(),
  run: () => ctx.runCommand(CommandId.openItem, runTarget(run)),
});

/** A start refused because one is under way: show the run that is (one read). */
function alreadyRunning(ctx: ActionContext, t: Target, error: unknown): undefined {
  if (isSkyviaError(error, 'validation') || isSkyviaError(error, 'http')) void ctx.reader.readActive(t.ref, t.name).catch(() => undefined);
  return undefined;
}

/** Run and Create snapshot: one start request (the kind's record sends it), the run watched from its answer on. */
function startAction(kind: 'integration' | 'backup'): Action<undefined, RunRecord> {
  const start = HISTORIES[kind].start as NonNullable<HistoryRecord['start']>;
  const words = start.words;
  return {
    id: start.command,
    needs: start.needs,
    kinds: [kind],
    pickTitle: words.pickTitle,
    many: { done: words.doneMany },
    startsWork: true,
    busy: words.busy,
    progress: (targets) => words.progress(quote(targets[0].name), targets.length),
    couldNot: (t, reason) => words.couldNot(quote(t.name), reason),
    send: (ctx, t, _input, signal) => start.send(ctx.client(t.ref.account), t.ref, t.name, signal),
    after: (ctx, t, started) => ctx.runs.observe(t.ref, started),
    done: (t, started, ctx) => ({
      severity: 'info',
      // The state is the service's word ("New", "Running").
      text: words.done(quote(t.name), started.ref.id, stateWord(started.state)),
      buttons: [showRun(ctx, started)],
    }),
    failed: alreadyRunning,
  };
}

export const runIntegration = startAction('integration');
export const createSnapshot = startAction('backup');

export const cancelRun: Action<undefined, void> = {
  id: CommandId.cancelRun,
  needs: 'canCancel',
  kinds: ['integration'],
  pickTitle: () => l10n.t('Cancel the run of an integration'),
  many: {
    done: (n) =>
      plural(
        n,
        (c) => l10n.t('{0} integration asked to cancel.', c),
        (c) => l10n.t('{0} integrations asked to cancel.', c),
      ),
  },
  busy: () => l10n.t('canceling…'),
  progress: (targets) =>
    targets.length === 1 ? l10n.t('Canceling the run of {0}…', quote(targets[0].name)) : l10n.t('Canceling the runs of {0} integrations…', targets.length),
  couldNot: (t, reason) => l10n.t("Couldn't cancel the run of {0}: {1}", quote(t.name), reason),
  send: (ctx, t, _input, signal) => ctx.client(t.ref.account).cancelIntegrationRun(wsId(t.ref), numId(t.ref), { signal }),
  // The run goes Canceling, then Canceled: its own read shows the first, the watcher the second.
  after: (ctx, t) => ctx.reader.readActive(t.ref, t.name),
  done: (t) => ({ severity: 'info', text: l10n.t('Asked to cancel the run of {0}; it stops after its current step.', quote(t.name)) }),
};

export const killRun: Action<undefined, void> = {
  id: CommandId.killRun,
  needs: 'canKill',
  kinds: ['integration'],
  pickTitle: () => l10n.t('Kill the run of an integration'),
  many: {
    done: (n) =>
      plural(
        n,
        (c) => l10n.t('Killed the run of {0} integration.', c),
        (c) => l10n.t('Killed the runs of {0} integrations.', c),
      ),
  },
  busy: () => l10n.t('killing…'),
  confirm: (targets) => ({
    message: targets.length === 1 ? l10n.t('Kill the run of {0}?', quote(targets[0].name)) : l10n.t('Kill the runs of {0} integrations?', targets.length),
    detail: `${targets.length > 1 ? `${targets.map((t) => t.name).join(', ')}\n\n` : ''}${l10n.t('Killing stops a run at once, without the clean-up that Cancel lets it do. What it already wrote stays written.')}`,
    button: l10n.t('Kill'),
  }),
  progress: (targets) =>
    targets.length === 1 ? l10n.t('Killing the run of {0}…', quote(targets[0].name)) : l10n.t('Killing the runs of {0} integrations…', targets.length),
  couldNot: (t, reason) => l10n.t("Couldn't kill the run of {0}: {1}", quote(t.name), reason),
  send: (ctx, t, _input, signal) => ctx.client(t.ref.account).killIntegrationRun(wsId(t.ref), numId(t.ref), { signal }),
  after: (ctx, t) => ctx.reader.readActive(t.ref, t.name),
  done: (t) => ({ severity: 'info', text: l10n.t('Killed the run of {0}.', quote(t.name)) }),
};

export const showActiveRun: Action<undefined, RunRecord | null> = {
  id: CommandId.showActiveRun,
  kinds: ['integration', 'backup', 'automation'],
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
