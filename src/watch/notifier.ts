// Tells how a watched run ended, as set by `skyvia.notifyOnRunEnd` (all, failures, none), with
// "Show Details" and "Open Log" on the toast. A failure (or a success not as usual: kinds/unusual.ts,
// told as a warning where a failure is told) is never silent: with notifications off it still
// flashes in the status bar and counts on the Activity view's badge.
//
// What it says is a whole sentence per kind of entry and per outcome ("The snapshot of “X”
// failed…"), never "The {kind} of": other languages decline the noun, and word order is theirs.
import * as l10n from '@vscode/l10n';
import type { Prompter } from '../commands/prompter';
import type { Event } from '../shared/events';
import { formatDateTime, formatDuration, joinParts, plural } from '../shared/format';
import type { RunRecord, Unusual } from '../shared/model';
import { unusualWords } from '../kinds/unusual';
import { rowCount } from '../shared/words';
import type { AccountId, ItemRef, Target } from '../shared/refs';
import { ENTRIES, entryOf, type EntryRecord } from '../kinds';
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
  /** An account's name when more than one is signed in: what was told then says whose. */
  accountName?(account: AccountId): string | undefined;
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
    // A success that was not as usual is told where a failure is, as a warning.
    const unusual = run.outcome === 'succeeded' && !!run.unusual;
    if (level === 'none' || (level === 'failures' && !failed && !unusual && run.outcome !== 'unknown')) {
      if (failed || unusual)
        (await this.deps.prompter()).status(`$(${failed ? 'error' : 'warning'}) ${whose(endedText(run), this.deps.accountName?.(run.ref.account))}`);
      return;
    }
    const severity = failed ? 'error' : run.outcome === 'succeeded' && !unusual ? 'info' : 'warning';
    const details = l10n.t('Show Details');
    const log = l10n.t('Open Log');
    void (await this.deps.prompter()).message(severity, whose(endedText(run), this.deps.accountName?.(run.ref.account)), details, log).then((choice) => {
      if (choice === details) this.deps.showDetails(run);
      if (choice === log) this.deps.openLog(run);
    });
  }

  dispose(): void {
    this.subscription.dispose();
  }
}

/** "The run of “Nightly Sync” failed: ORA-12541… (run 123 · 2 min 5 s)." — the entry's record words it. */
export function endedText(run: RunRecord): string {
  const words = (entryOf(run.ref.kind) ?? ENTRIES.run).words;
  // What is known of it, in parentheses: "run 123 · 1,234 rows · 2 min".
  const facts = joinParts(
    words.fact(run.ref.id),
    typeof run.successRows === 'number' && rowCount(run.successRows),
    run.durationMs !== undefined ? formatDuration(run.durationMs / 1000) : undefined,
  );
  const error = run.error?.split('\n')[0].slice(0, 200);
  const ended = words.ended({ outcome: run.outcome, item: run.itemName, facts, error, killed: run.state.toLowerCase() === 'killed', state: run.state });
  const why = run.outcome === 'succeeded' && run.unusual && unusualWords(entryOf(run.ref.kind) ?? ENTRIES.run, run.unusual);
  return why
    ? joinSentences(ended, l10n.t({ message: 'Not as usual: {0}.', args: [why], comment: ['{0} says why, such as "0 rows written, usually about 5,200"'] }))
    : ended;
}

export interface PinnedFailureNotifierDeps {
  failures: Event<PinnedFailure>;
  /** The prompter commands talk through (loaded with them, so asked for when there is something to tell). */
  prompter(): Promise<Prompter>;
  enabled(): boolean;
  /** Tell a pinned item's unusual success too (setting `skyvia.pinned.notifyUnusual`). */
  unusualEnabled(): boolean;
  openLog(target: Target): unknown;
  compare(target: Target): unknown;
  /** An account's name when more than one is signed in. */
  accountName?(account: AccountId): string | undefined;
}

/**
 * A new run of a pinned item that failed — a scheduled run, usually, that nobody here started —
 * told with Open Log and Compare with Last Success (setting `skyvia.pinned.notifyFailures`); one
 * that succeeded but not as usual, told the same way as a warning (`skyvia.pinned.notifyUnusual`).
 */
export class PinnedFailureNotifier {
  private readonly subscription: { dispose(): void };

  constructor(private readonly deps: PinnedFailureNotifierDeps) {
    this.subscription = deps.failures((f) => this.tell(f));
  }

  private tell(f: PinnedFailure): void {
    if (!(f.unusual ? this.deps.unusualEnabled() : this.deps.enabled())) return;
    const said = f.unusual ? joinSentences(pinnedUnusualText(f, f.unusual), othersUnusualText(f)) : joinSentences(pinnedFailureText(f), othersText(f));
    const text = whose(said, this.deps.accountName?.(f.ref.account));
    const target: Target = { ref: f.ref, name: f.name, data: f.row, itemName: f.pin.name };
    const log = l10n.t('Open Log');
    const compare = l10n.t('Compare with Last Success');
    void this.deps
      .prompter()
      .then((prompter) => prompter.message(f.unusual ? 'warning' : 'error', text, log, compare))
      .then((choice) => {
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
  // The time itself: a service's clock and this machine's need not agree on "3 h ago".
  return entryWords(f.ref).pinnedFailed(f.pin.name, f.ref.id, formatDateTime(f.date, false) || undefined);
}

/** "Run 123 of pinned “Orders” succeeded, but not as usual (2026-11-26 02:56): 0 rows written, usually about 4,200." */
function pinnedUnusualText(f: PinnedFailure, u: Unusual): string {
  const entry = entryOf(f.ref.kind) ?? ENTRIES.run;
  const name = entry.words.name(f.ref.id);
  const why = unusualWords(entry, u) ?? '';
  const when = formatDateTime(f.date, false);
  return when
    ? l10n.t({
        message: '{0} of pinned “{1}” succeeded, but not as usual ({2}): {3}.',
        args: [name, f.pin.name, when, why],
        comment: ['{0} names the run, such as "Run 123"; {2} is when it ran; {3} says why, such as "0 rows written, usually about 5,200"'],
      })
    : l10n.t({
        message: '{0} of pinned “{1}” succeeded, but not as usual: {2}.',
        args: [name, f.pin.name, why],
        comment: ['{0} names the run, such as "Run 123"; {2} says why, such as "0 rows written, usually about 5,200"'],
      });
}

/** "2 more succeeded unusually since the last look." */
function othersUnusualText(f: PinnedFailure): string | undefined {
  return f.count > 1
    ? plural(
        f.count - 1,
        (c) =>
          l10n.t({
            message: '{0} more succeeded unusually since the last look.',
            args: [c],
            comment: ['{0} is a count the language says with its singular ("1")'],
          }),
        (c) => l10n.t('{0} more succeeded unusually since the last look.', c),
      )
    : undefined;
}

/** The other failures of the same look, told after the newest: "2 more runs failed since the last look." */
function othersText(f: PinnedFailure): string | undefined {
  return f.count > 1 ? entryWords(f.ref).moreFailed(f.count - 1) : undefined;
}

function entryWords(ref: ItemRef): EntryRecord['words'] {
  return (entryOf(ref.kind) ?? ENTRIES.run).words;
}

/** What is told, with the account it is about first when more than one is signed in ("Production: The run of “X” failed…"). */
function whose(text: string, account: string | undefined): string {
  return account
    ? l10n.t({ message: '{0}: {1}', args: [account, text], comment: ['{0} is the name of a Skyvia account, {1} the sentence told about it'] })
    : text;
}

/** Whole sentences, one after the other. */
function joinSentences(...sentences: (string | undefined)[]): string {
  return sentences.filter(Boolean).join(' ');
}
