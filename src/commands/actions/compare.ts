// Compare with Last Success: a failed run, snapshot or execution beside the newest one of the same
// item that succeeded before it, as two read-only logs in VS Code's diff editor — the good run on
// the left — so what changed between them is what the editor marks. Each log's clock times are
// shown as times since its start (logs/logSinceStart.ts): two runs at other hours line up line
// by line. Reads: the history from the entry's date back (usually one page), and the two logs (a
// log already open is not read again).
import { capitalize } from '../../shared/format';
import { entryName, KIND_NOUNS, parentRef, type Target } from '../../shared/refs';
import { historyOf } from '../../kinds/histories';
import { CommandId } from '../../shared/commandIds';
import { quote } from '../runner';
import type { Action, ActionContext } from './action';

interface Comparison {
  itemName: string;
  good?: { target: Target; text: string };
  text: string;
  /** History entries read looking for a success. */
  looked: number;
}

export const compareWithLastSuccess: Action<undefined, Comparison> = {
  id: CommandId.compareWithLastSuccess,
  kinds: ['run', 'snapshot', 'execution'],
  pickTitle: 'Compare with the last success',
  verb: 'compare with the last success',
  busy: 'comparing…',
  progress: (t) => `Comparing ${quote(t.name)} with the last success…`,
  async send(ctx, t, _input, signal) {
    const item = parentRef(t.ref);
    const spec = item && historyOf(item.kind);
    if (!item || !spec) throw new Error(`${t.name} belongs to no history.`);
    // Its date says where "before" starts: from its row when known, else its own read.
    const row = t.data ?? (await ctx.reader.readItem(t.ref, signal));
    const { found, looked } = await ctx.reader.lastSuccessBefore(t.ref, spec.entry.latest(row).date, signal);
    const itemName = / of (.+)$/.exec(t.name)?.[1] ?? ctx.nameOf(item);
    if (!found) return { itemName, text: '', looked };
    const good: Target = { ref: found.ref, name: entryName(found.ref, itemName), data: found.row };
    const [text, goodText] = await Promise.all([logOf(ctx, t, signal), logOf(ctx, good, signal)]);
    return { itemName, good: { target: good, text: goodText }, text, looked };
  },
  async after(ctx, t, r) {
    if (!r.good) return;
    const noun = capitalize(KIND_NOUNS[t.ref.kind][0]);
    await ctx.showLogDiff(r.good, { target: t, text: r.text }, `${noun} ${r.good.target.ref.id} (last success) ↔ ${noun} ${t.ref.id}`);
  },
  done: (t, r) =>
    r.good
      ? undefined
      : {
          severity: 'info',
          text: `No ${KIND_NOUNS[t.ref.kind][0]} of ${quote(r.itemName)} succeeded before ${KIND_NOUNS[t.ref.kind][0]} ${t.ref.id} (${r.looked} read): there is nothing to compare it with.`,
        },
};

/** A log as Open Log has it (its open document's text), else read. */
async function logOf(ctx: ActionContext, t: Target, signal: AbortSignal): Promise<string> {
  return (await ctx.cachedLog(t)) ?? (await ctx.reader.readLog(t.ref, signal)) ?? `(The service returned no log for ${t.name}.)`;
}
