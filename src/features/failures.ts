// The Failures view, loaded when it is first shown (or one of its commands is run): failed runs,
// snapshots and executions across the account, read only then and on Refresh.
import { FailuresView } from '../views/failuresView';
import type { Parts } from './parts';

export function startFailures(p: Parts): FailuresView {
  const failures = new FailuresView({
    accounts: p.accounts,
    baselines: p.facts.baselines,
    unusualOn: () => p.settings.get().unusual,
    knownWorkspaces: (account) => p.provider.workspacesOf(account),
    pageSize: () => p.settings.get().pageSize,
    readEntry: (ref, signal) => p.reader.readItem(ref, signal),
    memento: p.context.globalState,
  });
  p.context.subscriptions.push(
    failures,
    failures.attach(p.shell.failuresView),
    failures.onDidChangeTreeData((e) => p.shell.changed.failures.fire(e)),
  );
  return failures;
}
