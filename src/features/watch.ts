// The watcher of runs under way, loaded when the first run is seen under way (or ending) or the
// Activity view is opened: the poller (a timer only while something runs), the status bar item,
// the run-end notifications and the Activity view. What the run store told before it was loaded
// is handed to it, so no run that ended goes untold.
import vscode = require('vscode');
import { CommandId } from '../shared/commandIds';
import { ActivityView } from '../watch/activityView';
import { RunNotifier } from '../watch/notifier';
import { Poller } from '../watch/poller';
import { RunStatusBar } from '../watch/statusBar';
import { warn, type Features, type Parts } from './parts';
import { runTarget } from '../kinds';

export interface Watch {
  poller: Poller;
  statusBar: RunStatusBar;
  activity: ActivityView;
}

export function startWatch(p: Parts, f: Features): Watch {
  const { runs, settings, accounts } = p;
  const poller = new Poller({
    runs,
    reader: p.reader,
    baseMs: () => settings.get().refreshIntervalMs,
    onAuthError: (account, e) => accounts.tokenRejected(account, e),
    onError: warn(p.log),
  });
  const statusBar = new RunStatusBar(runs, (account) => accounts.nameIfSeveral(account));
  const act = async (command: string, run: Parameters<typeof runTarget>[0]) => (await f.commands()).act(command, runTarget(run));
  const notifier = new RunNotifier({
    runs,
    prompter: async () => (await f.commands()).prompter,
    level: () => settings.get().notifyOnRunEnd,
    showDetails: (run) => act(CommandId.openItem, run),
    openLog: (run) => act(CommandId.openLog, run),
    accountName: (account) => accounts.nameIfSeveral(account),
  });
  const activity = new ActivityView(runs, (account) => accounts.nameIfSeveral(account));
  p.context.subscriptions.push(
    poller,
    poller.onDidTick((watched) => p.ticks.fire(watched)),
    statusBar,
    notifier,
    activity,
    activity.attach(p.shell.activityView),
    activity.onDidChangeTreeData((e) => p.shell.changed.activity.fire(e)),
    vscode.window.onDidChangeWindowState(({ focused }) => poller.setFocused(focused)),
  );
  // Catch up with what happened before: runs under way, runs that left the active slot, runs that ended.
  const { left, ended } = p.early();
  poller.setFocused(vscode.window.state.focused);
  poller.resume();
  for (const run of left) poller.finishLater(run);
  for (const run of ended) {
    notifier.tell(run);
    activity.told(run);
  }
  statusBar.update();
  return { poller, statusBar, activity };
}
