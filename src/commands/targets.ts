// What an action acts on. From a tree menu: the clicked node, or the whole selection when the
// clicked node is part of it. From code (a notification's button, a test): a node, a ref or a
// target. From the Command Palette: quick picks — the kind when the action applies to several,
// recently used targets first, then the account (when more than one is signed in), the workspace,
// the item and, for history entries, the entry.
import * as l10n from '@vscode/l10n';
import type * as vscode from 'vscode';
import type { Page, PageParams, SkyviaClient } from '../api';
import { joinParts } from '../shared/format';
import {
  asRef,
  isEntryKind,
  PARENT_KIND,
  refKey,
  refs,
  type AccountId,
  type ItemRef,
  type RefKind,
  type Target,
  type WorkspaceItemKind,
  type HistoryItemKind,
} from '../shared/refs';
import { Node } from '../tree/node';
import type { AccountInfo, Accounts } from '../host/accounts';
import type { AnyAction } from './actions/action';
import type { PickTexts } from '../shared/pickTexts';
import type { PickItem, Prompter } from './prompter';
import { ENTRIES, HISTORIES, KINDS, WORKSPACE_ITEMS, describeObject, isTheAccount, titleOf } from '../kinds';

const RECENT_KEY = 'skyvia.recentTargets';
const MAX_RECENT = 30;
/** Rows per page in a picker; "Load more…" fetches the next. */
const PICK_PAGE = 100;

export interface TargetDeps {
  /** Whose a target is: the accounts signed in, their names and clients. */
  accounts: Pick<Accounts, 'list' | 'usable' | 'nameIfSeveral' | 'requireClient'>;
  prompter: Prompter;
  memento: vscode.Memento;
  /** The nodes on show for a ref, to name a ref given without a name. */
  nodesOf(ref: ItemRef): Node[];
}

interface Recent {
  ref: ItemRef;
  name: string;
  where?: string;
}

const MORE = Symbol('more');
const OTHER = Symbol('other');

export class TargetResolver {
  /**
   * This window's lists by account, read from the memento once and written through: quick
   * successive writes must not read back an older value the storage has not caught up with.
   */
  private readonly recentLists = new Map<string, Recent[]>();

  constructor(private readonly deps: TargetDeps) {}

  async resolve(action: AnyAction, args: unknown[]): Promise<Target[] | undefined> {
    const [first, selection] = args;
    const kinds = action.kinds;
    if (first instanceof Node) {
      // A tree menu passes the clicked node and the selection; the selection counts when it holds the clicked node.
      const nodes = action.many && Array.isArray(selection) && selection.length > 1 && selection.includes(first) ? (selection as unknown[]) : [first];
      const own = targetFor(first, kinds);
      if (!own) return undefined;
      const targets = nodes
        .filter((n): n is Node => n instanceof Node)
        .map((n) => targetFor(n, kinds))
        .filter((t): t is Target => !!t && t.ref.kind === own.ref.kind);
      return dedupe(targets);
    }
    if (isTarget(first) && kinds.includes(first.ref.kind)) return [first];
    // A ref given without its account has had it filled in by the dispatcher (commands/index.ts).
    const ref = asRef(first);
    if (ref && kinds.includes(ref.kind)) return [this.named(ref)];
    if (first !== undefined && first !== null) return undefined;
    const picked = await this.pick(kinds, action.pickTitle());
    return picked ? [picked] : undefined;
  }

  /** Remembers targets for the palette's "recently used" list. */
  remember(targets: readonly Target[]): void {
    const known = this.recent().filter((r) => !targets.some((t) => refKey(t.ref) === refKey(r.ref)));
    const added: Recent[] = targets.filter((t) => !isTheAccount(t.ref.kind)).map((t) => ({ ref: t.ref, name: t.name }));
    // Kept per account (ids mean nothing in another), each list as long as one was.
    for (const account of new Set(added.map((r) => r.ref.account))) {
      const mine = (r: Recent) => r.ref.account === account;
      this.recentLists.set(account, [...added.filter(mine), ...known.filter(mine)].slice(0, MAX_RECENT));
    }
    void this.deps.memento.update(RECENT_KEY, { ...this.storedAll(), ...Object.fromEntries(this.recentLists) });
  }

  /** The palette's way to a target: kind, recent or workspace, item, entry. */
  async pick(kinds: readonly RefKind[], title: string): Promise<Target | undefined> {
    const kind =
      kinds.length === 1
        ? kinds[0]
        : await this.deps.prompter.pick(
            kinds.map((k) => ({ label: KINDS[k].words.title(), value: k })),
            { title, placeholder: l10n.t('What kind of item?') },
          );
    if (!kind) return undefined;
    const recent = isTheAccount(kind) ? [] : this.recent().filter((r) => r.ref.kind === kind);
    if (recent.length) {
      const whose = (r: Recent) => this.deps.accounts.nameIfSeveral(r.ref.account);
      const choice = await this.deps.prompter.pick<Recent | typeof OTHER>(
        [
          ...recent.map((r) => ({ label: r.name, description: joinParts(l10n.t('recently used'), whose(r)), value: r as Recent | typeof OTHER })),
          { label: KINDS[kind].words.another(), value: OTHER },
        ],
        { title, placeholder: KINDS[kind].words.which() },
      );
      if (choice === undefined) return undefined;
      if (choice !== OTHER) return { ref: choice.ref, name: choice.name };
    }
    const account = await this.pickAccount(title);
    if (account === undefined) return undefined;
    // The kinds no workspace category lists say how they are reached (their records' `reach`).
    const reach = KINDS[kind].reach;
    if (reach?.via === 'theAccount') return { ref: refs.account(account.id), name: account.label };
    const client = this.deps.accounts.requireClient(account.id);
    if (reach?.via === 'accountList')
      return this.pickPaged(
        title,
        reach.texts(),
        (p) => reach.list(client, p),
        (row) => reach.refOf(account.id, row),
      );
    const ws = await this.pickWorkspace(account.id, client, title);
    if (ws === undefined) return undefined;
    if (reach?.via === 'theWorkspace') return { ref: refs.workspace(account.id, ws.id), name: ws.name };
    if (reach?.via === 'workspaceList')
      return this.pickPaged(
        title,
        reach.texts(),
        (p) => reach.list(client, ws.id, p),
        (row) => reach.refOf(account.id, ws.id, row),
      );
    const itemKind = isEntryKind(kind) ? PARENT_KIND[kind] : (kind as WorkspaceItemKind);
    const list = WORKSPACE_ITEMS[itemKind];
    const item = await this.pickPaged(
      title,
      WORKSPACE_ITEMS[itemKind].words.inWorkspace(ws.name),
      (p) => list.listItems(client, ws.id, p, new AbortController().signal),
      (row) => refs.item(account.id, itemKind, ws.id, row.id ?? -1),
    );
    if (!item || !isEntryKind(kind)) return item;
    const history = HISTORIES[itemKind as HistoryItemKind];
    return this.pickPaged(
      title,
      ENTRIES[kind].words.ofItem(item.name),
      (p) => history.list(client, item.ref, { ...p, sortOrder: 'desc' }, new AbortController().signal) as Promise<Page<object>>,
      (row) => refs.entryOf(item.ref, kind, history.entry.idOf(row) ?? ''),
      (row) => ({ label: history.entry.label(row), description: history.entry.description(row, Date.now()) }),
    );
  }

  /** The account to pick in: the only one usable, else the user's choice. */
  private async pickAccount(title: string): Promise<AccountInfo | undefined> {
    const { accounts, prompter } = this.deps;
    const usable = accounts.list().filter((a) => a.state !== 'rejected');
    if (!usable.length) throw new Error(l10n.t('Not signed in to Skyvia: sign in or try the demo account first.'));
    if (usable.length === 1) return usable[0];
    return prompter.pick(
      usable.map((a) => ({ label: a.label, description: a.baseUrl, value: a })),
      { title, placeholder: l10n.t('In which Skyvia account?') },
    );
  }

  private async pickWorkspace(account: AccountId, client: SkyviaClient, title: string): Promise<{ id: number; name: string } | undefined> {
    const workspaces = await client.listWorkspaces();
    const used = new Set(
      this.recent()
        .filter((r) => r.ref.account === account)
        .map((r) => r.ref.workspaceId),
    );
    const items = workspaces
      .map((w) => ({
        label: titleOf(refs.workspace(account, w.id), w),
        description: joinParts(w.isPersonal && l10n.t('personal'), used.has(w.id) && l10n.t('recently used')),
        value: { id: w.id, name: titleOf(refs.workspace(account, w.id), w) },
      }))
      .sort((a, b) => Number(used.has(b.value.id)) - Number(used.has(a.value.id)));
    if (items.length === 1) return items[0].value;
    return this.deps.prompter.pick(items, { title, placeholder: KINDS.workspace.words.which() });
  }

  /** A picker over a paged list, with "Load more…" while the service has more. */
  private async pickPaged<T extends object>(
    title: string,
    { placeholder, empty }: PickTexts,
    list: (page: Required<PageParams>) => Promise<Page<T>>,
    refOf: (row: T) => ItemRef,
    show?: (row: T) => { label: string; description?: string },
  ): Promise<Target | undefined> {
    const rows: T[] = [];
    for (;;) {
      const page = await list({ take: PICK_PAGE, skip: rows.length });
      rows.push(...page.data);
      const items: PickItem<T | typeof MORE>[] = rows.map((row) => {
        const ref = refOf(row);
        const shown = show?.(row) ?? { label: titleOf(ref, row), description: pickDescription(ref, row) };
        return { ...shown, value: row };
      });
      if (page.hasMore && page.data.length)
        items.push({
          label: `$(ellipsis) ${l10n.t('Load more…')}`,
          description: l10n.t('{0} loaded', rows.length.toLocaleString('en-US')),
          value: MORE,
          alwaysShow: true,
        });
      if (!items.length) {
        void this.deps.prompter.message('info', empty);
        return undefined;
      }
      const choice = await this.deps.prompter.pick(items, { title, placeholder });
      if (choice === undefined) return undefined;
      if (choice !== MORE) {
        const ref = refOf(choice);
        return { ref, name: titleOf(ref, choice), data: choice };
      }
    }
  }

  /** A ref given without a name: named by a node that shows it, else by its kind and id. */
  private named(ref: ItemRef): Target {
    for (const node of this.deps.nodesOf(ref)) {
      const t = node.target();
      if (t) return t;
    }
    return { ref, name: titleOf(ref) };
  }

  /** The usable accounts' recently used targets, the first account's first. */
  private recent(): Recent[] {
    return this.deps.accounts.usable().flatMap((account) => this.recentOf(account));
  }

  private recentOf(account: AccountId): Recent[] {
    let list = this.recentLists.get(account);
    if (!list) {
      const stored = this.storedAll()[account];
      list = Array.isArray(stored)
        ? stored.filter(
            (r): r is Recent => !!r && typeof r === 'object' && asRef((r as Recent).ref)?.account === account && typeof (r as Recent).name === 'string',
          )
        : [];
      this.recentLists.set(account, list);
    }
    return list;
  }

  /** Every account's list as stored (a list stored before lists were per account is dropped: whose was it?). */
  private storedAll(): Record<string, unknown> {
    const stored = this.deps.memento.get<unknown>(RECENT_KEY);
    return stored && typeof stored === 'object' && !Array.isArray(stored) ? (stored as Record<string, unknown>) : {};
  }
}

/** The node's own target when its kind applies, else its parent's (Cancel on a run's row acts on the integration). */
function targetFor(node: Node, kinds: readonly RefKind[]): Target | undefined {
  const own = node.target();
  if (own && kinds.includes(own.ref.kind)) return own;
  const parent = node.parent?.target();
  return parent && kinds.includes(parent.ref.kind) ? parent : undefined;
}

function isTarget(value: unknown): value is Target {
  return !!value && typeof value === 'object' && !!asRef((value as Target).ref) && typeof (value as Target).name === 'string';
}

function dedupe(targets: Target[]): Target[] {
  const seen = new Set<string>();
  return targets.filter((t) => !seen.has(refKey(t.ref)) && !!seen.add(refKey(t.ref)));
}

/** The first facts of an item, for a picker row ("dataflow · schedule on"). */
function pickDescription(ref: ItemRef, row: object): string {
  // Its id is no fact worth a picker's room.
  const rows = describeObject(ref, row).rows.filter(([, v]) => v && v !== ref.id);
  return rows
    .slice(0, 2)
    .map(([, v]) => v)
    .join(' · ');
}
