// The language-model tools' plain parts: the input reader refuses what a schema forbids with a
// message naming the field; a log digest keeps the errors and the end of a 200,000-line log
// within its budget. (That package.json declares what the tools read is checked inside VS Code,
// test/integration/suite/tools.test.ts: the tool specs share the tree's specs, which import it.)
import assert from 'node:assert/strict';
import { digestLog } from '../../src/logs/logDigest';
import { InputReader } from '../../src/tools/toolSpec';

describe('language-model tools: input', () => {
  it('reads what the schema allows and names the field of what it does not', () => {
    const r = new InputReader({ limit: 5, kind: 'run', id: '9223372036854775807', failedOnly: true, since: ' 7d ' });
    assert.equal(r.int('limit', { max: 50 }), 5);
    assert.equal(r.oneOf('kind', ['run', 'snapshot'] as const), 'run');
    assert.equal(r.id('id'), '9223372036854775807', 'int64 digits kept as text');
    assert.equal(r.bool('failedOnly'), true);
    assert.equal(r.string('since'), '7d');
    assert.equal(r.int('absent'), undefined);
    assert.throws(() => new InputReader({ limit: 0 }).int('limit', { max: 50 }), /`limit` must be a whole number from 1 to 50/);
    assert.throws(() => new InputReader({ limit: 2.5 }).int('limit'), /`limit`/);
    assert.throws(() => new InputReader({ kind: 'pipeline' }).oneOf('kind', ['run'] as const), /`kind` must be one of: run/);
    assert.throws(() => new InputReader({ enabled: 'yes' }).bool('enabled'), /`enabled` must be true or false/);
    assert.throws(() => new InputReader({}).id('id', { required: true }), /`id` is required/);
    assert.throws(() => new InputReader({ id: 2 ** 60 }).id('id'), /as a string/, 'a number that lost digits is refused');
    assert.throws(() => new InputReader({ query: 'x'.repeat(201) }).string('query'), /too long/);
    assert.throws(() => new InputReader({ kinds: ['agent', 'robot'] }).list('kinds', ['agent'] as const), /`kinds` must be a list of: agent/);
    assert.throws(() => new InputReader('find orders'), /must be a JSON object/);
    assert.throws(() => new InputReader([1]), /must be a JSON object/);
  });
});

describe('log digest', () => {
  const line = (i: number) => `2026-11-20 10:00:${String(i % 60).padStart(2, '0')}.000 INFO Batch ${i}: 500 rows written`;

  it('shows a short log whole', () => {
    const text = ['start', 'ERROR boom', 'end'].join('\n');
    assert.equal(digestLog(text), '3 lines · 1 error · 0 warnings\n1: start\n2: ERROR boom\n3: end');
  });

  it('keeps the counts, the start, every error in context and the end of 200,000 lines within its budget', () => {
    const lines = Array.from({ length: 200_000 }, (_, i) => line(i));
    lines[100_000] = '2026-11-20 11:00:00.000 ERROR Batch 100000: duplicate key value violates unique constraint "orders_pkey"';
    lines[150_000] = '2026-11-20 11:30:00.000 WARN Batch 150000: slow write';
    lines[199_999] = '2026-11-20 12:00:00.000 INFO Run failed after 199,999 batches';
    const digest = digestLog(lines.join('\n'), { budget: 4_000 });
    assert.ok(digest.length <= 4_000, `${digest.length} characters`);
    assert.match(digest, /^200,000 lines · 2 errors · 1 warning$/m);
    assert.match(digest, /^1: .*Batch 0:/m, 'the first line');
    assert.match(digest, /^100001: .*duplicate key/m, 'the error, numbered as the editor shows it');
    assert.match(digest, /^99999: .*Batch 99998:/m, 'two lines before it');
    assert.match(digest, /^100003: .*Batch 100002:/m, 'two lines after it');
    assert.match(digest, /^200000: .*Run failed/m, 'the last line');
  });

  it('says how many errors it had no room for, and never loses the end', () => {
    const lines = Array.from({ length: 10_000 }, (_, i) => (i % 10 === 5 ? `ERROR row ${i} rejected: ${'x'.repeat(100)}` : line(i)));
    const digest = digestLog(lines.join('\n'), { budget: 2_000 });
    assert.ok(digest.length <= 2_000, `${digest.length} characters`);
    assert.match(digest, /\(\d[\d,]* more errors not shown\)/);
    assert.match(digest, /^10000: /m);
  });
});
