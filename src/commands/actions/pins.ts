// Pin and Unpin: an integration, backup, automation or endpoint stands in the Pinned group at the
// top of the explorer (or leaves it). Nothing is sent: the list is this account's, kept by VS Code;
// the pinned items' watcher reads each one's newest entry from then on.
import { CommandId } from '../../shared/commandIds';
import { quote } from '../runner';
import type { Action } from './action';

const KINDS = ['integration', 'backup', 'automation', 'endpoint'] as const;

export const pinItem: Action<undefined, boolean> = {
  id: CommandId.pin,
  needs: 'canPin',
  kinds: KINDS,
  pickTitle: 'Pin to the top of the Skyvia view',
  many: { done: 'pinned' },
  local: true,
  verb: 'pin',
  busy: 'pinning…',
  progress: (t) => `Pinning ${quote(t.name)}…`,
  send: (ctx, t) => Promise.resolve(ctx.pins.pin(t.ref, t.name)),
  done: (t, _r, ctx) => (ctx.prompter.status(`$(pinned) Pinned ${quote(t.name)}`), undefined),
};

export const unpinItem: Action<undefined, boolean> = {
  id: CommandId.unpin,
  needs: 'canUnpin',
  kinds: KINDS,
  pickTitle: 'Unpin',
  many: { done: 'unpinned' },
  local: true,
  verb: 'unpin',
  busy: 'unpinning…',
  progress: (t) => `Unpinning ${quote(t.name)}…`,
  send: (ctx, t) => Promise.resolve(ctx.pins.unpin(t.ref)),
  done: (t, _r, ctx) => (ctx.prompter.status(`Unpinned ${quote(t.name)}`), undefined),
};
