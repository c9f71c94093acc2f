// skyvia_recent_runs (#skyviaRuns): the latest runs of one item, or of every item of a kind in a
// workspace (or all of them), newest first, optionally failed only and since a date — one history
// page per item, through the same history specs as the tree and the panels. The progress line
// is the person's; the answer, the model's (in English).
import type { HistoryItemKind } from '../shared/refs';
import type { Unusual } from '../shared/model';
import { aboutUsual } from '../kinds/unusual';
import { parseSince } from '../shared/format';
import { errorText } from '../shared/format';
import { historyEntries, scanHistories, type ScannedEntry } from '../state/accountScan';
import { figuresOf } from '../kinds/historyTable';
import { readItemQuery, resolveItem, shownQuery, workspacesIn, workspacesText, type ItemQuery } from './itemSearch';
import { InputError, type ToolContext, type ToolSpec } from './toolSpec';
import { HISTORIES, HISTORY_KINDS, KINDS } from '../kinds';

/** Entries read per item at least when successes are asked for: enough for a baseline (kinds/unusual.ts). */
const BASELINE_TAKE = 20;
/** Items whose histories one call reads at most, across workspaces. */
const MAX_ITEMS = 60;

interface RunsInput {
  kind: HistoryItemKind;
  item?: ItemQuery;
  workspaceId?: number;
  failedOnly: boolean;
  since?: Date;
  limit: number;
}

export const recentRuns: ToolSpec<RunsInput> = {
  name: 'skyvia_recent_runs',
  read(input) {
    const kind = input.oneOf('kind', HISTORY_KINDS) ?? HISTORY_KINDS[0];
    const sinceText = input.string('since', { max: 40 });
    const since = sinceText === undefined ? undefined : parseSince(sinceText);
    // l10n-ignore: the model reads this
    if (since && 'error' in since) throw new InputError(`\`since\`: ${since.error}`);
    const workspaceId = input.int('workspaceId');
    const named = input.int('id') !== undefined || input.string('name') !== undefined;
    return {
      kind,
      item: named ? readItemQuery(input) : undefined,
      workspaceId,
      failedOnly: input.bool('failedOnly') ?? false,
      since: since?.date,
      limit: input.int('limit', { max: 50 }) ?? 10,
    };
  },
  doing: reading,
  async run(ctx, i) {
    // l10n-ignore: the model reads this
    const [one, many] = HISTORIES[i.kind].entry.english;
    // l10n-ignore: the model reads this
    const said = (noun: string) => `${i.failedOnly ? 'failed ' : ''}${noun}${i.since ? ` since ${i.since.toISOString()}` : ''}`;
    const filter = said(many);
    /** "The latest 5 failed runs", "The latest failed run". */
    // l10n-ignore: the model reads this
    const latestOf = (n: number) => (n === 1 ? `The latest ${said(one)}` : `The latest ${n} ${filter}`);
    // Successes are judged against their item's baseline, as the Failures view judges them: a page
    // of at least BASELINE_TAKE (one request all the same), and the item's entries before it read
    // back where the newest `limit` (all that can be shown of an item) lack one.
    const scan = {
      failedOnly: i.failedOnly,
      since: i.since,
      perItem: i.failedOnly ? i.limit : Math.max(i.limit, BASELINE_TAKE),
      ...(i.failedOnly ? {} : { baselines: ctx.reader.baselines, judged: i.limit }),
      signal: ctx.signal,
    };
    if (i.item) {
      const found = await resolveItem(ctx, [i.kind], i.item);
      if (typeof found === 'string') return found;
      const client = ctx.accounts.find((a) => a.id === found.item.account)!.client;
      const read = await historyEntries(client, { ...found.item, name: found.target.name }, scan);
      const entries = judged(ctx, read.entries).slice(0, i.limit);
      const notes = leftOutLines(read.leftOut, i);
      // l10n-ignore: the model reads this
      if (!entries.length)
        return [
          `No ${filter} of ${KINDS[i.kind].english[0]} “${found.target.name}” (workspace ${found.item.workspaceId}, id ${found.item.id}).`,
          ...notes,
        ].join('\n');
      // l10n-ignore: the model reads this
      return [
        `${latestOf(entries.length)} of ${KINDS[i.kind].english[0]} “${found.target.name}”, newest first:`,
        ...entries.map((e) => entryLine(e, ctx)),
        ...notes,
        DETAILS_HINT,
      ].join('\n');
    }
    // The same reader as the Failures view: a few requests at a time, an item out of reach told, not fatal.
    const scopes = await workspacesIn(ctx, i.workspaceId);
    // Every account in the scope side by side, their entries merged newest first.
    const results = await Promise.all(
      scopes.map((s) => scanHistories(s.account.client, { ...scan, account: s.account.id, kinds: [i.kind], workspaces: s.workspaces, maxItems: MAX_ITEMS })),
    );
    const result = {
      entries: judged(
        ctx,
        results.flatMap((r) => r.entries),
      ).sort((a, b) => b.at - a.at),
      failures: results.flatMap((r) => r.failures),
      listFailures: results.flatMap((r) => r.listFailures),
    };
    const entries = result.entries.slice(0, i.limit);
    const items = results.reduce((n, r) => n + r.items.length, 0);
    const read = results.reduce((n, r) => n + r.read, 0);
    // l10n-ignore: the model reads this
    const scope = `${read} ${HISTORIES[i.kind].english[1]} in ${workspacesText(scopes)}${items > read ? ` (the first ${read} of ${items})` : ''}`;
    const unread = [
      ...leftOutLines(
        results.reduce((n, r) => n + r.leftOut, 0),
        i,
      ),
      // l10n-ignore: the model reads this
      ...result.failures.map(
        (f) =>
          `Not read: the ${HISTORIES[i.kind].entry.english[1]} of ${i.kind} “${f.item.name}” (workspace ${f.item.workspaceId}, id ${f.item.id}): ${errorText(f.error)}`,
      ),
      // l10n-ignore: the model reads this
      ...result.listFailures.map(
        (f) => `Not read: the ${HISTORIES[i.kind].english[1]} of workspace “${f.workspace}” (${f.workspaceId}): ${errorText(f.error)}`,
      ),
    ];
    // l10n-ignore: the model reads this
    if (!entries.length) return [`No ${filter} among ${scope}.`, ...unread].join('\n');
    // l10n-ignore: the model reads this
    return [`${latestOf(entries.length)} among ${scope}, newest first:`, ...entries.map((e) => entryLine(e, ctx)), ...unread, DETAILS_HINT].join('\n');
  },
};

/** The chat's progress line: "Reading failed runs of integration “Nightly Sync”", a sentence per kind. */
function reading(i: RunsInput): string {
  return HISTORIES[i.kind].words.readingHistory(i.failedOnly, i.item && shownQuery(i.item));
}

// l10n-ignore: the model reads this
const DETAILS_HINT = 'For one of them, call skyvia_run_details with its kind, workspaceId, itemId and id.';

/**
 * What the service sent for the window but is not of it — dated before `since`, or not dated at
 * all (.NET's 0001-01-01) — said to the model, so it neither counts them nor thinks them missed.
 */
function leftOutLines(n: number, i: RunsInput): string[] {
  if (!n || !i.since) return [];
  const noun = HISTORIES[i.kind].entry.english[n === 1 ? 0 : 1];
  // l10n-ignore: the model reads this
  return [
    `Left out: ${n} ${i.failedOnly ? 'failed ' : ''}${noun} the service sent dated before ${i.since.toISOString()} or without a date (0001-01-01, its "no date"): not in the window, not counted above.`,
  ];
}

/** Entries read (each item's successes taught its baseline as they were read); each success judged against it. */
function judged(ctx: ToolContext, entries: ScannedEntry[]): (ScannedEntry & { unusual?: Unusual })[] {
  return entries.map((e) => {
    const unusual = e.ref && e.outcome === 'succeeded' ? ctx.reader.baselines.judge(e.ref, e.row) : undefined;
    return unusual ? { ...e, unusual } : e;
  });
}

/**
 * One entry as a JSON line, its figures those the history's chart plots, named as its legend
 * names them ("Duration (s)"); a success far from its item's usual says so (`unusual`: the figure,
 * its value and the usual one).
 */
function entryLine(e: ScannedEntry & { unusual?: Unusual }, ctx: ToolContext): string {
  const figures = figuresOf(HISTORIES[e.item.kind as HistoryItemKind].entry, e.row);
  return JSON.stringify({
    ...(ctx.accounts.length > 1 ? { account: ctx.accounts.find((a) => a.id === e.item.account)?.label } : {}),
    kind: e.kind,
    workspaceId: e.item.workspaceId,
    itemId: e.item.id,
    item: e.item.name,
    id: e.ref?.id,
    state: e.state,
    outcome: e.outcome,
    date: e.date,
    ...(Object.keys(figures).length ? { figures } : {}),
    ...(e.unusual ? { unusual: { figure: e.unusual.figure, value: e.unusual.value, usually: aboutUsual(e.unusual.usual) } } : {}),
  });
}
