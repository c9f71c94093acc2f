// What each capability is as a button: the command it runs on the item, its label, and whether it
// is the panel's main action. A panel offers exactly the capabilities its kind's record grants
// now — the same that make the tree's menus — so the two never disagree.
import { CommandId } from '../shared/commandIds';
import type { PanelAction } from '../shared/panelModel';
import type { Facts } from '../shared/describe';
import { KIND_NOUNS, type RefKind } from '../shared/refs';
import type { Capability } from './contextValues';

type Button = Omit<PanelAction, 'pending'>;

const BUTTONS: Partial<Record<Capability, Button | Partial<Record<RefKind, Button>>>> = {
  canRun: { command: CommandId.runIntegration, label: 'Run', primary: true },
  canSnapshot: { command: CommandId.createSnapshot, label: 'Create Snapshot', primary: true },
  canEnable: {
    automation: { command: CommandId.enableAutomation, label: 'Enable', primary: true },
    endpoint: { command: CommandId.enableEndpoint, label: 'Enable', primary: true },
  },
  canDisable: {
    automation: { command: CommandId.disableAutomation, label: 'Disable' },
    endpoint: { command: CommandId.disableEndpoint, label: 'Disable' },
  },
  canEnableSchedule: { command: CommandId.enableSchedule, label: 'Enable Schedule' },
  canDisableSchedule: { command: CommandId.disableSchedule, label: 'Disable Schedule' },
  canTest: {
    agent: { command: CommandId.testAgent, label: 'Test' },
    connection: { command: CommandId.testConnection, label: 'Test' },
  },
  canCopyToken: { command: CommandId.copyEndpointToken, label: 'Copy Token' },
  canCopyKey: { command: CommandId.copyAgentKey, label: 'Copy Key' },
  canCancel: { command: CommandId.cancelRun, label: 'Cancel' },
  canKill: { command: CommandId.killRun, label: 'Kill…' },
  canPin: { command: CommandId.pin, label: 'Pin' },
  canUnpin: { command: CommandId.unpin, label: 'Unpin' },
};

/** The capabilities that stop the run under way: shown beside it, not with the item's own actions. */
export const STOP_CAPABILITIES: readonly Capability[] = ['canCancel', 'canKill'];

/** The buttons of the capabilities granted, in the order given. */
export function buttonsFor(kind: RefKind, capabilities: readonly (Capability | false | undefined)[]): PanelAction[] {
  const out: PanelAction[] = [];
  for (const c of capabilities) {
    if (!c) continue;
    const entry = BUTTONS[c];
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
