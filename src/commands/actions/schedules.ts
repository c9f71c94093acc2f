// Enable and disable the schedule of an integration or a backup. An integration without a
// schedule answers 204 to its read and 404 to enable: that is a state ("no schedule defined"),
// told as such, never as an error. The backup schedule record's shape is not documented; what
// comes back is kept as it came, and the backup's own read says whether it is on.
import * as l10n from '@vscode/l10n';
import { numId, wsId, type RefKind, type Target } from '../../shared/refs';
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

/** "3 integrations had their schedule enabled.": a sentence per kind and count, whole. */
function manyDone(enable: boolean, n: number, kind: RefKind): string {
  const one = n === 1;
  if (kind === 'backup') {
    if (enable) return one ? l10n.t('1 backup had its schedule enabled.') : l10n.t('{0} backups had their schedule enabled.', n);
    return one ? l10n.t('1 backup had its schedule disabled.') : l10n.t('{0} backups had their schedule disabled.', n);
  }
  if (enable) return one ? l10n.t('1 integration had its schedule enabled.') : l10n.t('{0} integrations had their schedule enabled.', n);
  return one ? l10n.t('1 integration had its schedule disabled.') : l10n.t('{0} integrations had their schedule disabled.', n);
}

/** The progress of one item's schedule, or of several items' (all of one kind). */
function progressOf(enable: boolean, targets: readonly Target[]): string {
  const n = targets.length;
  if (n === 1) return enable ? l10n.t('Enabling the schedule of {0}…', quote(targets[0].name)) : l10n.t('Disabling the schedule of {0}…', quote(targets[0].name));
  if (targets[0].ref.kind === 'backup') return enable ? l10n.t('Enabling the schedules of {0} backups…', n) : l10n.t('Disabling the schedules of {0} backups…', n);
  return enable ? l10n.t('Enabling the schedules of {0} integrations…', n) : l10n.t('Disabling the schedules of {0} integrations…', n);
}

function scheduleAction(enable: boolean): Action<undefined, ScheduleResult> {
  return {
    id: enable ? CommandId.enableSchedule : CommandId.disableSchedule,
    needs: enable ? 'canEnableSchedule' : 'canDisableSchedule',
    kinds: ['integration', 'backup'],
    pickTitle: () => (enable ? l10n.t('Enable a schedule') : l10n.t('Disable a schedule')),
    many: { done: (n, kind) => manyDone(enable, n, kind) },
    busy: () => (enable ? l10n.t('enabling schedule…') : l10n.t('disabling schedule…')),
    progress: (targets) => progressOf(enable, targets),
    couldNot: (t, reason) => (enable ? l10n.t("Couldn't enable the schedule of {0}: {1}", quote(t.name), reason) : l10n.t("Couldn't disable the schedule of {0}: {1}", quote(t.name), reason)),
    send: (ctx, t, _input, signal) => setSchedule(ctx, t, enable, signal),
    after: afterSchedule,
    done: (t, result) => {
      if (result.state === 'none') return { severity: 'info', text: l10n.t('{0} has no schedule defined, so there is nothing to enable. Define one in Skyvia first.', quote(t.name)) };
      return { severity: 'info', text: enable ? l10n.t('Enabled the schedule of {0}.', quote(t.name)) : l10n.t('Disabled the schedule of {0}.', quote(t.name)) };
    },
  };
}

export const enableSchedule = scheduleAction(true);
export const disableSchedule = scheduleAction(false);
