// Reads across the whole account: the items of some kinds in some workspaces (their lists paged to
// the end), and the newest entries of each one's history — "which integrations failed this
// week". THE one reader of it: the chat's `skyvia_recent_runs` and the Failures view both call
// `scanHistories`, so they answer the same question the same way:
//
// - streamed: an item's history is asked for as soon as its list has come, not once every list
//   has; the requests out at once adapt to the service (shared/adaptiveGate.ts) — a few at first,
//   more while it answers well, half as many and a pause at a 429 or 5xx — so a reading costs
//   about ⌈requests ÷ parallel⌉ round trips, and a struggling service gets no storm of retries;
// - the caller's signal cancels what is out and stops what is not sent yet;
// - a list or a history that cannot be read is a failure of that list or item, returned beside
//   what could be read — one item out of reach never hides the others' failures;
// - the service's answers are trusted but checked: an entry it sent for the window dated before
//   it, or not dated at all (.NET's 0001-01-01, "no date"), is not of the window — it is counted
//   and left out, never taken for a failure of this week;
// - a reader that judges successes gives its baselines: where a success to judge lacks the older
//   successes its baseline needs (a daily item's week holds seven), a page of the item's entries
//   before it is read to teach the baseline — in the item's place at the gate, as its older
//   failures are — so what is said of it does not hang on what else read that history first.
//
// No `vscode`: unit-tested against the demo service.
import { getMaxListeners, setMaxListeners } from 'node:events';
import * as l10n from '@vscode/l10n';
import { all, isSkyviaError, MAX_TAKE, SkyviaError, type SkyviaClient, type Workspace } from '../api';
import { toDate } from '../shared/format';
import type { Outcome } from '../shared/outcome';
import { refs, type AccountId, type EntryKind, type ItemRef, type WorkspaceItemKind, type HistoryItemKind } from '../shared/refs';
import { WORKSPACE_ITEMS } from '../kinds';
import { AT_ONCE, mapLimited } from '../shared/mapLimited';
import { AdaptiveGate } from '../shared/adaptiveGate';
import type { Listed } from '../kinds/kind';
import { HISTORIES, titleOf } from '../kinds';
import { READ_BACK, type Baselines } from './baselines';

/**
 * How far before a window a page reaches when its successes' baselines are not known: two weeks
 * hold a baseline of a daily item's successes (kinds/unusual.ts) and cut a busier item's page at
 * its size as before; an item with fewer runs reads a page back on its own.
 */
const LOOK_BACK_MS = 14 * 86_400_000;

/** Requests out at once when listing alone (`listItems`). */
const PARALLEL = AT_ONCE;
/**
 * A scan's requests out at once to begin with: half its ceiling, as TCP begins with ten segments,
 * not one. A scan is hundreds of small reads of a service that publishes no limit; beginning at
 * four cost two round trips of doubling before it was full (a 350-item week: 26 round trips).
 */
export const START_PARALLEL = 12;
/** A scan's requests out at once at most: it grows up to this while the service answers well. */
export const MAX_PARALLEL = 24;
/** A history read to its end stops here: a window that holds more entries than this is cut short. */
const MAX_PER_ITEM = 1_000;

export interface FoundItem {
  account: AccountId;
  kind: WorkspaceItemKind;
  workspaceId: number;
  workspace: string;
  id: number;
  name: string;
  /** The list row's own small facts (type, scheduled…): never a key or token. */
  facts: Record<string, string | number | boolean>;
}

/** Row fields worth telling; anything else (keys, tokens, nested objects) stays out. */
const FACT_FIELDS = ['type', 'scheduled', 'enabled', 'active', 'isActive', 'state', 'status', 'kind'];

/** A list that could not be read: the kind of items, in one workspace. */
export interface ListFailure {
  kind: WorkspaceItemKind;
  workspace: string;
  workspaceId: number;
  error: unknown;
}

export interface ListOptions {
  /** Only items whose name contains this (case-insensitive). */
  text?: string;
  signal?: AbortSignal;
  /** Given: a list that fails is told here and left out; without it, the failure is thrown. */
  failed?(failure: ListFailure): void;
}

/** Every item of these kinds in these workspaces (whose name contains `text`, when given). */
export async function listItems(
  client: SkyviaClient,
  account: AccountId,
  kinds: readonly WorkspaceItemKind[],
  workspaces: readonly Workspace[],
  options: ListOptions = {},
): Promise<FoundItem[]> {
  const wanted = options.text?.toLocaleLowerCase();
  const signal = options.signal ?? new AbortController().signal;
  const lists = workspaces.flatMap((ws) => kinds.map((kind) => ({ ws, kind })));
  const found = await mapLimited(
    lists,
    async ({ ws, kind }) => {
      const workspace = ws.name ?? l10n.t('Workspace {0}', ws.id);
      let rows;
      try {
        rows = await all((page) => WORKSPACE_ITEMS[kind].listItems(client, ws.id, page, signal));
      } catch (error) {
        if (!options.failed || isSkyviaError(error, 'cancelled')) throw error;
        options.failed({ kind, workspace, workspaceId: ws.id, error });
        return [];
      }
      return itemsOf(rows, account, kind, ws, wanted);
    },
    PARALLEL,
    signal,
  );
  return found.flat();
}

/** A list's rows as found items (those whose name contains `wanted`, when given). */
function itemsOf(rows: readonly Listed[], account: AccountId, kind: WorkspaceItemKind, ws: Workspace, wanted?: string): FoundItem[] {
  const workspace = ws.name ?? l10n.t('Workspace {0}', ws.id);
  return rows.flatMap((row): FoundItem[] => {
    if (typeof row.id !== 'number') return [];
    const name = titleOf(refs.item(account, kind, ws.id, row.id), row);
    if (wanted && !name.toLocaleLowerCase().includes(wanted)) return [];
    return [{ account, kind, workspaceId: ws.id, workspace, id: row.id, name, facts: smallFacts(row as object) }];
  });
}

/** A row's small facts, as `FoundItem.facts` has them. */
export function smallFacts(row: object): FoundItem['facts'] {
  const facts: FoundItem['facts'] = {};
  for (const f of FACT_FIELDS) {
    const v = (row as Record<string, unknown>)[f];
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') facts[f] = typeof v === 'string' ? v.slice(0, 80) : v;
  }
  return facts;
}

export interface HistoryScan {
  /** The account the client reads. */
  account: AccountId;
  kinds: readonly HistoryItemKind[];
  workspaces: readonly Workspace[];
  failedOnly: boolean;
  since?: Date;
  /** Entries asked per item: one page of this many (1..200)… */
  perItem: number;
  /** …or every page of the window (`since` to now), up to MAX_PER_ITEM. */
  toEnd?: boolean;
  /**
   * With every entry of the newest page (not failed only): when the window holds more than that
   * page, its older failures are read too (failed only, up to this many) — what the Failures view
   * asks to judge successes against their baseline and still miss no failure.
   */
  olderFailures?: number;
  /**
   * The items' baselines (state/baselines.ts), given by a reader that judges successes: every
   * page read teaches them, and where a success to judge lacks the older successes its baseline
   * needs, a page of READ_BACK entries before those read is read too — to teach them only: those
   * rows are not entries of the window.
   */
  baselines?: Pick<Baselines, 'observe' | 'lacking' | 'mayHaveUnread' | 'readWhole' | 'wantsBefore'>;
  /** With `baselines`: each item's newest this many entries are judged (a reader shows no more of an item); every one when not given. */
  judged?: number;
  /** The first this many items are read; the rest are counted, not read. */
  maxItems?: number;
  signal?: AbortSignal;
  /** Each item read (or failed): how many of how many. */
  progress?(done: number, total: number): void;
  /**
   * Each item's entries as they come: work on them while the other items are on their way. With
   * them, the item, and where its history was read whole from when only its newest page was
   * (`ItemHistory.wholeFrom`).
   */
  onItem?(entries: readonly ScannedEntry[], read: { item: FoundItem; wholeFrom?: number }): void;
  /**
   * Which entries the result keeps (after `onItem` has seen them all); without it, every one. A
   * reader that shows a few of many (the failures among every entry of a week) keeps those only:
   * the rest would stay in memory until the reading ends, a page of rows for every item.
   */
  keep?(entry: ScannedEntry): boolean;
}

/** One entry of some item's history, with what every reader of it needs. */
export interface ScannedEntry {
  kind: EntryKind;
  /** The entry's ref; `undefined` for a row the service sent without an id. */
  ref?: ItemRef;
  item: FoundItem;
  row: object;
  outcome: Outcome;
  state?: string;
  date?: string;
  /** Its date in ms since the epoch; 0 when it has none. */
  at: number;
}

export interface ScanResult {
  /** Newest first: those `keep` kept. */
  entries: ScannedEntry[];
  /** Every item found, read or not. */
  items: FoundItem[];
  /** How many of them were read. */
  read: number;
  /** Items whose history could not be read, and why. */
  failures: { item: FoundItem; error: unknown }[];
  /** Lists of items that could not be read. */
  listFailures: ListFailure[];
  /** Entries the service sent for the window that are not of it (dated before `since`, or undated): left out. */
  leftOut: number;
  /** Pages read before a window for baselines (`baselines`), beside one per item and its older failures. */
  readBacks: number;
  /** The most requests out at once, the gate's highest limit, and how often the service said to slow down. */
  parallel: { maxActive: number; maxLimit: number; slowDowns: number };
}

/**
 * The gate a long reading of one account goes through: a few requests at first, more while the
 * service answers well, fewer at its first 429 or 5xx — paced by every attempt of this client
 * while `watching` lasts (dispose it when the reading ends). The scan and the Failures view's
 * reading of causes (one read per failed entry) go through one each.
 */
export function pacedGate(client: SkyviaClient): { gate: AdaptiveGate; watching: { dispose(): void } } {
  const gate = new AdaptiveGate({ start: START_PARALLEL, max: MAX_PARALLEL });
  const watching = client.onDidRequest((e) => {
    if (e.error === 'rateLimited' || e.error === 'server') gate.struggling(e.retryInMs ?? 0);
    else if (!e.error) gate.answered();
  });
  return { gate, watching };
}

/** The newest entries of the histories of every item of `kinds` in `workspaces`, newest first. */
export async function scanHistories(client: SkyviaClient, scan: HistoryScan): Promise<ScanResult> {
  const signal = scan.signal ?? new AbortController().signal;
  // Every request out listens to the one signal: up to MAX_PARALLEL at once, and the gate's waits.
  setMaxListeners(Math.max(getMaxListeners(signal), 1_000), signal);
  const { gate, watching } = pacedGate(client);
  const listFailures: ListFailure[] = [];
  const failures: ScanResult['failures'] = [];
  const lists = scan.workspaces.flatMap((ws) => scan.kinds.map((kind) => ({ ws, kind })));
  /** Each list's items, in the lists' order (they come in any order). */
  const found: FoundItem[][] = lists.map(() => []);
  const entries = new Map<FoundItem, ScannedEntry[]>();
  const reads: Promise<void>[] = [];
  let [listed, done, total, leftOut, readBacks] = [0, 0, 0, 0, 0];
  // Never rejects (a read may end while lists are still coming): a cancelled scan is told once, at the end.
  const read = async (item: FoundItem) => {
    try {
      const got = await historyEntries(client, item, scan, signal, (work, first) => gate.run(work, signal, first));
      leftOut += got.leftOut;
      readBacks += got.readBacks;
      scan.onItem?.(got.entries, { item, ...(got.wholeFrom !== undefined ? { wholeFrom: got.wholeFrom } : {}) });
      entries.set(item, scan.keep ? got.entries.filter(scan.keep) : got.entries);
    } catch (error) {
      if (!isSkyviaError(error, 'cancelled') && !signal.aborted) failures.push({ item, error });
    } finally {
      scan.progress?.(++done, total);
    }
  };
  try {
    await Promise.all(
      lists.map(async ({ ws, kind }, at) => {
        let rows: Listed[];
        try {
          rows = await all((page) => gate.run(() => WORKSPACE_ITEMS[kind].listItems(client, ws.id, page, signal), signal));
        } catch (error) {
          if (isSkyviaError(error, 'cancelled') || signal.aborted) throw error;
          listFailures.push({ kind, workspace: ws.name ?? l10n.t('Workspace {0}', ws.id), workspaceId: ws.id, error });
          return;
        }
        found[at] = itemsOf(rows, scan.account, kind, ws);
        // Streamed: this list's items are read now, while other lists are still coming. The first
        // `maxItems` found are read; the rest are counted.
        const fresh = found[at].filter(() => listed++ < (scan.maxItems ?? Infinity));
        total += fresh.length;
        scan.progress?.(done, total);
        reads.push(...fresh.map(read));
      }),
    );
    await Promise.all(reads);
  } catch (error) {
    if (signal.aborted || isSkyviaError(error, 'cancelled')) throw new SkyviaError('cancelled', { method: 'GET', path: 'histories' });
    throw error;
  } finally {
    watching.dispose();
  }
  if (signal.aborted) throw new SkyviaError('cancelled', { method: 'GET', path: 'histories' });
  const items = found.flat();
  return {
    entries: items.flatMap((item) => entries.get(item) ?? []).sort((a, b) => b.at - a.at),
    items,
    read: total,
    failures,
    listFailures,
    leftOut,
    readBacks,
    parallel: { ...gate.stats },
  };
}

type HistorySpec = (typeof HISTORIES)[HistoryItemKind];

/** The dates (ms) of those of `rows` that have one. */
function datesOf(spec: HistorySpec, rows: readonly unknown[]): number[] {
  return rows.map((r) => toDate(spec.entry.latest(r).date)?.getTime()).filter((t): t is number => t !== undefined);
}

/**
 * A page of the item's entries older than `rows` (newest first), without those among `rows`: the
 * service's `endDate` may take in the oldest of them again. Nothing is asked when none is dated.
 */
async function pageBefore(
  client: SkyviaClient,
  spec: HistorySpec,
  ref: ItemRef,
  rows: readonly unknown[],
  query: { take: number; failed?: boolean; startDate?: Date },
  signal: AbortSignal,
): Promise<{ data: unknown[]; hasMore: boolean }> {
  const dates = datesOf(spec, rows);
  if (!dates.length) return { data: [], hasMore: false };
  const seen = new Set(rows.map((r) => spec.entry.idOf(r)));
  const older = await spec.list(client, ref, { sortOrder: 'desc', ...query, endDate: new Date(Math.min(...dates)), skip: 0 }, signal);
  return { data: older.data.filter((r) => !seen.has(spec.entry.idOf(r))), hasMore: older.hasMore };
}

/** What one item's history gave the scan. */
export interface ItemHistory {
  /** The entries of the window, newest first. */
  entries: ScannedEntry[];
  /** Entries the service sent that are not of the window (dated before `since`, or undated): left out. */
  leftOut: number;
  /** Pages read before the window for the item's baseline (0 or 1). */
  readBacks: number;
  /**
   * Every entry (not failed only) read, the window held more than was read: from when (ms) the
   * entries read are all of them — before it, only its older failures were (`olderFailures`).
   */
  wholeFrom?: number;
}

/**
 * How each request of a reading goes out: through its gate, one place a request — an item's
 * requests after its first (`first`) ahead of other items' — so the gate's limit is what is out at
 * once, and the connections they need.
 */
export type Gated = <T>(request: () => Promise<T>, first?: boolean) => Promise<T>;

/** The entries of one item's history the scan asks for (one page, or the window to its end), newest first. */
export async function historyEntries(
  client: SkyviaClient,
  item: FoundItem,
  scan: Omit<HistoryScan, 'account' | 'kinds' | 'workspaces'>,
  signal = scan.signal ?? new AbortController().signal,
  gated: Gated = (request) => request(),
): Promise<ItemHistory> {
  const spec = HISTORIES[item.kind as HistoryItemKind];
  const ref = refs.item(item.account, item.kind, item.workspaceId, item.id);
  const since = scan.since?.getTime();
  // Successes to judge whose baseline is not known: the page reaches back before the window
  // (LOOK_BACK_MS), so the successes just before it come in the same answer — a page read back
  // on its own waited for this one and doubled a first reading's requests.
  const lookBack = since !== undefined && !scan.failedOnly && scan.baselines?.wantsBefore(ref, since) ? new Date(since - LOOK_BACK_MS) : undefined;
  const query = { sortOrder: 'desc' as const, failed: scan.failedOnly || undefined, startDate: lookBack ?? scan.since };
  const take = scan.toEnd ? MAX_TAKE : scan.perItem;
  const paged: unknown[] = [];
  let more = false;
  for (;;) {
    const page = await gated(() => spec.list(client, ref, { ...query, take, skip: paged.length }, signal), paged.length > 0);
    paged.push(...page.data);
    // More of the window unread: not when the page reached back before it already.
    more = page.hasMore && page.data.length > 0 && !(lookBack && datesOf(spec, page.data).some((t) => t < since!));
    if (!scan.toEnd || !more || paged.length >= MAX_PER_ITEM) break;
  }
  let leftOut = 0;
  const entriesOf = (rows: readonly unknown[]) =>
    rows.flatMap((row): ScannedEntry[] => {
      const latest = spec.entry.latest(row);
      const outcome = spec.entry.outcome(row);
      // The service's filters are trusted but checked: a failed-only answer holds failures only…
      if (scan.failedOnly && outcome !== 'failed') return [];
      const at = toDate(latest.date)?.getTime();
      // …and a window's answer, entries of the window only: one dated before it, or with no date, is
      // not of it (what the page reached back for teaches the baseline, and is no entry either).
      if (since !== undefined && (at === undefined || at < since)) {
        if (!lookBack || at === undefined || at < lookBack.getTime()) leftOut++;
        return [];
      }
      const id = spec.entry.idOf(row);
      return [
        {
          kind: spec.entry.kind,
          ref: id ? refs.entryOf(ref, spec.entry.kind, id) : undefined,
          item,
          row: row as object,
          outcome,
          state: latest.state ?? undefined,
          date: latest.date ?? undefined,
          at: at ?? 0,
        },
      ];
    });
  const read = entriesOf(paged);
  // What the page leaves to read goes out at once, side by side: the window's older failures
  // (failed only, up to `olderFailures`) when it holds more than was read, so none is missed; and a
  // page back for baselines where a success to judge still lacks one.
  const [older, readBacks] = await Promise.all([
    scan.olderFailures && more
      ? gated(
          () => pageBefore(client, spec, ref, paged, { failed: true, startDate: scan.since, take: Math.min(scan.olderFailures!, MAX_TAKE) }, signal),
          true,
        ).then(({ data }) => data.filter((r) => spec.entry.outcome(r) === 'failed'))
      : [],
    readBack(client, spec, ref, paged, read.slice(0, scan.judged ?? read.length), scan.baselines, signal, gated),
  ]);
  const entries = [...read, ...entriesOf(older)];
  const dates = more && !scan.failedOnly ? datesOf(spec, paged) : [];
  return { entries, leftOut, readBacks, ...(dates.length ? { wholeFrom: Math.min(...dates) } : {}) };
}

/** Where a success of `judged` (entries of `paged`) lacks a baseline, a page before those read teaches it: how many pages that took (0 or 1). */
async function readBack(
  client: SkyviaClient,
  spec: HistorySpec,
  ref: ItemRef,
  paged: readonly unknown[],
  judged: readonly ScannedEntry[],
  baselines: HistoryScan['baselines'],
  signal: AbortSignal,
  gated: Gated,
): Promise<number> {
  const dates = datesOf(spec, paged);
  if (!baselines || !dates.length) return 0;
  baselines.observe(ref, paged);
  if (!(
    baselines.lacking(
      ref,
      judged.map((e) => e.row),
    ) > 0 && baselines.mayHaveUnread(ref, Math.min(...dates))
  ))
    return 0;
  const before = await gated(() => pageBefore(client, spec, ref, paged, { take: READ_BACK }, signal), true);
  baselines.observe(ref, before.data);
  // Nothing older: the history is read whole, up to the newest read (the pages are unbroken).
  if (!before.hasMore) baselines.readWhole(ref, Math.max(...dates));
  return 1;
}
