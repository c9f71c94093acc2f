// The language-model tools, as VS Code calls them: the chat (or any extension, through
// `vscode.lm.invokeTool`) asks; the answer is small text with ids a follow-up call can use.
// (The entry point registers the names from package.json and forwards here.)
//
// Everything around a tool's own work is here, once:
// - signed out: a text saying how to sign in or start the demo account, never an exception;
// - the accounts asked about: the one the optional `account` input names (by name or key), else
//   every account signed in — an item found in two is answered with the candidates, never guessed;
// - input checked against what the schema promises, a bad field named;
// - a tool that changes something acts only on a confirmation VS Code showed for that very call
//   and the person accepted, and only on the item it named — the rule is in ./confirmations.ts;
// - errors become text in the service's words (not allowed, not found…), never a stack;
// - every answer, question and progress line is cleaned of control characters, every secret the
//   extension has seen is redacted from it, and the answer is kept under a size budget;
// - the answers are the model's and stay English; what the person reads — the progress line and
//   the question — is in their language (each spec's `doing` and `confirm`).
import vscode = require('vscode');
import { l10n } from 'vscode';
import { isSkyviaError, type SkyviaError } from '../api';
import type { Accounts } from '../host/accounts';
import type { ActionRunner } from '../commands/runner';
import { inertMarkdown } from '../shared/format';
import type { Shown } from '../shared/plainText';
import { sameRef, type AccountId } from '../shared/refs';
import type { ItemReader } from '../state/itemReader';
import { TOOLS } from './catalog';
import { callKey, ConfirmationTickets } from './confirmations';
import { InputError, InputReader, type AnyToolSpec, type ToolConfirmation, type ToolContext } from './toolSpec';

/** Characters an answer may have: a few thousand tokens at most in the model's context. */
export const MAX_RESULT_CHARS = 8_000;

export const NOT_CONFIRMED_TEXT =
  // l10n-ignore: the model reads this
  'Nothing was done: this action runs only right after the user accepts the confirmation VS Code shows for this very call, and there was none to act on (it was declined or not answered in time, the item could not be read while it was prepared, or the same call was asked twice at once). Call the tool again to ask the user.';

export const SIGNED_OUT_TEXT =
  // l10n-ignore: the model reads this
  'Not signed in to Skyvia, so nothing could be read. Ask the user to run "Skyvia: Sign In with an API Token…" (a token from Skyvia › Account Settings › API Settings) or "Skyvia: Try the Demo Account" (a built-in demo service with sample data), then call this tool again.';

export interface ToolDeps {
  accounts: Accounts;
  reader: ItemReader;
  runner: ActionRunner;
  /** Cleaning and redaction of everything said. */
  shown: Shown;
  /** A 401/403: lets the accounts decide whether that account's token itself is dead. */
  authFailed(account: AccountId, error: SkyviaError): void;
}

export class LanguageModelTools {
  /** Confirmations asked, by tool and input: what `invoke` may act on, once. */
  private readonly tickets = new ConfirmationTickets<ToolConfirmation['target']>((a, b) => sameRef(a.ref, b.ref));

  constructor(private readonly deps: ToolDeps) {}

  /** The VS Code tool of a name (the entry point registers the names package.json declares). */
  toolNamed(name: string): vscode.LanguageModelTool<unknown> | undefined {
    const spec = this.specNamed(name);
    return spec && this.toolFor(spec);
  }

  /** The spec of a tool by its name. */
  specNamed(name: string): AnyToolSpec | undefined {
    return TOOLS.find((t) => t.name === name);
  }

  /** The VS Code tool around a spec. */
  toolFor(spec: AnyToolSpec): vscode.LanguageModelTool<unknown> {
    return {
      prepareInvocation: (options, token) => this.prepare(spec, options.input, token),
      invoke: async (options, token) => new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(await this.answer(spec, options.input, token))]),
    };
  }

  async prepare(spec: AnyToolSpec, raw: unknown, token?: vscode.CancellationToken): Promise<vscode.PreparedToolInvocation> {
    let input: unknown;
    try {
      input = spec.read(new InputReader(raw));
    } catch {
      input = undefined;
    }
    // The chat renders it as Markdown: the model's own words (a name it was given) stay text.
    const invocationMessage =
      input === undefined ? l10n.t('Checking the input of {0}', spec.name) : inertMarkdown(this.deps.shown.line(spec.doing(input), 300));
    if (!spec.confirm) return { invocationMessage };
    // Whatever follows, an earlier question about this same call is void from here on.
    const prep = this.tickets.begin(callKey(spec.name, raw));
    let asked: ToolConfirmation | undefined;
    let issued = false;
    try {
      const ctx = input === undefined ? undefined : await this.context(raw, token).catch(() => undefined);
      // Without a confirmation nothing will be done; `invoke` then says why (not found, several match…).
      const found = ctx ? await spec.confirm(ctx, input).catch(() => undefined) : undefined;
      asked = found && typeof found !== 'string' ? found : undefined;
    } finally {
      // A preparation always ends; it leaves a ticket only for the question about to be asked.
      issued = this.tickets.end(prep, asked?.target);
    }
    if (!issued || !asked) return { invocationMessage };
    const message = new vscode.MarkdownString(this.deps.shown.block(asked.message));
    return { invocationMessage, confirmationMessages: { title: this.deps.shown.line(asked.title, 200), message } };
  }

  async answer(spec: AnyToolSpec, raw: unknown, token?: vscode.CancellationToken): Promise<string> {
    return clamp(this.deps.shown.block(await this.run(spec, raw, token)));
  }

  private async run(spec: AnyToolSpec, raw: unknown, token?: vscode.CancellationToken): Promise<string> {
    let input: unknown;
    try {
      input = spec.read(new InputReader(raw));
    } catch (e) {
      // l10n-ignore: the model reads this
      if (e instanceof InputError) return `Invalid input for ${spec.name}: ${e.message}`;
      throw e;
    }
    let ctx: ToolContext | undefined;
    try {
      ctx = await this.context(raw, token);
    } catch (e) {
      // l10n-ignore: the model reads this
      if (e instanceof InputError) return `Invalid input for ${spec.name}: ${e.message}`;
      throw e;
    }
    if (!ctx) return SIGNED_OUT_TEXT;
    try {
      if (!spec.confirm) return await spec.run(ctx, input);
      const target = this.tickets.take(callKey(spec.name, raw));
      if (!target) {
        // Resolving again says why there was nothing to confirm (no such item, several match).
        const why = await spec.confirm(ctx, input);
        return typeof why === 'string' ? why : NOT_CONFIRMED_TEXT;
      }
      // The item confirmed is the item acted on, even if a name would now resolve differently.
      return await spec.run(ctx, input, target);
    } catch (e) {
      return this.errorText(e, ctx);
    }
  }

  /** The accounts the call reads in (see the header); `undefined` when none is signed in. */
  private async context(raw: unknown, token?: vscode.CancellationToken): Promise<ToolContext | undefined> {
    const { accounts } = this.deps;
    await accounts.resolve().catch(() => undefined);
    const usable = accounts.list().filter((a) => a.state !== 'rejected');
    if (!usable.length) return undefined;
    const named = raw && typeof raw === 'object' ? (raw as { account?: unknown }).account : undefined;
    let scope = usable;
    if (named !== undefined) {
      const text = typeof named === 'string' ? named.trim().toLocaleLowerCase() : '';
      scope = usable.filter((a) => a.id === text || a.label.toLocaleLowerCase() === text);
      // l10n-ignore: the model reads this (an input error is the model's to fix)
      if (!scope.length)
        throw new InputError(`No Skyvia account “${String(named)}” is signed in; the accounts are: ${usable.map((a) => `“${a.label}”`).join(', ')}.`);
    }
    const abort = new AbortController();
    token?.onCancellationRequested(() => abort.abort());
    return {
      accounts: scope.map((a) => ({ id: a.id, label: a.label, client: accounts.requireClient(a.id) })),
      reader: this.deps.reader,
      runner: this.deps.runner,
      signal: abort.signal,
      now: Date.now(),
    };
  }

  private errorText(e: unknown, ctx: ToolContext): string {
    if (e instanceof InputError) return e.message;
    if (!isSkyviaError(e)) return `Failed: ${e instanceof Error ? e.message : String(e)}`;
    if (e.kind === 'auth') {
      // Whose token it was is not said by the error: each account in the call's scope is checked (one cheap call each, shared).
      for (const a of ctx.accounts) this.deps.authFailed(a.id, e);
      // l10n-ignore: the model reads this
      return `Not allowed: ${e.userMessage} The token may lack this permission, or have been revoked (then the user signs in again with "Skyvia: Sign In with an API Token…").`;
    }
    if (e.kind === 'notFound') {
      // The service's words when they say more than "not found" ("Integration 7 was not found.").
      const said = e.userMessage.trim();
      // l10n-ignore: the model reads this
      return /^not found\.?$/i.test(said)
        ? 'Not found. Check the ids with skyvia_find_items.'
        : `Not found: ${/[.!?]$/.test(said) ? said : `${said}.`} Check the ids with skyvia_find_items.`;
    }
    // l10n-ignore: the model reads this
    if (e.kind === 'cancelled') return 'Cancelled.';
    return `Failed: ${e.userMessage}`;
  }
}

/** Keeps an answer within the budget, saying so. */
function clamp(text: string): string {
  if (text.length <= MAX_RESULT_CHARS) return text;
  // l10n-ignore: the model reads this
  const note = '\n… (cut to keep the answer short; ask for fewer items or a narrower filter)';
  return text.slice(0, MAX_RESULT_CHARS - note.length) + note;
}
