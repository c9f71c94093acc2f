// The per-item reads: an item's own `GET …/{id}`, its active run, its schedule, an automation's
// state, a connection's details, the endpoint type map. Asked for only when needed — when an
// item is expanded, hovered or acted on, never once per listed row — and written to the stores
// the tree reads. Concurrent asks for the same read share one request; a read answered in the
// last few seconds is not asked again. A run, snapshot, execution or request is read once for
// all who show it (entryReads.ts).
import * as l10n from '@vscode/l10n';
import type { EndpointTypeMap, SkyviaClient } from '../api';
import { isSkyviaError } from '../api';
import { isActive, outcomeOf } from '../shared/outcome';
import { isEntryKind, isKeyOf, parentRef, refKey, refs, type AccountId, type EntryKind, type ItemRef } from '../shared/refs';
import { toDate } from '../shared/format';
import { EntryReads } from './entryReads';
import type { LabelFacts } from '../shared/describe';
import type { FactStore } from './facts';
import type { RunRecord, RunStore } from './runStore';
import { entryLog, entryOf, historyOf, itemOf, KINDS } from '../kinds';
import type { ItemRead } from '../kinds/kind';

/** What an item was read for: a hover wants everything it shows, an expansion only the active run. */
export type ReadReason = 'hover' | 'expand' | 'action';

/** Compare with Last Success reads at most this many pages of this size looking for one. */
const LAST_SUCCESS_TAKE = 50;
/** Rows asked for to find an item's newest finished entry (the newest may be under way). */
const NEWEST_TAKE = 5;
const LAST_SUCCESS_PAGES = 5;

/**
 * A read answered this recently is not asked again: a burst of hovers over one row (VS Code asks
 * again each time the row is drawn anew) must not become a burst of requests. Kept short, as a
 * look a person takes a moment later is a new look: with 15 s, a run a colleague started just
 * after one hover was told as "none" by the next.
 */
const FRESH_MS = 5_000;
/** How long the read of a run that has ended serves whoever shows it next (its panel, log, details, a tool). */
const ENTRY_KEEP_MS = 60_000;
/** Entry reads kept at most: a long run's runs to megabytes. */
const ENTRY_KEEP_MAX = 4;

/** Whether a read shall be sent even if one was just answered. */
export interface ReadOptions {
  /** A newer answer than any kept or out (Refresh Log, a log following its run). */
  fresh?: boolean;
}

export interface ItemReaderDeps {
  /** The client of the account an object belongs to (throws when it is not signed in). */
  client(account: AccountId): SkyviaClient;
  facts: FactStore;
  runs: RunStore;
  /** Reads are background work: a failure is logged, never thrown at the hover that caused it. */
  onError?(what: string, error: unknown): void;
  now?(): number;
}

export class ItemReader {
  private readonly inflight = new Map<string, Promise<unknown>>();
  private readonly answeredAt = new Map<string, number>();
  /** Each account's endpoint types (the demo's and a real service's may differ). */
  private readonly types = new Map<AccountId, Promise<EndpointTypeMap>>();
  private readonly typesValue = new Map<AccountId, EndpointTypeMap>();
  private readonly entries: EntryReads;
  /** The log text of each entry read, so all who show it share one string too. */
  private readonly logs = new WeakMap<object, string | null>();

  constructor(private readonly deps: ItemReaderDeps) {
    this.entries = new EntryReads({
      keepMs: ENTRY_KEEP_MS,
      max: ENTRY_KEEP_MAX,
      // An endpoint request has no state: it is over once it can be read.
      ended: (data) => !isActive(outcomeOf((data as { state?: string | null }).state)),
      now: () => this.now(),
    });
    // A run that moved on or ended is read again by the next who asks.
    deps.runs.onDidChange(({ before, after }) => {
      if (before) this.entries.drop(refKey(before.ref));
      if (after) this.entries.drop(refKey(after.ref));
    });
    deps.runs.onDidEnd((run) => this.entries.drop(refKey(run.ref)));
  }
  /** The items' baselines of usual successes (state/baselines.ts): what the chat tools' reads teach and judge by. */
  get baselines(): FactStore['baselines'] {
    return this.deps.facts.baselines;
  }

  private client(of: ItemRef | AccountId): SkyviaClient {
    return this.deps.client(typeof of === 'string' ? of : of.account);
  }

  private now(): number {
    return this.deps.now?.() ?? Date.now();
  }

  /** Forgets cached answers: of one account (signed out, or in again), or of all. */
  reset(account?: AccountId): void {
    if (account === undefined) {
      this.inflight.clear();
      this.answeredAt.clear();
      this.entries.clear();
      this.types.clear();
      this.typesValue.clear();
      return;
    }
    const mine = (key: string) => isKeyOf(account, key);
    for (const key of [...this.inflight.keys()]) if (mine(key)) this.inflight.delete(key);
    for (const key of [...this.answeredAt.keys()]) if (mine(key)) this.answeredAt.delete(key);
    this.entries.dropWhere(mine);
    this.types.delete(account);
    this.typesValue.delete(account);
  }

  /** Forgets that an item was read, so the next probe asks again (Refresh on the node). */
  forget(ref: ItemRef): void {
    const prefix = `${refKey(ref)}#`;
    for (const key of [...this.answeredAt.keys()]) if (key.startsWith(prefix)) this.answeredAt.delete(key);
  }

  /**
   * The reads an item's node shows, as its kind's record lists them for an expansion or a hover:
   * its run under way, its schedule, an automation's state, a connection's details, the endpoint
   * type names. Never throws.
   */
  async probe(ref: ItemRef, name: string, reason: ReadReason, signal?: AbortSignal): Promise<void> {
    const probe = itemOf(ref.kind)?.probe;
    if (ref.workspaceId === undefined || !probe) return;
    const reads: Record<ItemRead, () => Promise<unknown>> = {
      active: () => this.once(ref, 'active', reason, () => this.readActive(ref, name, signal)),
      schedule: () => this.once(ref, 'schedule', reason, () => this.readSchedule(ref, signal)),
      state: () => this.once(ref, 'state', reason, () => this.readState(ref, name, signal)),
      details: () => this.once(ref, 'details', reason, () => this.readItem(ref, signal)),
      endpointTypes: () => this.endpointTypes(ref.account, signal),
    };
    await Promise.all(
      probe[reason === 'expand' ? 'expand' : 'hover'].map((read) =>
        reads[read]().catch((e: unknown) => {
          if (!isSkyviaError(e, 'cancelled')) this.deps.onError?.(`reading ${ref.kind} ${ref.id}`, e); // l10n-ignore: an output-channel line, English as bug reports quote it
        }),
      ),
    );
  }

  /**
   * The item's own single read (`GET …/{id}`), which also updates what the stores know of it. A
   * run, snapshot, execution or request is read once for all who show it (see EntryReads).
   */
  async readItem(ref: ItemRef, signal?: AbortSignal, options: ReadOptions = {}): Promise<object> {
    if (isEntryKind(ref.kind)) return this.entries.read(refKey(ref), (own) => this.readOwn(ref, own), signal, options.fresh);
    return this.readOwn(ref, signal);
  }

  private async readOwn(ref: ItemRef, signal?: AbortSignal): Promise<object> {
    const record = KINDS[ref.kind];
    if (!record.read) {
      // Users and invitations are only listed; a details tab of one restored after a reload asks, and says this.
      throw new TypeError(
        l10n.t({
          message: 'The API has no single read for {0}.',
          args: [record.words.plural()],
          comment: ['{0} is a kind of object, in the plural, such as "invitations"'],
        }),
      );
    }
    const data = await record.read(this.client(ref), ref, signal);
    const learned = itemOf(ref.kind)?.factsOfRead?.(data as never);
    if (learned) this.deps.facts.patch(ref, learned);
    return data;
  }

  /** The log of a run, snapshot, execution or request, from its own read (shared, as readItem's); `undefined` when it carries none. */
  async readLog(ref: ItemRef, signal?: AbortSignal, options: ReadOptions = {}): Promise<string | undefined> {
    const data = await this.readItem(ref, signal, options);
    let text = this.logs.get(data);
    if (text === undefined) this.logs.set(data, (text = entryLog(ref.kind as EntryKind, data) ?? null));
    return text ?? undefined;
  }

  /**
   * The newest entry of an item's history that succeeded as usual before `entry` (a failed run, or
   * one that succeeded unusually; kinds/unusual.ts): the
   * history read newest first from the entry's date (the service's `endDate`; checked here too),
   * a few pages at most. `looked` counts the entries read, for "none among the last 250".
   */
  async lastSuccessBefore(
    entry: ItemRef,
    date: string | null | undefined,
    signal?: AbortSignal,
  ): Promise<{ found?: { ref: ItemRef; row: object }; looked: number }> {
    const item = parentRef(entry);
    const spec = item && historyOf(item.kind);
    // l10n-ignore: a programming error (callers pass history entries only), not reached in normal use
    if (!item || !spec) throw new TypeError(`${entry.kind} ${entry.id} belongs to no history`);
    const end = toDate(date);
    // Without a date, the entry itself is looked for first: only what is older counts.
    let passed = end !== undefined;
    let looked = 0;
    for (let page = 0; page < LAST_SUCCESS_PAGES; page++) {
      const { data, hasMore } = await spec.list(
        this.client(item),
        item,
        { take: LAST_SUCCESS_TAKE, skip: page * LAST_SUCCESS_TAKE, sortOrder: 'desc', endDate: end },
        signal ?? new AbortController().signal,
      );
      // What it reads teaches the item's baseline; a success that was not as usual is no "last success".
      this.deps.facts.baselines.observe(item, data);
      for (const row of data) {
        looked++;
        const id = spec.entry.idOf(row);
        if (id === entry.id) {
          passed = true;
          continue;
        }
        const at = toDate(spec.entry.latest(row).date);
        if (!passed || (end && at && at > end) || spec.entry.outcome(row) !== 'succeeded' || !id || this.deps.facts.baselines.judge(item, row)) continue;
        return { found: { ref: refs.entryOf(item, spec.entry.kind, id), row: row as object }, looked };
      }
      if (!hasMore || !data.length) break;
    }
    return { looked };
  }

  /**
   * The newest finished entry of an item's history, written as a fact of the item (what its row's
   * "Failed · 2 h ago" and its panel's "Last run" tell): Refresh on an item whose history is not
   * on screen, so a run that started and ended unseen is told. A few rows, as some may be under way.
   */
  async readNewest(item: ItemRef, signal?: AbortSignal): Promise<void> {
    const spec = historyOf(item.kind);
    if (!spec || item.workspaceId === undefined) return;
    const page = await spec.list(this.client(item), item, { take: NEWEST_TAKE, skip: 0, sortOrder: 'desc' }, signal ?? new AbortController().signal);
    this.deps.facts.baselines.observe(item, page.data);
    const latest = this.deps.facts.baselines.latestOf(item, page.data);
    // None among the newest few: what was known stays (they are all under way, or there are none).
    if (latest) this.deps.facts.patch(item, { historyLatest: latest });
  }

  /** The item's active run, written to the run store (`null` when nothing runs). */
  async readActive(item: ItemRef, name: string, signal?: AbortSignal): Promise<RunRecord | null> {
    const read = historyOf(item.kind)?.active;
    // l10n-ignore: a programming error (callers pass items that can have a run under way)
    if (!read) throw new TypeError(`${item.kind} has no active run`);
    const run = await read(this.client(item), item, name, signal);
    this.deps.runs.observe(item, run);
    return run;
  }

  /** An item's schedule: active, inactive or none defined. */
  async readSchedule(item: ItemRef, signal?: AbortSignal): Promise<void> {
    const read = historyOf(item.kind)?.schedule;
    if (read) this.deps.facts.patch(item, await read(this.client(item), item, signal));
  }

  /** An item's state (an automation's trigger, queue, test mode) and the run it has under way. */
  async readState(item: ItemRef, name: string, signal?: AbortSignal): Promise<void> {
    const read = historyOf(item.kind)?.state;
    if (!read) return;
    const { facts, active } = await read(this.client(item), item, name, signal);
    this.deps.facts.patch(item, facts);
    this.deps.runs.observe(item, active);
  }

  /** `GET /v1/endpoints/types`, once per account: names an endpoint type given as a number. */
  endpointTypes(account: AccountId, signal?: AbortSignal): Promise<EndpointTypeMap> {
    let types = this.types.get(account);
    if (!types) {
      const asking = this.client(account)
        .getEndpointTypes({ signal })
        .then((t) => {
          this.typesValue.set(account, t);
          return t;
        });
      this.types.set(account, (types = asking));
      asking.catch(() => {
        if (this.types.get(account) === asking) this.types.delete(account);
      });
    }
    return types;
  }

  /** An item's facts as every view reads them, with the endpoint type names its labels need. */
  factsOf(ref: ItemRef): LabelFacts {
    return { ...this.deps.facts.get(ref), endpointTypes: this.typesValue.get(ref.account) };
  }

  /** An account's type map once it has been read (labels cannot wait for it). */
  knownEndpointTypes(account: AccountId): EndpointTypeMap | undefined {
    return this.typesValue.get(account);
  }

  /** The state a run that left the "active" slot ended in, from its own records; "Unknown" when none says. */
  async finalState(run: RunRecord, signal?: AbortSignal): Promise<RunRecord> {
    const base = { ...run, endedAt: this.now() };
    const final = entryOf(run.ref.kind)?.final;
    try {
      // l10n-ignore: a programming error (only entries that can be under way are watched)
      if (!final) throw new TypeError(`${run.ref.kind} is never under way`);
      const { record, row, page } = await final(this.client(run.ref), run, base, signal);
      // What was read to know it teaches the item's baseline; a success is judged against it.
      const baselines = this.deps.facts.baselines;
      if (page) baselines.observe(run.item, page);
      const unusual = record.outcome === 'succeeded' && row ? baselines.judge(run.item, row) : undefined;
      return { ...record, ...(unusual ? { unusual } : {}), ...(row ? { row } : {}) };
    } catch (e) {
      this.deps.onError?.(`reading how ${run.ref.kind} ${run.ref.id} ended`, e); // l10n-ignore: an output-channel line, English as bug reports quote it
      // Unknown, not "succeeded": a failure is never reported as a success by default.
      return { ...base, state: 'Unknown', outcome: 'unknown' };
    }
  }

  private once(ref: ItemRef, part: string, reason: ReadReason, read: () => Promise<unknown>): Promise<unknown> {
    const key = `${refKey(ref)}#${part}`;
    const pending = this.inflight.get(key);
    if (pending) return pending;
    const at = this.answeredAt.get(key);
    // An action always reads afresh; a hover or an expansion reuses a recent answer.
    if (reason !== 'action' && at !== undefined && this.now() - at < FRESH_MS) return Promise.resolve();
    const p = read()
      .then((v) => {
        this.answeredAt.set(key, this.now());
        this.deps.facts.patch(ref, { readAt: this.now() });
        return v;
      })
      .finally(() => this.inflight.delete(key));
    this.inflight.set(key, p);
    return p;
  }
}
