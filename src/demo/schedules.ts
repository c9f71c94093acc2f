// Scheduled runs: an integration or backup whose schedule is on runs by itself as the demo's clock
// passes its next slot, as the real service's scheduler does overnight — a run "by schedule", with
// the outcome its history's failure pattern gives that slot (the broken integration fails every
// time). Off unless asked for (`schedules: true`, `--schedules`, POST /__demo/schedules): the
// tests that move the clock by hours must not find runs they did not start.
//
// Like everything else here it has no timer: each request first catches up with the slots the
// clock has passed (`catchUp`), so a run due an hour ago is a finished run now, and one due a
// second ago is under way. A slot is where the item's generated history would have put its next
// entry (its series' `dateOf(i)` past the last one), so scheduled runs continue its rhythm.
import type { BackupRec, IntegrationRec } from './model';
import type { Series } from './history';
import { activeRun, newRun, newSnapshot } from './runs';
import type { DemoState } from './state';

interface Slotted {
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
    for (const item of this.items()) {
      const s: Slotted = { series: item.history, next: item.history.count };
      while (s.series.dateOf(s.next) <= now) s.next++;
      this.slots.set(item, s);
      this.earliest = Math.min(this.earliest, s.series.dateOf(s.next));
    }
  }

  /** Runs (or skips, while a schedule is off) every slot the clock has passed. */
  catchUp(now: number): void {
    if (!this.on || now < this.earliest) return;
    this.earliest = Infinity;
    for (const item of this.items()) {
      const s = this.slots.get(item);
      if (!s) continue;
      for (let due = s.series.dateOf(s.next); due <= now; due = s.series.dateOf(++s.next)) this.runSlot(item, s, due);
      this.earliest = Math.min(this.earliest, s.series.dateOf(s.next));
    }
  }

  private *items(): Iterable<IntegrationRec | BackupRec> {
    yield* this.state.seed.integrations.values();
    yield* this.state.seed.backups.values();
  }

  private runSlot(item: IntegrationRec | BackupRec, s: Slotted, due: number): void {
    const seed = this.state.seed;
    const failed = s.series.failed(s.next);
    if ('runIdBase' in item) {
      if (item.schedule !== 'active') return;
      const runs = this.state.listOf(this.state.runs, item.id);
      // The service does not start a scheduled run over one still going.
      if (activeRun(runs, due)) return;
      runs.push(newRun(item, seed.nextIds.run++, due, item.outcome === 'fail' || failed ? 'Failed' : 'Succeeded', true));
    } else {
      if (!item.scheduleActive) return;
      const snapshots = this.state.listOf(this.state.snapshots, item.id);
      if (activeRun(snapshots, due)) return;
      snapshots.push(newSnapshot(item, seed.nextIds.snapshot++, due, failed ? 'Failed' : 'Succeeded', true));
    }
  }
}
