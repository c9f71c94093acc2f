// Export History…'s files: CSV by RFC 4180 (read back here by a strict reader), JSON, int64 ids
// kept exact as text, dates in ISO, the panel's columns, secrets and formulas kept out.
import * as assert from 'node:assert/strict';
import type { AutomationExecution, IntegrationRun } from '../../src/api';
import { AUTOMATION } from '../../src/kinds/automations';
import { INTEGRATION } from '../../src/kinds/integrations';
import { historyTable } from '../../src/kinds/historyTable';
import { toCsv, toJson, type ExportTable } from '../../src/shared/tableExport';
import { parseCsv } from '../csvReader';

const runs: IntegrationRun[] = [
  { runId: 41705114, date: '2026-11-22T06:40:07Z', state: 'Failed', duration: 40, successRows: 221, errorRows: 44 },
  { runId: 41705100, date: '2026-11-21T06:40:00Z', state: 'Succeeded', duration: 35, successRows: 1200, errorRows: 0 },
];

describe('history export', () => {
  it('writes the panel columns and the chart figures, dates in ISO, no relative time', () => {
    const table = historyTable(INTEGRATION.entry, runs, (t) => t);
    const rows = parseCsv(toCsv(table));
    assert.deepEqual(rows[0], ['Id', 'When', 'State', 'Details', 'Duration (s)', 'Rows written', 'Rows failed']);
    assert.deepEqual(rows[1], ['41705114', '2026-11-22T06:40:07.000Z', 'Failed', 'Failed · 40 s · 221 rows · 44 failed', '40', '221', '44']);
    assert.deepEqual(rows[2].slice(0, 4), ['41705100', '2026-11-21T06:40:00.000Z', 'Succeeded', 'Succeeded · 35 s · 1,200 rows']);
    assert.doesNotMatch(toCsv(table), /ago|yesterday|just now/);
  });

  it('keeps automation execution ids above 2^53 exact, as text, in CSV and JSON', () => {
    const big = '9007199254740993123';
    const executions: AutomationExecution[] = [{ executionId: big, date: '2026-11-22T06:40:07Z', state: 'Failed', billedTasks: 3 }];
    const table = historyTable(AUTOMATION.entry, executions, (t) => t);
    assert.equal(parseCsv(toCsv(table))[1][0], big);
    const json = JSON.parse(toJson(table)) as { id: unknown; when: string; figures: Record<string, number> }[];
    assert.equal(json[0].id, big, 'a string, not a rounded number');
    assert.equal(json[0].when, '2026-11-22T06:40:07.000Z');
    assert.deepEqual(json[0].figures, { 'Billed tasks': 3 });
  });

  it('quotes commas, quotes, line breaks and edge spaces, and reads back what was written', () => {
    const table: ExportTable = {
      columns: [{ label: 'a' }, { label: 'b, with comma' }, { label: 'c' }],
      rows: [
        ['say "hi"', 'two\r\nlines', ' padded '],
        ['plain', 12.5, undefined],
      ],
    };
    const text = toCsv(table);
    assert.ok(text.includes('"say ""hi"""'));
    assert.deepEqual(parseCsv(text), [
      ['a', 'b, with comma', 'c'],
      ['say "hi"', 'two\r\nlines', ' padded '],
      ['plain', '12.5', ''],
    ]);
  });

  it('never lets a text cell become a spreadsheet formula', () => {
    const table: ExportTable = { columns: [{ label: 'x' }], rows: [['=HYPERLINK("http://evil","x")'], ['+1'], ['-2'], ['@SUM(A1)'], [-3]] };
    assert.deepEqual(
      parseCsv(toCsv(table))
        .slice(1)
        .map((r) => r[0]),
      [`'=HYPERLINK("http://evil","x")`, "'+1", "'-2", "'@SUM(A1)", '-3'],
    );
  });

  it('cleans every text from the service it writes (the caller redacts secrets there)', () => {
    const table = historyTable(INTEGRATION.entry, [{ runId: 1, date: '2026-11-22T06:40:07Z', state: 'Failed token-abc' }], (t) =>
      t.replace('token-abc', '«token»'),
    );
    assert.deepEqual(parseCsv(toCsv(table))[1].slice(2, 4), ['Failed «token»', 'Failed «token»']);
    assert.doesNotMatch(toCsv(table), /token-abc/);
    assert.doesNotMatch(toJson(table), /token-abc/);
  });

  it('writes JSON as one object per entry, empty cells left out', () => {
    const json = JSON.parse(toJson(historyTable(INTEGRATION.entry, [{ runId: 7, state: 'Succeeded' }], (t) => t))) as Record<string, unknown>[];
    assert.deepEqual(json, [{ id: '7', state: 'Succeeded', details: 'Succeeded' }]);
  });
});
