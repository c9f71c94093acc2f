// What a failure's first error says, made comparable between occurrences: its cause. The same
// error logged twice differs in what changes each time — a record's number, an id, a table's
// name in quotes, an address, a time, a file's path, a count — and keeps its words. Masking what
// changes and keeping the words makes one signature per cause (the Failures view groups by it),
// and the same masking of figures lets a comparison of two logs line up their lines (logs/logMask.ts).
//
// Error codes are words here, not figures: ORA-12541 and ORA-00001, HTTP 429 and HTTP 503,
// SQL Server's error 18456 and 2627 are different causes, so a number a code marker introduces is
// kept. What is known not to be caught (the same cause in other words, a changing name written
// without quotes where no preposition introduces it) is said in the README.

/** A mask's mark in a signature; shown as "…" in the cause's plain words. */
const MASK = '\u2026';

/** Numbers that name an error rather than count something: kept whole in a signature. */
const CODES: readonly RegExp[] = [
  // ORA-12541, TNS-12535, PLS-00201, HTTP-like product codes
  /\b[A-Z]{2,6}-\d{2,6}\b/g,
  // HTTP 429, status code 503, (SQL Server) error 18456, Error Code: 1062, errno 111, Msg 2627, SQLSTATE 23505
  // (a code has a digit: "ERROR HTTP 429" is a level before a code, not a code)
  /\b(?:HTTP(?:\/\d(?:\.\d)?)?|[Ss]tatus(?: [Cc]ode)?|[Ee]rror(?: [Cc]ode)?|ERROR|[Ee]rrno|Msg|SQLSTATE|[Cc]ode)[ \t:=#]{1,3}\(?(?=[0-9A-Z]{0,4}\d)[0-9A-Z]{3,5}\)?(?!\d|[.,]\d)/g,
];

/** What changes between occurrences of one cause, in the order masked (each before what it holds). */
const CHANGING: readonly [RegExp, string][] = [
  // Addresses and what looks like them
  [/\b[a-z][a-z0-9+.-]*:\/\/[^\s'"<>)\]]+/gi, '<url>'],
  [/\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b/g, '<email>'],
  // File paths: Windows, UNC and Unix (two parts at least, so "and/or" stays a word)
  [/(?:\b[A-Za-z]:\\|\\\\)[^\s'"<>|]+/g, '<path>'],
  [/(?<![\w.])(?:~|\.{1,2})?(?:\/[\w.@%+-]+){2,}\/?/g, '<path>'],
  // Quoted values: a table, a column, a user, a key's value
  [/'(?:[^'\n]|'')*'/g, `'${MASK}'`],
  [/"[^"\n]*"/g, `"${MASK}"`],
  [/\u2018[^\u2019\n]*\u2019/g, `\u2018${MASK}\u2019`],
  [/\u201C[^\u201D\n]*\u201D/g, `\u201C${MASK}\u201D`],
  [/`[^`\n]*`/g, `\`${MASK}\``],
  [/\[[^\]\n]*\]/g, `[${MASK}]`],
  // GUIDs and long hexadecimal ids
  [/\b[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\b/g, '<id>'],
  [/\b0x[0-9a-fA-F]+\b/g, '<id>'],
  [/\b(?=[0-9a-fA-F]*\d)(?=[0-9a-fA-F]*[a-fA-F])[0-9a-fA-F]{8,}\b/g, '<id>'],
  // Dates and times: 2026-11-20 10:00:01.123Z, 20/11/2026, 10:00:01, +00:01:02.345
  [/\b\d{4}-\d\d-\d\d(?:[ T]\d\d:\d\d(?::\d\d(?:[.,]\d+)?)?(?:Z|[+-]\d\d:?\d\d)?)?/g, '<time>'],
  [/\b\d{1,2}[/.]\d{1,2}[/.]\d{2,4}\b/g, '<time>'],
  [/[+-]?\b\d{1,2}:\d\d(?::\d\d(?:[.,]\d+)?)?(?: ?[AaPp][Mm])?\b/g, '<time>'],
  // Host names and dotted names (api.example.com, dbo.Orders, users.email)
  [/\b[A-Za-z_][\w-]*(?:\.[A-Za-z_][\w-]*)+\b/g, '<name>'],
  // Ids: a word with a digit in it (001D000000IqhSLIAZ, etl_reader2, p3kx9); a Salesforce custom
  // field or object (External_Id__c). Other snake_case words stay: invalid_grant is a cause.
  [/\b(?=\w*[A-Za-z])(?=\w*\d)\w{3,}\b/g, '<id>'],
  [/\b\w+__(?:c|r|mdt|e|x)\b/g, '<name>'],
  // Counts and other numbers: 1,000 · 12.5 · 42
  [/(?<![\w#])[-+]?\d+(?:[,.]\d+)*\b/g, '#'],
];

/** The figures of CHANGING: what differs between two runs' logs of the same steps (names and words stay). */
const FIGURES = CHANGING.filter(([, mark]) => mark === '<id>' || mark === '<time>' || mark === '#');

/**
 * A name after a preposition, unquoted ("connecting to SQL Server", "exceeded for Salesforce",
 * "Reconnect to Xero"): capitalised words up to the next punctuation or lower-case word. Said
 * apart from the rest: a cause's words never begin with a capital after these words in the
 * messages read, and masking every capitalised word would mask the words that tell causes apart.
 */
const NAMED = /\b(to|for|from|on|at|in|into|with|of|by)\s+(?:the\s+)?(?:[A-Z][\w&-]*|<name>|<id>)(?:\s+(?:[A-Z][\w&-]*|<name>|<id>|#))*/g;

/** Wrappers around the message a failure's first line carries: what failed where, not why. */
const WRAPPERS: readonly RegExp[] = [
  /^(?:Error|ERROR|Exception|Fatal|FATAL)\s*:\s*/,
  /^(?:Run|Snapshot|Execution|Request|Task|Job|Sync|Import|Export|Backup|Query|Operation)\s+failed\s*:\s*/i,
  // "Batch 3: record 123456 failed: …", "Step 2 "Post message": failed: …", "Part 4 failed: …"
  /^(?:Batch|Step|Part|Page|Task|Chunk)\s+[\d,]+(?:\s+(?:"[^"\n]*"|\u201C[^\u201D\n]*\u201D))?\s*:?\s*(?:(?:record|row)\s+\S+\s+)?failed\s*:\s*/i,
];

/** A log line's timestamp and level, before its message. */
const STAMP_AND_LEVEL =
  /^(?:\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d(?:[.,]\d+)?(?:Z|[+-]\d\d:?\d\d)?\s+|[+-]\d\d:\d\d:\d\d(?:\.\d+)?\s+)?(?:\[?(?:INFO|WARN|WARNING|ERROR|DEBUG|FATAL|TRACE)\]?\s+)?/;

/** A failure's message without the log line's timestamp and level and without the wrappers that say where it happened. */
export function causeMessage(text: string): string {
  let message = (text.split('\n', 1)[0] ?? '').replace(STAMP_AND_LEVEL, '').trim();
  for (let again = true, n = 0; again && n < 4; n++) {
    again = false;
    for (const wrapper of WRAPPERS) {
      const next = message.replace(wrapper, '');
      if (next !== message && next.trim()) {
        message = next.trim();
        again = true;
      }
    }
  }
  return plainJson(message);
}

/**
 * An error sent as JSON (an OAuth server's `{"error":"invalid_grant",…}`) as its fields' text:
 * quoted, every key and value would be masked and every such error one cause.
 */
function plainJson(message: string): string {
  if (!message.startsWith('{')) return message;
  try {
    const parsed: unknown = JSON.parse(message);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return message;
    return Object.entries(parsed)
      .map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`)
      .join('; ');
  } catch {
    return message;
  }
}

/**
 * Codes kept whole: each replaced by a mark no mask touches (private-use characters: no word,
 * digit or space), given back after. The mark spells the code's index in digits of its own, so a
 * whole log's codes fit.
 */
function keepCodes(text: string): { text: string; codes: string[] } {
  const codes: string[] = [];
  let out = text;
  for (const code of CODES)
    out = out.replace(code, (m) => {
      codes.push(m);
      return `\uE000${[...String(codes.length - 1)].map((d) => String.fromCharCode(0xe010 + Number(d))).join('')}\uE000`;
    });
  return { text: out, codes };
}

function giveBack(text: string, codes: readonly string[]): string {
  if (!codes.length) return text;
  return text.replace(/\uE000([\uE010-\uE019]+)\uE000/g, (_, ds: string) => codes[Number([...ds].map((c) => c.charCodeAt(0) - 0xe010).join(''))]);
}

/** What a line says with what changes between occurrences masked, its codes and words kept. */
export function maskChanging(text: string): string {
  const kept = keepCodes(text);
  let out = kept.text;
  for (const [pattern, mark] of CHANGING) out = out.replace(pattern, mark);
  // A name is a word with lower-case letters in it: PRIMARY KEY, FROM, HTTP are words of the message.
  out = out.replace(NAMED, (m: string, prep: string) => (/[a-z]/.test(m.slice(prep.length)) ? `${prep} <name>` : m));
  // A list of what changes is one thing that changes: "records: <id>,<id>", "(77, 3)".
  out = out.replace(/(<\w+>|#|'\u2026')(?:\s*,\s*\1)+/g, '$1');
  return giveBack(out, kept.codes);
}

/** A failure's cause: its signature (equal for occurrences of one cause) and its plain words. */
export interface Cause {
  /** What groups occurrences: the masked message, lower-cased, spaces made one. */
  signature: string;
  /** The cause as a person reads it: the message with what changes shown as "…". */
  words: string;
}

/** The cause of a failure, from its first error (a log line, or an error's text). */
export function causeOf(firstError: string): Cause {
  const masked = maskChanging(causeMessage(firstError)).replace(/\s+/g, ' ').trim();
  const words = masked
    .replace(/<(?:url|email|path|id|time|name)>/g, MASK)
    .replace(/#/g, MASK)
    .replace(/\u2026(?:[\s,.]*\u2026)+/g, MASK);
  return { signature: masked.toLowerCase(), words: words.length > 160 ? `${words.slice(0, 159)}${MASK}` : words };
}

/**
 * A log line with its figures masked for a comparison: its time (clock time or time since the
 * start), counts, ids, GUIDs, dates — and nothing else, so a person still reads the names and
 * words the two logs differ in. No mask reaches over a line's end, so a whole log is masked at
 * once, line for line (one pass per mask over the text, not one per line).
 */
export function maskFigures(line: string): string {
  const kept = keepCodes(line);
  let out = kept.text;
  for (const [pattern, mark] of FIGURES) out = out.replace(pattern, mark);
  return giveBack(out, kept.codes);
}
