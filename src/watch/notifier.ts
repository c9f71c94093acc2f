// Tells how a watched run ended, as set by `skyvia.notifyOnRunEnd` (all, failures, none), with
// "Show Details" and "Open Log" on the toast. A failure is never silent: with notifications off it still
// flashes in the status bar and counts on the Activity view's badge.
//
// What it says is a whole sentence per kind of entry and per outcome ("The snapshot of “X”
// failed…"), never "The {kind} of": other languages decline the noun, and word order is theirs.
import * as l10n from '@vscode/l10n';
import type { Prompter } from '../commands/prompter';
import type { Event } from '../shared/events';
import { formatDateTime, formatDuration, joinParts } from '../shared/format';
import type { RunRecord } from '../shared/model';
import { rowCount } from '../shared/nouns';
import type { ItemRef, Target } from '../shared/refs';
import type { PinnedFailure } from './pinWatcher';
import type { RunStore } from '../state/runStore';

export type NotifyLevel = 'all' | 'failures' | 'none';

export interface NotifierDeps {
  runs: RunStore;
  /** The prompter commands talk through (loaded with them, so asked for when there is something to tell). */
  prompter(): Promise<Prompter>;
  level(): NotifyLevel;
  showDetails(run: RunRecord): unknown;
  openLog(run: RunRecord): unknown;
}

export class RunNotifier {
  private readonly subscription: { dispose(): void };

  constructor(private readonly deps: NotifierDeps) {
    this.subscription = deps.runs.onDidEnd((run) => void this.tell(run));
  }

  /** Tells how a run ended (the run store's word, or one that came before the watcher was loaded). */
  async tell(run: RunRecord): Promise<void> {
    const level = this.deps.level();
    const failed = run.outcome === 'failed';
    if (level === 'none' || (level === 'failures' && !failed && run.outcome !== 'unknown')) {
      if (failed) (await this.deps.prompter()).status(`$(error) ${endedText(run)}`);
      return;
    }
    const severity = failed ? 'error' : run.outcome === 'succeeded' ? 'info' : 'warning';
    const details = l10n.t('Show Details');
    const log = l10n.t('Open Log');
    void (await this.deps.prompter()).message(severity, endedText(run), details, log).then((choice) => {
      if (choice === details) this.deps.showDetails(run);
      if (choice === log) this.deps.openLog(run);
    });
  }

  dispose(): void {
    this.subscription.dispose();
  }
}

/** "The run of “Nightly Sync” failed: ORA-12541… (run 123 · 2 min 5 s)." */
export function endedText(run: RunRecord): string {
  const name = run.itemName;
  // What is known of it, in parentheses: "run 123 · 1,234 rows · 2 min".
  const facts = joinParts(entryFact(run.ref), typeof run.successRows === 'number' && rowCount(run.successRows), run.durationMs !== undefined ? formatDuration(run.durationMs / 1000) : undefined);
  const error = run.error?.split('\n')[0].slice(0, 200);
  const killed = run.state.toLowerCase() === 'killed';
  switch (run.ref.kind) {
    case 'snapshot':
      switch (run.outcome) {
        case 'succeeded': return l10n.t({ message: 'The snapshot of “{0}” succeeded ({1}).', args: [name, facts], comment: ['{1} lists what is known, such as "snapshot 123 · 2 min"'] });
        case 'failed': return error
          ? l10n.t({ message: 'The snapshot of “{0}” failed: {1} ({2}).', args: [name, error, facts], comment: ['{1} is the service\'s error; {2} lists what is known, such as "snapshot 123 · 2 min"'] })
          : l10n.t({ message: 'The snapshot of “{0}” failed ({1}).', args: [name, facts], comment: ['{1} lists what is known, such as "snapshot 123 · 2 min"'] });
        case 'canceled': return killed
          ? l10n.t({ message: 'The snapshot of “{0}” was killed ({1}).', args: [name, facts], comment: ['{1} lists what is known, such as "snapshot 123 · 2 min"'] })
          : l10n.t({ message: 'The snapshot of “{0}” was canceled ({1}).', args: [name, facts], comment: ['{1} lists what is known, such as "snapshot 123 · 2 min"'] });
        default: return l10n.t({ message: 'The snapshot of “{0}” ended as “{1}” ({2}); its outcome could not be read.', args: [name, run.state, facts], comment: ['{1} is the service\'s state word; {2} lists what is known, such as "snapshot 123 · 2 min"'] });
      }
    case 'execution':
      switch (run.outcome) {
        case 'succeeded': return l10n.t({ message: 'The execution of “{0}” succeeded ({1}).', args: [name, facts], comment: ['{1} lists what is known, such as "execution 123 · 2 min"'] });
        case 'failed': return error
          ? l10n.t({ message: 'The execution of “{0}” failed: {1} ({2}).', args: [name, error, facts], comment: ['{1} is the service\'s error; {2} lists what is known, such as "execution 123 · 2 min"'] })
          : l10n.t({ message: 'The execution of “{0}” failed ({1}).', args: [name, facts], comment: ['{1} lists what is known, such as "execution 123 · 2 min"'] });
        case 'canceled': return killed
          ? l10n.t({ message: 'The execution of “{0}” was killed ({1}).', args: [name, facts], comment: ['{1} lists what is known, such as "execution 123 · 2 min"'] })
          : l10n.t({ message: 'The execution of “{0}” was canceled ({1}).', args: [name, facts], comment: ['{1} lists what is known, such as "execution 123 · 2 min"'] });
        default: return l10n.t({ message: 'The execution of “{0}” ended as “{1}” ({2}); its outcome could not be read.', args: [name, run.state, facts], comment: ['{1} is the service\'s state word; {2} lists what is known, such as "execution 123 · 2 min"'] });
      }
    case 'request':
      switch (run.outcome) {
        case 'succeeded': return l10n.t({ message: 'The request of “{0}” succeeded ({1}).', args: [name, facts], comment: ['{1} lists what is known, such as "request 123 · 2 s"'] });
        case 'failed': return error
          ? l10n.t({ message: 'The request of “{0}” failed: {1} ({2}).', args: [name, error, facts], comment: ['{1} is the service\'s error; {2} lists what is known, such as "request 123 · 2 s"'] })
          : l10n.t({ message: 'The request of “{0}” failed ({1}).', args: [name, facts], comment: ['{1} lists what is known, such as "request 123 · 2 s"'] });
        case 'canceled': return killed
          ? l10n.t({ message: 'The request of “{0}” was killed ({1}).', args: [name, facts], comment: ['{1} lists what is known, such as "request 123 · 2 s"'] })
          : l10n.t({ message: 'The request of “{0}” was canceled ({1}).', args: [name, facts], comment: ['{1} lists what is known, such as "request 123 · 2 s"'] });
        default: return l10n.t({ message: 'The request of “{0}” ended as “{1}” ({2}); its outcome could not be read.', args: [name, run.state, facts], comment: ['{1} is the service\'s state word; {2} lists what is known, such as "request 123 · 2 s"'] });
      }
    default:
      switch (run.outcome) {
        case 'succeeded': return l10n.t({ message: 'The run of “{0}” succeeded ({1}).', args: [name, facts], comment: ['{1} lists what is known, such as "run 123 · 1,234 rows · 2 min"'] });
        case 'failed': return error
          ? l10n.t({ message: 'The run of “{0}” failed: {1} ({2}).', args: [name, error, facts], comment: ['{1} is the service\'s error; {2} lists what is known, such as "run 123 · 1,234 rows · 2 min"'] })
          : l10n.t({ message: 'The run of “{0}” failed ({1}).', args: [name, facts], comment: ['{1} lists what is known, such as "run 123 · 1,234 rows · 2 min"'] });
        case 'canceled': return killed
          ? l10n.t({ message: 'The run of “{0}” was killed ({1}).', args: [name, facts], comment: ['{1} lists what is known, such as "run 123 · 1,234 rows · 2 min"'] })
          : l10n.t({ message: 'The run of “{0}” was canceled ({1}).', args: [name, facts], comment: ['{1} lists what is known, such as "run 123 · 1,234 rows · 2 min"'] });
        default: return l10n.t({ message: 'The run of “{0}” ended as “{1}” ({2}); its outcome could not be read.', args: [name, run.state, facts], comment: ['{1} is the service\'s state word; {2} lists what is known, such as "run 123 · 1,234 rows · 2 min"'] });
      }
  }
}

/** "run 123": the entry among the facts of a sentence about it. */
function entryFact(ref: ItemRef): string {
  switch (ref.kind) {
    case 'snapshot': return l10n.t('snapshot {0}', ref.id);
    case 'execution': return l10n.t('execution {0}', ref.id);
    case 'request': return l10n.t('request {0}', ref.id);
    default: return l10n.t('run {0}', ref.id);
  }
}

export interface PinnedFailureNotifierDeps {
  failures: Event<PinnedFailure>;
  /** The prompter commands talk through (loaded with them, so asked for when there is something to tell). */
  prompter(): Promise<Prompter>;
  enabled(): boolean;
  openLog(target: Target): unknown;
  compare(target: Target): unknown;
}

/**
 * A new run of a pinned item that failed — a scheduled run, usually, that nobody here started —
 * told with Open Log and Compare with Last Success (setting `skyvia.pinned.notifyFailures`).
 */
export class PinnedFailureNotifier {
  private readonly subscription: { dispose(): void };

  constructor(private readonly deps: PinnedFailureNotifierDeps) {
    this.subscription = deps.failures((f) => this.tell(f));
  }

  private tell(f: PinnedFailure): void {
    if (!this.deps.enabled()) return;
    const text = joinSentences(pinnedFailureText(f), othersText(f));
    const target: Target = { ref: f.ref, name: f.name, data: f.row, itemName: f.pin.name };
    const log = l10n.t('Open Log');
    const compare = l10n.t('Compare with Last Success');
    void this.deps.prompter().then((prompter) => prompter.message('error', text, log, compare)).then((choice) => {
      if (choice === log) this.deps.openLog(target);
      if (choice === compare) this.deps.compare(target);
    });
  }

  dispose(): void {
    this.subscription.dispose();
  }
}

/** "A run of pinned “Nightly Sync” failed: run 123 of 2026-11-22 06:40." */
function pinnedFailureText(f: PinnedFailure): string {
  const name = f.pin.name;
  const id = f.ref.id;
  // The time itself: a service's clock and this machine's need not agree on "3 h ago".
  const when = formatDateTime(f.date, false);
  switch (f.ref.kind) {
    case 'snapshot': return when ? l10n.t('A snapshot of pinned “{0}” failed: snapshot {1} of {2}.', name, id, when) : l10n.t('A snapshot of pinned “{0}” failed: snapshot {1}.', name, id);
    case 'execution': return when ? l10n.t('An execution of pinned “{0}” failed: execution {1} of {2}.', name, id, when) : l10n.t('An execution of pinned “{0}” failed: execution {1}.', name, id);
    case 'request': return when ? l10n.t('A request of pinned “{0}” failed: request {1} of {2}.', name, id, when) : l10n.t('A request of pinned “{0}” failed: request {1}.', name, id);
    default: return when ? l10n.t('A run of pinned “{0}” failed: run {1} of {2}.', name, id, when) : l10n.t('A run of pinned “{0}” failed: run {1}.', name, id);
  }
}

/** The other failures of the same look, told after the newest: "2 more runs failed since the last look." */
function othersText(f: PinnedFailure): string | undefined {
  const more = f.count - 1;
  if (more < 1) return undefined;
  switch (f.ref.kind) {
    case 'snapshot': return more === 1 ? l10n.t('1 more snapshot failed since the last look.') : l10n.t('{0} more snapshots failed since the last look.', more);
    case 'execution': return more === 1 ? l10n.t('1 more execution failed since the last look.') : l10n.t('{0} more executions failed since the last look.', more);
    case 'request': return more === 1 ? l10n.t('1 more request failed since the last look.') : l10n.t('{0} more requests failed since the last look.', more);
    default: return more === 1 ? l10n.t('1 more run failed since the last look.') : l10n.t('{0} more runs failed since the last look.', more);
  }
}

/** Whole sentences, one after the other. */
function joinSentences(...sentences: (string | undefined)[]): string {
  return sentences.filter(Boolean).join(' ');
}
