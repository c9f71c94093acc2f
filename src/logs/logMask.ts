// A log as a comparison shows it by default: every line with its changing figures masked — its
// time (clock time or time since the start), counts, ids, GUIDs, dates — the same way a failure's
// cause is masked (shared/causes.ts). Two runs of the same steps then log the same lines, and what
// a diff marks is a line new in kind: an ERROR the success never had, a step that is missing. The
// mask works within a line and never drops or adds one, so a line's number in the masked view is
// its number in the real log, and Go to First Error and the outline find the real lines.
import * as l10n from '@vscode/l10n';
import { maskFigures } from '../shared/causes';

/**
 * How a masked view of a log is labelled in its title: "Run 123 · Nightly Sync (figures
 * masked).log" — the tab's and the file's name, so in the person's language.
 */
export function maskedLabel(): string {
  return l10n.t('figures masked');
}

export function maskedLog(text: string): string {
  return maskFigures(text);
}
