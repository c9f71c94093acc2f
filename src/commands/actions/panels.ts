// Open Panel: an item's webview panel (src/panels) — details, the run under way, history table
// and chart, actions. It reads the item and its first history page itself, so the action is
// "local": no progress toast of its own. A panel shows in the group's preview panel while previews
// are on (panels/previewRule.ts).
import * as l10n from '@vscode/l10n';
import { CommandId } from '../../shared/commandIds';
import { quote } from '../../shared/format';
import type { Action, ActionContext } from './action';
import { PANEL_KINDS } from '../../kinds';

/** What of the action context these actions use. */
type Uses = Pick<ActionContext, 'showPanel'>;

export const openPanel: Action<undefined, void, Uses> = {
  id: CommandId.openPanel,
  kinds: PANEL_KINDS,
  pickTitle: () => l10n.t('Open a panel'),
  busy: () => l10n.t('opening…'),
  local: true,
  // A second click on the row while its panel fills is a double-click: the panels decide.
  reentrant: true,
  progress: ([t]) => l10n.t('Opening {0}…', t.name),
  couldNot: (t, reason) => l10n.t("Couldn't open the panel of {0}: {1}", quote(t.name), reason),
  send: (ctx, t) => ctx.showPanel(t),
  done: () => undefined,
};
