// A log cut down to what a reader (a person skimming, a language model answering "why did it
// fail?") needs: its size, its counts, how it began and ended, and every error with the lines
// around it — never the whole 200,000 lines. Line numbers are 1-based, as the editor shows them.
import { isErrorLine } from '../shared/logLines';

export interface DigestOptions {
  /** Characters the digest may take (roughly; one line more is never cut in half). */
  budget?: number;
  /** Lines shown before and after each error. */
  context?: number;
}

const WARNING = /\bWARN(ING)?\b/;
const MAX_LINE = 240;
const HEAD = 3;
const TAIL = 5;

export function digestLog(text: string, options: DigestOptions = {}): string {
  const budget = options.budget ?? 4_000;
  const context = options.context ?? 2;
  const lines = text.split('\n');
  if (lines.length && lines[lines.length - 1] === '') lines.pop();
  const errors: number[] = [];
  let warnings = 0;
  for (let i = 0; i < lines.length; i++) {
    if (isErrorLine(lines[i])) errors.push(i);
    else if (WARNING.test(lines[i])) warnings++;
  }
  const count = (n: number, one: string) => `${n.toLocaleString('en-US')} ${one}${n === 1 ? '' : 's'}`;
  const out: string[] = [`${count(lines.length, 'line')} · ${count(errors.length, 'error')} · ${count(warnings, 'warning')}`];
  const shown = (i: number) => `${i + 1}: ${lines[i].length > MAX_LINE ? `${lines[i].slice(0, MAX_LINE)}…` : lines[i]}`;
  let room = budget - out[0].length;
  const add = (line: string, reserve = 0): boolean => {
    if (line.length + 1 + reserve > room) return false;
    out.push(line);
    room -= line.length + 1;
    return true;
  };

  // A short log is shown whole: nothing to choose.
  const whole = lines.map((_, i) => shown(i));
  if (whole.reduce((n, l) => n + l.length + 1, 0) <= room) {
    whole.forEach((l) => add(l));
    return out.join('\n');
  }

  // How a run ended is the one thing never to lose: room for the tail is kept aside.
  const tailFrom = Math.max(HEAD, lines.length - TAIL);
  // l10n-ignore: the model reads the digest (skyvia_run_details)
  const tail = ['Last lines:', ...whole.slice(tailFrom)];
  const reserve = tail.reduce((n, l) => n + l.length + 1, 0) + 40;

  // l10n-ignore: the model reads the digest (skyvia_run_details)
  add('First lines:', reserve);
  whole.slice(0, Math.min(HEAD, tailFrom)).forEach((l) => add(l, reserve));

  const inner = errors.filter((e) => e >= HEAD && e < tailFrom);
  if (inner.length) {
    // l10n-ignore: the model reads the digest (skyvia_run_details)
    add(`Errors, with ${context} lines around each:`, reserve);
    let last = HEAD - 1;
    let shownErrors = 0;
    for (const e of inner) {
      const from = Math.max(last + 1, e - context);
      const to = Math.min(tailFrom - 1, e + context);
      const block = [...(from > last + 1 ? ['…'] : []), ...whole.slice(from, to + 1)];
      if (block.reduce((n, l) => n + l.length + 1, 0) + reserve > room) break;
      block.forEach((l) => add(l));
      last = Math.max(last, to);
      shownErrors++;
    }
    // l10n-ignore: the model reads the digest (skyvia_run_details)
    if (shownErrors < inner.length) add(`(${count(inner.length - shownErrors, 'more error')} not shown)`);
  }
  tail.forEach((l) => add(l));
  return out.join('\n');
}
