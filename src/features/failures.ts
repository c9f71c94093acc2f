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
    ended: p.runs.onDidEnd,
    // A run the reading found under way is watched as any other (nothing polled when none is).
    underWay: (run) => {
      if (!p.runs.active(run.item)) p.runs.observe(run.item, run);
    },
  });
  p.context.subscriptions.push(
    failures,
    failures.attach(p.shell.failuresView),
    failures.onDidChangeTreeData((e) => p.shell.changed.failures.fire(e)),
  );
  return failures;
}
