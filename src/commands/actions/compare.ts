// Compare with Last Success: a failed run, snapshot or execution beside the newest one of the same
// item that succeeded before it, as two read-only logs in VS Code's diff editor — the good run on
// the left — so what changed between them is what the editor marks. Each log's clock times are
// shown as times since its start (logs/logSinceStart.ts): two runs at other hours line up line
// by line. Reads: the history from the entry's date back (usually one page), and the two logs (a
// log already open is not read again).
import * as l10n from '@vscode/l10n';
import { parentRef, type ItemRef, type Target } from '../../shared/refs';
import { CommandId } from '../../shared/commandIds';
import { quote } from '../../shared/format';
import type { Action, ActionContext } from './action';
import { COMPARABLE_KINDS, ENTRIES, entryName, entryOf, historyOf } from '../../kinds';

/** What of the action context these actions use. */
type Uses = Pick<ActionContext, 'reader' | 'cachedLog' | 'showLogDiff' | 'nameOf'>;

interface Comparison {
  itemName: string;
  good?: { target: Target; text: string };
  text: string;
  /** History entries read looking for a success. */
  looked: number;
}

export const compareWithLastSuccess: Action<undefined, Comparison, Uses> = {
  id: CommandId.compareWithLastSuccess,
  kinds: COMPARABLE_KINDS,
  pickTitle: () => l10n.t('Compare with the last success'),
  busy: () => l10n.t('comparing…'),
  progress: ([t]) => l10n.t('Comparing {0} with the last success…', quote(t.name)),
  couldNot: (t, reason) => l10n.t("Couldn't compare {0} with the last success: {1}", quote(t.name), reason),
  async send(ctx, t, _input, signal) {
    const item = parentRef(t.ref);
    const spec = item && historyOf(item.kind);
    if (!item || !spec) throw new Error(l10n.t('{0} belongs to no history.', t.name));
    // Its date says where "before" starts: from its row when known, else its own read.
    const row = t.data ?? (await ctx.reader.readItem(t.ref, signal));
    const { found, looked } = await ctx.reader.lastSuccessBefore(t.ref, spec.entry.latest(row).date, signal);
    const itemName = t.itemName ?? ctx.nameOf(item);
    if (!found) return { itemName, text: '', looked };
    const good: Target = { ref: found.ref, name: entryName(found.ref, itemName), data: found.row, itemName };
    const [text, goodText] = await Promise.all([logOf(ctx, t, signal), logOf(ctx, good, signal)]);
    return { itemName, good: { target: good, text: goodText }, text, looked };
  },
  async after(ctx, t, r) {
    if (!r.good) return;
    await ctx.showLogDiff(r.good, { target: t, text: r.text }, l10n.t('{0} (last success) ↔ {1}', entryName(r.good.target.ref), entryName(t.ref)));
  },
  done: (t, r) => (r.good ? undefined : { severity: 'info', text: noSuccessBefore(t.ref, r.itemName, r.looked) }),
};

/** "No run of “Nightly Sync” succeeded before run 123 (40 read): …", in the entry's words. */
function noSuccessBefore(ref: ItemRef, itemName: string, looked: number): string {
  return (entryOf(ref.kind) ?? ENTRIES.run).words.noSuccessBefore(quote(itemName), ref.id, looked);
}

/** A log as Open Log has it (its open document's text), else read. */
async function logOf(ctx: Uses, t: Target, signal: AbortSignal): Promise<string> {
  return (await ctx.cachedLog(t)) ?? (await ctx.reader.readLog(t.ref, signal)) ?? l10n.t('(The service returned no log for {0}.)', t.name);
}
