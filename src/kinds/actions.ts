// What each capability is as a button: the command it runs on the item, its label, and whether it
// is the panel's main action. A panel offers exactly the capabilities its kind's record grants
// now — the same that make the tree's menus — so the two never disagree.
import * as l10n from '@vscode/l10n';
import { CommandId } from '../shared/commandIds';
import type { PanelAction } from '../shared/panelModel';
import type { Facts } from '../shared/describe';
import { KIND_NOUNS, type RefKind } from '../shared/refs';
import type { Capability } from './contextValues';

type Button = Omit<PanelAction, 'pending'>;

/** The buttons, read when a panel is drawn: their labels are in the user's language. */
const buttons = (): Partial<Record<Capability, Button | Partial<Record<RefKind, Button>>>> => ({
  canRun: { command: CommandId.runIntegration, label: l10n.t('Run'), primary: true },
  canSnapshot: { command: CommandId.createSnapshot, label: l10n.t('Create Snapshot'), primary: true },
  canEnable: {
    automation: { command: CommandId.enableAutomation, label: l10n.t('Enable'), primary: true },
    endpoint: { command: CommandId.enableEndpoint, label: l10n.t('Enable'), primary: true },
  },
  canDisable: {
    automation: { command: CommandId.disableAutomation, label: l10n.t('Disable') },
    endpoint: { command: CommandId.disableEndpoint, label: l10n.t('Disable') },
  },
  canEnableSchedule: { command: CommandId.enableSchedule, label: l10n.t('Enable Schedule') },
  canDisableSchedule: { command: CommandId.disableSchedule, label: l10n.t('Disable Schedule') },
  canTest: {
    agent: { command: CommandId.testAgent, label: l10n.t('Test') },
    connection: { command: CommandId.testConnection, label: l10n.t('Test') },
  },
  canCopyToken: { command: CommandId.copyEndpointToken, label: l10n.t('Copy Token') },
  canCopyKey: { command: CommandId.copyAgentKey, label: l10n.t('Copy Key') },
  canCancel: { command: CommandId.cancelRun, label: l10n.t('Cancel') },
  canKill: { command: CommandId.killRun, label: l10n.t('Kill…') },
  canPin: { command: CommandId.pin, label: l10n.t('Pin') },
  canUnpin: { command: CommandId.unpin, label: l10n.t('Unpin') },
});

/** The capabilities that stop the run under way: shown beside it, not with the item's own actions. */
export const STOP_CAPABILITIES: readonly Capability[] = ['canCancel', 'canKill'];

/** The buttons of the capabilities granted, in the order given. */
export function buttonsFor(kind: RefKind, capabilities: readonly (Capability | false | undefined)[]): PanelAction[] {
  const out: PanelAction[] = [];
  const table = buttons();
  for (const c of capabilities) {
    if (!c) continue;
    const entry = table[c];
    const button = entry && ('command' in entry ? (entry as Button) : (entry as Partial<Record<RefKind, Button>>)[kind]);
    if (button) out.push({ ...button });
  }
  return out;
}

/**
 * Why a capability is not granted now, said of the item ("is running (run 123)"), from its facts:
 * what the runner tells the palette's user and the chat instead of sending a request the kind's
 * record already knows is pointless.
 */
export function whyNot(capability: Capability, facts: Facts): string {
  const run = facts.active;
  if (facts.busy) return `has a request out already (${facts.busy.replace(/…$/, '')})`;
  switch (capability) {
    case 'canRun':
    case 'canSnapshot':
      return run ? `is already ${run.state.toLowerCase()} (${KIND_NOUNS[run.ref.kind][0]} ${run.ref.id})` : 'cannot start now';
    case 'canCancel':
      return run ? `is already ${run.state.toLowerCase()}` : 'has no run under way';
    case 'canKill':
      return 'has no run under way';
    case 'canEnableSchedule':
      return facts.schedule === 'none' ? 'has no schedule defined (define one in Skyvia first)' : 'has its schedule on already';
    case 'canDisableSchedule':
      return 'has its schedule off already';
    case 'canEnable':
      return 'is enabled already';
    case 'canDisable':
      return 'is disabled already';
    case 'canCopyToken':
    case 'canCopyKey':
      return 'has none to copy';
    case 'canPin':
      return 'is pinned already';
    case 'canUnpin':
      return 'is not pinned';
    default:
      return 'does not allow it now';
  }
}
