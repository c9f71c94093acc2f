// Starting and stopping work: run an integration, create a backup snapshot, cancel or kill the
// active run, show what runs now. Starts have no idempotency key on the API, so they are marked
// `startsWork`: never retried by themselves and never sent twice for one item at once.
import { isSkyviaError } from '../../api';
import { CommandId } from '../../shared/commandIds';
import type { RunRecord } from '../../shared/model';
import { capitalize } from '../../shared/format';
import { KIND_NOUNS, numId, runTarget, wsId, type Target } from '../../shared/refs';
import { integrationRunRecord, snapshotRunRecord } from '../../state/itemReader';
import { quote } from '../runner';
import type { Action, ActionContext } from './action';

const showRun = (ctx: ActionContext, run: RunRecord) => ({ label: `Show ${capitalize(KIND_NOUNS[run.ref.kind][0])}`, run: () => ctx.runCommand(CommandId.openItem, runTarget(run)) });

/** A start refused because one is under way: show the run that is (one read). */
function alreadyRunning(ctx: ActionContext, t: Target, error: unknown): undefined {
  if (isSkyviaError(error, 'validation') || isSkyviaError(error, 'http')) void ctx.reader.readActive(t.ref, t.name).catch(() => undefined);
  return undefined;
}

/** Run and Create snapshot: one start request, the run watched from its answer on. */
function startAction(kind: 'integration' | 'backup'): Action<undefined, RunRecord> {
  const run = kind === 'integration';
  const noun = run ? 'run' : 'snapshot';
  return {
    id: run ? CommandId.runIntegration : CommandId.createSnapshot,
    needs: run ? 'canRun' : 'canSnapshot',
    kinds: [kind],
    pickTitle: run ? 'Run an integration' : 'Create a backup snapshot',
    many: { done: 'started' },
    startsWork: true,
    verb: run ? 'run' : 'create a snapshot of',
    busy: `starting ${noun}…`,
    progress: (t) => `Starting a ${noun} of ${quote(t.name)}…`,
    async send(ctx, t, _input, signal) {
      if (run) return integrationRunRecord(t.ref, t.name, await ctx.client.runIntegration(wsId(t.ref), numId(t.ref), { signal }), true);
      return snapshotRunRecord(t.ref, t.name, await ctx.client.createSnapshot(wsId(t.ref), numId(t.ref), { signal }), true);
    },
    after: (ctx, t, started) => ctx.runs.observe(t.ref, started),
    done: (t, started, ctx) => ({ severity: 'info', text: `Started a ${noun} of ${quote(t.name)} (${noun} ${started.ref.id}, ${started.state}).`, buttons: [showRun(ctx, started)] }),
    failed: alreadyRunning,
  };
}

export const runIntegration = startAction('integration');
export const createSnapshot = startAction('backup');

export const cancelRun: Action<undefined, void> = {
  id: CommandId.cancelRun,
  needs: 'canCancel',
  kinds: ['integration'],
  pickTitle: 'Cancel the run of an integration',
  many: { done: 'asked to cancel' },
  verb: 'cancel the run of',
  busy: 'canceling…',
  progress: (t) => `Canceling the run of ${quote(t.name)}…`,
  send: (ctx, t, _input, signal) => ctx.client.cancelIntegrationRun(wsId(t.ref), numId(t.ref), { signal }),
  // The run goes Canceling, then Canceled: its own read shows the first, the watcher the second.
  after: (ctx, t) => ctx.reader.readActive(t.ref, t.name),
  done: (t) => ({ severity: 'info', text: `Asked to cancel the run of ${quote(t.name)}; it stops after its current step.` }),
};

export const killRun: Action<undefined, void> = {
  id: CommandId.killRun,
  needs: 'canKill',
  kinds: ['integration'],
  pickTitle: 'Kill the run of an integration',
  many: { done: 'killed' },
  verb: 'kill the run of',
  busy: 'killing…',
  confirm: (targets) => ({
    message: targets.length === 1 ? `Kill the run of ${quote(targets[0].name)}?` : `Kill the runs of ${targets.length} integrations?`,
    detail: `${targets.length > 1 ? `${targets.map((t) => t.name).join(', ')}\n\n` : ''}Killing stops a run at once, without the clean-up that Cancel lets it do. What it already wrote stays written.`,
    button: 'Kill',
  }),
  progress: (t) => `Killing the run of ${quote(t.name)}…`,
  send: (ctx, t, _input, signal) => ctx.client.killIntegrationRun(wsId(t.ref), numId(t.ref), { signal }),
  after: (ctx, t) => ctx.reader.readActive(t.ref, t.name),
  done: (t) => ({ severity: 'info', text: `Killed the run of ${quote(t.name)}.` }),
};

export const showActiveRun: Action<undefined, RunRecord | null> = {
  id: CommandId.showActiveRun,
  kinds: ['integration', 'backup', 'automation'],
  pickTitle: 'Show what runs now',
  verb: 'read the active run of',
  busy: 'reading…',
  progress: (t) => `Reading what runs for ${quote(t.name)}…`,
  send: (ctx, t, _input, signal) => ctx.reader.readActive(t.ref, t.name, signal),
  async after(ctx, _t, run) {
    if (run) await ctx.showDetails(runTarget(run), run);
  },
  done: (t, run) => (run ? undefined : { severity: 'info', text: `Nothing is running for ${quote(t.name)} right now.` }),
};
