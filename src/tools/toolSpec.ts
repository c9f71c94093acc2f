// One language-model tool is one small spec: how it reads the model's input, what it says while
// it works, what it asks before changing anything, and the text it answers with. Registration
// (./languageModelTools.ts) does everything around it once — the session, the confirmation gate,
// errors as text, redaction and the size budget — so no tool touches `vscode.lm` itself.
import type { SkyviaClient } from '../api';
import type { ActionRunner } from '../commands/runner';
import type { AccountId, Target } from '../shared/refs';
import type { ItemReader } from '../state/itemReader';

/** An account a tool call reads in. */
export interface ToolAccount {
  id: AccountId;
  label: string;
  client: SkyviaClient;
}

export interface ToolContext {
  /** The accounts the call is about: the one its `account` input names, else every one signed in. */
  accounts: ToolAccount[];
  reader: ItemReader;
  /** The tree's own action code: runs, cancels, toggles and tests go through it. */
  runner: ActionRunner;
  signal: AbortSignal;
  now: number;
}

/** What a tool that changes something asks first (the person reads it: in their language), and the item the answer is about. */
export interface ToolConfirmation {
  target: Target;
  title: string;
  /** Markdown; API strings in it are code spans (`codeSpan`), shown as they are and never rendered. */
  message: string;
}

export interface ToolSpec<I> {
  /** The name in package.json `contributes.languageModelTools`. */
  name: string;
  /** Reads and checks the model's input; a bad field throws an InputError naming it. */
  read(input: InputReader): I;
  /** The chat's line while it works ("Reading runs of …"), in the person's language. */
  doing(input: I): string;
  /**
   * Tools that change something: the one item they will act on and the question naming it. A text
   * answer (no such item, several match) is returned as the result, and nothing is done.
   */
  confirm?(ctx: ToolContext, input: I): Promise<ToolConfirmation | string>;
  /** The answer, for the model: English. `target` is the confirmed item for tools that confirm. */
  run(ctx: ToolContext, input: I, target?: Target): Promise<string>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyToolSpec = ToolSpec<any>;

/**
 * A field of the model's input that cannot be used. Its message goes back to the model, which
 * wrote the input and fixes it in its next call — never to a person (a preparation that meets
 * one only says it is checking the input) — so it stays English, as all the model reads.
 */
export class InputError extends Error {}

/**
 * The model's input, read field by field against what the tool's JSON schema promises: VS Code
 * does not enforce the schema, so a wrong type, a value out of range or an unknown word gets a
 * message naming the field instead of a request built from it.
 */
export class InputReader {
  private readonly raw: Record<string, unknown>;

  constructor(raw: unknown) {
    // l10n-ignore: the model reads this (an input error is the model's to fix)
    if (raw !== undefined && (raw === null || typeof raw !== 'object' || Array.isArray(raw))) throw new InputError('The input must be a JSON object.');
    this.raw = (raw ?? {}) as Record<string, unknown>;
  }

  string(name: string, opts: { required?: boolean; max?: number } = {}): string | undefined {
    const v = this.present(name, opts.required);
    if (v === undefined) return undefined;
    // l10n-ignore: the model reads this (an input error is the model's to fix)
    if (typeof v !== 'string' || !v.trim()) throw new InputError(`\`${name}\` must be a non-empty string.`);
    // l10n-ignore: the model reads this (an input error is the model's to fix)
    if (v.length > (opts.max ?? 200)) throw new InputError(`\`${name}\` is too long (at most ${opts.max ?? 200} characters).`);
    return v.trim();
  }

  int(name: string, opts: { required?: boolean; min?: number; max?: number } = {}): number | undefined {
    const v = this.present(name, opts.required);
    if (v === undefined) return undefined;
    const n = typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v;
    const min = opts.min ?? 1;
    const max = opts.max ?? 2 ** 31 - 1;
    // l10n-ignore: the model reads this (an input error is the model's to fix)
    if (typeof n !== 'number' || !Number.isInteger(n) || n < min || n > max)
      throw new InputError(`\`${name}\` must be a whole number from ${min} to ${max.toLocaleString('en-US')}.`);
    return n;
  }

  /** An id kept as text: int64 digits survive only as a string, endpoint request ids are free-form. */
  id(name: string, opts: { required?: boolean } = {}): string | undefined {
    const v = this.present(name, opts.required);
    if (v === undefined) return undefined;
    if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) return String(v);
    if (typeof v === 'string' && v.trim() && v.length <= 100) return v.trim();
    // l10n-ignore: the model reads this (an input error is the model's to fix)
    throw new InputError(`\`${name}\` must be an id as a string (large ids lose digits as numbers).`);
  }

  bool(name: string, opts: { required?: boolean } = {}): boolean | undefined {
    const v = this.present(name, opts.required);
    if (v === undefined) return undefined;
    // l10n-ignore: the model reads this (an input error is the model's to fix)
    if (typeof v !== 'boolean') throw new InputError(`\`${name}\` must be true or false.`);
    return v;
  }

  oneOf<T extends string>(name: string, values: readonly T[], opts: { required?: boolean } = {}): T | undefined {
    const v = this.present(name, opts.required);
    if (v === undefined) return undefined;
    // l10n-ignore: the model reads this (an input error is the model's to fix)
    if (typeof v !== 'string' || !values.includes(v as T)) throw new InputError(`\`${name}\` must be one of: ${values.join(', ')}.`);
    return v as T;
  }

  list<T extends string>(name: string, values: readonly T[]): T[] | undefined {
    const v = this.present(name, false);
    if (v === undefined) return undefined;
    // l10n-ignore: the model reads this (an input error is the model's to fix)
    if (!Array.isArray(v) || !v.length || v.some((x) => typeof x !== 'string' || !values.includes(x as T)))
      throw new InputError(`\`${name}\` must be a list of: ${values.join(', ')}.`);
    return [...new Set(v as T[])];
  }

  /** The raw value of a field; `undefined` for absent and null. */
  protected present(name: string, required = false): unknown {
    const v = this.raw[name];
    if (v === undefined || v === null) {
      // l10n-ignore: the model reads this (an input error is the model's to fix)
      if (required) throw new InputError(`\`${name}\` is required.`);
      return undefined;
    }
    return v;
  }
}
