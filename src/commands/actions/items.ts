// What applies to any object: Show Details (its own read, then a document), Refresh (its own
// read, not its whole list), Copy ID, Copy as JSON (secrets masked), and the explicit copies of
// the two secrets the API hands out: an agent's key and an endpoint's token.
import { isSkyviaError, type Agent, type Endpoint } from '../../api';
import { CommandId } from '../../shared/commandIds';
import { shownData } from '../../shared/describe';
import { numId, REF_KINDS, wsId, type RefKind, type Target } from '../../shared/refs';
import { quote } from '../runner';
import type { Action, ActionContext } from './action';

/** Objects the API can read one at a time. Users and invitations are only ever listed. */
const READABLE: RefKind[] = ['workspace', 'integration', 'backup', 'automation', 'agent', 'connection', 'endpoint', 'run', 'snapshot', 'execution', 'request'];
const OBJECTS = REF_KINDS.filter((k) => k !== 'account');

/** The object's own read; a history entry the service cannot read alone (the seed contract has no run details) keeps its row. */
async function freshData(ctx: ActionContext, t: Target, signal?: AbortSignal): Promise<object> {
  if (!READABLE.includes(t.ref.kind)) {
    if (t.data) return t.data;
    throw new Error(`${t.name} can only be read from its list: open it from the Skyvia view.`);
  }
  try {
    const data = await ctx.reader.readItem(t.ref, signal);
    // The endpoint type map names a type sent as a number (read once per session).
    if (t.ref.kind === 'endpoint') await ctx.reader.endpointTypes(signal).catch(() => undefined);
    return data;
  } catch (e) {
    if (t.data && (isSkyviaError(e, 'notFound') || isSkyviaError(e, 'http')) && ['run', 'snapshot', 'execution', 'request'].includes(t.ref.kind)) return t.data;
    throw e;
  }
}

export const openItem: Action<undefined, object> = {
  id: CommandId.openItem,
  kinds: OBJECTS,
  pickTitle: 'Show details',
  verb: 'read',
  busy: 'reading…',
  progress: (t) => `Reading ${quote(t.name)}…`,
  send: (ctx, t, _input, signal) => freshData(ctx, t, signal),
  async after(ctx, t, data) {
    if (['workspace', 'integration', 'backup', 'automation', 'agent', 'connection', 'endpoint'].includes(t.ref.kind)) ctx.tree.updateItem(t.ref, data);
    await ctx.showDetails(t, data);
  },
  done: () => undefined,
};

export const refreshItem: Action<undefined, object> = {
  id: CommandId.refreshNode,
  kinds: ['workspace', 'integration', 'backup', 'automation', 'agent', 'connection', 'endpoint'],
  pickTitle: 'Refresh',
  verb: 'refresh',
  busy: 'refreshing…',
  progress: (t) => `Refreshing ${quote(t.name)}…`,
  send: (ctx, t, _input, signal) => ctx.reader.readItem(t.ref, signal),
  after(ctx, t, data) {
    ctx.reader.forget(t.ref);
    ctx.tree.updateItem(t.ref, data);
  },
  done: () => undefined,
};

export const copyId: Action<undefined, string> = {
  id: CommandId.copyId,
  kinds: OBJECTS,
  pickTitle: 'Copy an ID',
  local: true,
  verb: 'copy the id of',
  busy: 'copying…',
  progress: (t) => `Copying the id of ${quote(t.name)}…`,
  async send(ctx, t) {
    const own = (t.data as { id?: unknown } | undefined)?.id;
    // An account user listed without an id is known by e-mail only: there is no id to copy.
    const id = t.ref.kind === 'accountUser' ? (own != null ? String(own) : undefined) : t.ref.id;
    if (!id) throw new Error(`${t.name} has no id.`);
    await ctx.clipboard(id);
    return id;
  },
  done: (_t, id, ctx) => (ctx.prompter.status(`Copied id ${id}`), undefined),
};

export const copyJson: Action<undefined, string> = {
  id: CommandId.copyJson,
  kinds: OBJECTS,
  pickTitle: 'Copy as JSON',
  verb: 'copy',
  busy: 'copying…',
  progress: (t) => `Copying ${quote(t.name)} as JSON…`,
  async send(ctx, t, _input, signal) {
    const data = t.data ?? (await freshData(ctx, t, signal));
    const json = JSON.stringify(shownData(t.ref, data), null, 2);
    await ctx.clipboard(json);
    return json;
  },
  done: (t, _json, ctx) => (ctx.prompter.status(`Copied ${t.name} as JSON (secrets masked)`), undefined),
};

/** The secret as the list sent it, else from the object's own read: copied, never shown. */
function copySecret(kind: 'agent' | 'endpoint'): Action<undefined, void> {
  const what = kind === 'agent' ? 'key' : 'token';
  return {
    id: kind === 'agent' ? CommandId.copyAgentKey : CommandId.copyEndpointToken,
    kinds: [kind],
    pickTitle: kind === 'agent' ? "Copy an agent's key" : "Copy an endpoint's token",
    verb: `copy the ${what} of`,
    busy: 'copying…',
    progress: (t) => `Copying the ${what} of ${quote(t.name)}…`,
    async send(ctx, t, _input, signal) {
      const known = kind === 'agent' ? (t.data as Agent | undefined)?.key : (t.data as Endpoint | undefined)?.token;
      const secret =
        known ??
        (kind === 'agent'
          ? (await ctx.client.getAgent(wsId(t.ref), numId(t.ref), { signal })).key
          : (await ctx.client.getEndpoint(wsId(t.ref), numId(t.ref), { signal })).token);
      if (!secret) throw new Error(`the service holds no ${what} for it.`);
      await ctx.clipboard(secret);
    },
    done: (t, _r, ctx) => (ctx.prompter.status(`Copied the ${what} of ${t.name} to the clipboard`), undefined),
  };
}

export const copyAgentKey = copySecret('agent');
export const copyEndpointToken = copySecret('endpoint');
