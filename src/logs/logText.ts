// A log's outline: its sections and its errors, in one pass. (Where a record keeps its log is its
// kind's record's `logOf`; a log line's meaning is shared/logLines.ts.)
import { isErrorLevelLine, isErrorLine, messageOf } from '../shared/logLines';

/** Lines that open a section: a start, a step, a phase, an end. */
const SECTION_LINE =
  /\b(started|Connecting to|Step \d+|Writing finished|completed|Run failed|Snapshot failed|Execution (succeeded|failed|canceled)|Request received|Response sent)\b/;

export interface LogOutline {
  sections: { line: number; title: string }[];
  /** Lines that tell of a failure; `level` when at the ERROR or FATAL level (a success's log tells of an error only so). */
  errors: { line: number; text: string; level: boolean }[];
}

/** Sections and errors of a log, in one pass: a log may run to 200,000 lines, and is outlined as it is shown. */
export function outlineOf(text: string): LogOutline {
  const sections: LogOutline['sections'] = [];
  const errors: LogOutline['errors'] = [];
  let line = 0;
  let start = 0;
  for (;;) {
    const end = text.indexOf('\n', start);
    const content = text.slice(start, end === -1 ? undefined : end);
    if (isErrorLine(content)) errors.push({ line, text: messageOf(content), level: isErrorLevelLine(content) });
    else if (SECTION_LINE.test(content)) sections.push({ line, title: messageOf(content) });
    if (end === -1) break;
    start = end + 1;
    line++;
  }
  return { sections, errors };
}
