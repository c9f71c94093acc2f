// The timing both watchers share — the run watcher (poller.ts) and the pinned items' watcher
// (pinWatcher.ts): a timer that exists only while there is something to watch, one tick at a
// time, the window's focus, and the back-off while the service struggles. What a tick reads and
// how its interval grows are each watcher's own.
//
// No `vscode` import: the clock is injected, so the unit tests drive time by hand.
import { isSkyviaError } from '../api';

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

/**
 * What a watcher does while the window is in the background: look `stretch` times less often
 * (and look at once when focus returns), or look no more once the window has been away for
 * `pauseAfterMs` (and catch up when focus returns, if a look was missed).
 */
export type Background = { stretch: number } | { pauseAfterMs(): number };

export interface TickerOptions {
  clock?: Clock;
  /** Something to watch: without it there is no timer. */
  active(): boolean;
  /** The wait before a tick when nothing else says (the first one, or after a change). */
  interval(): number;
  /** One look; resolves with the wait before the next one (`undefined`: the interval). */
  tick(): Promise<number | undefined>;
  background: Background;
}

export class Ticker {
  private readonly clock: Clock;
  private timer?: unknown;
  private dueAt?: number;
  private focused = true;
  private awaySince?: number;
  /** A look skipped while the window was away: made as soon as focus returns. */
  private missed = false;
  private ticking?: Promise<void>;

  constructor(private readonly opts: TickerOptions) {
    this.clock = opts.clock ?? realClock;
  }

  /** Whether a tick is scheduled. */
  get scheduled(): boolean {
    return this.timer !== undefined;
  }

  /** The wait before the next tick, as it stands now. */
  get nextDelayMs(): number | undefined {
    return this.dueAt === undefined ? undefined : Math.max(0, this.dueAt - this.clock.now());
  }

  /**
   * Sets the timer if there is something to watch and none is set; with `delay`, replaces the
   * one that is. Without anything to watch, there is no timer.
   */
  schedule(delay?: number): void {
    if (!this.opts.active()) {
      this.cancel();
      this.missed = false;
      return;
    }
    if (this.ticking) return; // the tick under way schedules the next one
    if (this.timer !== undefined && delay === undefined) return;
    this.cancel();
    const wait = this.backgroundWait(delay ?? this.opts.interval());
    if (wait === undefined) {
      this.missed = true;
      return;
    }
    this.dueAt = this.clock.now() + wait;
    this.timer = this.clock.setTimeout(() => {
      this.timer = undefined;
      this.dueAt = undefined;
      void this.tick();
    }, wait);
  }

  setFocused(focused: boolean): void {
    if (this.focused === focused) return;
    this.focused = focused;
    this.awaySince = focused ? undefined : this.clock.now();
    if (!focused) {
      // A look already due while away may be one too many: the rule applies to what is left of the wait.
      if (this.dueAt !== undefined) this.schedule(this.dueAt - this.clock.now());
      return;
    }
    // Back in focus: whatever changed while away is shown now, not at the end of a long wait.
    const catchUp = 'stretch' in this.opts.background || this.missed;
    this.missed = false;
    if (catchUp && this.opts.active()) void this.tickNow();
    else if (this.dueAt !== undefined) this.schedule(this.dueAt - this.clock.now());
  }

  /** Resolves when no tick is under way. */
  idle(): Promise<void> {
    return this.ticking ?? Promise.resolve();
  }

  /** Ticks at once (focus regained; tests); resolves when the tick is done. */
  tickNow(): Promise<void> {
    this.cancel();
    return this.tick();
  }

  cancel(): void {
    if (this.timer !== undefined) this.clock.clearTimeout(this.timer);
    this.timer = undefined;
    this.dueAt = undefined;
  }

  private tick(): Promise<void> {
    if (!this.ticking) {
      let next: number | undefined;
      this.ticking = this.opts
        .tick()
        .then((wait) => (next = wait))
        .finally(() => (this.ticking = undefined))
        .then(() => this.schedule(next ?? this.opts.interval()));
    }
    return this.ticking;
  }

  /** The wait as the window's focus has it; `undefined` when no look is made until focus returns. */
  private backgroundWait(wait: number): number | undefined {
    if (this.focused) return wait;
    const bg = this.opts.background;
    if ('stretch' in bg) return wait * bg.stretch;
    const awayAtTick = this.clock.now() - (this.awaySince ?? this.clock.now()) + wait;
    return awayAtTick >= bg.pauseAfterMs() ? undefined : wait;
  }
}

/** What a watcher shows of its ticker: whether and when it looks next, and the window's focus. */
export abstract class TickedWatcher {
  protected abstract readonly ticker: Ticker;

  /** Whether a tick is scheduled (never while there is nothing to watch). */
  get scheduled(): boolean {
    return this.ticker.scheduled;
  }

  /** The wait before the next tick, as it stands now. */
  get nextDelayMs(): number | undefined {
    return this.ticker.nextDelayMs;
  }

  setFocused(focused: boolean): void {
    this.ticker.setFocused(focused);
  }
}

/**
 * How long a watcher waits at least after this error, if it says the service is struggling
 * (429, 5xx, no answer): its `Retry-After`, else 1 ms — the caller doubles its interval anyway.
 */
export function strugglingWait(e: unknown): number | undefined {
  if (!(isSkyviaError(e, 'rateLimited') || isSkyviaError(e, 'server') || isSkyviaError(e, 'network') || isSkyviaError(e, 'timeout'))) return undefined;
  return isSkyviaError(e) && e.retryAfter !== undefined ? Math.max(1, e.retryAfter * 1000) : 1;
}

/** The wait after a tick the service struggled with: at least twice the last, and at least what it asked. */
export function backedOff(currentMs: number, maxMs: number, penaltyMs: number): number {
  return Math.min(Math.max(maxMs, penaltyMs), Math.max(currentMs * 2, penaltyMs));
}
