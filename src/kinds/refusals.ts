// Why an action is not sent: a capability the item's record does not grant now, a request already
// out, a run already under way — whole sentences about the item, for the runner, the palette and
// the chat.
import * as l10n from '@vscode/l10n';
import type { LabelFacts } from '../shared/describe';
import type { RunRecord } from '../shared/model';
import { outcomeOf } from '../shared/outcome';
import type { Capability } from './contextValues';
import { ENTRIES, entryOf } from './tables';

/**
 * Why a capability is not granted now, as a whole sentence about the item ("“Nightly Sync” is
 * already running (run 123)."), from its facts: what the runner tells the palette's user and the
 * chat instead of sending a request the kind's record already knows is pointless. Whole sentences,
 * not fragments after a name: word order is the translator's.
 */
export function whyNot(capability: Capability, facts: LabelFacts, name: string): string {
  const run = facts.active;
  const item = `“${name}”`;
  if (facts.busy) return requestOutText(name, facts.busy);
  switch (capability) {
    case 'canRun':
    case 'canSnapshot':
      return run ? underWayText(name, run) : l10n.t('{0} cannot start now.', item);
    case 'canCancel':
      return run ? l10n.t('{0} is already being canceled.', item) : l10n.t('{0} has no run under way.', item);
    case 'canKill':
      return l10n.t('{0} has no run under way.', item);
    case 'canEnableSchedule':
      return facts.schedule === 'none'
        ? l10n.t('{0} has no schedule defined (define one in Skyvia first).', item)
        : l10n.t('{0} has its schedule on already.', item);
    case 'canDisableSchedule':
      return l10n.t('{0} has its schedule off already.', item);
    case 'canEnable':
      return l10n.t('{0} is enabled already.', item);
    case 'canDisable':
      return l10n.t('{0} is disabled already.', item);
    case 'canCopyToken':
      return l10n.t('{0} has no token to copy.', item);
    case 'canCopyKey':
      return l10n.t('{0} has no key to copy.', item);
    case 'canPin':
      return l10n.t('{0} is pinned already.', item);
    case 'canUnpin':
      return l10n.t('{0} is not pinned.', item);
    default:
      return l10n.t('{0} does not allow it now.', item);
  }
}

/**
 * A request for the item is out already ("“Orders API” has a request out already (disabling)."):
 * the refusal of a busy item, and the runner's word for a second click while the first is out.
 */
export function requestOutText(name: string, busy: string): string {
  return l10n.t('{0} has a request out already ({1}).', `“${name}”`, busy.replace(/…$/, ''));
}

/**
 * The item's run or snapshot is under way ("“Nightly Sync” is already running (run 123)."): why a
 * start is refused, and what a Retry of a start that went through after all finds.
 */
export function underWayText(name: string, run: Pick<RunRecord, 'ref' | 'state'>): string {
  // Waiting to start: the service says "New" or "Queued".
  const queued = outcomeOf(run.state) === 'queued';
  return (entryOf(run.ref.kind) ?? ENTRIES.run).words.underWay(`“${name}”`, run.ref.id, queued);
}
