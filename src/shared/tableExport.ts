// A table written out as a file, CSV or JSON: what Export History… saves. Plain text in, plain
// text out, no `vscode`, unit-tested in Node.
//
// - Every cell is text or a number; ids arrive as text and stay text (an automation execution id
//   is above 2^53, which a number — or a spreadsheet's number column — would round).
// - CSV follows RFC 4180: comma-separated, CRLF line ends, a field quoted when it holds a comma,
//   a quote, a line break or edge spaces, quotes doubled. It starts with a byte-order mark, so a
//   spreadsheet reads the names (`Orders → Warehouse`, `Álvarez`) as UTF-8.
// - A text cell a spreadsheet would take for a formula (`=`, `+`, `-`, `@`, a tab or CR first) is
//   written with a leading `'`: a name from the service must not become a formula on someone's
//   machine. Numbers are written as numbers.

export type Cell = string | number | undefined;

export interface ExportColumn {
  /** The CSV header ("When", "Duration (s)"). */
  label: string;
  /** The JSON key ("when"); the label when absent. */
  key?: string;
  /** JSON only: the cell goes into this object of the row (`figures`), not beside the others. */
  group?: string;
}

export interface ExportTable {
  columns: ExportColumn[];
  rows: Cell[][];
}

export type ExportFormat = 'csv' | 'json';

export function formatTable(table: ExportTable, format: ExportFormat): string {
  return format === 'json' ? toJson(table) : toCsv(table);
}

export function toCsv(table: ExportTable): string {
  const lines = [table.columns.map((c) => csvField(c.label)), ...table.rows.map((row) => table.columns.map((_, i) => csvCell(row[i])))];
  return `\uFEFF${lines.map((l) => l.join(',')).join('\r\n')}\r\n`;
}

/** One object per row, keyed by the columns' keys; empty cells are left out. */
export function toJson(table: ExportTable): string {
  const objects = table.rows.map((row) => {
    const out: Record<string, unknown> = {};
    table.columns.forEach((c, i) => {
      const v = row[i];
      if (v === undefined || v === '') return;
      const key = c.key ?? c.label;
      if (c.group) ((out[c.group] ??= {}) as Record<string, unknown>)[key] = v;
      else out[key] = v;
    });
    return out;
  });
  return `${JSON.stringify(objects, null, 2)}\n`;
}

function csvCell(value: Cell): string {
  if (value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  return csvField(/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);
}

function csvField(text: string): string {
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
