// A log's lines as people read them: which tell of a failure, what a line says without its
// timestamp and level, and the one line that says why something failed. Plain text, shared by the
// kinds' records (a run's error from its log), the log language and the chat's digest.

/** An ERROR or FATAL level anywhere on the line: what a success's "First error" needs. */
const ERROR_LEVEL = /\b(ERROR|FATAL)\b/;
/** Words a person reads as a failure — not after a count ("12 failed") nor a summary ("failed before the error"). */
const FAILURE = String.raw`(?<!\d )\b(?:[Ff]ailed|[Ff]ailures?|[Ee]xceptions?)\b(?! before)`;
/**
 * A count of zero said of failures, whatever noun stands between ("0 rows failed", "no records
 * failed", "failures: 0"): never a failure. A line's text before its failure word is read as these
 * or single characters that begin neither, and a failure word counts only where no zero count begins.
 */
const ZERO_COUNT = String.raw`\b(?:0|[Nn]o|[Zz]ero)\s+(?:[A-Za-z]+\s+){0,3}(?:[Ff]ailed|[Ff]ailures?)\b|\b(?:[Ff]ailed|[Ff]ailures?)(?:\s+[A-Za-z]+){0,2}\s*[:=]\s*0\b(?![.,]\d)`;
/**
 * The same rule as the log language's `errorLine` (syntaxes/skyvia-log.tmLanguage.json), which
 * colours what this finds: the two are tested against each other. Written without variable-length
 * look-behinds, which the grammar's regex engine does not have.
 */
export const FAILURE_TEXT = String.raw`(?:${ZERO_COUNT}|(?!${ZERO_COUNT})(?!${FAILURE}).)*(?!${ZERO_COUNT})${FAILURE}`;
const FAILURE_WORDS = new RegExp(`^${FAILURE_TEXT}`);
/**
 * What every line that tells of a failure holds somewhere (FAILURE's words, ERROR_LEVEL's): a
 * plain search that rules out most lines before FAILURE_WORDS tries each character of them — a
 * failed run's log is read line by line for its first error, a thousand lines and more.
 */
const HINT = /\b(?:ERROR|FATAL)\b|(?:[Ff]ail(?:ed|ures?)|[Ee]xceptions?)\b/;
const HINTS = new RegExp(HINT.source, 'g');

export function isErrorLine(line: string): boolean {
  return HINT.test(line) && (ERROR_LEVEL.test(line) || FAILURE_WORDS.test(line));
}

/** A line at the ERROR or FATAL level (or naming one): a success's log tells of an error only so. */
export function isErrorLevelLine(line: string): boolean {
  return ERROR_LEVEL.test(line);
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

/**
 * A failure's first error: the first line of its log that tells of a failure, as it is written
 * (timestamp and level kept: what groups it by cause takes them off itself); `undefined` when no
 * line does. Unlike `failureLine`, never a line that tells of no failure.
 */
export function firstErrorLine(text: string | null | undefined): string | undefined {
  if (!text) return undefined;
  // Only the lines with a hint are looked at, found by one search over the whole text.
  const hints = new RegExp(HINTS);
  for (let from = 0; from < text.length;) {
    hints.lastIndex = from;
    const hint = hints.exec(text);
    if (!hint) return undefined;
    const start = text.lastIndexOf('\n', hint.index) + 1;
    const end = text.indexOf('\n', hint.index);
    const line = text.slice(start, end < 0 ? text.length : end);
    if (isErrorLine(line)) return line.trim();
    if (end < 0) return undefined;
    from = end + 1;
  }
  return undefined;
}

/** A log made of the parts a record carries (`null`s and blanks left out), with Unix line ends; `undefined` when none. */
export function joinLog(parts: readonly (string | null | undefined)[]): string | undefined {
  const text = parts.filter((p): p is string => typeof p === 'string' && p.trim() !== '').join('\n');
  return text ? (text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text) : undefined;
}
