// Pin and Unpin: an integration, backup, automation or endpoint stands in the Pinned group at the
// top of the explorer (or leaves it). Nothing is sent: the list is this account's, kept by VS Code;
// the pinned items' watcher reads each one's newest entry from then on.
import * as l10n from '@vscode/l10n';
import { CommandId } from '../../shared/commandIds';
import { quote } from '../../shared/format';
import type { Action, ActionContext } from './action';
import { HISTORY_KINDS, KINDS } from '../../kinds';

/** What of the action context these actions use. */
type Uses = Pick<ActionContext, 'pins' | 'prompter'>;

function pinning(pin: boolean): Action<undefined, boolean, Uses> {
  return {
    id: pin ? CommandId.pin : CommandId.unpin,
    needs: pin ? 'canPin' : 'canUnpin',
    kinds: HISTORY_KINDS,
    pickTitle: () => (pin ? l10n.t('Pin to the top of the Skyvia view') : l10n.t('Unpin')),
    // Of any of four kinds, not often several at once: the count and its noun are one placeholder.
    many: {
      done: (n, kind) => {
        const args = [KINDS[kind].words.count(n)];
        return pin
          ? l10n.t({ message: '{0} pinned.', args, comment: ['{0} is a count with its noun, such as "3 integrations"'] })
          : l10n.t({ message: '{0} unpinned.', args, comment: ['{0} is a count with its noun, such as "3 integrations"'] });
      },
    },
    local: true,
    busy: () => (pin ? l10n.t('pinning…') : l10n.t('unpinning…')),
    progress: (targets) => {
      if (targets.length > 1) {
        const args = [KINDS[targets[0].ref.kind].words.count(targets.length)];
        return pin
          ? l10n.t({ message: 'Pinning {0}…', args, comment: ['{0} is a count with its noun, such as "3 integrations"'] })
          : l10n.t({ message: 'Unpinning {0}…', args, comment: ['{0} is a count with its noun, such as "3 integrations"'] });
      }
      return pin ? l10n.t('Pinning {0}…', quote(targets[0].name)) : l10n.t('Unpinning {0}…', quote(targets[0].name));
    },
    couldNot: (t, reason) => (pin ? l10n.t("Couldn't pin {0}: {1}", quote(t.name), reason) : l10n.t("Couldn't unpin {0}: {1}", quote(t.name), reason)),
    send: (ctx, t) => Promise.resolve(pin ? ctx.pins.pin(t.ref, t.name) : ctx.pins.unpin(t.ref)),
    done: (t, _r, ctx) => (ctx.prompter.status(pin ? `$(pinned) ${l10n.t('Pinned {0}', quote(t.name))}` : l10n.t('Unpinned {0}', quote(t.name))), undefined),
  };
}

export const pinItem = pinning(true);
export const unpinItem = pinning(false);
