// A clock driven by hand, for the watchers' timers: time moves only to the next timer, which then runs.
import * as assert from 'node:assert/strict';
import type { Clock } from '../../src/watch/ticker';

export class FakeClock implements Clock {
  t = 0;
  private timers: { at: number; fn: () => void; id: number }[] = [];
  private nextId = 1;
  now = () => this.t;
  setTimeout = (fn: () => void, ms: number) => {
    const id = this.nextId++;
    this.timers.push({ at: this.t + ms, fn, id });
    return id;
  };
  clearTimeout = (h: unknown) => {
    this.timers = this.timers.filter((x) => x.id !== h);
  };
  get pending(): number[] {
    return this.timers.map((x) => x.at - this.t);
  }
  /** Moves time to the next timer and runs it; resolves after the tick's awaits. */
  async next(): Promise<number> {
    const first = [...this.timers].sort((a, b) => a.at - b.at)[0];
    assert.ok(first, 'a timer is set');
    this.timers = this.timers.filter((x) => x !== first);
    const waited = first.at - this.t;
    this.t = first.at;
    first.fn();
    for (let i = 0; i < 10; i++) await Promise.resolve();
    await new Promise((r) => setImmediate(r));
    return waited;
  }
}
