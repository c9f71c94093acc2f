// Enable and disable the schedule of an integration or a backup. An integration without a
// schedule answers 204 to its read and 404 to enable: that is a state ("no schedule defined"),
// told as such, never as an error. The backup schedule record's shape is not documented; what
// comes back is kept as it came, and the backup's own read says whether it is on.
import { numId, wsId, type Target } from '../../shared/refs';
import type { ScheduleState } from '../../shared/model';
import { CommandId } from '../../shared/commandIds';
import { quote } from '../runner';
import type { Action, ActionContext } from './action';

interface ScheduleResult {
  /** What the answer said; `undefined` when it said nothing (a 200 with an empty body). */
  state?: ScheduleState;
  record?: unknown;
}

async function setSchedule(ctx: ActionContext, t: Target, enable: boolean, signal: AbortSignal): Promise<ScheduleResult> {
  const ws = wsId(t.ref);
  const id = numId(t.ref);
  if (t.ref.kind === 'integration') {
    if (!enable) {
      const s = await ctx.client.disableIntegrationSchedule(ws, id, { signal });
      return { state: s ? (s.active ? 'active' : 'inactive') : 'inactive' };
    }
    const outcome = await ctx.client.enableIntegrationSchedule(ws, id, { signal });
    if (!outcome.ok) return { state: 'none' };
    return { state: outcome.status ? (outcome.status.active ? 'active' : 'inactive') : 'active' };
  }
  const s = enable ? await ctx.client.enableBackupSchedule(ws, id, { signal }) : await ctx.client.disableBackupSchedule(ws, id, { signal });
  return { state: s ? (s.active ? 'active' : 'inactive') : enable ? 'active' : 'inactive', record: s ?? null };
}

/**
 * The schedule state as answered becomes the item's fact (it wins over the list row's
 * `scheduled` flag wherever the schedule is shown): one request per click, no read after it.
 */
function afterSchedule(ctx: ActionContext, t: Target, result: ScheduleResult): void {
  ctx.facts.patch(t.ref, { schedule: result.state, ...(t.ref.kind === 'backup' ? { scheduleRecord: result.record } : {}) });
}

function scheduleAction(enable: boolean): Action<undefined, ScheduleResult> {
  const verb = enable ? 'enable' : 'disable';
  return {
    id: enable ? CommandId.enableSchedule : CommandId.disableSchedule,
    needs: enable ? 'canEnableSchedule' : 'canDisableSchedule',
    kinds: ['integration', 'backup'],
    pickTitle: `${enable ? 'Enable' : 'Disable'} a schedule`,
    many: { done: `had their schedule ${verb}d` },
    verb: `${verb} the schedule of`,
    busy: `${enable ? 'enabling' : 'disabling'} schedule…`,
    progress: (t) => `${enable ? 'Enabling' : 'Disabling'} the schedule of ${quote(t.name)}…`,
    send: (ctx, t, _input, signal) => setSchedule(ctx, t, enable, signal),
    after: afterSchedule,
    done: (t, result) =>
      result.state === 'none'
        ? { severity: 'info', text: `${quote(t.name)} has no schedule defined, so there is nothing to enable. Define one in Skyvia first.` }
        : { severity: 'info', text: `${enable ? 'Enabled' : 'Disabled'} the schedule of ${quote(t.name)}.` },
  };
}

export const enableSchedule = scheduleAction(true);
export const disableSchedule = scheduleAction(false);
