// The log of a run, snapshot, automation execution or endpoint request, from its own read, in
// both API shapes: a snapshot's `log` (documented) or `result` (live), an integration run's
// `result`, an execution's `result` and `error`, a request's `log` lines and `error`/`errorDetails`.
// `undefined` when the record carries no log at all.
import type { AutomationExecutionDetails, EndpointRequestDetails, IntegrationRunResult, SnapshotDetails } from '../api';
import type { EntryKind } from '../shared/refs';

export function logText(kind: EntryKind, data: object): string | undefined {
  const parts: (string | null | undefined)[] = [];
  switch (kind) {
    case 'run':
      parts.push((data as IntegrationRunResult).result);
      break;
    case 'snapshot': {
      const s = data as SnapshotDetails;
      parts.push(s.log ?? s.result);
      break;
    }
    case 'execution': {
      const e = data as AutomationExecutionDetails;
      // l10n-ignore: ERROR is the log format's own level keyword, which the log grammar and Go to First Error match
      parts.push(e.result, e.error && e.error !== e.result ? `ERROR ${e.error}` : undefined);
      break;
    }
    case 'request': {
      const r = data as EndpointRequestDetails;
      if (Array.isArray(r.log)) parts.push(r.log.map(String).join('\n'));
      // l10n-ignore: ERROR is the log format's own level keyword, which the log grammar and Go to First Error match
      if (r.error) parts.push(`ERROR ${r.error}`);
      if (r.errorDetails) parts.push(r.errorDetails);
      break;
    }
  }
  const text = parts.filter((p): p is string => typeof p === 'string' && p.trim() !== '').join('\n');
  return text ? text.replace(/\r\n?/g, '\n') : undefined;
}

/** An ERROR level, or words a person reads as a failure — not a count ("0 failed") nor a summary ("failed before the error"). */
const ERROR_LEVEL = /\b(ERROR|FATAL)\b/;
const FAILURE_WORDS = /(?<!\b\d[\d,]*\s)\b(failed|failure|exception)\b(?!\s+before)/i;

export function isErrorLine(line: string): boolean {
  return ERROR_LEVEL.test(line) || FAILURE_WORDS.test(line);
}

/** Lines that open a section: a start, a step, a phase, an end. */
const SECTION_LINE = /\b(started|Connecting to|Step \d+|Writing finished|completed|Run failed|Snapshot failed|Execution (succeeded|failed|canceled)|Request received|Response sent)\b/;

export interface LogOutline {
  sections: { line: number; title: string }[];
  errors: { line: number; text: string }[];
}

/** Sections and errors of a log, in one pass (200,000 lines take a few tens of ms). */
export function outlineOf(text: string): LogOutline {
  const sections: LogOutline['sections'] = [];
  const errors: LogOutline['errors'] = [];
  let line = 0;
  let start = 0;
  for (;;) {
    const end = text.indexOf('\n', start);
    const content = text.slice(start, end === -1 ? undefined : end);
    if (isErrorLine(content)) errors.push({ line, text: messageOf(content) });
    else if (SECTION_LINE.test(content)) sections.push({ line, title: messageOf(content) });
    if (end === -1) break;
    start = end + 1;
    line++;
  }
  return { sections, errors };
}

/** A line without its timestamp and level: what an outline shows. */
function messageOf(line: string): string {
  return line.replace(/^\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d(\.\d+)?Z?\s+/, '').replace(/^(INFO|WARN|ERROR|DEBUG|FATAL)\s+/, '').trim().slice(0, 200) || line.trim();
}

/**
 * What a failure text says went wrong, in one line: the first line of a log that tells of a
 * failure (a run's `result` is its whole log, and its first line is only "started"), or the
 * text's first line when none does.
 */
export function failureLine(text: string | null | undefined): string | undefined {
  const trimmed = text?.trim();
  if (!trimmed) return undefined;
  for (const line of trimmed.split('\n', 5_000)) if (isErrorLine(line)) return messageOf(line);
  return messageOf(trimmed.split('\n', 1)[0]);
}
