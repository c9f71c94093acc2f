// Description pieces and tokens several kinds share.
import * as l10n from '@vscode/l10n';
import type { Facts } from '../shared/describe';
import { scheduleState } from '../shared/describe';
import { joinParts, relativeTime } from '../shared/format';
import { stateWord } from '../shared/nouns';
import { outcomeOf } from '../shared/outcome';
import type { Capability, Flag } from './contextValues';
import type { ItemView } from './kind';

/** "Failed 3 h ago": the newest history entry, once the history has been loaded. */
export function latestText(facts: Facts, now: number): string | undefined {
  const l = facts.latest;
  return l ? joinParts(l.state && stateWord(l.state), relativeTime(l.date, now)) || undefined : undefined;
}

/** "Running" / "Queued" / "Canceling" while a run is under way, else the newest entry. */
export function progressText(v: ItemView<unknown>): string | undefined {
  const active = v.facts.active;
  if (active) return stateWord(active.state);
  return latestText(v.facts, v.now);
}

/** Red after a failure (the Testing view's colour, which every theme defines), else the theme's colour. */
export function latestColor(facts: Facts): string | undefined {
  return outcomeOf(facts.latest?.state) === 'failed' ? 'testing.iconFailed' : undefined;
}

/** "schedule on" / "schedule off" / "no schedule" for a description. */
export function scheduleWords(v: ItemView<{ scheduled?: boolean }>): string | undefined {
  switch (scheduleState(v.facts.schedule, v.data.scheduled)) {
    case 'none':
      return l10n.t('no schedule');
    case 'on':
      return l10n.t('schedule on');
    case 'off':
      return l10n.t('schedule off');
    default:
      return undefined;
  }
}

function scheduleOf(v: ItemView<{ scheduled?: boolean }>): { on: boolean; none: boolean } {
  const s = v.facts.schedule;
  return { on: s ? s === 'active' : v.data.scheduled === true, none: s === 'none' };
}

/** Schedule state tokens. */
export function scheduleFlags(v: ItemView<{ scheduled?: boolean }>): (Flag | false)[] {
  const { on, none } = scheduleOf(v);
  return [on && 'scheduled', !on && !none && 'unscheduled', none && 'noSchedule'];
}

/** Enable or disable the schedule: Enable is never offered when no schedule is defined. */
export function scheduleCapabilities(v: ItemView<{ scheduled?: boolean }>): (Capability | false)[] {
  const { on, none } = scheduleOf(v);
  return v.busy ? [] : [!on && !none && 'canEnableSchedule', on && 'canDisableSchedule'];
}

/** Pin or Unpin: any item with a history can stand in the Pinned group. */
export function pinCapability(v: ItemView<unknown>): Capability {
  return v.facts.pinned ? 'canUnpin' : 'canPin';
}

/** State tokens of an item that can have a run under way. */
export function runFlags(v: ItemView<unknown>): (Flag | false)[] {
  return [!!v.facts.active && 'running'];
}

/**
 * Cancel and Kill, for an integration's run under way (the only runs the API stops): Cancel once
 * (not while it is canceling), Kill whenever it runs — it is the way out of a cancel that hangs.
 */
export function stopCapabilities(v: ItemView<unknown>): (Capability | false)[] {
  const run = v.facts.active;
  if (!run || v.busy || run.ref.kind !== 'run') return [];
  const canceling = /^cancel/i.test(run.state);
  return [!canceling && 'canCancel', 'canKill'];
}
