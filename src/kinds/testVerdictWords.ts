// What agents and connections share: a test's verdict on their row.
import * as l10n from '@vscode/l10n';
import { relativeTime } from '../shared/format';
import type { TestOutcome } from '../shared/model';
import type { IconSpec } from './kind';

const TEST_COLORS = { passed: 'testing.iconPassed', failed: 'testing.iconFailed', unclear: undefined } as const;

/** The kind's icon, coloured by its last test's verdict. */
export function testIcon(id: string, test: TestOutcome | undefined): IconSpec {
  return [id, test && TEST_COLORS[test.verdict]];
}

/** "test passed 3 min ago". */
export function testWords(test: TestOutcome | undefined, now: number): string | undefined {
  if (!test) return undefined;
  const verdict = { passed: () => l10n.t('test passed'), failed: () => l10n.t('test failed'), unclear: () => l10n.t('tested') }[test.verdict]();
  return `${verdict} ${relativeTime(test.at, now)}`;
}
