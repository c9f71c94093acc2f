// Open Log: the log of a run, snapshot, automation execution or endpoint request, from its own
// read, as a read-only editor document. Fetched once per open document; Refresh Log (the
// document's title bar) reads it again — a run still going has more to say.
import * as l10n from '@vscode/l10n';
import { CommandId } from '../../shared/commandIds';
import { ENTRY_KINDS } from '../../shared/refs';
import { quote } from '../../shared/format';
import type { Action, ActionContext } from './action';

/** What of the action context these actions use. */
type Uses = Pick<ActionContext, 'reader' | 'cachedLog' | 'showLog'>;

interface LogInput {
  refresh: boolean;
}

export const openLog: Action<LogInput, { text: string; fetched: boolean }, Uses> = {
  id: CommandId.openLog,
  kinds: ENTRY_KINDS,
  pickTitle: () => l10n.t('Open a log'),
  busy: () => l10n.t('reading log…'),
  input: (_ctx, _targets, given) => Promise.resolve({ refresh: !!given && typeof given === 'object' && (given as Partial<LogInput>).refresh === true }),
  progress: ([t]) => l10n.t('Reading the log of {0}…', quote(t.name)),
  couldNot: (t, reason) => l10n.t("Couldn't read the log of {0}: {1}", quote(t.name), reason),
  async send(ctx, t, input, signal) {
    const cached = input.refresh ? undefined : await ctx.cachedLog(t);
    if (cached !== undefined) return { text: cached, fetched: false };
    const text = await ctx.reader.readLog(t.ref, signal, { fresh: input.refresh });
    return { text: text ?? l10n.t('(The service returned no log for {0}.)', t.name), fetched: true };
  },
  after: (ctx, t, log) => ctx.showLog(t, log.text),
  done: () => undefined,
};
