// Logs from every record that carries one, in both API shapes, and their outline.
import * as assert from 'node:assert/strict';
import { entryLog } from '../../src/kinds';
import { outlineOf } from '../../src/logs/logText';
import { sinceStart } from '../../src/logs/logSinceStart';

describe('log text', () => {
  it('reads a snapshot log in the documented (`log`) and live (`result`) spelling', () => {
    assert.equal(entryLog('snapshot', { snapshotId: 1, log: 'a\nb' }), 'a\nb');
    assert.equal(entryLog('snapshot', { snapshotId: 1, result: 'c' }), 'c');
  });

  it('joins an endpoint request’s log lines and adds its error', () => {
    assert.equal(entryLog('request', { log: ['one', 'two'], error: 'Timeout', errorDetails: 'after 30 s' }), 'one\ntwo\nERROR Timeout\nafter 30 s');
  });

  it('adds an execution’s error to its result, once', () => {
    assert.equal(entryLog('execution', { executionId: '1', result: 'Step 1 failed', error: 'HTTP 429' }), 'Step 1 failed\nERROR HTTP 429');
    assert.equal(entryLog('execution', { executionId: '1', error: 'HTTP 429', result: 'HTTP 429' }), 'HTTP 429');
  });

  it('says there is no log when there is none, and normalises line ends', () => {
    assert.equal(entryLog('run', { runId: 1, result: null }), undefined);
    assert.equal(entryLog('request', { log: [] }), undefined);
    assert.equal(entryLog('run', { runId: 1, result: 'a\r\nb\rc' }), 'a\nb\nc');
  });

  it('outlines sections and errors in one pass', () => {
    const log = [
      '2026-11-20 10:00:01.123 INFO  Run 7 of integration 1 "Sync" started (import).',
      '2026-11-20 10:00:02.000 INFO  Connecting to source Salesforce.',
      '2026-11-20 10:00:03.000 INFO  Batch 1: read 10 records, wrote 10 rows.',
      '2026-11-20 10:00:04.000 ERROR Batch 2: record 123 failed: Required field is missing.',
      '2026-11-20 10:00:05.000 ERROR Run failed: Login failed.',
      '2026-11-20 10:00:06.000 INFO  10 rows succeeded, 1 failed before the error.',
    ].join('\n');
    const { sections, errors } = outlineOf(log);
    assert.deepEqual(
      sections.map((s) => s.line),
      [0, 1],
    );
    assert.deepEqual(
      errors.map((e) => e.line),
      [3, 4],
    );
    assert.match(errors[0].text, /^Batch 2: record 123 failed/);
  });

  it('outlines 200,000 lines quickly enough to stay out of the way', () => {
    const line = '2026-11-20 10:00:03.000 INFO  Batch 1: read 10 records, wrote 10 rows.';
    const text = Array.from({ length: 200_000 }, (_, i) => (i % 5000 === 0 ? '2026-11-20 10:00:03.000 ERROR Batch: record failed' : line)).join('\n');
    const { errors } = outlineOf(text);
    assert.equal(errors.length, 40);
  });
});

describe('error lines', () => {
  it('are levels and failure words, not counts or summaries', async () => {
    const { isErrorLine } = await import('../../src/shared/logLines');
    assert.ok(isErrorLine('2026-11-20 10:00:04.000 ERROR Batch 2'));
    assert.ok(isErrorLine('Step 2 "Lookup": failed: Timeout'));
    assert.ok(!isErrorLine('Writing finished: 10 rows succeeded, 0 failed.'));
    assert.ok(!isErrorLine('10 rows succeeded, 1 failed before the error.'));
    assert.ok(!isErrorLine('INFO  Checking for errors in the mapping.'));
  });

  it('never read a count of zero as a failure, whatever noun stands between', async () => {
    const { isErrorLine } = await import('../../src/shared/logLines');
    for (const line of ZERO_COUNTS) assert.equal(isErrorLine(line), false, line);
    for (const line of FAILURES) assert.equal(isErrorLine(line), true, line);
  });

  it('are what the log language colours red, line for line', async () => {
    const { isErrorLine } = await import('../../src/shared/logLines');
    const red = await redLines([...ZERO_COUNTS, ...FAILURES, ...OTHERS]);
    for (const [line, colouredRed] of red) assert.equal(colouredRed, isErrorLine(line), line);
  });
});

const ZERO_COUNTS = [
  '2026-11-20 10:00:09.000 INFO  0 rows written, 0 rows failed',
  '2026-11-20 10:00:09.000 INFO  Writing finished: 5,200 rows succeeded, 0 records failed.',
  'no rows failed',
  'Zero failures.',
  'INFO  Rows failed: 0',
  'Failed records = 0; 12 written',
  '0 rows failed before the error',
];
const FAILURES = [
  '2026-11-20 10:00:09.000 INFO  0 rows written, 3 rows failed',
  'Login failed for user',
  'Failed rows: 0.5',
  'Failures: 0, then an exception was thrown',
  '0 rows failed; the lookup failed: Timeout',
  '2026-11-20 10:00:04.000 ERROR Batch 2: record 123 failed: duplicate key',
  'FATAL out of memory',
];
const OTHERS = ['2026-11-20 10:00:03.000 INFO  Batch 1: read 10 records, wrote 10 rows.', 'piano', ''];

/** Each line as the log language tokenizes it (VS Code's own TextMate engine): whether any of it is the error colour. */
async function redLines(lines: string[]): Promise<[string, boolean][]> {
  const fs = await import('node:fs');
  const path = await import('node:path');
  const oniguruma = await import('vscode-oniguruma');
  const textmate = await import('vscode-textmate');
  const wasm = fs.readFileSync(path.join(path.dirname(require.resolve('vscode-oniguruma')), 'onig.wasm'));
  await oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
  const registry = new textmate.Registry({
    onigLib: Promise.resolve({ createOnigScanner: (p) => new oniguruma.OnigScanner(p), createOnigString: (s) => new oniguruma.OnigString(s) }),
    loadGrammar: async () => textmate.parseRawGrammar(fs.readFileSync('syntaxes/skyvia-log.tmLanguage.json', 'utf8'), 'grammar.json'),
  });
  const grammar = await registry.loadGrammar('source.skyvia-log');
  assert.ok(grammar, 'the log grammar loads');
  return lines.map((line) => {
    const { tokens } = grammar.tokenizeLine(line, textmate.INITIAL);
    return [line, tokens.some((t) => t.scopes.some((s) => s.startsWith('invalid.illegal.message.error')))];
  });
}

describe('a log since its start', () => {
  it('turns each line’s clock time into the time since the first, and leaves other lines be', () => {
    const log = [
      '2026-11-22 06:40:15.047 INFO  Run 1 started.',
      'a line without a time',
      '2026-11-22 06:41:20.100 ERROR Batch 2 failed',
      '2026-11-22T07:40:15Z INFO  done',
    ].join('\n');
    assert.equal(
      sinceStart(log),
      ['+00:00:00.000 INFO  Run 1 started.', 'a line without a time', '+00:01:05.053 ERROR Batch 2 failed', '+00:59:59.953 INFO  done'].join('\n'),
    );
  });

  it('makes two runs of the same steps at other hours read the same where they did the same', () => {
    const a = sinceStart('2026-11-21 06:40:00.000 INFO  Connecting.\n2026-11-21 06:40:01.500 INFO  Connected.');
    const b = sinceStart('2026-11-22 23:10:30.000 INFO  Connecting.\n2026-11-22 23:10:31.500 INFO  Connected.');
    assert.equal(a, b);
  });
});
