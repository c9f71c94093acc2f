// Description fragments shared by item nodes.
import { joinParts, relativeTime } from '../../util/format';

/** "on" / "off" for a tooltip row whose title already names the thing. */
export function onOff(flag: boolean | undefined): string | undefined {
  return flag === undefined ? undefined : flag ? 'on' : 'off';
}

export function scheduleText(scheduled: boolean | undefined): string | undefined {
  return scheduled === undefined ? undefined : scheduled ? 'schedule on' : 'schedule off';
}

/** "Failed 3 h ago": the newest history entry, once the history has been loaded. */
export function latestText(state: string | null | undefined, date: string | null | undefined, now = Date.now()): string | undefined {
  return joinParts(state, relativeTime(date, now)) || undefined;
}
