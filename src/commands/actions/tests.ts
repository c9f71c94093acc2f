// Test an agent or a connection. The API answers 200 even when the test failed: the verdict is
// read from the message (shared/testVerdict.ts), shown in the service's own words, and a failed
// or unclear test is never reported as a success. What differs by kind is its record's `test`.
import * as l10n from '@vscode/l10n';
import { TESTABLE_KINDS, WORKSPACE_ITEMS, type WorkspaceItemRecord } from '../../kinds';
import type { WorkspaceItemKind } from '../../shared/refs';
import type { TestOutcome } from '../../shared/model';
import { testVerdict } from '../../shared/testVerdict';
import { quote } from '../../shared/format';
import type { Action, Told, ActionContext } from './action';

/** What of the action context these actions use. */
type Uses = Pick<ActionContext, 'client' | 'facts' | 'reader' | 'runCommand'>;

function testAction(kind: WorkspaceItemKind): Action<undefined, TestOutcome, Uses> {
  const test = WORKSPACE_ITEMS[kind].test as NonNullable<WorkspaceItemRecord['test']>;
  const words = test.words;
  return {
    id: test.command,
    kinds: [kind],
    pickTitle: words.pickTitle,
    many: {
      done: words.doneMany,
      summary(done) {
        const failed = done.filter((d) => d.result.verdict !== 'passed');
        if (!failed.length) return { severity: 'info', text: words.allPassed(done.length) };
        const list = failed.map((d) => `${d.target.name} — ${d.result.message}`).join('; ');
        return {
          severity: failed.some((d) => d.result.verdict === 'failed') ? 'error' : 'warning',
          text: words.somePassed(done.length - failed.length, done.length, list),
        };
      },
    },
    busy: () => l10n.t('testing…'),
    progress: (targets) => (targets.length === 1 ? l10n.t('Testing {0}…', quote(targets[0].name)) : words.progressMany(targets.length)),
    couldNot: (t, reason) => l10n.t("Couldn't test {0}: {1}", quote(t.name), reason),
    async send(ctx, t, _input, signal) {
      const result = await test.send(ctx.client(t.ref.account), t.ref, signal);
      const message = result.message?.trim() || l10n.t('(the service sent no message)');
      return { verdict: testVerdict(result.message), message, at: Date.now() };
    },
    async after(ctx, t, outcome) {
      ctx.facts.patch(t.ref, { test: outcome });
      // What its row shows from its own read (a connection's type), read once when it is tested.
      if (test.readAfter && !ctx.facts.get(t.ref).readAt) await ctx.reader.readItem(t.ref);
    },
    done(t, outcome, ctx): Told {
      const again = { label: l10n.t('Test Again'), run: () => ctx.runCommand(test.command, t) };
      if (outcome.verdict === 'failed') return { severity: 'error', text: l10n.t('Test of {0} failed: {1}', quote(t.name), outcome.message), buttons: [again] };
      if (outcome.verdict === 'passed') return { severity: 'info', text: l10n.t('Test of {0} passed: {1}', quote(t.name), outcome.message) };
      return { severity: 'warning', text: l10n.t('Test of {0} finished, but its result is unclear: {1}', quote(t.name), outcome.message), buttons: [again] };
    },
  };
}

/** Every kind's Test, as its record has it. */
export const TEST_ACTIONS = TESTABLE_KINDS.map(testAction);
