// skyvia_recent_runs (#skyviaRuns): the latest runs of one item, or of every item of a kind in a
// workspace (or all of them), newest first, optionally failed only and since a date — one history
// page per item, through the same history specs as the tree and the panels. The progress line
// is the person's; the answer, the model's (in English).
import * as l10n from '@vscode/l10n';
import { parseSince } from '../shared/format';
import { errorText } from '../commands/runner';
import { historyEntries, scanHistories, type ScannedEntry } from '../state/accountScan';
import { HISTORY_SPECS, type HistoryItemKind } from '../kinds/histories';
import { figuresOf } from '../kinds/historyTable';
import { readItemQuery, resolveItem, shownQuery, workspacesIn, type ItemQuery } from './itemSearch';
import { InputError, type ToolSpec } from './toolSpec';

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

export const recentRuns: ToolSpec<RunsInput> = {
  name: 'skyvia_recent_runs',
  read(input) {
    const kind = input.oneOf('kind', HISTORY_KINDS) ?? 'integration';
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
    const filter = `${i.failedOnly ? 'failed ' : ''}${HISTORY_SPECS[i.kind].noun}${i.since ? ` since ${i.since.toISOString()}` : ''}`;
    const scan = { failedOnly: i.failedOnly, since: i.since, perItem: i.limit, signal: ctx.signal };
    if (i.item) {
      const found = await resolveItem(ctx, [i.kind], i.item);
      if (typeof found === 'string') return found;
      const entries = await historyEntries(ctx.client, { ...found.item, name: found.target.name }, scan);
      // l10n-ignore: the model reads this
      if (!entries.length) return `No ${filter} of ${i.kind} “${found.target.name}” (workspace ${found.item.workspaceId}, id ${found.item.id}).`;
      // l10n-ignore: the model reads this
      return [`${latestOf(entries.length, filter)} of ${i.kind} “${found.target.name}”, newest first:`, ...entries.map(entryLine), DETAILS_HINT].join('\n');
    }
    // The same reader as the Failures view: a few requests at a time, an item out of reach told, not fatal.
    const workspaces = await workspacesIn(ctx, i.workspaceId);
    const result = await scanHistories(ctx.client, { ...scan, kinds: [i.kind], workspaces, maxItems: MAX_ITEMS });
    const entries = result.entries.slice(0, i.limit);
    const { items, read } = result;
    // l10n-ignore: the model reads this
    const scope = `${read} ${i.kind}s in ${workspaces.length} workspace${workspaces.length === 1 ? '' : 's'}${items.length > read ? ` (the first ${read} of ${items.length})` : ''}`;
    const unread = [
      // l10n-ignore: the model reads this
      ...result.failures.map((f) => `Not read: the ${HISTORY_SPECS[i.kind].noun} of ${i.kind} “${f.item.name}” (workspace ${f.item.workspaceId}, id ${f.item.id}): ${errorText(f.error)}`),
      // l10n-ignore: the model reads this
      ...result.listFailures.map((f) => `Not read: the ${i.kind}s of workspace “${f.workspace}” (${f.workspaceId}): ${errorText(f.error)}`),
    ];
    // l10n-ignore: the model reads this
    if (!entries.length) return [`No ${filter} among ${scope}.`, ...unread].join('\n');
    // l10n-ignore: the model reads this
    return [`${latestOf(entries.length, filter)} among ${scope}, newest first:`, ...entries.map(entryLine), ...unread, DETAILS_HINT].join('\n');
  },
};

/** The chat's progress line: "Reading failed runs of integration “Nightly Sync”", a sentence per kind. */
function reading(i: RunsInput): string {
  if (!i.item) {
    switch (i.kind) {
      case 'integration': return i.failedOnly ? l10n.t('Reading failed runs of integrations') : l10n.t('Reading runs of integrations');
      case 'backup': return i.failedOnly ? l10n.t('Reading failed snapshots of backups') : l10n.t('Reading snapshots of backups');
      case 'automation': return i.failedOnly ? l10n.t('Reading failed executions of automations') : l10n.t('Reading executions of automations');
      case 'endpoint': return i.failedOnly ? l10n.t('Reading failed requests of endpoints') : l10n.t('Reading requests of endpoints');
    }
  }
  const args = [shownQuery(i.item)];
  switch (i.kind) {
    case 'integration':
      return i.failedOnly
        ? l10n.t({ message: 'Reading failed runs of integration {0}', args, comment: ['{0} is its name in quotes, or its id (such as "12 in workspace 3")'] })
        : l10n.t({ message: 'Reading runs of integration {0}', args, comment: ['{0} is its name in quotes, or its id (such as "12 in workspace 3")'] });
    case 'backup':
      return i.failedOnly
        ? l10n.t({ message: 'Reading failed snapshots of backup {0}', args, comment: ['{0} is its name in quotes, or its id (such as "12 in workspace 3")'] })
        : l10n.t({ message: 'Reading snapshots of backup {0}', args, comment: ['{0} is its name in quotes, or its id (such as "12 in workspace 3")'] });
    case 'automation':
      return i.failedOnly
        ? l10n.t({ message: 'Reading failed executions of automation {0}', args, comment: ['{0} is its name in quotes, or its id (such as "12 in workspace 3")'] })
        : l10n.t({ message: 'Reading executions of automation {0}', args, comment: ['{0} is its name in quotes, or its id (such as "12 in workspace 3")'] });
    case 'endpoint':
      return i.failedOnly
        ? l10n.t({ message: 'Reading failed requests of endpoint {0}', args, comment: ['{0} is its name in quotes, or its id (such as "12 in workspace 3")'] })
        : l10n.t({ message: 'Reading requests of endpoint {0}', args, comment: ['{0} is its name in quotes, or its id (such as "12 in workspace 3")'] });
  }
}

/** "The latest 5 failed runs", "The latest failed run". */
function latestOf(n: number, filter: string): string {
  // l10n-ignore: the model reads this
  return n === 1 ? `The latest ${filter.replace(/^(\w+ )?(\w+)s\b/, (_, pre: string | undefined, noun: string) => `${pre ?? ''}${noun}`)}` : `The latest ${n} ${filter}`;
}

// l10n-ignore: the model reads this
const DETAILS_HINT = 'For one of them, call skyvia_run_details with its kind, workspaceId, itemId and id.';

/** One entry as a JSON line, its figures those the history's chart plots, named as its legend names them ("Duration (s)"). */
function entryLine(e: ScannedEntry): string {
  const figures = figuresOf(HISTORY_SPECS[e.item.kind as HistoryItemKind].entry, e.row);
  return JSON.stringify({
    kind: e.kind,
    workspaceId: e.item.workspaceId,
    itemId: e.item.id,
    item: e.item.name,
    id: e.ref?.id,
    state: e.state,
    outcome: e.outcome,
    date: e.date,
    ...(Object.keys(figures).length ? { figures } : {}),
  });
}
