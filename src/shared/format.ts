// Pure text formatting for the tree and the log: relative times, durations, counts, run
// outcomes, tooltip markdown, the "since" filter syntax and request log lines. No `vscode`
// import, so all of it is unit-tested in plain Node (test/unit/format.test.ts); what people read
// goes through @vscode/l10n, called when the text is made, never while the module loads.
import * as l10n from '@vscode/l10n';
import { isSkyviaError } from '../api/errors';
import type { RequestLogEntry } from '../api/transport';
import { cleanLine } from './plainText';

type DateLike = string | number | Date | null | undefined;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A date from an API timestamp; `undefined` for a missing or unreadable one. */
export function toDate(value: DateLike): Date | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return undefined;
  // .NET's DateTime.MinValue (0001-01-01T00:00:00) is how the service says "never": unknown, not a date.
  return date.getUTCFullYear() <= 1 ? undefined : date;
}

/**
 * "just now", "5 min ago", "3 h ago" (same day), "yesterday" (the previous calendar day, local
 * time), "4 d ago", then a plain date past a month; "in 5 min" for the future. Calendar days, not
 * 24-hour spans: a run at 23:50 seen at 00:10 was yesterday, and one 30 h ago may be two days ago.
 */
export function relativeTime(value: DateLike, now: number = Date.now()): string {
  const date = toDate(value);
  if (!date) return '';
  const diff = now - date.getTime();
  const ahead = diff < 0;
  const abs = Math.abs(diff);
  // Each direction a sentence of its own: not every language says "ago" after the time and "in" before it.
  if (abs < 45_000) return l10n.t('just now');
  if (abs < HOUR) {
    const minutes = Math.max(1, Math.round(abs / MINUTE));
    return ahead ? l10n.t('in {0} min', minutes) : l10n.t('{0} min ago', minutes);
  }
  const days = calendarDaysBetween(date, new Date(now));
  if (days === 0) {
    const hours = Math.round(abs / HOUR);
    return ahead ? l10n.t('in {0} h', hours) : l10n.t('{0} h ago', hours);
  }
  if (!ahead && days === 1) return l10n.t('yesterday');
  if (ahead && days === -1) return l10n.t('tomorrow');
  if (Math.abs(days) < 30) return ahead ? l10n.t('in {0} d', Math.abs(days)) : l10n.t('{0} d ago', Math.abs(days));
  return formatDate(date);
}

/** Whole local calendar days from `a` to `b` (1 when `a` was yesterday), daylight-saving safe. */
function calendarDaysBetween(a: Date, b: Date): number {
  const dayA = Date.UTC(a.getFullYear(), a.getMonth(), a.getDate());
  const dayB = Date.UTC(b.getFullYear(), b.getMonth(), b.getDate());
  return Math.round((dayB - dayA) / DAY);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `2026-11-01` in local time. */
export function formatDate(value: DateLike): string {
  const d = toDate(value);
  return d ? `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}` : '';
}

/** `14:03` (or `14:03:22`) in local time, 24-hour. */
export function formatTime(value: DateLike, seconds = false): string {
  const d = toDate(value);
  return d ? `${pad(d.getHours())}:${pad(d.getMinutes())}${seconds ? `:${pad(d.getSeconds())}` : ''}` : '';
}

/** `2026-11-01 14:03:22` in local time: unambiguous in every locale. */
export function formatDateTime(value: DateLike, seconds = true): string {
  const d = toDate(value);
  return d ? `${formatDate(d)} ${formatTime(d, seconds)}` : '';
}

/** Seconds as "45 s", "3 min 20 s", "2 h 5 min". */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return '';
  const s = Math.round(seconds);
  if (s < 60) return l10n.t('{0} s', s);
  if (s < 3600) return s % 60 ? l10n.t('{0} min {1} s', Math.floor(s / 60), s % 60) : l10n.t('{0} min', s / 60);
  const m = Math.round(s / 60);
  return m % 60 ? l10n.t('{0} h {1} min', Math.floor(m / 60), m % 60) : l10n.t('{0} h', m / 60);
}

/** Milliseconds between two timestamps as a duration text, when both are known. */
export function durationBetween(start: DateLike, end: DateLike): string {
  const a = toDate(start);
  const b = toDate(end);
  return a && b && b >= a ? formatDuration((b.getTime() - a.getTime()) / 1000) : '';
}

/** The display language, for numbers and plural forms (core.ts sets VS Code's once it starts). */
let language = 'en';
let numbers: Intl.NumberFormat | undefined;
let plurals: Intl.PluralRules | undefined;

/**
 * Numbers and plural forms in this language from now on ('en' for one JavaScript does not know).
 * Nothing is made until a number is shown: Intl's first formatter loads its locale data, which
 * the body's start must not wait for.
 */
export function useLanguage(tag: string): void {
  language = tag;
  numbers = undefined;
  plurals = undefined;
}

/** The formatters of the display language, made on first use (one JavaScript does not know: English). */
function intl(): { numbers: Intl.NumberFormat; plurals: Intl.PluralRules } {
  if (!numbers || !plurals) {
    try {
      numbers = new Intl.NumberFormat(language);
      plurals = new Intl.PluralRules(language);
    } catch {
      // A tag Intl does not take (qps-ploc, VS Code's pseudo language): English numbers.
      language = 'en';
      numbers = new Intl.NumberFormat('en');
      plurals = new Intl.PluralRules('en');
    }
  }
  return { numbers, plurals };
}

/** The display language numbers are formatted in. */
export function displayLanguage(): string {
  return language;
}

/** "1,234" in the display language. */
export function formatCount(n: number | null | undefined): string {
  return typeof n === 'number' && Number.isFinite(n) ? intl().numbers.format(n) : '';
}

let percents: Intl.NumberFormat | undefined;
let percentsOf: string | undefined;

/** "92%" (0.92) in the display language, whole percents. */
export function formatPercent(ratio: number): string {
  if (!percents || percentsOf !== language) {
    percentsOf = language;
    try {
      percents = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 0 });
    } catch {
      percents = new Intl.NumberFormat('en', { style: 'percent', maximumFractionDigits: 0 });
    }
  }
  return percents.format(ratio);
}

/**
 * A count in a whole sentence, its form chosen by the display language's plural rules: `one`
 * where that language says "one" (1 in English, also 21 in some), `other` for the rest. Both are
 * given the count as the language writes it ("1,234"): `plural(n, (c) => l10n.t('{0} run', c),
 * (c) => l10n.t('{0} runs', c))` — never `n === 1` and an "s".
 */
export function plural(n: number, one: (count: string) => string, other: (count: string) => string): string {
  return intl().plurals.select(n) === 'one' ? one(formatCount(n)) : other(formatCount(n));
}

export function formatBytes(n: number | null | undefined): string {
  if (typeof n !== 'number' || !Number.isFinite(n) || n < 0) return '';
  if (n < 1024) return `${n} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = n / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}

/** A kind's words for an object with no name: "Integration #42", "(unnamed integration)". */
export interface UnnamedWords {
  numbered(id: string): string;
  unnamed(): string;
}

/** A label for an item whose name is `null` or blank: `Integration #42`, in the kind's own words. */
export function nameOr(name: string | null | undefined, words: UnnamedWords, id: string | number | null | undefined): string {
  const trimmed = typeof name === 'string' ? cleanLine(name, 200).trim() : '';
  if (trimmed) return trimmed;
  return id === null || id === undefined || id === '' ? words.unnamed() : words.numbered(String(id));
}

/** A name as messages quote it: “Nightly Sync”. */
export function quote(name: string): string {
  return `“${name}”`;
}

/** What went wrong, as a person is told it: the service's words for its errors, else the error's message. */
export function errorText(e: unknown): string {
  return isSkyviaError(e) ? e.userMessage : e instanceof Error ? e.message : String(e);
}

/** Joins the parts of a description that are present: `dataflow · scheduled · 3 h ago`. */
export function joinParts(...parts: (string | false | null | undefined)[]): string {
  return parts.filter((p): p is string => typeof p === 'string' && p.length > 0).join(' · ');
}

/**
 * Escapes text for markdown so names and server messages cannot inject links, HTML, emphasis or
 * table cells. Only inline markup is escaped: values never start a line (they follow a label),
 * and the details document stays readable as source.
 */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_[\]<>|~]/g, '\\$&');
}

/**
 * API text inside rendered Markdown (tooltips): escaped, on one line, bounded, and no bare URL —
 * the renderer links those, and a click on a name must not open a web page.
 */
export function inertMarkdown(text: string): string {
  return escapeMarkdown(cleanLine(text, 1_000))
    .replace(/:\/\//g, ':\u200B//')
    .replace(/\bwww\./gi, (m) => `${m.slice(0, 3)}\u200B.`);
}

/**
 * API text in a Markdown message that a person must read exactly (a confirmation naming what it
 * acts on): a code span, in which no renderer makes a link, image, tag or emphasis — neither the
 * chat's nor the plain-text one of VS Code's dialogs, which shows the span's text as it is. So
 * `<b>x</b>` reads as written, and two different names never look alike. The fence is longer than
 * any run of backticks in the text.
 */
export function codeSpan(text: string): string {
  const t = cleanLine(text, 300);
  if (!t.trim()) return l10n.t('(no name)');
  const fence = '`'.repeat(Math.max(0, ...(t.match(/`+/g) ?? []).map((run) => run.length)) + 1);
  // A space each side keeps a backtick at an end from joining the fence; the renderer drops one each side.
  const pad = /^`|`$/.test(t) || (t.startsWith(' ') && t.endsWith(' ')) ? ' ' : '';
  return `${fence}${pad}${t}${pad}${fence}`;
}

/** Tooltip markdown: a bold title, then one "**Label:** value" line per row that has a value. */
export function tooltipMarkdown(title: string, rows: [label: string, value: string | undefined][]): string {
  const lines = rows.filter(([, v]) => v !== undefined && v !== '').map(([k, v]) => `**${escapeMarkdown(k)}:** ${inertMarkdown(v as string)}`);
  return [`**${inertMarkdown(title)}**`, ...(lines.length ? ['', lines.join('  \n')] : [])].join('\n');
}

/** A time for a tooltip: absolute and relative. */
export function whenText(value: DateLike, now: number = Date.now()): string | undefined {
  const d = toDate(value);
  if (!d) return undefined;
  // Past a month the relative form is the date itself: saying it twice adds nothing.
  const relative = relativeTime(d, now);
  return relative === formatDate(d) ? formatDateTime(d) : `${formatDateTime(d)} (${relative})`;
}

/**
 * The "since" of a history filter: a date (`2026-11-01`, any ISO date-time) or an age (`7d`, `12h`,
 * `30m`, `2w`). Returns the date, or an error text for the input box.
 */
export function parseSince(text: string, now: number = Date.now()): { date: Date } | { error: string } {
  const value = text.trim();
  const age = /^(\d+)\s*(m|min|h|d|w)$/i.exec(value);
  if (age) {
    const n = Number(age[1]);
    const unit = age[2].toLowerCase();
    const ms = unit === 'w' ? 7 * DAY : unit === 'd' ? DAY : unit === 'h' ? HOUR : MINUTE;
    if (n <= 0) return { error: l10n.t('The age must be more than zero.') };
    return { date: new Date(now - n * ms) };
  }
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    // A bare date means local midnight, which is what a person typing it has in mind
    // (`new Date('2026-11-01')` would be UTC midnight).
    const [y, m, d] = value.split('-').map(Number);
    const date = new Date(y, m - 1, d);
    if (date.getMonth() !== m - 1 || date.getDate() !== d) return { error: l10n.t('"{0}" is not a calendar date.', value) };
    return { date };
  }
  if (/^\d{4}-\d{2}-\d{2}T/.test(value)) {
    const date = new Date(value);
    if (!Number.isNaN(date.getTime())) return { date };
  }
  return { error: l10n.t('Enter a date like 2026-11-01 or an age like 7d, 12h, 30m or 2w.') };
}

/**
 * One request log line: `GET /v1/workspaces → 200 (12 ms)`; failures name their kind and any retry.
 * A line of the output channel: English, as bug reports quote it.
 */
export function formatRequestLine(e: RequestLogEntry): string {
  const outcome = e.status !== undefined ? String(e.status) : (e.error ?? '?');
  const kind = e.error && e.status !== undefined ? ` ${e.error}` : '';
  const attempt = e.attempt > 1 ? `, attempt ${e.attempt}` : ''; // l10n-ignore: the request log (output channel) stays English
  const retry = e.retryInMs !== undefined ? `, retrying in ${e.retryInMs} ms` : ''; // l10n-ignore: the request log (output channel) stays English
  const reason = e.reason ? ` — ${e.reason}` : '';
  return `${e.method} ${e.path} → ${outcome}${kind} (${e.ms} ms${attempt}${retry})${reason}`;
}
