// The pinned items' watcher, loaded when an account has pins or the first item is pinned: one
// look per pinned item per interval (watch/pinWatcher.ts), the status bar item, and a pinned
// item's new failure told. Nothing of it runs while nothing is pinned.
import vscode = require('vscode');
import { CommandId } from '../shared/commandIds';
import { PinnedFailureNotifier } from '../watch/notifier';
import { PinStatusBar } from '../watch/pinStatusBar';
import { PinWatcher } from '../watch/pinWatcher';
import { warn, type Features, type Parts } from './parts';

export interface Pins {
  watcher: PinWatcher;
  statusBar: PinStatusBar;
}

export function startPins(p: Parts, f: Features): Pins {
  const { accounts, settings } = p;
  const watcher = new PinWatcher({
    pins: p.pins,
    facts: p.facts,
    runs: p.runs,
    client: (account) => accounts.client(account),
    intervalMs: () => settings.get().pinnedRefreshMs,
    onAuthError: (account, e) => accounts.tokenRejected(account, e),
    onError: warn(p.log),
  });
  const statusBar = new PinStatusBar(
    p.pins,
    p.facts,
    () => accounts.usable().length > 0,
    (account) => accounts.nameIfSeveral(account),
  );
  const act = async (command: string, target: Parameters<Awaited<ReturnType<Features['commands']>>['act']>[1]) => (await f.commands()).act(command, target);
  const notifier = new PinnedFailureNotifier({
    failures: watcher.onDidFail,
    prompter: async () => (await f.commands()).prompter,
    enabled: () => settings.get().notifyPinnedFailures,
    unusualEnabled: () => settings.get().unusual && settings.get().notifyPinnedUnusual,
    openLog: (target) => act(CommandId.openLog, target),
    compare: (target) => act(CommandId.compareWithLastSuccess, target),
    accountName: (account) => accounts.nameIfSeveral(account),
  });
  p.context.subscriptions.push(
    watcher,
    statusBar,
    notifier,
    vscode.window.onDidChangeWindowState(({ focused }) => watcher.setFocused(focused)),
  );
  // The pins it was loaded for: looked at now, as a pin made with it loaded would be.
  watcher.setFocused(vscode.window.state.focused);
  watcher.resume();
  statusBar.update();
  return { watcher, statusBar };
}
