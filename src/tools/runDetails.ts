// skyvia_run_details (#skyviaRun): one run, snapshot, automation execution or endpoint request —
// every field its own read gives (secrets masked, as everywhere) and its log cut down to what
// matters: counts, how it began and ended, each error with the lines around it. The progress line
// is the person's; the answer, the model's (in English).
import { digestLog } from '../logs/logDigest';
import { ENTRY_KINDS, refs, type EntryKind } from '../shared/refs';
import { oneAccount } from './itemSearch';
import type { ToolSpec } from './toolSpec';
import { describeObject, ENTRIES, entryLog } from '../kinds';

/** Characters of log a result may carry: enough for every error of a typical failure. */
const LOG_BUDGET = 4_500;

interface DetailsInput {
  kind: EntryKind;
  workspaceId: number;
  itemId: number;
  id: string;
  log: boolean;
}

export const runDetails: ToolSpec<DetailsInput> = {
  name: 'skyvia_run_details',
  read: (input) => ({
    kind: input.oneOf('kind', ENTRY_KINDS, { required: true })!,
    workspaceId: input.int('workspaceId', { required: true })!,
    itemId: input.int('itemId', { required: true })!,
    id: input.id('id', { required: true })!,
    log: input.bool('log') ?? true,
  }),
  doing: reading,
  async run(ctx, i) {
    const ref = refs.entry(oneAccount(ctx).id, i.kind, i.workspaceId, i.itemId, i.id);
    const data = await ctx.reader.readItem(ref, ctx.signal);
    const details = describeObject(ref, data, { now: ctx.now });
    const lines = [
      // l10n-ignore: the model reads this
      `${details.title} (kind ${i.kind}, workspaceId ${i.workspaceId}, itemId ${i.itemId}, id ${i.id}):`,
      ...details.rows.filter(([, v]) => v !== undefined && v !== '').map(([k, v]) => `- ${k}: ${v}`),
    ];
    if (i.log) {
      const log = entryLog(i.kind, data);
      // l10n-ignore: the model reads this
      lines.push(
        log === undefined
          ? 'Log: the service returned none.'
          : `Log (${log.length.toLocaleString('en-US')} characters; the user can open it whole with Skyvia: Open Log):\n${digestLog(log, { budget: LOG_BUDGET })}`,
      );
    }
    return lines.join('\n');
  },
};

/** The chat's progress line: "Reading run 123 and its log". */
function reading(i: DetailsInput): string {
  return ENTRIES[i.kind].words.reading(i.id, i.log);
}
