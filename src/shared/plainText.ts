// API text made fit to show a person. The service's strings (names, comments, URLs, log lines,
// messages) may hold characters that reorder what is drawn around them ("gnp.exe" shown as
// "exe.png"), invisible controls, line breaks where one line is expected, or run to 200,000
// characters. One cleaning, applied where text leaves the extension — tree items and tooltips,
// panels, notifications, dialogs, documents, tool answers — rather than field by field, so a
// field added later is cleaned too. Where a sink also redacts secrets, the controls go first
// (a control inside a secret must not hide it from the redaction) and the cut comes last (half
// a secret must not slip past it).

/** Characters that reorder the text around them: "gnp.exe" drawn as "exe.png". */
const DIRECTION_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
/** C0 and C1 controls and DEL, but tab, line feed and carriage return: invisible, or drawn as boxes. */
const CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u0084\u0086-\u009F]/g;
/** What breaks a line: CR, LF, tab (a line has no columns), NEL and the Unicode line and paragraph separators. */
const LINE_BREAKS = /[\r\n\t\u0085\u2028\u2029]+/g;
/** The Unicode separators and NEL, in text that may have lines: plain line feeds. */
const UNICODE_BREAKS = /[\u0085\u2028\u2029]/g;

export type Redact = (text: string) => string;
const asIs: Redact = (text) => text;

/** Any of the three above, made of them: most text holds none, and one scan that finds none is the whole cost. */
const ANY_CONTROL = new RegExp(`[${[DIRECTION_CONTROLS, CONTROLS, UNICODE_BREAKS].map((r) => r.source.slice(1, -1)).join('')}]`);

/**
 * Text without direction controls and control characters; tabs and line breaks kept. Looked for
 * first: most text holds none, and one scan that finds nothing costs a fraction of three replacing
 * passes over a log of many megabytes.
 */
function stripControls(text: string): string {
  if (!ANY_CONTROL.test(text)) return text;
  return text.replace(DIRECTION_CONTROLS, '').replace(CONTROLS, '').replace(UNICODE_BREAKS, '\n');
}

/** At most `max` characters, "…" saying so; never half of a surrogate pair. */
function bound(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = Math.max(0, max - 1);
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end--;
  return `${text.slice(0, end)}…`;
}

/** Text for a place that holds one line (a label, a field, a notification): breaks become spaces. */
export function cleanLine(text: string, max = 500, redact: Redact = asIs): string {
  return bound(redact(stripControls(text).replace(LINE_BREAKS, ' ')), max);
}

/** Text that may have lines (a document, a tool's answer, a dialog's detail): its breaks kept. */
export function cleanBlock(text: string, redact: Redact = asIs): string {
  return redact(stripControls(text));
}

/**
 * Every string in a plain value (objects, arrays) through `clean`, in a copy. Keys named in
 * `keep` hold data the other side hands back (ids, command ids) rather than text it shows: their
 * values are kept exactly, so they still match.
 */
export function cleanStrings<T>(value: T, clean: (text: string) => string, keep: ReadonlySet<string> = new Set()): T {
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return clean(v);
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, keep.has(k) ? x : walk(x)]));
    return v;
  };
  return walk(value) as T;
}

/** The cleaning every sink applies, with the redaction of every secret the extension has seen. */
export interface Shown {
  /** One line, at most `max` characters. */
  line(text: string, max?: number): string;
  /** Lines kept. */
  block(text: string): string;
}

export function shownWith(redact: Redact): Shown {
  return {
    line: (text, max) => cleanLine(text, max, redact),
    block: (text) => cleanBlock(text, redact),
  };
}
