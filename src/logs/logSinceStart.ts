// A log as a comparison shows it: each line's timestamp turned into the time since the log's
// first one (`2026-11-22 06:40:15.047` → `+00:00:05.047`). Two runs of the same integration log
// the same steps at other times of day; with their clock times every line differs and a diff marks
// them all. Since the start, the lines that match line up, and what the diff marks is what
// changed: a batch that failed, a count, a step that took minutes instead of seconds.
import * as l10n from '@vscode/l10n';

/**
 * How a log shown for a comparison is labelled in its title: "Run 123 · Nightly Sync (times since
 * its start).log" — the tab's and the file's name, so in the person's language. logFiles.ts reads
 * it back from the title of a tab restored after a reload.
 */
export function sinceStartLabel(): string {
  return l10n.t('times since its start');
}

const STAMP = /^(\d{4}-\d\d-\d\d)[ T](\d\d:\d\d:\d\d(?:\.\d+)?)(Z|[+-]\d\d:?\d\d)?/;

export function sinceStart(text: string): string {
  let first: number | undefined;
  return text
    .split('\n')
    .map((line) => {
      const m = STAMP.exec(line);
      const at = m ? Date.parse(`${m[1]}T${m[2]}${m[3] ?? 'Z'}`) : NaN;
      if (!m || !Number.isFinite(at)) return line;
      first ??= at;
      return `${offset(at - first)}${line.slice(m[0].length)}`;
    })
    .join('\n');
}

/** `+hh:mm:ss.mmm`, or `-…` for a line logged before the first (a clock that stepped back). */
function offset(ms: number): string {
  const sign = ms < 0 ? '-' : '+';
  const a = Math.abs(ms);
  const pad = (n: number, w = 2) => String(Math.floor(n)).padStart(w, '0');
  return `${sign}${pad(a / 3_600_000)}:${pad((a / 60_000) % 60)}:${pad((a / 1000) % 60)}.${pad(a % 1000, 3)}`;
}
