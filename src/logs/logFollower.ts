// An open log of a run under way follows it without Refresh Log: each time the watcher looks at
// the runs under way (its ticks) the open log of each is read again, one request per log, and
// once more when the run has ended. It has no timer of its own: while nothing runs there is no
// tick, so no read; a log that is not open is never read. No `vscode` import: unit-tested in Node.
import type { LogFiles } from './logFiles';
import type { Disposable, Event } from '../shared/events';
import type { RunRecord } from '../shared/model';
import { refKey, type ItemRef, type Target } from '../shared/refs';

export interface LogFollowerDeps {
  logs: Pick<LogFiles, 'openTarget' | 'update'>;
  /** The watcher's ticks, with the runs still under way after each. */
  ticks: Event<readonly RunRecord[]>;
  /** A watched run ended, its final state read. */
  ended: Event<RunRecord>;
  /** One read of a log; `undefined` when the service sent none. */
  read(ref: ItemRef): Promise<string | undefined>;
  onError?(what: string, error: unknown): void;
}

export class LogFollower implements Disposable {
  /** The read out for each log: never two at once for one log. */
  private readonly reading = new Map<string, Promise<void>>();
  /** Logs whose run ended while a read was out: read once more after it. */
  private readonly finalAfter = new Set<string>();
  private readonly subscriptions: Disposable[];

  constructor(private readonly deps: LogFollowerDeps) {
    this.subscriptions = [deps.ticks((runs) => runs.forEach((run) => this.follow(run.ref, false))), deps.ended((run) => this.follow(run.ref, true))];
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
  }

  private follow(ref: ItemRef, final: boolean): void {
    const target = this.deps.logs.openTarget(ref);
    if (!target) return;
    const key = refKey(ref);
    if (this.reading.has(key)) {
      // A tick while a read is out adds nothing; the end must still be read after it.
      if (final) this.finalAfter.add(key);
      return;
    }
    const read = this.refresh(target).finally(() => {
      this.reading.delete(key);
      if (this.finalAfter.delete(key)) this.follow(ref, true);
    });
    this.reading.set(key, read);
  }

  private async refresh(target: Target): Promise<void> {
    try {
      const text = await this.deps.read(target.ref);
      if (text !== undefined) this.deps.logs.update(target.ref, text);
    } catch (e) {
      // l10n-ignore: written to the output channel (onError logs it)
      this.deps.onError?.(`following the log of ${target.name}`, e);
    }
  }
}
