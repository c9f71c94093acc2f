// Export History…: every page of an item's history under the filter it is shown with (the tree
// node's, the panel's), written as CSV or JSON to a file the user picks. The pages are read
// newest first, 200 at a time (the API's largest page), several at once (pagesAhead), with
// progress and Cancel; nothing is written unless every page was read.
import type * as vscode from 'vscode';
import * as l10n from '@vscode/l10n';
import { MAX_TAKE, pagesAhead, SkyviaError } from '../../api';
import { formatDate, toDate } from '../../shared/format';
import type { EntryKind } from '../../shared/refs';
import { formatTable, type ExportFormat } from '../../shared/tableExport';
import { CommandId } from '../../shared/commandIds';
import { historyTable } from '../../kinds/historyTable';
import { quote } from '../../shared/format';
import type { Action, ActionContext } from './action';
import { HISTORY_KINDS, KINDS, historyOf } from '../../kinds';

/** What of the action context these actions use. */
type Uses = Pick<ActionContext, 'client' | 'prompter' | 'runCommand' | 'shown' | 'writeFile' | 'fileOf'>;

export interface ExportInput {
  uri: vscode.Uri;
  format: ExportFormat;
  failedOnly: boolean;
  since?: Date;
}

/** What a caller may say up front: the history's filter, and the file (which skips the save dialog). */
export interface ExportGiven {
  failedOnly?: boolean;
  since?: string | Date;
  /** A `vscode.Uri` or a file path. */
  uri?: unknown;
}

export const exportHistory: Action<ExportInput, { count: number; uri: vscode.Uri; entries: EntryKind }, Uses> = {
  id: CommandId.exportHistory,
  kinds: HISTORY_KINDS,
  pickTitle: () => l10n.t('Export the history of an item'),
  busy: () => l10n.t('exporting…'),
  cancellable: true,
  progress: ([t]) => l10n.t('Exporting the history of {0}…', quote(t.name)),
  couldNot: (t, reason) => l10n.t("Couldn't export the history of {0}: {1}", quote(t.name), reason),
  async input(ctx, [t], given) {
    const g = (given && typeof given === 'object' ? given : {}) as ExportGiven;
    const filter = { failedOnly: g.failedOnly === true, since: toDate(g.since) };
    const entries = historyOf(t.ref.kind)?.entry.kind;
    const shown = filterText(filter);
    const uri =
      ctx.fileOf(g.uri) ??
      (await ctx.prompter.saveAs({
        title: shown ? l10n.t('Export the history of {0} ({1})', quote(t.name), shown) : l10n.t('Export the history of {0}', quote(t.name)),
        // "Nightly Sync runs.csv": the item's name, then what its rows are.
        name: `${
          t.name
            .replace(/[\\/:*?"<>|#%]+/g, ' ')
            .replace(/\s+/g, ' ')
            .trim()
            .slice(0, 80) || t.ref.kind
        }${entries ? ` ${KINDS[entries].words.plural()}` : ''}.csv`,
        filters: { CSV: ['csv'], JSON: ['json'] },
        button: l10n.t('Export'),
      }));
    return uri && { uri, format: /\.json$/i.test(uri.path) ? 'json' : 'csv', ...filter };
  },
  async send(ctx, t, input, signal, report) {
    const spec = historyOf(t.ref.kind);
    if (!spec) throw new Error(l10n.t('{0} has no history to export.', t.name));
    const rows: unknown[] = [];
    const seen = new Set<string>();
    const query = { sortOrder: 'desc' as const, failed: input.failedOnly || undefined, startDate: input.since };
    for await (const page of pagesAhead((p) => spec.list(ctx.client(t.ref.account), t.ref, { ...query, ...p }, signal), MAX_TAKE)) {
      for (const row of page) {
        // A run that starts during the walk moves every later row down one: the row at a page's
        // edge comes twice.
        const id = spec.entry.idOf(row as never);
        if (id === undefined || !seen.has(id)) rows.push(row);
        if (id !== undefined) seen.add(id);
      }
      report(
        l10n.t({ message: '{0} read', args: [KINDS[spec.entry.kind].words.count(rows.length)], comment: ['{0} is a count with its noun, such as "400 runs"'] }),
      );
    }
    // Cancelled after the last page: no file either.
    if (signal.aborted) throw new SkyviaError('cancelled', { method: 'WRITE', path: input.uri.path });
    const table = historyTable(spec.entry, rows, (text) => ctx.shown.line(text, 2_000));
    await ctx.writeFile(input.uri, formatTable(table, input.format));
    return { count: rows.length, uri: input.uri, entries: spec.entry.kind };
  },
  done: (t, r, ctx, input) => ({
    severity: 'info',
    text: exported(r.entries, r.count, t.name, filterText(input), r.uri.path.split('/').pop() ?? ''),
    buttons: [{ label: l10n.t('Open File'), run: () => ctx.runCommand('vscode.open', r.uri) }],
  }),
};

/** "Exported 1,200 runs of “Nightly Sync” (failed only) to nightly.csv." */
function exported(entries: EntryKind, count: number, name: string, filter: string, file: string): string {
  const args = [KINDS[entries].words.count(count), quote(name)];
  return filter
    ? l10n.t({
        message: 'Exported {0} of {1} ({2}) to {3}.',
        args: [...args, filter, file],
        comment: ['{0} is a count with its noun, such as "400 runs"; {2} is the filter, such as "failed only, since 11/1/2026"'],
      })
    : l10n.t({ message: 'Exported {0} of {1} to {2}.', args: [...args, file], comment: ['{0} is a count with its noun, such as "400 runs"'] });
}

/** The history's filter, as the save dialog's title and the message say it: "failed only, since 11/1/2026". */
function filterText(f: { failedOnly: boolean; since?: Date }): string {
  return [f.failedOnly && l10n.t('failed only'), f.since && l10n.t('since {0}', formatDate(f.since))].filter(Boolean).join(', ');
}
