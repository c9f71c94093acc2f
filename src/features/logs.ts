// Logs, loaded with the first Open Log or a log tab restored after a reload: the file system the
// editor reads them from, the Skyvia Log language's outline, folding and error count, and the
// follower that reads the log of a run under way again on the watcher's ticks.
import { LogFiles } from '../logs/logFiles';
import { LogFollower } from '../logs/logFollower';
import { registerLogLanguage } from '../logs/logLanguage';
import { warn, type Parts } from './parts';

export function startLogs(p: Parts): LogFiles {
  const logs = new LogFiles({
    read: (ref) => p.reader.readLog(ref),
    signedIn: p.signedIn,
    shown: p.shown,
    accountName: (account) => p.accounts.nameIfSeveral(account),
  });
  const follower = new LogFollower({
    logs,
    ticks: p.ticks.event,
    ended: p.runs.onDidEnd,
    read: (ref) => p.reader.readLog(ref, undefined, { fresh: true }),
    onError: warn(p.log),
  });
  p.context.subscriptions.push(
    logs,
    logs.onDidChangeFile((changes) => p.shell.changed.logFiles.fire(changes)),
    follower,
    ...registerLogLanguage(),
    p.accountEnded((account) => void logs.closeAll(account)),
  );
  return logs;
}
