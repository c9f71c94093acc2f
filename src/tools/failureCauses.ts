// skyvia_failure_causes (#skyviaCauses): why things failed lately — the failures of every kind the
// Failures view scans (or of one workspace), grouped by cause as the view groups them
// (views/failuresCauses.ts): each failure's first error made into a signature, read once per
// failed entry through the reader's one read per entry and a gate paced as the scan's. The answer
// is the model's (English): a JSON line per cause, the new ones and the most frequent first.
import * as l10n from '@vscode/l10n';
import { parseSince } from '../shared/format';
import type { ItemRef } from '../shared/refs';
import { pacedGate, scanHistories, type ScannedEntry } from '../state/accountScan';
import { groupByCause, readCauses, type RowCause } from '../views/failuresCauses';
import type { CauseGroup, FailureRow } from '../views/failuresModel';
import { SCANNED_FOR_FAILURES, entryName } from '../kinds';
import { workspacesIn, workspacesText } from './itemSearch';
import { InputError, type ToolSpec } from './toolSpec';

/** Failures whose causes one call reads at most (the newest): one request each, far from the service. */
const MAX_READ = 300;
/** Failures listed per item by the scan: a window rarely holds more. */
const PER_ITEM = 100;
const DAY = 86_400_000;
/** Items named per cause at most. */
const MAX_ITEMS = 8;

interface CausesInput {
  since: Date;
  workspaceId?: number;
  limit: number;
}

export const failureCauses: ToolSpec<CausesInput> = {
  name: 'skyvia_failure_causes',
  read(input) {
    const since = parseSince(input.string('since', { max: 40 }) ?? '7d');
    // l10n-ignore: the model reads this
    if ('error' in since) throw new InputError(`\`since\`: ${since.error}`);
    return { since: since.date, workspaceId: input.int('workspaceId'), limit: input.int('limit', { max: 30 }) ?? 10 };
  },
  doing: () => l10n.t('Reading why runs failed…'),
  async run(ctx, i) {
    const scopes = await workspacesIn(ctx, i.workspaceId);
    // Only a window that reaches before the last 24 hours can tell a cause new in them.
    const window = ctx.now - i.since.getTime() > DAY ? '7d' : '24h';
    const found = await Promise.all(
      scopes.map(async (s) => {
        const scan = await scanHistories(s.account.client, {
          account: s.account.id,
          kinds: SCANNED_FOR_FAILURES,
          workspaces: s.workspaces,
          failedOnly: true,
          since: i.since,
          perItem: PER_ITEM,
          signal: ctx.signal,
        });
        const failed = scan.entries.filter((e): e is ScannedEntry & { ref: ItemRef } => !!e.ref && e.outcome === 'failed');
        const rows: FailureRow[] = failed.slice(0, MAX_READ).map((entry) => ({
          ref: entry.ref,
          name: entryName(entry.ref, entry.item.name),
          itemName: entry.item.name,
          data: entry.row,
          entry,
        }));
        const known = new Map<string, RowCause>();
        const { gate, watching } = pacedGate(s.account.client);
        try {
          await readCauses(
            rows,
            known,
            (ref, signal) => ctx.reader.readItem(ref, signal),
            gate,
            ctx.signal,
            () => undefined,
          );
        } finally {
          watching.dispose();
        }
        return { scope: s, failed: failed.length, groups: groupByCause(s.account.id, rows, known, window, ctx.now).groups };
      }),
    );
    const failed = found.reduce((n, f) => n + f.failed, 0);
    const read = found.reduce((n, f) => n + f.groups.reduce((m, g) => m + g.rows.length, 0), 0);
    // l10n-ignore: the model reads this
    const scope = `${workspacesText(scopes)} since ${i.since.toISOString()}`;
    // l10n-ignore: the model reads this
    if (!failed) return `Nothing failed in ${scope}.`;
    const several = ctx.accounts.length > 1;
    const groups = found
      .flatMap((f) => f.groups.map((g) => ({ g, account: several ? f.scope.account.label : undefined })))
      .sort((a, b) => Number(a.g.cause === '') - Number(b.g.cause === '') || Number(b.g.isNew) - Number(a.g.isNew) || b.g.rows.length - a.g.rows.length);
    const shown = groups.slice(0, i.limit);
    // l10n-ignore: the model reads this
    return [
      `${failed} failure${failed === 1 ? '' : 's'} in ${scope}${read < failed ? ` (the causes of the newest ${read} read)` : ''}, under ${groups.length} cause${groups.length === 1 ? '' : 's'}; new ones first, then the most frequent:`,
      ...shown.map(({ g, account }) => causeLine(g, account)),
      ...(groups.length > shown.length ? [`(${groups.length - shown.length} more causes not shown; raise \`limit\`.)`] : []),
      'For one failure, call skyvia_run_details with the kind, workspaceId, itemId and id of its `example`.',
    ].join('\n');
  },
};

/** A cause as a JSON line: its words, how often and where, when first and last seen, whether new, and its newest failure. */
function causeLine(g: CauseGroup, account: string | undefined): string {
  const [newest] = g.rows;
  return JSON.stringify({
    ...(account ? { account } : {}),
    cause: g.cause === '' ? null : g.words,
    ...(g.unknown ? { unknown: [...new Set(g.unknown)].slice(0, 3) } : {}),
    failures: g.rows.length,
    // The items with the most of its failures: a cause of the whole account may touch dozens.
    ...(g.items.length > MAX_ITEMS ? { moreItems: g.items.length - MAX_ITEMS } : {}),
    items: g.items.slice(0, MAX_ITEMS).map((item) => ({
      kind: item.rows[0].entry.item.kind,
      workspaceId: item.rows[0].entry.item.workspaceId,
      id: item.rows[0].entry.item.id,
      name: item.name,
      failures: item.rows.length,
    })),
    first: new Date(g.first).toISOString(),
    last: new Date(g.last).toISOString(),
    new: g.isNew,
    example: { kind: newest.ref.kind, workspaceId: newest.ref.workspaceId, itemId: newest.ref.parentId, id: newest.ref.id },
  });
}
