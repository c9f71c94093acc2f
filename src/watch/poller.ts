// Follows the runs under way until they end, and costs nothing when nothing runs.
//
// - A timer exists only while the run store holds an active run: no run, no timer, no request.
// - Each tick sends one request per watched item (its `…/active` read) and nothing else; a run
//   that left the active slot costs one more read, of how it ended (its own details).
// - The interval starts at the base setting and grows ×1.5 per tick while nothing changes (up
//   to a ceiling), back to the base the moment something does. An unfocused window ticks four
//   times slower and catches up at once when focus returns.
// - 429 and 5xx back off further (a `Retry-After` is honoured); a 401/403 is handed to the
//   session, which decides whether the token itself was rejected (watching stops, the view shows
//   the sign-in state) or only that item is out of reach (it alone stops being watched).
//
// No `vscode` import: the clock is injected, so the unit tests drive time by hand.
import { isSkyviaError, type SkyviaError } from '../api';
import { Emitter, type Event } from '../shared/events';
import type { RunRecord } from '../shared/model';
import type { ItemReader } from '../state/itemReader';
import type { RunStore } from '../state/runStore';

export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout),
};

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
   * A 401/403 while watching: resolves `true` when the token itself was rejected (watching stops
   * until the next session), `false` when only this item is out of reach (it stops being watched).
   */
  onAuthError?(error: SkyviaError): Promise<boolean> | boolean;
  onError?(what: string, error: unknown): void;
}

const GROWTH = 1.5;
const DEFAULT_MAX_MS = 60_000;
const DEFAULT_UNFOCUSED = 4;

export class Poller {
  private readonly clock: Clock;
  private timer?: unknown;
  private dueAt?: number;
  private intervalMs?: number;
  private focused = true;
  private ticking?: Promise<void>;
  /** Set by a 401/403: nothing is polled again until the next session (`resume`). */
  private halted = false;
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
    this.clock = opts.clock ?? realClock;
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

  /** Whether a tick is scheduled (false whenever nothing runs). */
  get scheduled(): boolean {
    return this.timer !== undefined;
  }

  /** The wait before the next tick, as it stands now. */
  get nextDelayMs(): number | undefined {
    return this.dueAt === undefined ? undefined : Math.max(0, this.dueAt - this.clock.now());
  }

  setFocused(focused: boolean): void {
    if (this.focused === focused) return;
    this.focused = focused;
    // Back in focus: whatever changed while away is shown now, not at the end of a long wait.
    if (focused && this.watching) void this.tickNow();
  }

  /** A new session: watching may start again. */
  resume(): void {
    this.halted = false;
    this.intervalMs = undefined;
    this.schedule();
  }

  /** Runs a tick at once (focus regained; tests); resolves once the runs it saw end have settled. */
  async tickNow(): Promise<void> {
    this.cancelTimer();
    await this.tick();
    await Promise.all([...this.finishing]);
  }

  dispose(): void {
    this.cancelTimer();
    for (const s of this.subscriptions) s.dispose();
    this.ticked.dispose();
  }

  private base(): number {
    return Math.max(1_000, this.opts.baseMs());
  }

  private schedule(delay?: number): void {
    if (this.halted || !this.watching) {
      this.cancelTimer();
      this.intervalMs = undefined;
      return;
    }
    if (this.ticking) return; // the tick in progress schedules the next one
    if (this.timer !== undefined && delay === undefined) return;
    this.cancelTimer();
    const wait = delay ?? this.effective(this.intervalMs ?? this.base());
    this.dueAt = this.clock.now() + wait;
    this.timer = this.clock.setTimeout(() => {
      this.timer = undefined;
      this.dueAt = undefined;
      void this.tick();
    }, wait);
  }

  private effective(ms: number): number {
    return this.focused ? ms : ms * (this.opts.unfocusedFactor ?? DEFAULT_UNFOCUSED);
  }

  private cancelTimer(): void {
    if (this.timer !== undefined) this.clock.clearTimeout(this.timer);
    this.timer = undefined;
    this.dueAt = undefined;
  }

  private tick(): Promise<void> {
    return (this.ticking ??= this.runTick().finally(() => (this.ticking = undefined)).then(() => this.afterTick()));
  }

  private nextWait?: number;

  private async runTick(): Promise<void> {
    const watched = this.opts.runs.watched();
    if (this.halted || !watched.length) return;
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
          if (isSkyviaError(e, 'auth')) {
            refused.push({ run, error: e });
          } else if (isSkyviaError(e, 'rateLimited') || isSkyviaError(e, 'server') || isSkyviaError(e, 'network') || isSkyviaError(e, 'timeout')) {
            penalty = Math.max(penalty, isSkyviaError(e) && e.retryAfter !== undefined ? e.retryAfter * 1000 : 0, 1);
            this.opts.onError?.(`watching ${run.itemName}`, e);
          } else if (!isSkyviaError(e, 'cancelled')) {
            this.opts.onError?.(`watching ${run.itemName}`, e);
          }
        }
      }),
    );
    for (const { run, error } of refused) {
      const tokenRejected = (await this.opts.onAuthError?.(error)) ?? true;
      if (tokenRejected) this.halted = true;
      else this.opts.runs.abandon(run.item);
    }
    if (this.halted) return;
    const max = this.opts.maxMs ?? DEFAULT_MAX_MS;
    const current = this.intervalMs ?? this.base();
    if (penalty) {
      // The service is struggling: wait at least twice as long, and at least what it asked.
      this.intervalMs = Math.min(Math.max(max, penalty), Math.max(current * 2, penalty));
    } else if (fingerprint(this.opts.runs.watched()) !== before) {
      this.intervalMs = this.base();
    } else {
      this.intervalMs = Math.min(max, Math.round(current * GROWTH));
    }
    this.nextWait = this.effective(this.intervalMs);
    // Not while the service is struggling: what follows the runs waits for the next good tick.
    const still = this.opts.runs.watched();
    if (!penalty && still.length) this.ticked.fire(still);
  }

  private afterTick(): void {
    const wait = this.nextWait;
    this.nextWait = undefined;
    this.schedule(wait);
  }

  /** A run left the active slot: one read of how it ended, then it settles in the store. */
  private async finish(run: RunRecord): Promise<void> {
    this.stats.finals++;
    try {
      this.opts.runs.settle(await this.opts.reader.finalState(run));
    } catch (e) {
      this.opts.onError?.(`reading how ${run.itemName} ended`, e);
    }
  }
}

function fingerprint(runs: RunRecord[]): string {
  return runs.map((r) => `${r.ref.kind}/${r.ref.id}:${r.state}:${r.successRows ?? ''}:${r.errorRows ?? ''}`).join('|');
}
