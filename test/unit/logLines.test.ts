// A log's first error is found by one search for the words every failure line holds, then the
// whole rule on those lines only: the same line as reading every line with the rule, on the demo's
// logs of every outcome and on lines made to sit at the rule's edges.
import * as assert from 'node:assert/strict';
import { integrationRunLog, snapshotLog } from '../../src/demo/logs';
import { FAILURE_TEXT, firstErrorLine, isErrorLine } from '../../src/shared/logLines';

/** The rule as written, every line read. */
const ruleSays = (line: string) => /\b(ERROR|FATAL)\b/.test(line) || new RegExp(`^${FAILURE_TEXT}`).test(line);
const everyLine = (text: string) => text.split('\n').find(ruleSays)?.trim();

const EDGES = [
  '2026-11-20 10:00:01.123 INFO  Batch 3: read 1,000 records, wrote 1,000 rows.',
  'INFO  0 rows failed',
  'INFO  No records failed to load',
  'INFO  failures: 0',
  'INFO  Failures = 0.5 of the budget',
  'INFO  12 failed',
  'INFO  3 rows succeeded, 2 failed before the error.',
  'WARN  ERRORS were counted',
  'WARN  FailedOver to the replica',
  'WARN  the job failed',
  'WARN  Exceptions were thrown',
  'DEBUG a NullPointerException',
  'INFO  FATAL: out of memory',
  'INFO  unfailed',
  'INFO  Failure',
  '',
];

describe('a log’s first error', () => {
  it('says of every line at the rule’s edges what the rule says', () => {
    for (const line of EDGES) assert.equal(isErrorLine(line), ruleSays(line), line);
  });

  it('finds the line reading every line finds, in the demo’s logs of every outcome', () => {
    let found = 0;
    for (let seed = 1; seed <= 60; seed++) {
      for (const state of ['Succeeded', 'Failed', 'Canceled']) {
        const run = integrationRunLog({
          runId: seed,
          name: `Run ${seed}`,
          integrationId: 7,
          type: 'Import',
          source: 'Salesforce',
          target: 'SQL Server',
          startMs: Date.UTC(2026, 10, 20) + seed * 1000,
          endMs: Date.UTC(2026, 10, 20, 1) + seed * 1000,
          state,
          successRows: 5_000 * seed,
          errorRows: seed % 3 ? 0 : seed,
          lines: 40 + seed,
          seed: seed * 7919,
          finished: seed % 5 !== 0,
        });
        const snapshot = snapshotLog({ snapshotId: seed, connector: 'Salesforce', startMs: 0, endMs: 60_000, state, lines: 20, seed, finished: true });
        for (const text of [run, snapshot]) {
          assert.equal(firstErrorLine(text), everyLine(text));
          if (everyLine(text)) found++;
        }
      }
    }
    assert.ok(found > 50, `logs with an error among them (${found})`);
  });

  it('finds it among the edges in any order, at the end without a line end, and nowhere when none is there', () => {
    for (let shift = 0; shift < EDGES.length; shift++) {
      const lines = [...EDGES.slice(shift), ...EDGES.slice(0, shift)];
      assert.equal(firstErrorLine(lines.join('\n')), everyLine(lines.join('\n')));
    }
    assert.equal(firstErrorLine('INFO  started\nINFO  the job failed'), 'INFO  the job failed');
    assert.equal(firstErrorLine('INFO  0 rows failed\nINFO  done'), undefined);
    assert.equal(firstErrorLine(''), undefined);
  });
});
