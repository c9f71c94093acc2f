// Agents and connections: leaves that can be tested. A test answers 200 whether it passed or
// not; the verdict read from its message (see commands/actions/tests.ts) colours the icon.
import * as l10n from '@vscode/l10n';
import type { Agent, Connection } from '../api';
import { joinParts, relativeTime } from '../shared/format';
import type { TestOutcome } from '../shared/model';
import type { WorkspaceItemSpec } from './kind';

const TEST_COLORS = { passed: 'testing.iconPassed', failed: 'testing.iconFailed', unclear: undefined } as const;

function testWords(test: TestOutcome | undefined, now: number): string | undefined {
  if (!test) return undefined;
  const verdict = test.verdict === 'passed' ? l10n.t('test passed') : test.verdict === 'failed' ? l10n.t('test failed') : l10n.t('tested');
  return `${verdict} ${relativeTime(test.at, now)}`;
}

export const AGENT: WorkspaceItemSpec<Agent> = {
  kind: 'agent',
  listItems: (client, ws, page, signal) => client.listAgents(ws, page, { signal }),
  icon: (v) => ['server', v.facts.test && TEST_COLORS[v.facts.test.verdict]],
  description: (v) => testWords(v.facts.test, v.now),
  flags: () => [],
  capabilities: (v) => [!v.busy && 'canTest', !!v.data.key && 'canCopyKey'],
};

export const CONNECTION: WorkspaceItemSpec<Connection> = {
  kind: 'connection',
  listItems: (client, ws, page, signal) => client.listConnections(ws, page, { signal }),
  readsOnHover: true,
  icon: (v) => ['plug', v.facts.test && TEST_COLORS[v.facts.test.verdict]],
  description: (v) => joinParts(v.data.connector, v.facts.connectionType, testWords(v.facts.test, v.now)),
  flags: () => [],
  capabilities: (v) => [!v.busy && 'canTest'],
};
