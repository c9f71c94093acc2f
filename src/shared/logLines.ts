// A log's lines as people read them: which tell of a failure, what a line says without its
// timestamp and level, and the one line that says why something failed. Plain text, shared by the
// kinds' records (a run's error from its log), the log language and the chat's digest.

/** An ERROR level, or words a person reads as a failure — not a count ("0 failed") nor a summary ("failed before the error"). */
const ERROR_LEVEL = /\b(ERROR|FATAL)\b/;
const FAILURE_WORDS = /(?<!\b\d[\d,]*\s)\b(failed|failure|exception)\b(?!\s+before)/i;

export function isErrorLine(line: string): boolean {
  return ERROR_LEVEL.test(line) || FAILURE_WORDS.test(line);
}

/** A line without its timestamp and level: what an outline shows. */
export function messageOf(line: string): string {
  return (
    line
      .replace(/^\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d(\.\d+)?Z?\s+/, '')
      .replace(/^(INFO|WARN|ERROR|DEBUG|FATAL)\s+/, '')
      .trim()
      .slice(0, 200) || line.trim()
  );
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

/** A log made of the parts a record carries (`null`s and blanks left out), with Unix line ends; `undefined` when none. */
export function joinLog(parts: readonly (string | null | undefined)[]): string | undefined {
  const text = parts.filter((p): p is string => typeof p === 'string' && p.trim() !== '').join('\n');
  return text ? text.replace(/\r\n?/g, '\n') : undefined;
}
