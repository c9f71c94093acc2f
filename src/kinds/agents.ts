// Agents: leaves that can be tested, with a key to copy. A test answers 200 whether it passed or
// not; the verdict read from its message (commands/actions/tests.ts) colours the icon.
import * as l10n from '@vscode/l10n';
import type { Agent } from '../api';
import { MASK, testText } from '../shared/describe';
import { plural } from '../shared/format';
import { numId, wsId } from '../shared/refs';
import { namedTitle } from './common';
import type { WorkspaceItemRecord } from './kind';
import { testIcon, testWords } from './testVerdictWords';

export const AGENT: WorkspaceItemRecord<Agent> = {
  kind: 'agent',
  english: ['agent', 'agents'],
  words: {
    noun: () => l10n.t('agent'),
    title: () => l10n.t('Agent'),
    plural: () => l10n.t('agents'),
    count: (n) =>
      plural(
        n,
        (c) => l10n.t('{0} agent', c),
        (c) => l10n.t('{0} agents', c),
      ),
    which: () => l10n.t('Which agent?'),
    another: () => l10n.t('Another agent…'),
    numbered: (id) => l10n.t('Agent #{0}', id),
    unnamed: () => l10n.t('(unnamed agent)'),
    inWorkspace: (ws) => ({ placeholder: l10n.t('Which agent in {0}?', ws), empty: l10n.t('There is nothing to choose from: no agent in {0}.', ws) }),
  },
  category: { token: 'agents', label: () => l10n.t('Agents'), empty: () => l10n.t('No agents'), icon: 'server' },
  title: namedTitle({ numbered: (id) => l10n.t('Agent #{0}', id), unnamed: () => l10n.t('(unnamed agent)') }),
  details: (ref, a, facts) => [
    [l10n.t('Key'), a.key ? l10n.t('{0} (use Copy Key)', MASK) : undefined],
    [l10n.t('Last test'), testText(facts.test, facts.now)],
    [l10n.t('Agent id'), ref.id],
  ],
  secrets: ['key'],
  read: (client, ref, signal) => client.getAgent(wsId(ref), numId(ref), { signal }),
  secret: {
    command: 'skyvia.copyAgentKey',
    needs: 'canCopyKey',
    of: (a) => a.key,
    words: {
      pickTitle: () => l10n.t("Copy an agent's key"),
      progress: (name) => l10n.t('Copying the key of {0}…', name),
      couldNot: (name, reason) => l10n.t("Couldn't copy the key of {0}: {1}", name, reason),
      none: () => l10n.t('the service holds no key for it.'),
      done: (name) => l10n.t('Copied the key of {0} to the clipboard', name),
    },
  },
  test: {
    command: 'skyvia.testAgent',
    send: (client, ref, signal) => client.testAgent(wsId(ref), numId(ref), { signal }),
    readAfter: false,
    words: {
      pickTitle: () => l10n.t('Test an agent'),
      doneMany: (n) =>
        plural(
          n,
          (c) => l10n.t('{0} agent tested.', c),
          (c) => l10n.t('{0} agents tested.', c),
        ),
      allPassed: (n) => l10n.t('All {0} agents passed their test.', n),
      somePassed: (passed, n, list) => l10n.t('{0} of {1} agents passed their test; not passed: {2}', passed, n, list),
      progressMany: (n) => l10n.t('Testing {0} agents…', n),
      doing: (item) =>
        l10n.t({ message: 'Testing the agent {0}', args: [item], comment: ['{0} is its name in quotes, or its id (such as "12 in workspace 3")'] }),
    },
  },
  listItems: (client, ws, page, signal) => client.listAgents(ws, page, { signal }),
  icon: (v) => testIcon('server', v.facts.test),
  description: (v) => testWords(v.facts.test, v.now),
  flags: () => [],
  capabilities: (v) => [!v.busy && 'canTest', !!v.data.key && 'canCopyKey'],
};
