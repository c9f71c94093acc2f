// Scheduled runs: an item of any kind with runs (integrations, backups) whose schedule is on runs
// by itself as the demo's clock passes its next slot, as the real service's scheduler does
// overnight — a run "by schedule", with the outcome its kind gives that slot from its history's
// failure pattern (the broken integration fails every time). Off unless asked for (`schedules: true`, `--schedules`, POST /__demo/schedules): the
// tests that move the clock by hours must not find runs they did not start.
//
// Like everything else here it has no timer: each request first catches up with the slots the
// clock has passed (`catchUp`), so a run due an hour ago is a finished run now, and one due a
// second ago is under way. A slot is where the item's generated history would have put its next
// entry (its series' `dateOf(i)` past the last one), so scheduled runs continue its rhythm.
import type { Series } from './history';
import type { DemoItem, RunningKind } from './kinds';
import { activeRun, startRun } from './runs';
import type { DemoState } from './state';

interface Slotted {
  kind: RunningKind<DemoItem>;
  series: Series;
  /** The next slot not yet run or skipped. */
  next: number;
}

export class Schedules {
  private on = false;
  private readonly slots = new Map<object, Slotted>();
  /** No slot of any item is due before this: most requests cost one comparison. */
  private earliest = Infinity;

  constructor(private readonly state: DemoState) {}

  get enabled(): boolean {
    return this.on;
  }

  /** Turns the scheduler on or off at `now`; slots already passed are not run afterwards. */
  setEnabled(on: boolean, now: number): void {
    if (on === this.on) return;
    this.on = on;
    this.slots.clear();
    this.earliest = Infinity;
    if (!on) return;
    for (const [kind, item] of this.items()) {
      const series = kind.runs.history(item);
      const s: Slotted = { kind, series, next: series.count };
      while (s.series.dateOf(s.next) <= now) s.next++;
      this.slots.set(item, s);
      this.earliest = Math.min(this.earliest, s.series.dateOf(s.next));
    }
  }

  /** Runs (or skips, while a schedule is off) every slot the clock has passed. */
  catchUp(now: number): void {
    if (!this.on || now < this.earliest) return;
    this.earliest = Infinity;
    for (const [, item] of this.items()) {
      const s = this.slots.get(item);
      if (!s) continue;
      for (let due = s.series.dateOf(s.next); due <= now; due = s.series.dateOf(++s.next)) this.runSlot(item, s, due);
      this.earliest = Math.min(this.earliest, s.series.dateOf(s.next));
    }
  }

  private *items(): Iterable<[RunningKind<DemoItem>, DemoItem]> {
    const store = this.state.kinds;
    for (const kind of store.kinds) {
      if (!kind.runs) continue;
      for (const item of store.catalog(kind).values()) yield [kind as RunningKind<DemoItem>, item];
    }
  }

  private runSlot(item: DemoItem, s: Slotted, due: number): void {
    const { kind } = s;
    const slotFails = s.series.failed(s.next);
    if (!kind.runs.scheduled(item)) return;
    // The service does not start a scheduled run over one still going.
    if (activeRun(this.state.kinds.started(kind, item.id), due)) return;
    startRun(this.state.kinds, kind, item, due, kind.runs.scheduledOutcome(item, slotFails), true);
  }
}
