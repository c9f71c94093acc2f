// Test an agent or a connection. The API answers 200 even when the test failed: the verdict is
// read from the message (shared/testVerdict.ts), shown in the service's own words, and a failed
// or unclear test is never reported as a success.
import type { TestResult } from '../../api';
import { CommandId } from '../../shared/commandIds';
import type { TestOutcome } from '../../shared/model';
import { numId, wsId } from '../../shared/refs';
import { testVerdict } from '../../shared/testVerdict';
import { quote } from '../runner';
import type { Action, Told } from './action';

function testAction(kind: 'agent' | 'connection'): Action<undefined, TestOutcome> {
  const id = kind === 'agent' ? CommandId.testAgent : CommandId.testConnection;
  return {
    id,
    kinds: [kind],
    pickTitle: `Test ${kind === 'agent' ? 'an agent' : 'a connection'}`,
    many: {
      done: 'tested',
      summary(done) {
        const failed = done.filter((d) => d.result.verdict !== 'passed');
        if (!failed.length) return { severity: 'info', text: `All ${done.length} ${kind}s passed their test.` };
        const list = failed.map((d) => `${d.target.name} — ${d.result.message}`).join('; ');
        return { severity: failed.some((d) => d.result.verdict === 'failed') ? 'error' : 'warning', text: `${done.length - failed.length} of ${done.length} ${kind}s passed their test; not passed: ${list}` };
      },
    },
    verb: 'test',
    busy: 'testing…',
    progress: (t) => `Testing ${quote(t.name)}…`,
    async send(ctx, t, _input, signal) {
      const ws = wsId(t.ref);
      const result: TestResult = kind === 'agent' ? await ctx.client.testAgent(ws, numId(t.ref), { signal }) : await ctx.client.testConnection(ws, numId(t.ref), { signal });
      const message = result.message?.trim() || '(the service sent no message)';
      return { verdict: testVerdict(result.message), message, at: Date.now() };
    },
    async after(ctx, t, test) {
      ctx.facts.patch(t.ref, { test });
      // A connection's type comes from its details, read once when it is tested.
      if (kind === 'connection' && ctx.facts.get(t.ref).connectionType === undefined) await ctx.reader.readItem(t.ref);
    },
    done(t, test, ctx): Told {
      const again = { label: 'Test Again', run: () => ctx.runCommand(id, t) };
      if (test.verdict === 'failed') return { severity: 'error', text: `Test of ${quote(t.name)} failed: ${test.message}`, buttons: [again] };
      if (test.verdict === 'passed') return { severity: 'info', text: `Test of ${quote(t.name)} passed: ${test.message}` };
      return { severity: 'warning', text: `Test of ${quote(t.name)} finished, but its result is unclear: ${test.message}`, buttons: [again] };
    },
  };
}

export const testAgent = testAction('agent');
export const testConnection = testAction('connection');
