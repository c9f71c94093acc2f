// skyvia_recent_runs (#skyviaRuns): the latest runs of one item, or of every item of a kind in a
// workspace (or all of them), newest first, optionally failed only and since a date — one history
// page per item, through the same history specs as the tree and the panels.
import { parseSince } from '../shared/format';
import { refs, type ItemRef } from '../shared/refs';
import { HISTORY_SPECS, type HistoryItemKind } from '../kinds/histories';
import { figuresOf } from '../kinds/historyTable';
import { describeQuery, mapLimited, readItemQuery, resolveItem, searchItems, workspacesIn, type ItemQuery } from './itemSearch';
import { InputError, type ToolContext, type ToolSpec } from './toolSpec';

const HISTORY_KINDS = ['integration', 'backup', 'automation', 'endpoint'] as const satisfies readonly HistoryItemKind[];
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

interface Entry {
  json: Record<string, unknown>;
  date: number;
}

export const recentRuns: ToolSpec<RunsInput> = {
  name: 'skyvia_recent_runs',
  read(input) {
    const kind = input.oneOf('kind', HISTORY_KINDS) ?? 'integration';
    const sinceText = input.string('since', { max: 40 });
    const since = sinceText === undefined ? undefined : parseSince(sinceText);
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
  doing: (i) => `Reading ${i.failedOnly ? 'failed ' : ''}runs of ${i.item ? describeQuery([i.kind], i.item) : `${i.kind}s`}`,
  async run(ctx, i) {
    const filter = `${i.failedOnly ? 'failed ' : ''}${HISTORY_SPECS[i.kind].noun}${i.since ? ` since ${i.since.toISOString()}` : ''}`;
    if (i.item) {
      const found = await resolveItem(ctx, [i.kind], i.item);
      if (typeof found === 'string') return found;
      const entries = await historyOf(ctx, i, found.target.ref, found.target.name);
      if (!entries.length) return `No ${filter} of ${i.kind} “${found.target.name}” (workspace ${found.item.workspaceId}, id ${found.item.id}).`;
      return [`${latestOf(entries.length, filter)} of ${i.kind} “${found.target.name}”, newest first:`, ...entries.map((e) => JSON.stringify(e.json)), DETAILS_HINT].join('\n');
    }
    const workspaces = await workspacesIn(ctx, i.workspaceId);
    const items = await searchItems(ctx, [i.kind], workspaces);
    const read = items.slice(0, MAX_ITEMS);
    const perItem = await mapLimited(read, (it) => historyOf(ctx, i, refs.item(it.kind, it.workspaceId, it.id), it.name));
    const entries = perItem.flat().sort((a, b) => b.date - a.date).slice(0, i.limit);
    const scope = `${read.length} ${i.kind}s in ${workspaces.length} workspace${workspaces.length === 1 ? '' : 's'}${items.length > read.length ? ` (the first ${read.length} of ${items.length})` : ''}`;
    if (!entries.length) return `No ${filter} among ${scope}.`;
    return [`${latestOf(entries.length, filter)} among ${scope}, newest first:`, ...entries.map((e) => JSON.stringify(e.json)), DETAILS_HINT].join('\n');
  },
};

/** "The latest 5 failed runs", "The latest failed run". */
function latestOf(n: number, filter: string): string {
  return n === 1 ? `The latest ${filter.replace(/^(\w+ )?(\w+)s\b/, (_, pre: string | undefined, noun: string) => `${pre ?? ''}${noun}`)}` : `The latest ${n} ${filter}`;
}

const DETAILS_HINT = 'For one of them, call skyvia_run_details with its kind, workspaceId, itemId and id.';

async function historyOf(ctx: ToolContext, i: RunsInput, ref: ItemRef, itemName: string): Promise<Entry[]> {
  const spec = HISTORY_SPECS[i.kind];
  const page = await spec.list(ctx.client, ref, { take: i.limit, skip: 0, sortOrder: 'desc', failed: i.failedOnly || undefined, startDate: i.since }, ctx.signal);
  return page.data.flatMap((e): Entry[] => {
    const latest = spec.entry.latest(e);
    const outcome = spec.entry.outcome(e);
    // The service's filter is trusted but checked: a failed-only answer holds failures only.
    if (i.failedOnly && outcome !== 'failed') return [];
    const date = latest.date ? Date.parse(latest.date) : NaN;
    if (i.since && date < i.since.getTime()) return [];
    // The figures the history's chart plots, named as its legend names them ("Duration (s)").
    const figures = figuresOf(spec.entry, e);
    const json: Record<string, unknown> = {
      kind: spec.entry.kind,
      workspaceId: ref.workspaceId,
      itemId: Number(ref.id),
      item: itemName,
      id: spec.entry.idOf(e),
      state: latest.state ?? undefined,
      outcome,
      date: latest.date ?? undefined,
      ...(Object.keys(figures).length ? { figures } : {}),
    };
    return [{ json, date: Number.isNaN(date) ? 0 : date }];
  });
}
