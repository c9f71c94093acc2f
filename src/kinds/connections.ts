// Connections: leaves that can be tested; their type (`Direct`, `Agent`) is in their own read,
// made on hover.
import * as l10n from '@vscode/l10n';
import type { Connection, ConnectionDetails } from '../api';
import { str, testText } from '../shared/describe';
import { joinParts, plural } from '../shared/format';
import { numId, wsId } from '../shared/refs';
import { namedTitle } from './common';
import type { WorkspaceItemRecord } from './kind';
import { testIcon, testWords } from './testVerdictWords';

export const CONNECTION: WorkspaceItemRecord<Connection & ConnectionDetails> = {
  kind: 'connection',
  english: ['connection', 'connections'],
  words: {
    noun: () => l10n.t('connection'),
    title: () => l10n.t('Connection'),
    plural: () => l10n.t('connections'),
    count: (n) =>
      plural(
        n,
        (c) => l10n.t('{0} connection', c),
        (c) => l10n.t('{0} connections', c),
      ),
    which: () => l10n.t('Which connection?'),
    another: () => l10n.t('Another connection…'),
    numbered: (id) => l10n.t('Connection #{0}', id),
    unnamed: () => l10n.t('(unnamed connection)'),
    inWorkspace: (ws) => ({ placeholder: l10n.t('Which connection in {0}?', ws), empty: l10n.t('There is nothing to choose from: no connection in {0}.', ws) }),
  },
  category: { token: 'connections', label: () => l10n.t('Connections'), empty: () => l10n.t('No connections'), icon: 'plug' },
  title: namedTitle({ numbered: (id) => l10n.t('Connection #{0}', id), unnamed: () => l10n.t('(unnamed connection)') }),
  details: (ref, c, facts) => [
    [l10n.t('Connector'), str(c.connector)],
    [l10n.t('Type'), facts.connectionType ?? str(c.type)],
    [l10n.t('Last test'), testText(facts.test, facts.now)],
    [l10n.t('Connection id'), ref.id],
  ],
  read: (client, ref, signal) => client.getConnection(wsId(ref), numId(ref), { signal }),
  factsOfRead: (c) => ({ connectionType: c.type ?? undefined }),
  test: {
    command: 'skyvia.testConnection',
    send: (client, ref, signal) => client.testConnection(wsId(ref), numId(ref), { signal }),
    readAfter: true,
    words: {
      pickTitle: () => l10n.t('Test a connection'),
      doneMany: (n) =>
        plural(
          n,
          (c) => l10n.t('{0} connection tested.', c),
          (c) => l10n.t('{0} connections tested.', c),
        ),
      allPassed: (n) => l10n.t('All {0} connections passed their test.', n),
      somePassed: (passed, n, list) => l10n.t('{0} of {1} connections passed their test; not passed: {2}', passed, n, list),
      progressMany: (n) => l10n.t('Testing {0} connections…', n),
      doing: (item) =>
        l10n.t({ message: 'Testing the connection {0}', args: [item], comment: ['{0} is its name in quotes, or its id (such as "12 in workspace 3")'] }),
    },
  },
  listItems: (client, ws, page, signal) => client.listConnections(ws, page, { signal }),
  probe: { expand: [], hover: ['details'] },
  icon: (v) => testIcon('plug', v.facts.test),
  description: (v) => joinParts(v.data.connector, v.facts.connectionType, testWords(v.facts.test, v.now)),
  flags: () => [],
  capabilities: (v) => [!v.busy && 'canTest'],
};
