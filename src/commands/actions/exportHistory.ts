// Export History…: every page of an item's history under the filter it is shown with (the tree
// node's, the panel's), written as CSV or JSON to a file the user picks. The pages are read
// newest first, 200 at a time (the API's largest page), with progress and Cancel; nothing is
// written unless every page was read.
import vscode = require('vscode');
import { MAX_TAKE, pages, SkyviaError } from '../../api';
import { formatCount, formatDate, toDate } from '../../shared/format';
import { formatTable, type ExportFormat } from '../../shared/tableExport';
import { CommandId } from '../../shared/commandIds';
import { historyOf } from '../../kinds/histories';
import { historyTable } from '../../kinds/historyTable';
import { quote } from '../runner';
import type { Action } from './action';

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

export const exportHistory: Action<ExportInput, { count: number; uri: vscode.Uri; noun: string }> = {
  id: CommandId.exportHistory,
  kinds: ['integration', 'backup', 'automation', 'endpoint'],
  pickTitle: 'Export the history of',
  verb: 'export the history of',
  busy: 'exporting…',
  cancellable: true,
  progress: (t) => `Exporting the history of ${quote(t.name)}…`,
  async input(ctx, [t], given) {
    const g = (given && typeof given === 'object' ? given : {}) as ExportGiven;
    const filter = { failedOnly: g.failedOnly === true, since: toDate(g.since) };
    const noun = historyOf(t.ref.kind)?.noun ?? 'history';
    const uri =
      fileUri(g.uri) ??
      (await ctx.prompter.saveAs({
        title: `Export the ${noun} of ${quote(t.name)}${filterText(filter) ? ` (${filterText(filter)})` : ''}`,
        name: `${t.name.replace(/[\\/:*?"<>|#%]+/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 80) || t.ref.kind} ${noun}.csv`,
        filters: { CSV: ['csv'], JSON: ['json'] },
        button: 'Export',
      }));
    return uri && { uri, format: /\.json$/i.test(uri.path) ? 'json' : 'csv', ...filter };
  },
  async send(ctx, t, input, signal, report) {
    const spec = historyOf(t.ref.kind);
    if (!spec) throw new Error(`${t.name} has no history to export.`);
    const rows: unknown[] = [];
    const query = { sortOrder: 'desc' as const, failed: input.failedOnly || undefined, startDate: input.since };
    for await (const page of pages((p) => spec.list(ctx.client, t.ref, { ...query, ...p }, signal), MAX_TAKE)) {
      rows.push(...page);
      report(`${formatCount(rows.length)} ${spec.noun} read`);
    }
    // Cancelled after the last page: no file either.
    if (signal.aborted) throw new SkyviaError('cancelled', { method: 'WRITE', path: input.uri.path });
    const table = historyTable(spec.entry, rows, (text) => ctx.shown.line(text, 2_000));
    await ctx.writeFile(input.uri, formatTable(table, input.format));
    return { count: rows.length, uri: input.uri, noun: spec.noun };
  },
  done: (t, r, ctx, input) => ({
    severity: 'info',
    text: `Exported ${formatCount(r.count)} ${r.noun} of ${quote(t.name)}${filterText(input) ? ` (${filterText(input)})` : ''} to ${r.uri.path.split('/').pop()}.`,
    buttons: [{ label: 'Open File', run: () => ctx.runCommand('vscode.open', r.uri) }],
  }),
};

function filterText(f: { failedOnly: boolean; since?: Date }): string {
  return [f.failedOnly && 'failed only', f.since && `since ${formatDate(f.since)}`].filter(Boolean).join(', ');
}

function fileUri(value: unknown): vscode.Uri | undefined {
  if (value instanceof vscode.Uri) return value;
  return typeof value === 'string' && value ? vscode.Uri.file(value) : undefined;
}
