// What each capability is as a button: the command it runs on the item, its label, and whether it
// is the panel's main action. A panel offers exactly the capabilities its kind's record grants
// now — the same that make the tree's menus — so the two never disagree.
import * as l10n from '@vscode/l10n';
import { CommandId } from '../shared/commandIds';
import type { PanelAction } from '../shared/panelProtocol';
import type { LabelFacts } from '../shared/describe';
import type { RunRecord } from '../shared/model';
import { outcomeOf } from '../shared/outcome';
import type { Capability } from './contextValues';
import { ENTRIES, entryOf } from './tables';

type Button = Omit<PanelAction, 'pending'>;

/**
 * The buttons, read when a panel is drawn (their labels are in the user's language). A command
 * that differs by kind (Enable an automation or an endpoint) is the kind's record's `commands`.
 */
const buttons = (): Record<Capability, Omit<Button, 'command'> & { command?: CommandId }> => ({
  canRun: { command: CommandId.runIntegration, label: l10n.t('Run'), primary: true },
  canSnapshot: { command: CommandId.createSnapshot, label: l10n.t('Create Snapshot'), primary: true },
  canEnable: { label: l10n.t('Enable'), primary: true },
  canDisable: { label: l10n.t('Disable') },
  canEnableSchedule: { command: CommandId.enableSchedule, label: l10n.t('Enable Schedule') },
  canDisableSchedule: { command: CommandId.disableSchedule, label: l10n.t('Disable Schedule') },
  canTest: { label: l10n.t('Test') },
  canCopyToken: { command: CommandId.copyEndpointToken, label: l10n.t('Copy Token') },
  canCopyKey: { command: CommandId.copyAgentKey, label: l10n.t('Copy Key') },
  canCancel: { command: CommandId.cancelRun, label: l10n.t('Cancel') },
  canKill: { command: CommandId.killRun, label: l10n.t('Kill…') },
  canPin: { command: CommandId.pin, label: l10n.t('Pin') },
  canUnpin: { command: CommandId.unpin, label: l10n.t('Unpin') },
  canOpenLog: { command: CommandId.openLog, label: l10n.t('Open Log'), primary: true },
  canCompare: { command: CommandId.compareWithLastSuccess, label: l10n.t('Compare with Last Success') },
  // Not a panel's: the tree's menus and the palette have them.
  canShowActive: { label: '' },
  canInvite: { label: '' },
  canResend: { label: '' },
  canDelete: { label: '' },
  canRemove: { label: '' },
  canAddUser: { label: '' },
});

/** The capabilities that stop the run under way: shown beside it, not with the item's own actions. */
export const STOP_CAPABILITIES: readonly Capability[] = ['canCancel', 'canKill'];

/** The buttons of the capabilities granted, in the order given; `commands`: the kind's own command for a capability. */
export function buttonsFor(capabilities: readonly (Capability | false | undefined)[], commands: Partial<Record<Capability, CommandId>> = {}): PanelAction[] {
  const out: PanelAction[] = [];
  const table = buttons();
  for (const c of capabilities) {
    if (!c) continue;
    // The kind's own command (its start, its toggle) before the table's.
    const { command: shared, ...button } = table[c];
    const command = commands[c] ?? shared;
    if (command && button.label) out.push({ ...button, command });
  }
  return out;
}

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
