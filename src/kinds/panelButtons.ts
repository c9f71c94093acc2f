// A panel's buttons: each capability the kind's record grants now, as the button that runs the
// command the kind runs for it (kinds/commands.ts) — the same commands the tree's rows carry — so
// a panel and a menu never disagree.
import * as l10n from '@vscode/l10n';
import type { PanelAction } from '../shared/panelProtocol';
import type { RefKind } from '../shared/refs';
import { commandOf } from './capabilityCommands';
import type { Capability } from './contextValues';

type Label = { label: string; primary?: boolean };

/** Each capability's button, read when a panel is drawn (in the user's language); `undefined`: not a panel's (the tree's menus and the palette have it). */
const labels = (): Record<Capability, Label | undefined> => ({
  canRun: { label: l10n.t('Run'), primary: true },
  canSnapshot: { label: l10n.t('Create Snapshot'), primary: true },
  canEnable: { label: l10n.t('Enable'), primary: true },
  canDisable: { label: l10n.t('Disable') },
  canEnableSchedule: { label: l10n.t('Enable Schedule') },
  canDisableSchedule: { label: l10n.t('Disable Schedule') },
  canTest: { label: l10n.t('Test') },
  canCopyToken: { label: l10n.t('Copy Token') },
  canCopyKey: { label: l10n.t('Copy Key') },
  canCancel: { label: l10n.t('Cancel') },
  canKill: { label: l10n.t('Kill…') },
  canPin: { label: l10n.t('Pin') },
  canUnpin: { label: l10n.t('Unpin') },
  canOpenLog: { label: l10n.t('Open Log'), primary: true },
  canCompare: { label: l10n.t('Compare with Last Success') },
  canShowActive: undefined,
  canInvite: undefined,
  canResend: undefined,
  canDelete: undefined,
  canRemove: undefined,
  canAddUser: undefined,
});

/** The capabilities that stop the run under way: shown beside it, not with the item's own actions. */
export const STOP_CAPABILITIES: readonly Capability[] = ['canCancel', 'canKill'];

/** The buttons of the capabilities granted to an object of this kind, in the order given. */
export function buttonsFor(kind: RefKind, capabilities: readonly (Capability | false | undefined)[]): PanelAction[] {
  const table = labels();
  return capabilities.flatMap((c) => {
    const label = c ? table[c] : undefined;
    const command = c ? commandOf(kind, c) : undefined;
    return label && command ? [{ ...label, command }] : [];
  });
}
