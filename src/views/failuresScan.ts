// One account's reading for the Failures view: its workspaces, every scanned item's history of
// the range through the shared scan (state/accountScan.ts), the successes judged against their
// items' baselines as each history comes, and notes of what could not be read.
import { l10n } from 'vscode';
import type { SkyviaClient, Workspace } from '../api';
import { isSkyviaError, MAX_TAKE } from '../api';
import { errorText, formatDateTime, joinParts, whenText } from '../shared/format';
import { refs, type AccountId, type ItemRef, type HistoryItemKind } from '../shared/refs';
import { scanHistories, type ScanResult, type ScannedEntry } from '../state/accountScan';
import type { Baselines } from '../state/baselines';
import type { Unusual } from '../shared/model';
import { HISTORIES, KINDS, SCANNED_FOR_FAILURES, entryName } from '../kinds';
import { countItem, GridCounts, slotsOf } from './runsGridModel';
import { SLOT_UNIT, WINDOW_MS, type FailureNote, type FailureRow, type FailureWindow, type Found, type UnusualRow } from './failuresModel';
import { failedText, itemsRead, leftOutNote } from './failuresRows';
import { LiveIndex, underWayRecord } from './failuresLive';
import type { RunRecord } from '../shared/model';

/** Failures listed per item before the list says "more": a window rarely holds this many. */
const PER_ITEM = 100;

export interface AccountReading {
  account: AccountId;
  client: SkyviaClient;
  window: FailureWindow;
  now: number;
  /** The workspaces to read (the tree's, or the last reading's), else listed now. */
  workspaces?: readonly Workspace[];
  /** What the last reading found: kept when this one is cancelled or fails. */
  previous?: Found;
  baselines: Pick<Baselines, 'observe' | 'lacking' | 'mayHaveUnread' | 'readWhole' | 'wantsBefore' | 'judge'>;
  unusual: boolean;
  signal: AbortSignal;
  /** The workspaces read, for the next reading. */
  listed(workspaces: readonly Workspace[]): void;
  progress(read: number, total: number): void;
  /** An entry found under way, newest of its item: the run store watches it, so its end is told (and taken in). */
  underWay?(run: RunRecord): void;
}

/** One account's failed entries (or a note of why they could not be read). */
export async function readAccount(r: AccountReading): Promise<Found> {
  const { account, client, signal, now, previous } = r;
  const since = new Date(now - WINDOW_MS[r.window]);
  let result: ScanResult;
  /** Each item's successes, judged as its history came (its baseline is its own): not all at the end. */
  const judged = new Map<ScannedEntry, Unusual>();
  /** Every entry read, counted in its item's slot as it comes (the runs grid): the entries themselves are not kept. */
  const grid = new GridCounts(slotsOf(since.getTime(), now, SLOT_UNIT[r.window]));
  const live = new LiveIndex();
  try {
    const workspaces = r.workspaces ?? (await client.listWorkspaces({ signal }));
    r.listed(workspaces);
    const unusual = r.unusual;
    result = await scanHistories(client, {
      account,
      kinds: SCANNED_FOR_FAILURES,
      workspaces,
      // Every entry of the newest page (the runs grid counts them; judging successes takes them),
      // the failures older than it, and what the baselines need read back before it. As many
      // requests as failures only: one page per item, and its older failures where it has more.
      failedOnly: false,
      since,
      perItem: MAX_TAKE,
      olderFailures: PER_ITEM,
      ...(unusual ? { baselines: r.baselines } : {}),
      signal,
      onItem: (entries, read) => {
        if (unusual)
          for (const e of entries) {
            const u = e.ref && e.outcome === 'succeeded' ? r.baselines.judge(e.ref, e.row) : undefined;
            if (u) judged.set(e, u);
          }
        const item = { ref: refs.item(account, read.item.kind, read.item.workspaceId, read.item.id), name: read.item.name, workspace: read.item.workspace };
        countItem(grid, item, entries, read.wholeFrom, (i) => judged.has(entries[i]));
        const going = live.read(read.item, item, entries);
        if (going) r.underWay?.(underWayRecord(going, item.ref));
      },
      keep: (e) => !!e.ref && (e.outcome === 'failed' || judged.has(e)),
      progress: r.progress,
    });
  } catch (e) {
    const cancelled = signal.aborted || isSkyviaError(e, 'cancelled');
    return {
      rows: previous?.rows ?? [],
      unusual: previous?.unusual ?? [],
      readBacks: 0,
      grid: previous?.grid ?? grid,
      live: previous?.live ?? live,
      notes: [
        cancelled
          ? { note: 'cancelled', account, label: l10n.t('Reading cancelled'), description: l10n.t('Refresh to read again'), severity: 'info' }
          : {
              note: 'failed',
              account,
              label: l10n.t("Couldn't read the account: {0}", errorText(e)),
              description: l10n.t('Refresh to try again'),
              severity: 'warning',
            },
      ],
    };
  }
  const rowOf = (entry: ScannedEntry & { ref: ItemRef }): FailureRow => ({
    ref: entry.ref,
    name: entryName(entry.ref, entry.item.name),
    data: entry.row,
    itemName: entry.item.name,
    entry,
  });
  const withRef = result.entries.filter((e): e is ScannedEntry & { ref: ItemRef } => !!e.ref);
  const rows = withRef.filter((e) => e.outcome === 'failed').map(rowOf);
  const unusual = withRef.flatMap((e): UnusualRow[] => {
    const u = judged.get(e);
    return u ? [{ ...rowOf(e), unusual: u }] : [];
  });
  const workspaces = new Set(result.items.map((i) => i.workspaceId)).size;
  const summary: FailureNote = {
    note: 'summary',
    account,
    label: failedText(r.window, rows.length),
    description: itemsRead(result.read, workspaces),
    tooltip: l10n.t(
      'Read {0}: every failure since {1} in the histories of the items this view reads.',
      whenText(now, now) ?? formatDateTime(now),
      since.toLocaleString(),
    ),
    severity: 'info',
  };
  const unread: FailureNote[] = [
    ...(result.leftOut ? [leftOutNote(account, result.leftOut, since)] : []),
    ...result.listFailures.map((f) => ({
      note: `list:${f.workspaceId}:${f.kind}`,
      account,
      label: `${f.workspace}: ${KINDS[f.kind].words.plural()}`,
      description: l10n.t("Couldn't list them: {0}", errorText(f.error)),
      tooltip: errorText(f.error),
      severity: 'warning' as const,
    })),
    ...result.failures.map((f) => ({
      note: `item:${f.item.kind}:${f.item.workspaceId}:${f.item.id}`,
      account,
      label: f.item.name,
      description: HISTORIES[f.item.kind as HistoryItemKind].words.historyUnread(errorText(f.error)),
      tooltip: `${joinParts(f.item.workspace, entryName(refs.item(account, f.item.kind, f.item.workspaceId, f.item.id)))}\n\n${errorText(f.error)}`,
      severity: 'warning' as const,
    })),
  ];
  return { rows, unusual, notes: [summary, ...unread], readBacks: result.readBacks, grid, live };
}
