// Runs an action: targets (a node, a multi-selection, a ref, or quick picks from the palette) →
// input → confirmation → progress → one request per target → a message → the after-effects.
//
// Safety lives here, once: a request already out for the same item and action is not sent again
// (a second click starts nothing), work-starting actions are never retried by themselves, and
// "Retry" after a network failure of a start first reads whether the run started after all.
//
// What it tells people comes whole from the action (actions/action.ts) or is one whole sentence
// of its own: it never builds one from an action's words. The output channel stays English.
import * as l10n from '@vscode/l10n';
import { isSkyviaError, type SkyviaError } from '../api';
import { errorText, quote } from '../shared/format';
import type { RunRecord } from '../shared/model';
import { refKey, refPath, type AccountId, type Target } from '../shared/refs';
import type { OutputLog } from '../host/outputLog';
import type { ActionContext, AnyAction, Told } from './actions/action';
import type { ProgressReport, Prompter } from './prompter';
import type { TargetResolver } from './targets';
import { refusal } from '../kinds';
import { requestOutText, underWayText } from '../kinds/refusals';

export interface ActionReport {
  /** Every target the action was asked to act on. */
  targets: string[];
  ok: string[];
  failed: { name: string; error: string }[];
  /** A request for the same item was already out: nothing was sent for these. */
  skipped: string[];
  /** What the item's kind record does not allow now (already running, no schedule…): nothing was sent, and why (a sentence naming the item). */
  refused: { name: string; why: string }[];
  /** The user backed out (no target picked, a confirmation declined, an input left). */
  cancelled: boolean;
  /** What `send` returned for each successful target, in order. */
  results: unknown[];
  /** What the user is (or, when quiet, would have been) told, one text per target. */
  said: string[];
}

/** How an action is run when its caller is not a click: a language-model tool, say. */
export interface ExecuteOptions {
  /** The person already confirmed this very target elsewhere (a tool's confirmation): do not ask twice. */
  confirmed?: boolean;
  /** The caller tells the outcome itself (from the report): no notification. */
  quiet?: boolean;
}

export interface RunnerDeps {
  /** The signed-in context; throws when signed out. */
  context(): ActionContext;
  targets: TargetResolver;
  prompter: Prompter;
  log: OutputLog;
  /** A 401/403 in an account: its token is checked (and its root marked if refused). */
  authFailed(account: AccountId, error: SkyviaError): void;
}

/** Requests of one multi-select action out at once. */
const PARALLEL = 4;

export class ActionRunner {
  private readonly inflight = new Set<string>();

  constructor(private readonly deps: RunnerDeps) {}

  /**
   * `args` as VS Code passes them: the clicked node and the selection from a tree menu; a ref or a
   * node from code (tests, notifications); nothing from the palette. A third argument is the
   * action's input given up front (tests, keybindings), skipping its prompts.
   */
  async execute(action: AnyAction, args: unknown[], options: ExecuteOptions = {}): Promise<ActionReport> {
    const report: ActionReport = { targets: [], ok: [], failed: [], skipped: [], refused: [], cancelled: false, results: [], said: [] };
    const ctx = this.deps.context();
    const targets = await this.deps.targets.resolve(action, args);
    if (!targets?.length) return { ...report, cancelled: true };
    report.targets = targets.map((t) => t.name);
    const unguarded = targets.filter((t) => !this.guarded(action, t));
    report.skipped = targets.filter((t) => !unguarded.includes(t)).map((t) => t.name);
    if (!unguarded.length) {
      this.deps.prompter.status(`$(loading~spin) ${requestOutText(targets[0].name, action.busy())}`);
      return report;
    }
    const fresh = this.allowed(action, ctx, unguarded, report, options.quiet);
    if (!fresh.length) return report;
    let input: unknown;
    if (action.input) {
      input = await action.input(ctx, fresh, args[2]);
      if (input === undefined) return { ...report, cancelled: true };
    }
    if (action.confirm && !options.confirmed) {
      const c = action.confirm(fresh);
      if (!(await this.deps.prompter.confirm(c.message, c.detail, c.button))) return { ...report, cancelled: true };
    }
    this.deps.targets.remember(fresh);
    return this.sendAll(action, ctx, fresh, input, report, options.quiet);
  }

  /** The targets whose kind record grants what the action needs now; the others are told why not. */
  private allowed(action: AnyAction, ctx: ActionContext, targets: Target[], report: ActionReport, quiet = false): Target[] {
    const needs = action.needs;
    if (!needs) return targets;
    const ok: Target[] = [];
    for (const t of targets) {
      const why = refusal(needs, t.ref, t.data ?? {}, ctx.facts.get(t.ref), t.name);
      if (why === undefined) ok.push(t);
      else report.refused.push({ name: t.name, why });
    }
    if (report.refused.length) {
      const text = l10n.t('Nothing was sent: {0}', report.refused.map((r) => r.why).join(' '));
      report.said.push(text);
      if (!quiet) this.tell({ severity: 'info', text });
    }
    return ok;
  }

  private async sendAll(action: AnyAction, ctx: ActionContext, asked: Target[], input: unknown, report: ActionReport, quiet = false): Promise<ActionReport> {
    // Claimed before any await: a second click (even one that waited on a confirmation) finds the guard in place.
    const targets = asked.filter((t) => !this.guarded(action, t));
    report.skipped.push(...asked.filter((t) => !targets.includes(t)).map((t) => t.name));
    if (!targets.length) return report;
    const keys = action.reentrant ? [] : targets.map((t) => this.guardKey(action, t));
    for (const k of keys) this.inflight.add(k);
    const outcomes: ({ ok: true; result: unknown } | { ok: false; error: unknown })[] = [];
    try {
      const sendOne = (t: Target, signal: AbortSignal, report: ProgressReport = () => undefined) =>
        action.send(ctx, t, input, signal, report).then(
          (result: unknown) => ({ ok: true as const, result }),
          (error: unknown) => ({ ok: false as const, error }),
        );
      if (action.local) {
        const signal = new AbortController().signal;
        for (const [i, t] of targets.entries()) outcomes[i] = await sendOne(t, signal);
      } else {
        const busy = action.busy();
        await this.deps.prompter.progress(
          action.progress(targets),
          async (signal, report) => {
            let next = 0;
            const worker = async () => {
              while (next < targets.length) {
                const i = next++;
                const t = targets[i];
                outcomes[i] = await ctx.facts.busyWhile(t.ref, busy, () => sendOne(t, signal, report));
              }
            };
            await Promise.all(Array.from({ length: Math.min(PARALLEL, targets.length) }, worker));
          },
          { cancellable: action.cancellable },
        );
      }
    } finally {
      for (const k of keys) this.inflight.delete(k);
    }
    const told: Told[] = [];
    const failures: Told[] = [];
    const succeeded: { target: Target; result: unknown }[] = [];
    for (const [i, t] of targets.entries()) {
      const o = outcomes[i];
      if (o.ok) {
        succeeded.push({ target: t, result: o.result });
        report.ok.push(t.name);
        report.results.push(o.result);
        this.deps.log.info(`${action.id} on ${t.name} (${refPath(t.ref)}) succeeded.`);
        await Promise.resolve(action.after?.(ctx, t, o.result, input)).catch((e: unknown) =>
          this.deps.log.warn(`after ${action.id} on ${t.name}: ${errorText(e)}`),
        );
        const said = action.done(t, o.result, ctx, input);
        if (said) told.push(said);
      } else {
        if (isSkyviaError(o.error, 'cancelled')) continue;
        report.failed.push({ name: t.name, error: errorText(o.error) });
        this.deps.log.error(`${action.id} on ${t.name} (${refPath(t.ref)}) failed`, o.error);
        if (isSkyviaError(o.error, 'auth')) this.deps.authFailed(t.ref.account, o.error);
        const failure = action.failed?.(ctx, t, o.error, input) ?? this.failure(action, ctx, t, o.error, input);
        told.push(failure);
        failures.push(failure);
      }
    }
    report.said.push(...told.map((t) => t.text));
    if (!quiet) this.tell(targets.length > 1 ? this.summary(action, targets, report, told, failures, succeeded) : told[0]);
    return report;
  }

  /**
   * Several targets, one notification: the action's sentence for those done ("3 endpoints
   * disabled."), then each failure's own ("Couldn't disable “Orders API”: Not found.") — whole
   * sentences side by side, none built of another's words.
   */
  private summary(
    action: AnyAction,
    targets: Target[],
    report: ActionReport,
    told: Told[],
    failures: Told[],
    succeeded: { target: Target; result: unknown }[],
  ): Told | undefined {
    const custom = action.many?.summary?.(succeeded);
    if (custom && !report.failed.length) return custom;
    const n = report.ok.length;
    // Only an action with `many` acts on several; its successes are said in one sentence.
    if (!action.many) return told[0];
    const done = n || !report.failed.length ? [action.many.done(n, targets[0].ref.kind)] : [];
    if (!report.failed.length) return { severity: 'info', text: done[0] };
    const showLog = l10n.t('Show Log');
    const buttons = failures
      .flatMap((t) => t.buttons ?? [])
      .filter((b) => b.label === showLog)
      .slice(0, 1);
    return { severity: n ? 'warning' : 'error', text: [...done, ...failures.map((f) => f.text)].join(' '), buttons };
  }

  /** The failure of one target, in the server's words, with Retry where trying again can help. */
  private failure(action: AnyAction, ctx: ActionContext, t: Target, error: unknown, input: unknown): Told {
    const e = isSkyviaError(error) ? error : undefined;
    const fields = e?.errors ? Object.entries(e.errors).map(([field, msgs]) => `${field || 'request'}: ${msgs.join(' ')}`) : [];
    const reason = e
      ? fields.length
        ? `${e.serverMessage && !fields.some((f) => f.includes(e.serverMessage as string)) ? `${e.serverMessage} ` : ''}${fields.join('; ')}`
        : e.userMessage
      : errorText(error);
    const buttons: Told['buttons'] = [];
    const transient = e && (e.kind === 'network' || e.kind === 'timeout' || e.kind === 'server' || e.kind === 'rateLimited');
    if (transient) buttons.push({ label: l10n.t('Retry'), run: () => this.retry(action, ctx, t, input) });
    if (!e || e.kind !== 'validation') buttons.push({ label: l10n.t('Show Log'), run: () => this.deps.log.show() });
    return { severity: 'error', text: action.couldNot(t, sentence(reason)), buttons };
  }

  /** Sends again — except a start, which first reads whether the first attempt started it after all. */
  private async retry(action: AnyAction, ctx: ActionContext, t: Target, input: unknown): Promise<void> {
    if (action.startsWork) {
      try {
        const run = await ctx.reader.readActive(t.ref, t.name);
        if (run) {
          this.tell({ severity: 'info', text: startedAfterAll(t.name, run) });
          return;
        }
      } catch (e) {
        this.tell({
          severity: 'error',
          text: l10n.t("Couldn't check whether {0} started: {1} Nothing was started again.", quote(t.name), sentence(errorText(e))),
          buttons: [{ label: l10n.t('Show Log'), run: () => this.deps.log.show() }],
        });
        return;
      }
    }
    const report: ActionReport = { targets: [t.name], ok: [], failed: [], skipped: [], refused: [], cancelled: false, results: [], said: [] };
    await this.sendAll(action, ctx, [t], input, report);
  }

  private tell(told: Told | undefined): void {
    if (!told) return;
    const buttons = told.buttons ?? [];
    // Not awaited: a notification resolves only when dismissed, and the command is done now.
    void this.deps.prompter.message(told.severity, told.text, ...buttons.map((b) => b.label)).then((choice) => buttons.find((b) => b.label === choice)?.run());
  }

  /** Its request for the target is out, and a second ask is skipped. */
  private guarded(action: AnyAction, t: Target): boolean {
    return !action.reentrant && this.inflight.has(this.guardKey(action, t));
  }

  /** Starts are guarded per item across actions (Run twice); the rest per action and item. */
  private guardKey(action: AnyAction, t: Target): string {
    return action.startsWork ? `start:${refKey(t.ref)}` : `${action.id}:${refKey(t.ref)}`;
  }
}

/** Retry of a start that had gone through after all: the run under way, and that none was started again. */
function startedAfterAll(name: string, run: RunRecord): string {
  return `${underWayText(name, run)} ${l10n.t('It started after all, so nothing was started again.')}`;
}

function sentence(text: string): string {
  return /[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`;
}
