// A test answers 200 either way: the verdict comes from the words, and failure words win.
import * as assert from 'node:assert/strict';
import { testVerdict } from '../../src/shared/testVerdict';

describe('test verdicts', () => {
  const cases: [string | null | undefined, string][] = [
    ['Connection test succeeded.', 'passed'],
    ['Agent is online', 'passed'],
    ['OK', 'passed'],
    ['Connection succeeded but the login failed', 'failed'],
    ['Access denied for user "etl"', 'failed'],
    ['The agent is offline. Last heartbeat 3 days ago.', 'failed'],
    ['Timed out after 30 s', 'failed'],
    ['Could not reach host', 'failed'],
    ['Agent not responding', 'failed'],
    ['Done.', 'unclear'],
    ['', 'unclear'],
    [null, 'unclear'],
    [undefined, 'unclear'],
  ];
  for (const [message, verdict] of cases) {
    it(`reads ${JSON.stringify(message)} as ${verdict}`, () => assert.equal(testVerdict(message), verdict));
  }
});
