// The prompter a test harness swaps in (commands/prompter.ts `PrompterSwitch`): it answers from
// a queue and writes down everything it was asked and told, so the whole conversation of a
// command can be scripted and read back. Part of the test surface (dist/testApi.js), which only a
// test harness loads: none of it ships in the extension's body.
// l10n-ignore-file: nothing here is shown to people; its errors are for the test that scripted it
import vscode = require('vscode');
import type { InputOptions, PickItem, PickOptions, ProgressOptions, ProgressReport, Prompter, SaveOptions, Severity } from '../commands/prompter';

/** One step of a scripted conversation: what the test expects to be asked, and the answer. */
export interface ScriptedAnswer {
  /** A confirmation: press the button (true) or dismiss (false). */
  confirm?: boolean;
  /** A quick pick: choose the items whose label matches (one, or several for a multi-pick). */
  pick?: string | RegExp | (string | RegExp)[];
  /** An input box: type this. */
  input?: string;
  /** A notification: press this button. */
  button?: string;
  /** A save dialog: choose this file (a path). */
  save?: string;
  /** A cancellable progress: press Cancel once it has reported this many times. */
  abortAfter?: number;
  /** Answer Escape (undefined) to whatever is asked. */
  cancel?: boolean;
}

export interface Transcript {
  kind: 'confirm' | 'pick' | 'input' | 'message' | 'progress' | 'status' | 'save';
  text: string;
  severity?: Severity;
  detail?: string;
  /** The items offered (pick), or the buttons (message, confirm). */
  options?: string[];
  /** The validation message an input box showed for the scripted value. */
  invalid?: string;
}

/**
 * A prompter for tests: answers from a queue and writes down everything it was asked and told.
 * A question with no answer queued fails the command loudly instead of hanging the test.
 */
export class ScriptedPrompter implements Prompter {
  readonly transcript: Transcript[] = [];
  private answers: ScriptedAnswer[] = [];

  script(answers: ScriptedAnswer[]): void {
    this.answers = [...answers];
  }

  /** Answers queued but not asked for. */
  get unused(): number {
    return this.answers.length;
  }

  async confirm(message: string, detail: string, button: string): Promise<boolean> {
    this.transcript.push({ kind: 'confirm', text: message, detail, options: [button] });
    const a = this.next('confirm', message);
    return a.confirm === true;
  }

  async pick<T>(items: PickItem<T>[], options: PickOptions): Promise<T | undefined> {
    return (await this.choose(items, options, false))?.[0];
  }

  async pickMany<T>(items: PickItem<T>[], options: PickOptions): Promise<T[] | undefined> {
    return this.choose(items, options, true);
  }

  async input(options: InputOptions): Promise<string | undefined> {
    const entry: Transcript = { kind: 'input', text: options.title };
    this.transcript.push(entry);
    const a = this.next('input', options.title);
    if (a.cancel || a.input === undefined) return undefined;
    const invalid = options.validate?.(a.input);
    if (invalid) {
      // A real input box would not close on an invalid value: the script's author learns why.
      entry.invalid = invalid;
      return undefined;
    }
    return a.input;
  }

  async message(severity: Severity, text: string, ...buttons: string[]): Promise<string | undefined> {
    this.transcript.push({ kind: 'message', severity, text, options: buttons });
    const head = this.answers[0];
    if (head?.button !== undefined && buttons.includes(head.button)) {
      this.answers.shift();
      return head.button;
    }
    return undefined;
  }

  progress<T>(title: string, work: (signal: AbortSignal, report: ProgressReport) => Promise<T>, options: ProgressOptions = {}): Promise<T> {
    this.transcript.push({ kind: 'progress', text: title });
    const controller = new AbortController();
    const abortAfter = options.cancellable && this.answers[0]?.abortAfter !== undefined ? this.answers.shift()?.abortAfter : undefined;
    let reports = 0;
    if (abortAfter === 0) controller.abort();
    return work(controller.signal, (message) => {
      this.transcript.push({ kind: 'progress', text: `${title} ${message}` });
      if (++reports === abortAfter) controller.abort();
    });
  }

  async saveAs(options: SaveOptions): Promise<vscode.Uri | undefined> {
    this.transcript.push({ kind: 'save', text: options.title, detail: options.name, options: Object.keys(options.filters) });
    const a = this.next('save', options.title);
    return a.cancel || a.save === undefined ? undefined : vscode.Uri.file(a.save);
  }

  status(text: string): void {
    this.transcript.push({ kind: 'status', text });
  }

  private async choose<T>(items: PickItem<T>[], options: PickOptions, many: boolean): Promise<T[] | undefined> {
    this.transcript.push({ kind: 'pick', text: options.title, options: items.map((i) => i.label) });
    const a = this.next('pick', options.title);
    if (a.cancel || a.pick === undefined) return undefined;
    const wanted = Array.isArray(a.pick) ? a.pick : [a.pick];
    const chosen: PickItem<T>[] = [];
    for (const w of wanted) {
      const found =
        items.find((i) => (typeof w === 'string' ? i.label === w : w.test(i.label))) ??
        (typeof w === 'string' ? (options.typed?.(w) as PickItem<T> | undefined) : undefined);
      // l10n-ignore: the scripted prompter's errors are for the test that scripted it, never shown to people
      if (!found) throw new Error(`scripted pick "${String(w)}" is not among: ${items.map((i) => i.label).join(' | ')}`);
      chosen.push(found);
    }
    // l10n-ignore: a test's script error, as above
    if (!many && chosen.length !== 1) throw new Error(`a single pick was scripted with ${chosen.length} answers`);
    return chosen.map((c) => c.value);
  }

  private next(kind: string, what: string): ScriptedAnswer {
    const a = this.answers.shift();
    // l10n-ignore: a test's script error, as above
    if (!a) throw new Error(`no scripted answer for ${kind} "${what}"`);
    return a;
  }
}
