// Open Panel: an item's webview panel (src/panels) — details, the run under way, history table
// and chart, actions. It reads the item and its first history page itself, so the action is
// "local": no progress toast of its own.
import { CommandId } from '../../shared/commandIds';
import type { Action } from './action';

export const openPanel: Action<undefined, void> = {
  id: CommandId.openPanel,
  kinds: ['integration', 'backup', 'automation', 'endpoint', 'run', 'snapshot', 'execution', 'request'],
  pickTitle: 'Open a panel',
  verb: 'open the panel of',
  busy: 'opening…',
  local: true,
  progress: (t) => `Opening ${t.name}…`,
  send: (ctx, t) => ctx.showPanel(t),
  done: () => undefined,
};
