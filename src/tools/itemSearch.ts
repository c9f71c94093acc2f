// Finding workspace items for the tools: by name across workspaces (the lists the tree shows,
// paged to the end), or by workspace and id (the item's own read). A name that matches several
// items is never guessed at: the answer lists them with their ids so the next call can say which.
// The answers are the model's, in English (`KIND_WORDS`); only `shownQuery` is for people.
import * as l10n from '@vscode/l10n';
import type { Workspace } from '../api';
import { quote } from '../shared/format';
import { refs, type Target, type WorkspaceItemKind } from '../shared/refs';
import { listItems, smallFacts, type FoundItem } from '../state/accountScan';
import { InputError, type InputReader, type ToolAccount, type ToolContext } from './toolSpec';
import { KINDS, titleOf } from '../kinds';

export type { FoundItem };

/** An account's workspaces a call looks in. */
export interface Scope {
  account: ToolAccount;
  workspaces: Workspace[];
}

/** The workspaces of every account in the call's scope (one workspace, with `workspaceId`). */
export async function workspacesIn(ctx: ToolContext, workspaceId?: number): Promise<Scope[]> {
  const scopes = await Promise.all(ctx.accounts.map(async (account) => ({ account, workspaces: await account.client.listWorkspaces({ signal: ctx.signal }) })));
  if (workspaceId === undefined) return scopes;
  const found = scopes.map((s) => ({ ...s, workspaces: s.workspaces.filter((w) => w.id === workspaceId) })).filter((s) => s.workspaces.length);
  // l10n-ignore: the model reads this
  if (!found.length)
    throw new InputError(
      `There is no workspace ${workspaceId}; the account has: ${
        scopes
          .flatMap((s) => s.workspaces.map((w) => `${w.name ?? 'Workspace'} (${w.id})${ctx.accounts.length > 1 ? ` in account “${s.account.label}”` : ''}`))
          .join(', ') || 'none'
      }.`,
    );
  return found;
}

/** The workspaces of some scopes, counted and named for an answer ("2 workspaces (Sales, Ops)"). */
export function workspacesText(scopes: Scope[], named = false): string {
  const all = scopes.flatMap((s) => s.workspaces);
  // l10n-ignore: the model reads this
  const counted = `${all.length} workspace${all.length === 1 ? '' : 's'}`;
  // l10n-ignore: the model reads this
  const accounts = scopes.length > 1 ? ` of ${scopes.length} accounts` : '';
  return named ? `${counted}${accounts} (${all.map((w) => w.name ?? w.id).join(', ')})` : `${counted}${accounts}`;
}

/** Every item of these kinds in these workspaces whose name contains `text` (all of them without it), in every account of the scope. */
export async function searchItems(ctx: ToolContext, kinds: readonly WorkspaceItemKind[], scopes: Scope[], text?: string): Promise<FoundItem[]> {
  const found = await Promise.all(scopes.map((s) => listItems(s.account.client, s.account.id, kinds, s.workspaces, { text, signal: ctx.signal })));
  return found.flat();
}

/** The one account a call that names an entry by its ids must be about: ids mean nothing across accounts. */
export function oneAccount(ctx: ToolContext): ToolAccount {
  // l10n-ignore: the model reads this
  if (ctx.accounts.length > 1)
    throw new InputError(`Several Skyvia accounts are signed in; say which with \`account\`: ${ctx.accounts.map((a) => `“${a.label}”`).join(', ')}.`);
  return ctx.accounts[0];
}

/** How a tool names the item it acts on. */
export interface ItemQuery {
  workspaceId?: number;
  id?: number;
  name?: string;
}

/** `workspaceId` + `id`, or `name` (with an optional `workspaceId`): the fields every item tool takes. */
export function readItemQuery(input: InputReader): ItemQuery {
  const q = { workspaceId: input.int('workspaceId'), id: input.int('id'), name: input.string('name') };
  // l10n-ignore: the model reads this
  if (q.id === undefined && q.name === undefined) throw new InputError('Say which item: `workspaceId` and `id` (from skyvia_find_items), or its `name`.');
  return q;
}

/**
 * The item a query names, as the chat's progress line shows it to the person inside a sentence
 * of the tool's own ("Running the integration {0}"): its name in quotes, or its id.
 */
export function shownQuery(q: ItemQuery): string {
  if (q.name !== undefined) return quote(q.name);
  return q.workspaceId !== undefined ? l10n.t('{0} in workspace {1}', String(q.id), q.workspaceId) : String(q.id);
}

/**
 * The one item a query names, with its name and workspace, or a text saying why there is none
 * (not found, several match — listed with their ids).
 */
export async function resolveItem(ctx: ToolContext, kinds: readonly WorkspaceItemKind[], q: ItemQuery): Promise<{ target: Target; item: FoundItem } | string> {
  const scopes = await workspacesIn(ctx, q.workspaceId);
  const noun = kinds.length === 1 ? KINDS[kinds[0]].english : (['item', 'items'] as const);
  // Ids in one account only: with the workspace in several, the lists say which items there are.
  if (q.id !== undefined && q.workspaceId !== undefined && kinds.length === 1 && scopes.length === 1) {
    // Its own read: one request, and a 404 says plainly that there is no such item.
    const { account } = scopes[0];
    const ref = refs.item(account.id, kinds[0], q.workspaceId, q.id);
    const data = await ctx.reader.readItem(ref, ctx.signal);
    const ws = scopes[0].workspaces[0];
    const item: FoundItem = {
      account: account.id,
      kind: kinds[0],
      workspaceId: ws.id,
      workspace: ws.name ?? l10n.t('Workspace {0}', ws.id),
      id: q.id,
      name: titleOf(ref, data),
      facts: smallFacts(data),
    };
    return { target: { ref, name: item.name, data }, item };
  }
  const found = (await searchItems(ctx, kinds, scopes, q.name)).filter((f) => q.id === undefined || f.id === q.id);
  const exact = found.filter((f) => q.name !== undefined && f.name.toLocaleLowerCase() === q.name.toLocaleLowerCase());
  const matches = exact.length ? exact : found;
  // l10n-ignore: the model reads this
  const where = q.workspaceId !== undefined ? `workspace ${q.workspaceId}` : workspacesText(scopes);
  // l10n-ignore: the model reads this
  if (!matches.length)
    return `No ${noun[0]} ${q.name !== undefined ? `named like “${q.name}”` : `with id ${q.id}`} in ${where}. Use skyvia_find_items to list what there is.`;
  if (matches.length > 1) {
    // l10n-ignore: the model reads this
    return [
      `${matches.length} ${noun[1]} match; nothing was done. Call again with the ${ctx.accounts.length > 1 ? '`account`, ' : ''}\`workspaceId\` and \`id\` of the one meant:`,
      ...matches.slice(0, 20).map((m) => JSON.stringify(itemJson(m, ctx))),
    ].join('\n');
  }
  const item = matches[0];
  const ref = refs.item(item.account, item.kind, item.workspaceId, item.id);
  return { target: { ref, name: item.name }, item };
}

/** An item as tools print it: its account when several are signed in, kind, ids, names and its row's small facts. */
export function itemJson(f: FoundItem, ctx: ToolContext): Record<string, unknown> {
  const account = ctx.accounts.length > 1 ? { account: ctx.accounts.find((a) => a.id === f.account)?.label ?? f.account } : {};
  return { ...account, kind: f.kind, workspaceId: f.workspaceId, workspace: f.workspace, id: f.id, name: f.name, ...f.facts };
}
