// Watches the pinned items at a low, bounded cost: every `skyvia.pinned.refreshMinutes`, one
// request per pinned item — the newest page of its history, a few entries — and nothing else,
// unless more entries came since the last look than that page holds: then it reads back, failed
// entries only, to the last one seen, so no failure is lost however busy the item was.
//
// - No pin, no timer, no request. A window in the background looks no more once it has been away
//   for an interval, and catches up the moment it is focused again (ticker.ts, shared with the run
//   watcher); 429 and 5xx back off as the run watcher does; a 401/403 is the session's to judge.
// - What a look finds is a fact of the item (`historyLatest`): its row in the Pinned group, its
//   category's row, its panel and the status bar say the same.
// - A new entry is told by comparing the newest entry with the last one seen, which is kept with
//   the pin (its id and date): a run that failed overnight, while VS Code was closed, is told at
//   the first look of the morning, with every other failure since. A pin's first look only
//   records where its history stands.
// - A pin is looked at as soon as it is made, and the pins a window starts with as soon as the
//   watcher is loaded (the session has pins): a pin never waits a whole interval to show its state.
// - A run this window started or watched is the run watcher's to tell; it is not told twice.
// - Succeeded, but not as usual (kinds/unusual.ts): a look's page teaches the item's baseline, and
//   the newest new success far from it is told as a failure is (`unusual` set). A look reads
//   LOOK_TAKE entries — enough for a baseline in the one request a look makes anyway.
//
// No `vscode` import: the clock is injected, so the unit tests drive time by hand.
import { isSkyviaError, type SkyviaClient, type SkyviaError } from '../api';
import { Emitter, type Event } from '../shared/events';
import { isActive } from '../shared/outcome';
import type { Unusual } from '../shared/model';
import { refKey, refs, type AccountId, type ItemRef } from '../shared/refs';
import { mapLimited } from '../shared/mapLimited';
import type { FactStore } from '../state/facts';
import type { Pin, PinStore } from '../state/pins';
import type { RunStore } from '../state/runStore';
import { backedOff, strugglingWait, TickedWatcher, Ticker, type Clock } from './ticker';
import { entryName, historyOf } from '../kinds';

/**
 * Entries read per look: the newest page, small; most looks are this one request. Twenty: enough
 * successes before the newest for its baseline (kinds/unusual.ts) in that one request.
 */
const LOOK_TAKE = 20;
/** Failed entries per request when a look reads back to the last entry seen. */
const BACK_TAKE = 100;
/** How far a look reads back at most (pages of BACK_TAKE): what failed more often than that is told as that many. */
const BACK_PAGES = 10;
/** The longest a struggling service pushes the interval out to, in intervals. */
const MAX_BACKOFF = 4;

/** A new entry of a pinned item that failed, or succeeded but not as usual (`unusual`). */
export interface PinnedFailure {
  pin: Pin;
  ref: ItemRef;
  /** "Run 123 of Nightly Sync". */
  name: string;
  row: object;
  /** When it ran, as the service says. */
  date?: string;
  /** New failed (or unusual) entries seen in this look, this one included (the newest). */
  count: number;
  /** It succeeded, but this figure was far from the item's usual. */
  unusual?: Unusual;
}

export interface PinWatcherOptions {
  pins: Pick<PinStore, 'list' | 'onDidChange' | 'seen' | 'markSeen'>;
  facts: FactStore;
  runs: Pick<RunStore, 'activity'>;
  /** An account's client, while it is usable. */
  client(account: AccountId): SkyviaClient | undefined;
  /** The interval in ms (setting `skyvia.pinned.refreshMinutes`), read at every tick. */
  intervalMs(): number;
  clock?: Clock;
  /** A 401/403 in one account: `true` when its token itself was rejected (its pins then leave the list). */
  onAuthError?(account: AccountId, error: SkyviaError): Promise<boolean> | boolean;
  onError?(what: string, error: unknown): void;
}

export class PinWatcher extends TickedWatcher {
  protected readonly ticker: Ticker;
  private waitMs?: number;
  private readonly failed = new Emitter<PinnedFailure>();
  /** A pinned item's new entry failed. */
  readonly onDidFail: Event<PinnedFailure> = this.failed.event;
  /** Looks made and requests sent: for tests and the benchmark. */
  readonly stats = { ticks: 0, requests: 0 };
  private readonly subscriptions: { dispose(): void }[];
  /** Pins looked at in this window (a pin is looked at once when made, then at the interval). */
  private readonly looked = new Set<string>();
  /** Looks at new pins, out of the timer's rhythm. */
  private readonly extra = new Set<Promise<unknown>>();

  constructor(private readonly opts: PinWatcherOptions) {
    super();
    this.ticker = new Ticker({
      clock: opts.clock,
      active: () => this.watched().length > 0,
      interval: () => this.waitMs ?? this.interval(),
      tick: () => this.look(this.watched()),
      background: { pauseAfterMs: () => this.interval() },
    });
    this.subscriptions = [
      opts.pins.onDidChange(() => {
        this.forgetUnpinned();
        this.lookAtNew();
        this.ticker.schedule();
      }),
    ];
  }

  /**
   * Watching starts (the watcher was loaded for the accounts' pins) or starts again (an account
   * signed in): the pins not looked at in this window yet are looked at now, the rest at the interval.
   */
  resume(): void {
    this.waitMs = undefined;
    this.ticker.cancel();
    this.lookAtNew();
    this.ticker.schedule();
  }

  /** An item unpinned is a new pin if pinned again: looked at at once, its history's place recorded anew. */
  private forgetUnpinned(): void {
    const pinned = new Set(this.opts.pins.list().map((p) => refKey(p.ref)));
    for (const key of [...this.looked]) if (!pinned.has(key)) this.looked.delete(key);
  }

  /** A pin not looked at yet in this window shows its newest entry at once: one request, for it alone. */
  private lookAtNew(): void {
    const fresh = this.watched().filter((p) => !this.looked.has(refKey(p.ref)));
    if (!fresh.length) return;
    const looking = this.look(fresh, false).finally(() => this.extra.delete(looking));
    this.extra.add(looking);
  }

  /** Resolves when no look is under way (tests). */
  async settled(): Promise<void> {
    await Promise.all([this.ticker.idle(), ...this.extra]);
  }

  /** Looks now instead of waiting (tests, Refresh); resolves when the look is done. */
  tickNow(): Promise<void> {
    return this.ticker.tickNow();
  }

  dispose(): void {
    this.ticker.cancel();
    for (const s of this.subscriptions) s.dispose();
    this.failed.dispose();
  }

  private interval(): number {
    return Math.max(60_000, this.opts.intervalMs());
  }

  private watched(): Pin[] {
    // Only the usable accounts' pins are listed (an account signed out or refused has none).
    return this.opts.pins.list().filter((p) => historyOf(p.ref.kind) && this.opts.client(p.ref.account));
  }

  /** One request per pin; resolves with the wait before the next look. `tick`: a look of the timer's (counted, sets the pace). */
  private async look(pins: Pin[], tick = true): Promise<number | undefined> {
    if (!pins.length) return undefined;
    if (tick) this.stats.ticks++;
    for (const pin of pins) this.looked.add(refKey(pin.ref));
    let penalty = 0;
    const refused = new Map<AccountId, SkyviaError>();
    await mapLimited(pins, async (pin) => {
      const client = this.opts.client(pin.ref.account);
      if (!client) return;
      try {
        await this.read(client, pin);
      } catch (e) {
        const struggling = strugglingWait(e);
        if (isSkyviaError(e, 'auth')) refused.set(pin.ref.account, e);
        else if (struggling !== undefined) penalty = Math.max(penalty, struggling);
        if (!isSkyviaError(e, 'cancelled')) this.opts.onError?.(`looking at pinned ${pin.name}`, e); // l10n-ignore: an output-channel line, English as bug reports quote it
      }
    });
    // A refused token takes its account's pins out of the list (through the accounts); the others go on.
    for (const [account, error] of refused) await this.opts.onAuthError?.(account, error);
    if (!tick) return undefined;
    // The service is struggling: wait at least twice as long, and at least what it asked; else the interval.
    this.waitMs = penalty ? backedOff(this.waitMs ?? this.interval(), this.interval() * MAX_BACKOFF, penalty) : undefined;
    return this.waitMs;
  }

  /**
   * The newest page of one pinned item's history: its newest entry becomes a fact; the failures
   * since the last entry seen are told, read back page by page when more came than the page holds.
   */
  private async read(client: SkyviaClient, pin: Pin): Promise<void> {
    const spec = historyOf(pin.ref.kind);
    if (!spec || pin.ref.workspaceId === undefined) return;
    const signal = new AbortController().signal;
    const entry = spec.entry;
    this.stats.requests++;
    const page = await spec.list(client, pin.ref, { take: LOOK_TAKE, skip: 0, sortOrder: 'desc' }, signal);
    const baselines = this.opts.facts.baselines;
    baselines.observe(pin.ref, page.data);
    const finished = page.data.filter((e) => !isActive(entry.outcome(e)));
    const newest = finished.length ? finished[0] : undefined;
    this.opts.facts.patch(pin.ref, { historyLatest: baselines.latestOf(pin.ref, page.data) });
    const newestId = newest === undefined ? undefined : entry.idOf(newest);
    if (!newestId) return;
    const seen = this.opts.pins.seen(pin.ref);
    const mark = () => this.opts.pins.markSeen(pin.ref, newestId, entry.latest(newest as object).date ?? undefined);
    // First look at this pin: where its history stands is what is known from now on.
    if (seen === undefined || seen.id === newestId) return mark();
    const at = finished.findIndex((e) => entry.idOf(e) === seen.id);
    let fresh = at < 0 ? finished : finished.slice(0, at);
    // The last entry seen is further back than this page: the failures since it, read back.
    if (at < 0 && page.hasMore && seen.date) {
      const older = await this.failedSince(client, pin, seen, signal);
      const onPage = new Set(finished.map((e) => entry.idOf(e)));
      fresh = [...fresh, ...older.filter((e) => !onPage.has(entry.idOf(e)))];
    }
    // Marked only once everything since it was read: a look that failed half-way reads it all again.
    mark();
    const told = new Set(this.opts.runs.activity().map((r) => refKey(r.ref)));
    const untold = fresh.flatMap((e) => {
      const id = entry.idOf(e);
      const ref = id && refs.entryOf(pin.ref, entry.kind, id);
      return ref && !told.has(refKey(ref)) ? [{ ref, row: e as object }] : [];
    });
    const failures = untold.filter((e) => entry.outcome(e.row) === 'failed');
    // Succeeded, but far from usual: told like a failure (the newest, with how many).
    const unusual = untold.flatMap((e) => {
      const u = entry.outcome(e.row) === 'succeeded' ? baselines.judge(pin.ref, e.row) : undefined;
      return u ? [{ ...e, unusual: u }] : [];
    });
    for (const found of [failures, unusual]) {
      const [first] = found;
      if (!first) continue;
      this.failed.fire({
        pin,
        ref: first.ref,
        name: entryName(first.ref, pin.name),
        row: first.row,
        date: entry.latest(first.row).date ?? undefined,
        count: found.length,
        ...('unusual' in first ? { unusual: first.unusual as Unusual } : {}),
      });
    }
  }

  /** The failed entries of a pinned item since the last one seen (that one left out), newest first. */
  private async failedSince(client: SkyviaClient, pin: Pin, seen: { id: string; date?: string }, signal: AbortSignal): Promise<object[]> {
    const spec = historyOf(pin.ref.kind);
    if (!spec) return [];
    const found: object[] = [];
    for (let skip = 0, pages = 0; pages < BACK_PAGES; pages++, skip += BACK_TAKE) {
      this.stats.requests++;
      const page = await spec.list(client, pin.ref, { take: BACK_TAKE, skip, sortOrder: 'desc', failed: true, startDate: seen.date }, signal);
      found.push(...(page.data as object[]).filter((e) => spec.entry.idOf(e) !== seen.id && !isActive(spec.entry.outcome(e))));
      if (!page.hasMore || !page.data.length) break;
    }
    return found;
  }
}
