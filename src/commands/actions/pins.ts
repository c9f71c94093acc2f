// Pin and Unpin: an integration, backup, automation or endpoint stands in the Pinned group at the
// top of the explorer (or leaves it). Nothing is sent: the list is this account's, kept by VS Code;
// the pinned items' watcher reads each one's newest entry from then on.
import { CommandId } from '../../shared/commandIds';
import { quote } from '../runner';
import type { Action } from './action';

function pinning(pin: boolean): Action<undefined, boolean> {
  const verb = pin ? 'pin' : 'unpin';
  return {
    id: pin ? CommandId.pin : CommandId.unpin,
    needs: pin ? 'canPin' : 'canUnpin',
    kinds: ['integration', 'backup', 'automation', 'endpoint'],
    pickTitle: pin ? 'Pin to the top of the Skyvia view' : 'Unpin',
    many: { done: `${verb}ned` },
    local: true,
    verb,
    busy: `${verb}ning…`,
    progress: (t) => `${pin ? 'Pinning' : 'Unpinning'} ${quote(t.name)}…`,
    send: (ctx, t) => Promise.resolve(pin ? ctx.pins.pin(t.ref, t.name) : ctx.pins.unpin(t.ref)),
    done: (t, _r, ctx) => (ctx.prompter.status(`${pin ? '$(pinned) Pinned' : 'Unpinned'} ${quote(t.name)}`), undefined),
  };
}

export const pinItem = pinning(true);
export const unpinItem = pinning(false);
