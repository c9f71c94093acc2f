// Test an agent or a connection. The API answers 200 even when the test failed: the verdict is
// read from the message (shared/testVerdict.ts), shown in the service's own words, and a failed
// or unclear test is never reported as a success.
import * as l10n from '@vscode/l10n';
import type { TestResult } from '../../api';
import { CommandId } from '../../shared/commandIds';
import type { TestOutcome } from '../../shared/model';
import { numId, wsId } from '../../shared/refs';
import { testVerdict } from '../../shared/testVerdict';
import { quote } from '../runner';
import type { Action, Told } from './action';

type Tested = 'agent' | 'connection';

// What tests of several say, for each kind: whole sentences.

function manyTested(kind: Tested, n: number): string {
  if (kind === 'agent') return n === 1 ? l10n.t('1 agent tested.') : l10n.t('{0} agents tested.', n);
  return n === 1 ? l10n.t('1 connection tested.') : l10n.t('{0} connections tested.', n);
}

function allPassed(kind: Tested, n: number): string {
  return kind === 'agent' ? l10n.t('All {0} agents passed their test.', n) : l10n.t('All {0} connections passed their test.', n);
}

/** `list`: the ones that did not pass, each with the service's message. */
function somePassed(kind: Tested, passed: number, n: number, list: string): string {
  return kind === 'agent' ? l10n.t('{0} of {1} agents passed their test; not passed: {2}', passed, n, list) : l10n.t('{0} of {1} connections passed their test; not passed: {2}', passed, n, list);
}

function testingMany(kind: Tested, n: number): string {
  return kind === 'agent' ? l10n.t('Testing {0} agents…', n) : l10n.t('Testing {0} connections…', n);
}

function testAction(kind: Tested): Action<undefined, TestOutcome> {
  const id = kind === 'agent' ? CommandId.testAgent : CommandId.testConnection;
  return {
    id,
    kinds: [kind],
    pickTitle: () => (kind === 'agent' ? l10n.t('Test an agent') : l10n.t('Test a connection')),
    many: {
      done: (n) => manyTested(kind, n),
      summary(done) {
        const failed = done.filter((d) => d.result.verdict !== 'passed');
        if (!failed.length) return { severity: 'info', text: allPassed(kind, done.length) };
        const list = failed.map((d) => `${d.target.name} — ${d.result.message}`).join('; ');
        return { severity: failed.some((d) => d.result.verdict === 'failed') ? 'error' : 'warning', text: somePassed(kind, done.length - failed.length, done.length, list) };
      },
    },
    busy: () => l10n.t('testing…'),
    progress: (targets) => (targets.length === 1 ? l10n.t('Testing {0}…', quote(targets[0].name)) : testingMany(kind, targets.length)),
    couldNot: (t, reason) => l10n.t("Couldn't test {0}: {1}", quote(t.name), reason),
    async send(ctx, t, _input, signal) {
      const ws = wsId(t.ref);
      const result: TestResult = kind === 'agent' ? await ctx.client.testAgent(ws, numId(t.ref), { signal }) : await ctx.client.testConnection(ws, numId(t.ref), { signal });
      const message = result.message?.trim() || l10n.t('(the service sent no message)');
      return { verdict: testVerdict(result.message), message, at: Date.now() };
    },
    async after(ctx, t, test) {
      ctx.facts.patch(t.ref, { test });
      // A connection's type comes from its details, read once when it is tested.
      if (kind === 'connection' && ctx.facts.get(t.ref).connectionType === undefined) await ctx.reader.readItem(t.ref);
    },
    done(t, test, ctx): Told {
      const again = { label: l10n.t('Test Again'), run: () => ctx.runCommand(id, t) };
      if (test.verdict === 'failed') return { severity: 'error', text: l10n.t('Test of {0} failed: {1}', quote(t.name), test.message), buttons: [again] };
      if (test.verdict === 'passed') return { severity: 'info', text: l10n.t('Test of {0} passed: {1}', quote(t.name), test.message) };
      return { severity: 'warning', text: l10n.t('Test of {0} finished, but its result is unclear: {1}', quote(t.name), test.message), buttons: [again] };
    },
  };
}

export const testAgent = testAction('agent');
export const testConnection = testAction('connection');
