// Enable and disable automations and published endpoints. Both answer 200 with no body: a 200 is
// the service's word that the item is now as asked, so that becomes its fact — one request per
// click, no read after it. (An automation's execution that a disable ends is the watcher's to see.)
import * as l10n from '@vscode/l10n';
import { CommandId } from '../../shared/commandIds';
import { numId, wsId, type WorkspaceItemKind } from '../../shared/refs';
import { quote } from '../runner';
import type { Action } from './action';

type ToggledKind = Extract<WorkspaceItemKind, 'automation' | 'endpoint'>;

/** What each of the four actions says that names its kind: whole sentences, read when shown. */
interface ToggleTexts {
  pickTitle(): string;
  /** "3 endpoints disabled." */
  many(n: number): string;
  /** The progress of several: "Disabling 3 endpoints…". */
  several(n: number): string;
  /** "Endpoint “Orders API” disabled." */
  done(name: string): string;
}

function textsOf(kind: ToggledKind, enable: boolean): ToggleTexts {
  if (kind === 'automation') {
    return enable
      ? {
          pickTitle: () => l10n.t('Enable an automation'),
          many: (n) => (n === 1 ? l10n.t('1 automation enabled.') : l10n.t('{0} automations enabled.', n)),
          several: (n) => l10n.t('Enabling {0} automations…', n),
          done: (name) => l10n.t('Automation {0} enabled.', name),
        }
      : {
          pickTitle: () => l10n.t('Disable an automation'),
          many: (n) => (n === 1 ? l10n.t('1 automation disabled.') : l10n.t('{0} automations disabled.', n)),
          several: (n) => l10n.t('Disabling {0} automations…', n),
          done: (name) => l10n.t('Automation {0} disabled.', name),
        };
  }
  return enable
    ? {
        pickTitle: () => l10n.t('Enable an endpoint'),
        many: (n) => (n === 1 ? l10n.t('1 endpoint enabled.') : l10n.t('{0} endpoints enabled.', n)),
        several: (n) => l10n.t('Enabling {0} endpoints…', n),
        done: (name) => l10n.t('Endpoint {0} enabled.', name),
      }
    : {
        pickTitle: () => l10n.t('Disable an endpoint'),
        many: (n) => (n === 1 ? l10n.t('1 endpoint disabled.') : l10n.t('{0} endpoints disabled.', n)),
        several: (n) => l10n.t('Disabling {0} endpoints…', n),
        done: (name) => l10n.t('Endpoint {0} disabled.', name),
      };
}

function toggle(kind: ToggledKind, enable: boolean): Action<undefined, void> {
  const texts = textsOf(kind, enable);
  const ids = {
    automation: enable ? CommandId.enableAutomation : CommandId.disableAutomation,
    endpoint: enable ? CommandId.enableEndpoint : CommandId.disableEndpoint,
  };
  return {
    id: ids[kind],
    needs: enable ? 'canEnable' : 'canDisable',
    kinds: [kind],
    pickTitle: texts.pickTitle,
    many: { done: texts.many },
    busy: () => (enable ? l10n.t('enabling…') : l10n.t('disabling…')),
    progress: (targets) => {
      if (targets.length > 1) return texts.several(targets.length);
      return enable ? l10n.t('Enabling {0}…', quote(targets[0].name)) : l10n.t('Disabling {0}…', quote(targets[0].name));
    },
    couldNot: (t, reason) => (enable ? l10n.t("Couldn't enable {0}: {1}", quote(t.name), reason) : l10n.t("Couldn't disable {0}: {1}", quote(t.name), reason)),
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
    done: (t) => ({ severity: 'info', text: texts.done(quote(t.name)) }),
  };
}

export const enableAutomation = toggle('automation', true);
export const disableAutomation = toggle('automation', false);
export const enableEndpoint = toggle('endpoint', true);
export const disableEndpoint = toggle('endpoint', false);
