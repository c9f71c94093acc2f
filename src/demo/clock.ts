// The demo service's notion of "now".
//
// Run state machines are computed lazily from this clock on each request (no timers), so tests can
// make time pass instantly with a manual clock and demos can run faster than real time.

export interface ClockOptions {
  /** Simulated milliseconds per real millisecond (10 = ten times faster). */
  timeScale?: number;
  /** Time moves only through `advance()`. */
  manual?: boolean;
  /** Wall-clock start, injectable for tests of the clock itself. */
  startMs?: number;
}

export class DemoClock {
  readonly startMs: number;
  private readonly timeScale: number;
  private readonly manual: boolean;
  // performance.now() is monotonic; Date.now() can jump when the system clock is adjusted.
  private realStart = performance.now();
  private offsetMs = 0;

  constructor(opts: ClockOptions = {}) {
    this.startMs = opts.startMs ?? Date.now();
    this.timeScale = opts.timeScale ?? 1;
    this.manual = opts.manual ?? false;
  }

  /** Simulated epoch milliseconds. */
  now(): number {
    const real = this.manual ? 0 : (performance.now() - this.realStart) * this.timeScale;
    return Math.floor(this.startMs + real + this.offsetMs);
  }

  /** Moves simulated time forward (works with both manual and running clocks). */
  advance(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError(`advance(ms) needs a finite ms >= 0, got ${ms}`);
    this.offsetMs += ms;
  }

  /** Back to `startMs`: whatever was advanced is undone, and a running clock runs from there again. */
  reset(): void {
    this.realStart = performance.now();
    this.offsetMs = 0;
  }
}
