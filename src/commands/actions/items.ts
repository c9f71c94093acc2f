// What applies to any object: Show Details (its own read, then a document), Refresh (its own
// reads, not its whole list), Copy ID, Copy as JSON (secrets masked), and the explicit copies of
// the two secrets the API hands out: an agent's key and an endpoint's token.
import * as l10n from '@vscode/l10n';
import { isSkyviaError } from '../../api';
import { CommandId } from '../../shared/commandIds';
import { shownData } from '../../shared/describe';
import { copyableIdOf, isTheAccount, itemOf, KINDS, ROW_KINDS, WORKSPACE_ITEMS, type WorkspaceItemRecord } from '../../kinds';
import { isEntryKind, REF_KINDS, WORKSPACE_ITEM_KINDS, type Target, type WorkspaceItemKind } from '../../shared/refs';
import { quote } from '../../shared/format';
import type { Action, ActionContext } from './action';

/** What of the action context these actions use. */
type Uses = Pick<ActionContext, 'client' | 'clipboard' | 'prompter' | 'reader' | 'showDetails' | 'tree'>;

/** Every object of an account, not the account itself. */
const OBJECTS = REF_KINDS.filter((k) => !isTheAccount(k));

/** The object's own read; a history entry the service cannot read alone (the seed contract has no run details) keeps its row. */
async function freshData(ctx: Uses, t: Target, signal?: AbortSignal): Promise<object> {
  // Users and invitations are only ever listed: their records have no read.
  if (!KINDS[t.ref.kind].read) {
    if (t.data) return t.data;
    throw new Error(l10n.t('{0} can only be read from its list: open it from the Skyvia view.', t.name));
  }
  try {
    const data = await ctx.reader.readItem(t.ref, signal);
    // The endpoint type map names a type sent as a number (read once per session).
    if (itemOf(t.ref.kind)?.probe?.hover.includes('endpointTypes')) await ctx.reader.endpointTypes(t.ref.account, signal).catch(() => undefined);
    return data;
  } catch (e) {
    if (t.data && (isSkyviaError(e, 'notFound') || isSkyviaError(e, 'http')) && isEntryKind(t.ref.kind)) return t.data;
    throw e;
  }
}

export const openItem: Action<undefined, object, Uses> = {
  id: CommandId.openItem,
  kinds: OBJECTS,
  pickTitle: () => l10n.t('Show details'),
  busy: () => l10n.t('reading…'),
  progress: ([t]) => l10n.t('Reading {0}…', quote(t.name)),
  couldNot: (t, reason) => l10n.t("Couldn't read {0}: {1}", quote(t.name), reason),
  send: (ctx, t, _input, signal) => freshData(ctx, t, signal),
  async after(ctx, t, data) {
    if (ROW_KINDS.includes(t.ref.kind)) ctx.tree.updateItem(t.ref, data);
    await ctx.showDetails(t, data);
  },
  done: () => undefined,
};

export const refreshItem: Action<undefined, object, Uses> = {
  id: CommandId.refreshNode,
  kinds: ROW_KINDS,
  pickTitle: () => l10n.t('Refresh'),
  busy: () => l10n.t('refreshing…'),
  progress: ([t]) => l10n.t('Refreshing {0}…', quote(t.name)),
  couldNot: (t, reason) => l10n.t("Couldn't refresh {0}: {1}", quote(t.name), reason),
  // The item, and what its row tells besides (a run under way — one a colleague or a schedule
  // started — its schedule, an automation's state): read again now, not taken from a recent look.
  async send(ctx, t, _input, signal) {
    ctx.reader.forget(t.ref);
    const [data] = await Promise.all([ctx.reader.readItem(t.ref, signal), ctx.reader.probe(t.ref, t.name, 'action', signal)]);
    return data;
  },
  after(ctx, t, data) {
    ctx.tree.updateItem(t.ref, data);
  },
  done: () => undefined,
};

export const copyId: Action<undefined, string, Uses> = {
  id: CommandId.copyId,
  kinds: OBJECTS,
  pickTitle: () => l10n.t('Copy an ID'),
  local: true,
  busy: () => l10n.t('copying…'),
  progress: ([t]) => l10n.t('Copying the id of {0}…', quote(t.name)),
  couldNot: (t, reason) => l10n.t("Couldn't copy the id of {0}: {1}", quote(t.name), reason),
  async send(ctx, t) {
    const id = copyableIdOf(t.ref, t.data as object | undefined);
    if (!id) throw new Error(l10n.t('{0} has no id.', t.name));
    await ctx.clipboard(id);
    return id;
  },
  done: (_t, id, ctx) => (ctx.prompter.status(l10n.t('Copied id {0}', id)), undefined),
};

export const copyJson: Action<undefined, string, Uses> = {
  id: CommandId.copyJson,
  kinds: OBJECTS,
  pickTitle: () => l10n.t('Copy as JSON'),
  busy: () => l10n.t('copying…'),
  progress: ([t]) => l10n.t('Copying {0} as JSON…', quote(t.name)),
  couldNot: (t, reason) => l10n.t("Couldn't copy {0}: {1}", quote(t.name), reason),
  async send(ctx, t, _input, signal) {
    const data = t.data ?? (await freshData(ctx, t, signal));
    const json = JSON.stringify(shownData(data, KINDS[t.ref.kind].secrets), null, 2);
    await ctx.clipboard(json);
    return json;
  },
  done: (t, _json, ctx) => (ctx.prompter.status(l10n.t('Copied {0} as JSON (secrets masked)', t.name)), undefined),
};

/** The secret as the list sent it, else from the object's own read: copied, never shown. */
function copySecret(kind: WorkspaceItemKind): Action<undefined, void, Uses> {
  const record = WORKSPACE_ITEMS[kind];
  const secret = record.secret as NonNullable<WorkspaceItemRecord['secret']>;
  return {
    id: secret.command,
    kinds: [kind],
    pickTitle: secret.words.pickTitle,
    busy: () => l10n.t('copying…'),
    progress: ([t]) => secret.words.progress(quote(t.name)),
    couldNot: (t, reason) => secret.words.couldNot(quote(t.name), reason),
    async send(ctx, t, _input, signal) {
      const value = (t.data && secret.of(t.data)) ?? secret.of(await record.read!(ctx.client(t.ref.account), t.ref, signal));
      if (!value) throw new Error(secret.words.none());
      await ctx.clipboard(value);
    },
    done: (t, _r, ctx) => (ctx.prompter.status(secret.words.done(t.name)), undefined),
  };
}

/** Every kind's Copy of its secret (an agent's key, an endpoint's token), as its record has it. */
export const SECRET_ACTIONS = WORKSPACE_ITEM_KINDS.filter((k) => !!WORKSPACE_ITEMS[k].secret).map(copySecret);
