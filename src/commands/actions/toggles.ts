// Enable and disable: an integration's or a backup's schedule, an automation, a published endpoint.
// One request each (the kind's record sends it, `toggle.send`) and no read after it: what the
// answer says becomes the item's fact. An integration without a schedule answers 404 to enable:
// that is a state ("no schedule defined"), told as such, never as an error.
import * as l10n from '@vscode/l10n';
import { HISTORIES, TOGGLE_KINDS, type HistoryRecord } from '../../kinds';
import type { StoredFacts } from '../../shared/model';
import type { HistoryItemKind, Target } from '../../shared/refs';
import { quote } from '../../shared/format';
import type { Action, ActionContext } from './action';

/** What of the action context these actions use. */
type Uses = Pick<ActionContext, 'client' | 'facts'>;

type Toggle = NonNullable<HistoryRecord['toggle']>;

/** The turning on or off of a target, by its kind's record (the action's kinds all have one). */
function toggleOf(t: Target): Toggle {
  return HISTORIES[t.ref.kind as HistoryItemKind].toggle as Toggle;
}

/**
 * The action behind one command, on the kinds it runs on (Enable Schedule: integrations and
 * backups alike); `schedule`: whether what it turns is their schedule (the capability differs).
 */
function toggleAction(kinds: readonly HistoryItemKind[], enable: boolean, schedule: boolean): Action<undefined, Partial<StoredFacts>, Uses> {
  const first = HISTORIES[kinds[0]].toggle as Toggle;
  return {
    id: enable ? first.enable : first.disable,
    needs: schedule ? (enable ? 'canEnableSchedule' : 'canDisableSchedule') : enable ? 'canEnable' : 'canDisable',
    kinds,
    pickTitle: () => first.words.pickTitle(enable),
    many: { done: (n, kind) => HISTORIES[kind as HistoryItemKind].toggle!.words.doneMany(enable, n) },
    busy: () => (schedule ? (enable ? l10n.t('enabling schedule…') : l10n.t('disabling schedule…')) : enable ? l10n.t('enabling…') : l10n.t('disabling…')),
    progress: (targets) => {
      if (targets.length > 1) return toggleOf(targets[0]).words.progressMany(enable, targets.length);
      const name = quote(targets[0].name);
      if (schedule) return enable ? l10n.t('Enabling the schedule of {0}…', name) : l10n.t('Disabling the schedule of {0}…', name);
      return enable ? l10n.t('Enabling {0}…', name) : l10n.t('Disabling {0}…', name);
    },
    couldNot: (t, reason) => {
      const name = quote(t.name);
      if (schedule)
        return enable ? l10n.t("Couldn't enable the schedule of {0}: {1}", name, reason) : l10n.t("Couldn't disable the schedule of {0}: {1}", name, reason);
      return enable ? l10n.t("Couldn't enable {0}: {1}", name, reason) : l10n.t("Couldn't disable {0}: {1}", name, reason);
    },
    send: (ctx, t, _input, signal) => toggleOf(t).send(ctx.client(t.ref.account), t.ref, enable, ctx.facts.get(t.ref).row ?? t.data, signal),
    after: (ctx, t, facts) => ctx.facts.patch(t.ref, facts),
    done: (t, facts) => {
      if (facts.schedule === 'none')
        return { severity: 'info', text: l10n.t('{0} has no schedule defined, so there is nothing to enable. Define one in Skyvia first.', quote(t.name)) };
      return { severity: 'info', text: toggleOf(t).words.done(enable, quote(t.name)) };
    },
  };
}

/** The kinds whose schedule is what they turn: one Enable Schedule and one Disable Schedule for all. */
const SCHEDULED = TOGGLE_KINDS.filter((k) => HISTORIES[k].toggle!.schedule);

/** Every toggle, as the records have them: the schedules' shared pair, and each kind that turns itself its own. */
export const TOGGLE_ACTIONS = [
  ...(SCHEDULED.length ? [toggleAction(SCHEDULED, true, true), toggleAction(SCHEDULED, false, true)] : []),
  ...TOGGLE_KINDS.filter((k) => !HISTORIES[k].toggle!.schedule).flatMap((k) => [toggleAction([k], true, false), toggleAction([k], false, false)]),
];
