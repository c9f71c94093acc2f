// Follows the runs under way until they end, and costs nothing when nothing runs.
//
// - A timer exists only while the run store holds an active run: no run, no timer, no request.
// - Each tick sends one request per watched item (its `…/active` read) and nothing else; a run
//   that left the active slot costs one more read, of how it ended (its own details).
// - The interval starts at the base setting and grows ×1.5 per tick while nothing changes (up
//   to a ceiling), back to the base the moment something does. An unfocused window ticks four
//   times slower and catches up at once when focus returns.
// - 429 and 5xx back off further (a `Retry-After` is honoured); a 401/403 is handed to the
//   accounts, which decide whether the account's token itself was rejected (its runs are dropped
//   with the rest of it, its root shows the sign-in state) or only that item is out of reach (it
//   alone stops being watched). Other accounts' runs are watched on.
//
// No `vscode` import: the clock is injected, so the unit tests drive time by hand.
import { isSkyviaError, type SkyviaError } from '../api';
import { Emitter, type Event } from '../shared/events';
import type { RunRecord } from '../shared/model';
import type { AccountId } from '../shared/refs';
import type { ItemReader } from '../state/itemReader';
import type { RunStore } from '../state/runStore';
import { backedOff, strugglingWait, TickedWatcher, Ticker, type Clock } from './ticker';

export { realClock, type Clock } from './ticker';

export interface PollerOptions {
  runs: RunStore;
  reader: Pick<ItemReader, 'readActive' | 'finalState'>;
  /** The base interval in ms (setting `skyvia.refreshIntervalSeconds`), read at every tick. */
  baseMs(): number;
  /** The longest wait between two ticks while nothing changes. */
  maxMs?: number;
  /** How much slower an unfocused window ticks. */
  unfocusedFactor?: number;
  clock?: Clock;
  /**
   * A 401/403 while watching a run of this account: resolves `true` when its token itself was
   * rejected (the account's runs leave the store with it), `false` when only this item is out of reach.
   */
  onAuthError?(account: AccountId, error: SkyviaError): Promise<boolean> | boolean;
  onError?(what: string, error: unknown): void;
}

const GROWTH = 1.5;
const DEFAULT_MAX_MS = 60_000;
const DEFAULT_UNFOCUSED = 4;

export class Poller extends TickedWatcher {
  protected readonly ticker: Ticker;
  private intervalMs?: number;
  private readonly subscriptions: { dispose(): void }[];
  /** Reads of how a run ended, still out. */
  private readonly finishing = new Set<Promise<void>>();
  /** Ticks run, "what runs now" reads sent by them, and reads of how a run ended: for tests and the benchmark. */
  readonly stats = { ticks: 0, requests: 0, finals: 0 };
  private readonly ticked = new Emitter<readonly RunRecord[]>();
  /**
   * A tick looked at the runs under way: those still under way after it. What follows a run
   * more closely (an open log) reads on these ticks, so it too costs nothing while nothing runs.
   */
  readonly onDidTick: Event<readonly RunRecord[]> = this.ticked.event;

  constructor(private readonly opts: PollerOptions) {
    super();
    this.ticker = new Ticker({
      clock: opts.clock,
      active: () => this.watching > 0,
      interval: () => this.intervalMs ?? this.base(),
      tick: () => this.runTick(),
      background: { stretch: opts.unfocusedFactor ?? DEFAULT_UNFOCUSED },
    });
    this.subscriptions = [
      opts.runs.onDidChange(({ before, after }) => {
        // Something new to watch starts the short interval again.
        if (after && (!before || before.ref.id !== after.ref.id)) this.intervalMs = undefined;
        this.schedule();
      }),
      opts.runs.onDidLeave((run) => this.finishLater(run)),
    ];
  }

  /** Reads how a run that left the active slot ended (one that left before the watcher was loaded, too). */
  finishLater(run: RunRecord): void {
    const done = this.finish(run).finally(() => this.finishing.delete(done));
    this.finishing.add(done);
  }

  /** How many runs are being followed. */
  get watching(): number {
    return this.opts.runs.watched().length;
  }

  /** Accounts changed: watching starts again from the short interval. */
  resume(): void {
    this.intervalMs = undefined;
    this.schedule();
  }

  /** Runs a tick at once (focus regained; tests); resolves once the runs it saw end have settled. */
  async tickNow(): Promise<void> {
    await this.ticker.tickNow();
    await Promise.all([...this.finishing]);
  }

  dispose(): void {
    this.ticker.cancel();
    for (const s of this.subscriptions) s.dispose();
    this.ticked.dispose();
  }

  private base(): number {
    return Math.max(1_000, this.opts.baseMs());
  }

  private schedule(): void {
    // Nothing to watch: the next run watched starts from the short interval.
    if (!this.watching) this.intervalMs = undefined;
    this.ticker.schedule();
  }

  /** One look at every run under way; resolves with the wait before the next. */
  private async runTick(): Promise<number | undefined> {
    const watched = this.opts.runs.watched();
    if (!watched.length) return undefined;
    this.stats.ticks++;
    const before = fingerprint(this.opts.runs.watched());
    let penalty = 0;
    const refused: { run: RunRecord; error: SkyviaError }[] = [];
    await Promise.all(
      watched.map(async (run) => {
        this.stats.requests++;
        try {
          await this.opts.reader.readActive(run.item, run.itemName);
        } catch (e) {
          const struggling = strugglingWait(e);
          if (isSkyviaError(e, 'auth')) refused.push({ run, error: e });
          else if (struggling !== undefined) penalty = Math.max(penalty, struggling);
          if (!isSkyviaError(e, 'auth') && !isSkyviaError(e, 'cancelled')) this.opts.onError?.(`watching ${run.itemName}`, e); // l10n-ignore: an output-channel line, English as bug reports quote it
        }
      }),
    );
    // Either way the run is not watched any more: with its account (token refused) or alone.
    for (const { run, error } of refused) {
      await this.opts.onAuthError?.(run.ref.account, error);
      this.opts.runs.abandon(run.item);
    }
    if (!this.watching) return undefined;
    const max = this.opts.maxMs ?? DEFAULT_MAX_MS;
    const current = this.intervalMs ?? this.base();
    if (penalty) {
      // The service is struggling: wait at least twice as long, and at least what it asked.
      this.intervalMs = backedOff(current, max, penalty);
    } else if (fingerprint(this.opts.runs.watched()) !== before) {
      this.intervalMs = this.base();
    } else {
      this.intervalMs = Math.min(max, Math.round(current * GROWTH));
    }
    // Not while the service is struggling: what follows the runs waits for the next good tick.
    const still = this.opts.runs.watched();
    if (!penalty && still.length) this.ticked.fire(still);
    return this.intervalMs;
  }

  /** A run left the active slot: one read of how it ended, then it settles in the store. */
  private async finish(run: RunRecord): Promise<void> {
    this.stats.finals++;
    try {
      this.opts.runs.settle(await this.opts.reader.finalState(run));
    } catch (e) {
      this.opts.onError?.(`reading how ${run.itemName} ended`, e); // l10n-ignore: an output-channel line, English as bug reports quote it
    }
  }
}

function fingerprint(runs: RunRecord[]): string {
  return runs.map((r) => `${r.ref.kind}/${r.ref.id}:${r.state}:${r.successRows ?? ''}:${r.errorRows ?? ''}`).join('|');
}
