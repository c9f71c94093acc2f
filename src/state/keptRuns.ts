// The runs this window watches, kept in the window's own storage: a window that reloads — however
// long it takes to come back — watches them again, and tells once how each one ended, also one
// that ended while the window was away. Without it a reload forgot the run it had started: the
// row read as the run before it, nothing was counted as running, and its end was never told.
//
// What is kept is the run store's list of runs under way, rewritten when a run joins or leaves it
// (not at each look at its progress). Kept runs come back into the run store when their account
// is signed in again; the watcher then reads each as it reads any run under way, and one that
// has ended meanwhile leaves and settles as usual — told once, and no longer kept.
//
// No `vscode`: the storage is a Memento (the window's workspace state), a map in the unit tests.
import { outcomeOf, isActive } from '../shared/outcome';
import type { RunRecord } from '../shared/model';
import { asRef, refKey, type AccountId } from '../shared/refs';
import { WATCHED_RUNS_KEY as KEY } from '../shared/contributions';
import type { RunStore } from './runStore';

/** The window's storage: VS Code's workspace state, or a map in the tests. */
export interface KeptMemento {
  get<T>(key: string): T | undefined;
  update(key: string, value: unknown): Thenable<void> | Promise<void>;
}

/** More runs than anyone starts at once in one window: a runaway list is cut, never a stall. */
const MAX_KEPT = 50;

export class KeptRuns {
  /** The kept runs not yet given back, until their account has been looked for. */
  private waiting: RunRecord[];
  /** The run keys last written: the list is written again only when it changes. */
  private written: string;
  private readonly subscriptions: { dispose(): void }[];

  constructor(
    private readonly memento: KeptMemento,
    private readonly runs: RunStore,
  ) {
    this.waiting = KeptRuns.read(memento);
    this.written = this.waiting.map((r) => refKey(r.ref)).join('|');
    this.subscriptions = [runs.onDidChange(() => this.save()), runs.onDidEnd(() => this.save())];
  }

  /** Kept runs wait for their accounts to be looked for. */
  get waitingForAccounts(): boolean {
    return this.waiting.length > 0;
  }

  /**
   * The accounts are known: the kept runs of those signed in are watched again; those of an
   * account that is not signed in any more are let go (signing out ends its runs' watch).
   */
  restore(usable: readonly AccountId[]): void {
    const back = this.waiting.filter((r) => usable.includes(r.ref.account));
    this.waiting = [];
    for (const run of back) if (this.runs.active(run.item) === undefined) this.runs.observe(run.item, run);
    this.save();
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
  }

  private save(): void {
    // Until the accounts are known, what was kept stays kept (a run told of before then is not among them).
    const runs = [...this.runs.watched(), ...this.waiting.filter((w) => this.runs.active(w.item) === undefined)].slice(0, MAX_KEPT);
    const keys = runs.map((r) => refKey(r.ref)).join('|');
    if (keys === this.written) return;
    this.written = keys;
    void this.memento.update(KEY, runs.length ? runs.map(kept) : undefined);
  }

  private static read(memento: KeptMemento): RunRecord[] {
    const stored = memento.get<unknown>(KEY);
    return Array.isArray(stored)
      ? stored
          .flatMap((v): RunRecord[] => {
            const run = keptOf(v);
            return run ? [run] : [];
          })
          .slice(0, MAX_KEPT)
      : [];
  }
}

/** What is kept of a run: what the watcher and the views need to show it before it is read again. */
function kept(run: RunRecord): RunRecord {
  const { ref, item, itemName, state, outcome, date, successRows, errorRows, startedHere, seenAt } = run;
  return { ref, item, itemName, state, outcome, date, successRows, errorRows, startedHere, seenAt };
}

/** A kept run as stored, or `undefined` for anything else (the storage is the user's). */
function keptOf(value: unknown): RunRecord | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const v = value as Record<string, unknown>;
  const ref = asRef(v.ref);
  const item = asRef(v.item);
  const number = (x: unknown) => (typeof x === 'number' && Number.isFinite(x) ? x : undefined);
  const seenAt = number(v.seenAt);
  if (!ref || !item || ref.account !== item.account || typeof v.itemName !== 'string' || typeof v.state !== 'string' || seenAt === undefined) return undefined;
  // It was under way when kept; a state word never seen before is still "under way", never an end.
  const outcome = outcomeOf(v.state);
  return {
    ref,
    item,
    itemName: v.itemName,
    state: v.state,
    outcome: isActive(outcome) ? outcome : 'running',
    ...(typeof v.date === 'string' ? { date: v.date } : {}),
    ...(number(v.successRows) === undefined ? {} : { successRows: number(v.successRows) }),
    ...(number(v.errorRows) === undefined ? {} : { errorRows: number(v.errorRows) }),
    startedHere: v.startedHere === true,
    seenAt,
  };
}
