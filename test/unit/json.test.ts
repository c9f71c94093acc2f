import * as assert from 'node:assert/strict';
import { parseJson, toInt64 } from '../../src/api/json';

describe('int64-safe JSON', () => {
  it('keeps integers above 2^53 as exact digits and others as numbers', () => {
    const v = parseJson('{"a":9007199254740993,"b":42,"c":1.5,"d":-9223372036854775807,"e":1e3}', true) as Record<string, unknown>;
    assert.deepEqual(v, { a: '9007199254740993', b: 42, c: 1.5, d: '-9223372036854775807', e: 1000 });
  });

  it('gives the same answer on the fast path (no long digit runs) and the lossless one', () => {
    const text = '{"data":[{"runId":123456789012345,"rate":0.25,"name":"x"}],"hasMore":false}';
    assert.deepEqual(parseJson(text, true), JSON.parse(text));
    assert.deepEqual(parseJson(text.replace('"x"', '"1234567890123456"'), true), {
      data: [{ runId: 123456789012345, rate: 0.25, name: '1234567890123456' }],
      hasMore: false,
    });
  });

  it('reads answers without int64 fields with JSON.parse alone: no scan, numbers stay numbers', () => {
    const text = '{"runId":41790001,"successRows":12345678901234567,"result":"order 12345678901234567 loaded"}';
    const v = parseJson(text) as Record<string, unknown>;
    assert.equal(typeof v.successRows, 'number');
    assert.deepEqual(v, JSON.parse(text));
  });

  it('throws on half-written JSON', () => {
    assert.throws(() => parseJson('{"data":[{"id":1},{"id"'), SyntaxError);
    assert.throws(() => parseJson('{"data":[{"id":9007199254740993},{"id"', true), SyntaxError);
  });

  it('normalises ids to digits from every form', () => {
    assert.equal(toInt64(12), '12');
    assert.equal(toInt64('9007199254740993'), '9007199254740993');
    assert.equal(toInt64(9007199254740993n), '9007199254740993');
    assert.throws(() => toInt64('12abc'), TypeError);
    assert.throws(() => toInt64(1.5), TypeError);
  });
});
