// The Failures view grouped by cause: each failure's first error (its kind's record says where it
// is: kinds/index.ts `entryFirstError`) made into a cause (shared/causes.ts), read once per failed
// entry through the reader's one read per entry (state/entryReads.ts) and a gate paced as the
// scan's; the causes, their items and their failures, as they come. Plain (no `vscode`): unit-tested
// in Node.
import * as l10n from '@vscode/l10n';
import { getMaxListeners, setMaxListeners } from 'node:events';
import { errorText } from '../shared/format';
import { causeOf } from '../shared/causes';
import { refKey, type AccountId, type ItemRef } from '../shared/refs';
import { isSkyviaError } from '../api';
import type { AdaptiveGate } from '../shared/adaptiveGate';
import { entryFirstError } from '../kinds';
import { WINDOW_MS, type CauseGroup, type CauseItem, type FailureRow, type FailureWindow } from './failuresModel';

/** A failure's cause, or why it is unknown. */
export type RowCause = { signature: string; words: string } | { why: string };

/** Counted new when first seen this recently, and never before in the range read. */
const NEW_MS = 86_400_000;

/** A failure's cause from an entry as read (or its list row, when that carries its log). */
export function causeOfEntry(row: FailureRow, data: object): RowCause | undefined {
  const first = entryFirstError(row.entry.kind, data);
  return first ? causeOf(first) : undefined;
}

/**
 * Reads the cause of every failure not yet known, at most once each: from its row when that
 * carries its log, else its entry's own read. `told` after each (the view redraws at its pace).
 * Resolves when every one is known or the reading is stopped.
 *
 * Each item's newest failure is read first (`firstPerItem`): an item that fails again and again
 * usually fails for one reason, so every cause of the window shows after about one read per item
 * — a few round trips — while the rest of the failures come to be counted under them.
 */
export async function readCauses(
  rows: readonly FailureRow[],
  known: Map<string, RowCause>,
  read: (ref: ItemRef, signal: AbortSignal) => Promise<object>,
  gate: AdaptiveGate,
  signal: AbortSignal,
  told: () => void,
): Promise<void> {
  // Every read out listens to the one signal: as many as the gate lets out at once.
  setMaxListeners(Math.max(getMaxListeners(signal), 1_000), signal);
  const one = async (row: FailureRow): Promise<void> => {
    const key = refKey(row.ref);
    if (known.has(key)) return;
    const fromRow = causeOfEntry(row, row.data);
    if (fromRow) {
      known.set(key, fromRow);
      return told();
    }
    try {
      const data = await gate.run(() => read(row.ref, signal), signal);
      known.set(key, causeOfEntry(row, data) ?? { why: l10n.t('{0}: its log tells of no error', row.name) });
    } catch (e) {
      if (signal.aborted || isSkyviaError(e, 'cancelled')) return;
      known.set(key, { why: l10n.t("{0}: its log couldn't be read: {1}", row.name, errorText(e)) });
    }
    told();
  };
  await Promise.all(firstPerItem(rows).map(one));
}

/** A failure's item, as a key: its kind, workspace and id. */
function itemKeyOf(row: Pick<FailureRow, 'entry'>): string {
  const { kind, workspaceId, id } = row.entry.item;
  return `${kind}:${workspaceId}:${id}`;
}

/** The rows (newest first) with each item's newest failure before all the others, each part in its order. */
export function firstPerItem<R extends Pick<FailureRow, 'entry'>>(rows: readonly R[]): R[] {
  const seen = new Set<string>();
  const first: R[] = [];
  const rest: R[] = [];
  for (const row of rows) {
    const key = itemKeyOf(row);
    (seen.has(key) ? rest : first).push(row);
    seen.add(key);
  }
  return [...first, ...rest];
}

/**
 * An account's failures by cause: the causes known so far (the unknown last), each with its items
 * and their failures, newest first. `pending`: failures whose cause is not read yet.
 */
export function groupByCause(
  account: AccountId,
  rows: readonly FailureRow[],
  known: ReadonlyMap<string, RowCause>,
  window: FailureWindow,
  now: number,
): { groups: CauseGroup[]; pending: number } {
  const byCause = new Map<string, { words: string; rows: FailureRow[]; why: string[] }>();
  let pending = 0;
  for (const row of rows) {
    const c = known.get(refKey(row.ref));
    if (!c) {
      pending++;
      continue;
    }
    const signature = 'why' in c ? '' : c.signature;
    let g = byCause.get(signature);
    if (!g) byCause.set(signature, (g = { words: 'why' in c ? '' : c.words, rows: [], why: [] }));
    g.rows.push(row);
    if ('why' in c) g.why.push(c.why);
  }
  // Only a range that reaches before the last 24 hours can tell what is new in them.
  const tellsNew = WINDOW_MS[window] > NEW_MS;
  const groups = [...byCause].map(([cause, g]): CauseGroup => {
    const at = g.rows.map((r) => r.entry.at);
    const first = Math.min(...at);
    const group: CauseGroup & { items: CauseItem[] } = {
      cause,
      account,
      words: g.words,
      rows: g.rows,
      items: [],
      first,
      last: Math.max(...at),
      isNew: cause !== '' && tellsNew && first >= now - NEW_MS,
      ...(cause === '' ? { unknown: g.why } : {}),
    };
    const byItem = new Map<string, FailureRow[]>();
    for (const r of g.rows) {
      const key = itemKeyOf(r);
      byItem.set(key, [...(byItem.get(key) ?? []), r]);
    }
    for (const [key, itemRows] of byItem)
      group.items.push({ causeItem: key, causeOf: group, name: itemRows[0].entry.item.name, workspace: itemRows[0].entry.item.workspace, rows: itemRows });
    group.items.sort((a, b) => b.rows.length - a.rows.length || b.rows[0].entry.at - a.rows[0].entry.at);
    return group;
  });
  // The new first, then the most frequent; the unknown last.
  groups.sort(
    (a, b) => Number(a.cause === '') - Number(b.cause === '') || Number(b.isNew) - Number(a.isNew) || b.rows.length - a.rows.length || b.last - a.last,
  );
  return { groups, pending };
}
