// skyvia_run_details (#skyviaRun): one run, snapshot, automation execution or endpoint request —
// every field its own read gives (secrets masked, as everywhere) and its log cut down to what
// matters: counts, how it began and ended, each error with the lines around it. The progress line
// is the person's; the answer, the model's (in English).
import * as l10n from '@vscode/l10n';
import { describeItem } from '../shared/describe';
import { digestLog } from '../logs/logDigest';
import { logText } from '../logs/logText';
import { refs, type EntryKind } from '../shared/refs';
import type { ToolSpec } from './toolSpec';

const ENTRY_KINDS = ['run', 'snapshot', 'execution', 'request'] as const satisfies readonly EntryKind[];
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
    const ref = refs.entry(i.kind, i.workspaceId, i.itemId, i.id);
    const data = await ctx.reader.readItem(ref, ctx.signal);
    const details = describeItem(ref, data, { now: ctx.now });
    const lines = [
      // l10n-ignore: the model reads this
      `${details.title} (kind ${i.kind}, workspaceId ${i.workspaceId}, itemId ${i.itemId}, id ${i.id}):`,
      ...details.rows.filter(([, v]) => v !== undefined && v !== '').map(([k, v]) => `- ${k}: ${v}`),
    ];
    if (i.log) {
      const log = logText(i.kind, data);
      // l10n-ignore: the model reads this
      lines.push(log === undefined ? 'Log: the service returned none.' : `Log (${log.length.toLocaleString('en-US')} characters; the user can open it whole with Skyvia: Open Log):\n${digestLog(log, { budget: LOG_BUDGET })}`);
    }
    return lines.join('\n');
  },
};

/** The chat's progress line: "Reading run 123 and its log". */
function reading(i: DetailsInput): string {
  switch (i.kind) {
    case 'run': return i.log ? l10n.t('Reading run {0} and its log', i.id) : l10n.t('Reading run {0}', i.id);
    case 'snapshot': return i.log ? l10n.t('Reading snapshot {0} and its log', i.id) : l10n.t('Reading snapshot {0}', i.id);
    case 'execution': return i.log ? l10n.t('Reading execution {0} and its log', i.id) : l10n.t('Reading execution {0}', i.id);
    case 'request': return i.log ? l10n.t('Reading request {0} and its log', i.id) : l10n.t('Reading request {0}', i.id);
  }
}
