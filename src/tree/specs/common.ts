// Description pieces and tokens several kinds share.
import type { Facts } from '../../shared/describe';
import { scheduleText } from '../../shared/describe';
import { joinParts, relativeTime } from '../../shared/format';
import { outcomeOf } from '../../shared/outcome';
import type { Flag } from '../contextValues';
import { outcomeColor } from '../icons';
import type { ItemView } from '../itemSpec';

/** "Failed 3 h ago": the newest history entry, once the history has been loaded. */
export function latestText(facts: Facts, now: number): string | undefined {
  const l = facts.latest;
  return l ? joinParts(l.state, relativeTime(l.date, now)) || undefined : undefined;
}

/** "running" / "queued" / "canceling" while a run is under way, else the newest entry. */
export function progressText(v: ItemView<unknown>): string | undefined {
  const active = v.facts.active;
  if (active) return active.state.toLowerCase();
  return latestText(v.facts, v.now);
}

/** Red after a failure, else the theme's colour. */
export function latestColor(facts: Facts): string | undefined {
  return outcomeColor(outcomeOf(facts.latest?.state));
}

/** "schedule on" / "schedule off" / "no schedule" for a description. */
export function scheduleWords(v: ItemView<{ scheduled?: boolean }>): string | undefined {
  const text = scheduleText(v.facts.schedule, v.data.scheduled);
  return text === undefined ? undefined : text === 'none defined' ? 'no schedule' : `schedule ${text}`;
}

/** Schedule state and capability tokens: Enable is never offered when no schedule is defined. */
export function scheduleFlags(v: ItemView<{ scheduled?: boolean }>): (Flag | false)[] {
  const s = v.facts.schedule;
  const on = s ? s === 'active' : v.data.scheduled === true;
  const none = s === 'none';
  const idle = !v.busy;
  return [on && 'scheduled', !on && !none && 'unscheduled', none && 'noSchedule', idle && !on && !none && 'canEnableSchedule', idle && on && 'canDisableSchedule'];
}

/** Tokens of an item that can have a run under way. */
export function runFlags(v: ItemView<unknown>): (Flag | false)[] {
  return [!!v.facts.active && 'running', 'canShowActive'];
}
