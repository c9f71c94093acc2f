// Reads a CSV file back as a strict RFC 4180 reader would — what the export tests parse their
// files with. Quoted fields may hold commas, doubled quotes and line breaks; every record ends with
// CRLF; the text starts with a byte-order mark.
import * as assert from 'node:assert/strict';

/** RFC 4180, strictly: quoted fields may hold commas, quotes (doubled) and line breaks; records end with CRLF. */
export function parseCsv(text: string): string[][] {
  assert.ok(text.startsWith('\uFEFF'), 'starts with a byte-order mark');
  const body = text.slice(1);
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let i = 0;
  while (i < body.length) {
    if (body[i] === '"') {
      i++;
      for (;;) {
        const q = body.indexOf('"', i);
        assert.ok(q >= 0, 'a quoted field is closed');
        field += body.slice(i, q);
        i = q + 1;
        if (body[i] === '"') {
          field += '"';
          i++;
        } else break;
      }
    }
    const c = body[i];
    if (c === ',') {
      record.push(field);
      field = '';
      i++;
    } else if (c === '\r') {
      assert.equal(body[i + 1], '\n', 'records end with CRLF');
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i += 2;
    } else {
      assert.notEqual(c, '"', 'no quote inside an unquoted field');
      assert.notEqual(c, '\n', 'no bare LF');
      field += c;
      i++;
    }
  }
  assert.equal(record.length + field.length, 0, 'the last record ends with CRLF');
  return records;
}
