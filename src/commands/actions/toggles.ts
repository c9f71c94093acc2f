// Enable and disable automations and published endpoints. Both answer 200 with no body: a 200 is
// the service's word that the item is now as asked, so that becomes its fact — one request per
// click, no read after it. (An automation's execution that a disable ends is the watcher's to see.)
import { CommandId } from '../../shared/commandIds';
import { KIND_NOUNS, numId, wsId, type WorkspaceItemKind } from '../../shared/refs';
import { quote } from '../runner';
import type { Action } from './action';

function toggle(kind: Extract<WorkspaceItemKind, 'automation' | 'endpoint'>, enable: boolean): Action<undefined, void> {
  const noun = KIND_NOUNS[kind][0];
  const Noun = noun.charAt(0).toUpperCase() + noun.slice(1);
  const verb = enable ? 'enable' : 'disable';
  const ids = {
    automation: enable ? CommandId.enableAutomation : CommandId.disableAutomation,
    endpoint: enable ? CommandId.enableEndpoint : CommandId.disableEndpoint,
  };
  return {
    id: ids[kind],
    needs: enable ? 'canEnable' : 'canDisable',
    kinds: [kind],
    pickTitle: `${enable ? 'Enable' : 'Disable'} an ${noun}`,
    many: { done: `${verb}d` },
    verb,
    busy: `${enable ? 'enabling' : 'disabling'}…`,
    progress: (t) => `${enable ? 'Enabling' : 'Disabling'} ${quote(t.name)}…`,
    async send(ctx, t, _input, signal) {
      const ws = wsId(t.ref);
      const id = numId(t.ref);
      if (kind === 'automation') await (enable ? ctx.client.enableAutomation(ws, id, { signal }) : ctx.client.disableAutomation(ws, id, { signal }));
      else await (enable ? ctx.client.enableEndpoint(ws, id, { signal }) : ctx.client.disableEndpoint(ws, id, { signal }));
    },
    after(ctx, t) {
      if (kind === 'automation') ctx.facts.patch(t.ref, { enabled: enable });
      else ctx.facts.patch(t.ref, { row: { ...(ctx.facts.get(t.ref).row ?? t.data ?? {}), active: enable } });
    },
    done: (t) => ({ severity: 'info', text: `${Noun} ${quote(t.name)} ${verb}d.` }),
  };
}

export const enableAutomation = toggle('automation', true);
export const disableAutomation = toggle('automation', false);
export const enableEndpoint = toggle('endpoint', true);
export const disableEndpoint = toggle('endpoint', false);
