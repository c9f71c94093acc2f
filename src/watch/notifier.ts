// Tells how a watched run ended, as set by `skyvia.notifyOnRunEnd` (all, failures, none), with
// "Show Details" and "Open Log" on the toast. A failure is never silent: with notifications off it still
// flashes in the status bar and counts on the Activity view's badge.
import type { Prompter } from '../commands/prompter';
import type { Event } from '../shared/events';
import { formatCount, formatDateTime, joinParts } from '../shared/format';
import type { RunRecord } from '../shared/model';
import { KIND_NOUNS, type Target } from '../shared/refs';
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
    void (await this.deps.prompter()).message(severity, endedText(run), 'Show Details', 'Open Log').then((choice) => {
      if (choice === 'Show Details') this.deps.showDetails(run);
      if (choice === 'Open Log') this.deps.openLog(run);
    });
  }

  dispose(): void {
    this.subscription.dispose();
  }
}

/** "The run of “Nightly Sync” failed: ORA-12541… (run 123, 2 min)." */
export function endedText(run: RunRecord): string {
  const what = `The ${KIND_NOUNS[run.ref.kind][0]} of “${run.itemName}”`;
  const took = run.durationMs !== undefined ? minutes(run.durationMs) : undefined;
  const rows = typeof run.successRows === 'number' ? `${formatCount(run.successRows)} rows` : undefined;
  const facts = joinParts(`${KIND_NOUNS[run.ref.kind][0]} ${run.ref.id}`, rows, took);
  switch (run.outcome) {
    case 'succeeded':
      return `${what} succeeded (${facts}).`;
    case 'failed':
      return `${what} failed${run.error ? `: ${run.error.split('\n')[0].slice(0, 200)}` : ''} (${facts}).`;
    case 'canceled':
      return `${what} was ${run.state.toLowerCase() === 'killed' ? 'killed' : 'canceled'} (${facts}).`;
    default:
      return `${what} ended as “${run.state}” (${facts}); its outcome could not be read.`;
  }
}

function minutes(ms: number): string {
  const s = Math.round(ms / 1000);
  return s < 60 ? `${s} s` : `${Math.round(s / 60)} min`;
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
    const noun = KIND_NOUNS[f.ref.kind];
    // The time itself: a service's clock and this machine's need not agree on "3 h ago".
    const when = formatDateTime(f.date, false);
    const others = f.count > 1 ? ` (and ${f.count - 1} more ${noun[f.count > 2 ? 1 : 0]} since the last look)` : '';
    const text = `A ${noun[0]} of pinned “${f.pin.name}” failed: ${noun[0]} ${f.ref.id}${when ? ` of ${when}` : ''}${others}.`;
    const target: Target = { ref: f.ref, name: f.name, data: f.row };
    void this.deps.prompter().then((prompter) => prompter.message('error', text, 'Open Log', 'Compare with Last Success')).then((choice) => {
      if (choice === 'Open Log') this.deps.openLog(target);
      if (choice === 'Compare with Last Success') this.deps.compare(target);
    });
  }

  dispose(): void {
    this.subscription.dispose();
  }
}
