// A history's entries as a table, the columns its panel shows: what Export History… writes. The
// figures are its chart's (named as the legend names them), as `skyvia_recent_runs` tells them.
import * as l10n from '@vscode/l10n';
import { figureOf } from '../shared/panelProtocol';
import { toDate } from '../shared/format';
import { outcomeTitle } from '../shared/words';
import type { ExportColumn, ExportTable } from '../shared/tableExport';
import type { EntryRecord } from './kind';

/** An entry's chart figures by series label ("Duration (s)": 40); only those the row carries. */
export function figuresOf<E>(entry: EntryRecord<E>, e: E): Record<string, number> {
  const chart = entry.chart;
  if (!chart) return {};
  const point = chart.point(e);
  const out: Record<string, number> = {};
  chart.series().forEach((s, k) => {
    const v = figureOf(point.values[k]);
    if (v !== undefined) out[s.label] = v;
  });
  return out;
}

/**
 * One row per entry: its id as text, when it was (ISO, UTC), its state as the panel's badge says
 * it, the panel's details without a relative time, then each figure. `clean` is applied to every
 * text from the service (cleaned, secrets redacted) — an export is shown text too.
 */
export function historyTable<E>(entry: EntryRecord<E>, rows: readonly E[], clean: (text: string) => string): ExportTable {
  const series = entry.chart?.series() ?? [];
  const columns: ExportColumn[] = [
    { label: l10n.t('Id'), key: 'id' },
    { label: l10n.t('When'), key: 'when' },
    { label: l10n.t('State'), key: 'state' },
    { label: l10n.t('Details'), key: 'details' },
    ...series.map((s) => ({ label: s.label, group: 'figures' })),
  ];
  return {
    columns,
    rows: rows.map((e) => {
      const latest = entry.latest(e);
      const outcome = entry.outcome(e);
      const date = toDate(latest.date)?.toISOString() ?? latest.date ?? undefined;
      const figures = figuresOf(entry, e);
      return [
        entry.idOf(e),
        date,
        clean(outcome === 'unknown' ? (latest.state ?? '') : outcomeTitle(outcome)),
        clean(entry.description(e)),
        ...series.map((s) => figures[s.label]),
      ];
    }),
  };
}
