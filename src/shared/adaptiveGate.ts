// How many requests a long reading keeps out at once, adapting to the service as TCP does to a
// network: it starts at a few, doubles while every answer comes back well (slow start) up to a
// ceiling, and halves at the first 429 or 5xx — waiting out a `Retry-After` before it sends
// anything more — then grows again one at a time (additive increase). What a round trip costs
// (100–300 ms over the internet) is then paid ⌈requests ÷ parallel⌉ times, not once per request,
// and a struggling service gets fewer requests, not a storm of retries.
//
// Pure: the clock and sleep are injected (tests drive them); the owner tells it how each answer went.
import { sleep } from '../api/retry';

/** Signs of strain this close to the last cut (or within its Retry-After) belong to the same burst. */
const SAME_BURST_MS = 500;

export interface GateOptions {
  /** Out at once to begin with. */
  start?: number;
  /** Never fewer than this out at once (one: the reading always goes on). */
  min?: number;
  /** Never more than this. */
  max?: number;
  now?(): number;
  sleep?(ms: number, signal?: AbortSignal): Promise<void>;
}

export class AdaptiveGate {
  private limitValue: number;
  private readonly min: number;
  private readonly max: number;
  /** Above it, growth is one at a time; below, it doubles per round of good answers. */
  private threshold: number;
  /** Good answers since the limit last grew (additive increase: one more after a whole round). */
  private good = 0;
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  private pausedUntil = 0;
  /** Before this, a sign of strain is part of the burst already answered by halving. */
  private calmFrom = 0;
  private readonly now: () => number;
  private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** For tests and the bench: the most out at once, and how often it was told to slow down. */
  readonly stats = { maxActive: 0, slowDowns: 0, maxLimit: 0 };

  constructor(options: GateOptions = {}) {
    this.min = options.min ?? 1;
    this.max = options.max ?? 16;
    this.limitValue = Math.min(this.max, Math.max(this.min, options.start ?? 4));
    this.threshold = this.max;
    this.stats.maxLimit = this.limitValue;
    this.now = options.now ?? Date.now;
    this.sleep = options.sleep ?? sleep;
  }

  /** Out at once now. */
  get limit(): number {
    return this.limitValue;
  }

  /**
   * Runs `work` when a place is free (and any pause the service asked for is over). `first`: ahead
   * of those waiting — what finishes a piece of work begun (an item's next page) before new work.
   */
  async run<T>(work: () => Promise<T>, signal?: AbortSignal, first = false): Promise<T> {
    await this.enter(signal, first);
    try {
      return await work();
    } finally {
      this.leave();
    }
  }

  /** An answer came back well. */
  answered(): void {
    if (this.limitValue >= this.max) return;
    if (this.limitValue < this.threshold) this.grow(1);
    else if (++this.good >= this.limitValue) {
      this.good = 0;
      this.grow(1);
    }
  }

  /**
   * The service is struggling (429, 5xx): half as many out, and nothing sent before `retryAfterMs`
   * has passed. The answers of one burst (every request out got the same 429) halve it once, as
   * TCP cuts its window once per loss event: another cut waits until the pause is over.
   */
  struggling(retryAfterMs = 0): void {
    const now = this.now();
    if (now >= this.calmFrom) {
      this.stats.slowDowns++;
      this.threshold = Math.max(this.min, Math.floor(this.limitValue / 2));
      this.limitValue = this.threshold;
      this.good = 0;
      this.calmFrom = now + Math.max(retryAfterMs, SAME_BURST_MS);
    }
    if (retryAfterMs > 0) this.pausedUntil = Math.max(this.pausedUntil, now + retryAfterMs);
  }

  private grow(by: number): void {
    this.limitValue = Math.min(this.max, this.limitValue + by);
    this.stats.maxLimit = Math.max(this.stats.maxLimit, this.limitValue);
    this.wake();
  }

  private async enter(signal: AbortSignal | undefined, first: boolean): Promise<void> {
    for (;;) {
      if (signal?.aborted) throw signal.reason;
      const pause = this.pausedUntil - this.now();
      if (pause > 0) {
        await this.sleep(pause, signal);
        continue;
      }
      if (this.active < this.limitValue) break;
      await new Promise<void>((resolve) => (first ? this.waiting.unshift(resolve) : this.waiting.push(resolve)));
    }
    this.active++;
    this.stats.maxActive = Math.max(this.stats.maxActive, this.active);
  }

  /**
   * The place is handed on at the event loop's next turn: the request's answer has been read, but
   * undici gives its connection back to the pool only after that, and a request sent at once would
   * find every connection busy and open one more.
   */
  private leave(): void {
    setImmediate(() => {
      this.active--;
      this.wake();
    });
  }

  /**
   * As many waiting callers as there are free places look again, first come first: a scan of 350
   * items has most of them waiting, and waking every one at each answer was work for nothing.
   */
  private wake(): void {
    for (let free = this.limitValue - this.active; free > 0 && this.waiting.length; free--) this.waiting.shift()!();
  }
}
