// The TreeDataProvider of the `skyvia.explorer` view. Its roots are the accounts signed in, in
// the order signed in: nothing when none is (the view's welcome content shows); an account whose
// token was refused is a "sign in again" row, the others their account node. One account shows as
// it always did; beside others, each root says which account it is. Everything below a root is
// the nodes' business, and each node knows its account (two accounts may hold the same ids).
//
// It says what changed when an item's facts change (the fact store's one event: a state read, an
// action's result, a run found or ended) — exactly the nodes that show that object (refIndex.ts)
// — and hands it to the ChangeTeller (changeTeller.ts), which decides when VS Code may be told.
import { l10n } from 'vscode';
import vscode = require('vscode');
import type { SkyviaClient, SkyviaError, Workspace } from '../api';
import { hostOf, type AccountInfo, type Accounts, type AccountsChange } from '../host/accounts';
import { CommandId } from '../shared/commandIds';
import { plural } from '../shared/format';
import type { RunRecord } from '../shared/model';
import { refKey, type AccountId, type ItemRef } from '../shared/refs';
import type { ItemReader } from '../state/itemReader';
import type { FactStore } from '../state/facts';
import type { RunStore } from '../state/runStore';
import type { Pin, PinStore } from '../state/pins';
import type { Node } from './node';
import { AccountNode } from './nodes/accountNode';
import { AccountUsersNode } from './nodes/accountUsersNode';
import { InvitationsNode } from './nodes/invitationsNode';
import { WorkspaceUsersNode } from './nodes/workspaceUsersNode';
import { MessageNode } from './nodes/messageNode';
import { PagedParent } from './pagedParent';
import { ChangeTeller } from './changeTeller';
import { RefIndex } from './refIndex';
import type { TreeContext } from './treeContext';
import { shownTreeItem } from './treeItems';

/** How the session was signed in, in the account's tooltip (read when shown). */
const sourceText = (source: AccountInfo['source']) =>
  ({ stored: () => l10n.t('a stored API token'), env: () => l10n.t('a token from the environment'), demo: () => l10n.t('the built-in demo service') })[
    source
  ]();

/** How long a hover waits for an item's own reads before showing what is already known. */
const HOVER_WAIT_MS = 2_000;
export interface ExplorerStores {
  facts: FactStore;
  runs: RunStore;
  reader: ItemReader;
  pins: PinStore;
}

export class ExplorerProvider implements vscode.TreeDataProvider<Node>, TreeContext, vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<Node | Node[] | undefined>();
  readonly onDidChangeTreeData = this.emitter.event;
  private readonly nodeChanged = new vscode.EventEmitter<Node | undefined>();
  /** Every change VS Code is told of, one node at a time (for tests and the index's users). */
  readonly onDidChangeNode = this.nodeChanged.event;
  /** The account nodes made so far, by account (a root is made the first time it is shown). */
  private readonly roots = new Map<AccountId, AccountNode>();
  private readonly index = new RefIndex();
  /** When VS Code may be told of a change, and which (changeTeller.ts). */
  readonly changes = new ChangeTeller((nodes) => {
    this.emitter.fire(nodes);
    for (const node of nodes) this.nodeChanged.fire(node);
  });
  /** The accounts whose children, as last told, start with the Pinned group. */
  private readonly pinnedShown = new Set<AccountId>();
  /** Listings of the roots waiting for the accounts to be found: each answers with what is found then. */
  private rootsWaiting = 0;
  private readonly subscriptions: vscode.Disposable[];

  constructor(
    private readonly accounts: Accounts,
    private readonly pageSizeSetting: () => number,
    private readonly stores: ExplorerStores,
  ) {
    this.subscriptions = [
      // An account signed in, out, renamed or refused: its root is made anew, the others stay.
      accounts.onDidChange((change) => this.accountsChanged(change)),
      stores.facts.onDidChange((ref) => this.changedRef(ref)),
      stores.runs.onDidEnd((run) => this.runEnded(run)),
      stores.pins.onDidChange(() => this.pinsChanged()),
    ];
  }

  // ---- TreeContext ----

  client(account: AccountId): SkyviaClient {
    return this.accounts.requireClient(account);
  }

  get facts(): FactStore {
    return this.stores.facts;
  }

  get runs(): RunStore {
    return this.stores.runs;
  }

  get reader(): ItemReader {
    return this.stores.reader;
  }

  pins(account: AccountId): readonly Pin[] {
    return this.stores.pins.list(account);
  }

  /** An account's Pinned group (the first account's with pins when none is named), when its root is shown (the status bar reveals it). */
  pinnedGroup(account?: AccountId): Node | undefined {
    const root = [...this.roots.values()].find((r) => (account === undefined || r.account === account) && this.stores.pins.list(r.account).length);
    return root?.pinned;
  }

  /** An account's root, if it is shown. */
  root(account: AccountId): Node | undefined {
    return this.roots.get(account);
  }

  /** An account's workspaces as its root listed them, if it has. */
  workspacesOf(account: AccountId): Workspace[] | undefined {
    return this.roots.get(account)?.workspaces;
  }

  pageSize(): number {
    return this.pageSizeSetting();
  }

  isDemoService(account: AccountId): boolean {
    return this.accounts.client(account)?.isDemoService === true;
  }

  /** Tells VS Code a node changed, when it safely can (changeTeller.ts). Deferred, never dropped. */
  changed(node: Node): void {
    this.changes.changed(node);
  }

  /** A node's own row may look different; its children are the same. */
  restyle(node: Node): void {
    this.changes.restyle(node);
  }

  tokenRejected(account: AccountId, error: SkyviaError): Promise<boolean> {
    return this.accounts.tokenRejected(account, error);
  }

  register(ref: ItemRef, node: Node): void {
    this.index.add(ref, node);
  }

  unregister(ref: ItemRef, node: Node): void {
    this.index.remove(ref, node);
  }

  /** The nodes on show for an API object (usually one). */
  nodesOf(ref: ItemRef): Node[] {
    return this.index.nodesOf(ref);
  }

  /** What the tree calls an object (its name as its row shows it), if a row of it is on show. */
  nameOf(ref: ItemRef): string | undefined {
    return this.index.nameOf(ref);
  }

  // ---- TreeDataProvider ----

  getTreeItem(node: Node): vscode.TreeItem {
    // Kept as given; compared only when a restyle is asked for, so rendering costs nothing more.
    const item = shownTreeItem(node.treeItem());
    this.changes.drawn(node, item);
    return item;
  }

  getParent(node: Node): Node | undefined {
    return node.parent;
  }

  /**
   * On hover: the item's own reads (schedule, state, details), then a tooltip that shows them.
   * What the reads change on the row itself (a run found under way) is held while the tooltip is
   * on screen, so the first hover shows it (see HOVER_LINGER_MS).
   */
  async resolveTreeItem(item: vscode.TreeItem, node: Node, token: vscode.CancellationToken): Promise<vscode.TreeItem> {
    if (!node.resolveTooltip || item.tooltip !== undefined) return item;
    this.changes.hoverStarted(node);
    const tooltip = await Promise.race([
      node.resolveTooltip().catch(() => undefined),
      new Promise<undefined>((resolve) => {
        const timer = setTimeout(resolve, HOVER_WAIT_MS);
        token.onCancellationRequested(() => {
          clearTimeout(timer);
          resolve(undefined);
        });
      }),
    ]);
    item.tooltip = tooltip ?? node.treeItem().tooltip;
    this.changes.hoverShown(node, token.isCancellationRequested);
    return shownTreeItem(item);
  }

  /** VS Code expanded a row: its children are on screen. */
  expanded(node: Node): void {
    this.changes.expanded(node);
  }

  /** VS Code collapsed a row: what its row waited for while its children were on screen is told now. */
  collapsed(node: Node): void {
    this.changes.collapsed(node);
  }

  /** The pointer is elsewhere (a selection, the view hidden): what a hover held is drawn now. */
  pointerMoved(): void {
    this.changes.releaseHover();
  }

  getChildren(node?: Node): Promise<Node[]> {
    return this.changes.fetch(node, async () => (node ? node.children() : this.rootChildren()));
  }

  private async rootChildren(): Promise<Node[]> {
    this.rootsWaiting++;
    try {
      await this.accounts.resolve();
    } catch (e) {
      // Only the demo service can fail here (it starts on first use after a reload).
      return [
        new MessageNode(this, undefined, 'startFailed', {
          label: l10n.t("Couldn't start the demo service: {0}", e instanceof Error ? e.message : String(e)),
          description: l10n.t('Retry'),
          severity: 'error',
          command: { command: CommandId.refresh, title: l10n.t('Retry') },
          flags: ['retry'],
        }),
      ];
    } finally {
      this.rootsWaiting--;
    }
    const all = this.accounts.list();
    const several = all.length > 1;
    return all.map((info) => (info.state === 'rejected' ? this.rejectedRoot(info, several) : this.accountRoot(info, several)));
  }

  /** A refused token's root: "sign in again", which puts a new token in its place. */
  private rejectedRoot(info: AccountInfo, several: boolean): Node {
    // Its pins are not shown while its token is refused, and not dropped: they wait for it.
    const waiting = this.stores.pins.waiting(info.id);
    const pinsWait = waiting
      ? plural(
          waiting,
          (n) => l10n.t('{0} pinned item waits for this account to be signed in again.', n),
          (n) => l10n.t('{0} pinned items wait for this account to be signed in again.', n),
        )
      : undefined;
    return new MessageNode(this, undefined, `rejected:${info.id}`, {
      label: several ? l10n.t('{0}: token rejected — sign in again', info.label) : l10n.t('Token rejected — sign in again'),
      ...(pinsWait
        ? {
            description: plural(
              waiting,
              (n) => l10n.t('{0} pin waiting', n),
              (n) => l10n.t('{0} pins waiting', n),
            ),
          }
        : {}),
      tooltip: [l10n.t('{0}\n\nClick to sign in with another token.', info.rejection ?? l10n.t('The Skyvia token was rejected.')), pinsWait]
        .filter(Boolean)
        .join('\n\n'),
      severity: 'warning',
      command: { command: CommandId.signIn, title: l10n.t('Sign In'), arguments: [info.id] },
      flags: ['signIn'],
      account: info.id,
    });
  }

  private accountRoot(info: AccountInfo, several: boolean): AccountNode {
    // Alone, the account's row is as it always was: the API's host, unless the user named it.
    const shown = {
      id: info.id,
      label: several || info.named ? info.label : hostOf(info.baseUrl),
      baseUrl: info.baseUrl,
      demo: info.source === 'demo',
      source: sourceText(info.source),
      several,
    };
    let root = this.roots.get(info.id);
    if (!root) {
      root = new AccountNode(this, shown, this.accounts.takeCheckedWorkspaces(info.id));
      this.roots.set(info.id, root);
      if (this.stores.pins.list(info.id).length) this.pinnedShown.add(info.id);
    } else root.shown = shown;
    return root;
  }

  // ---- refreshing ----

  /** Reloads one node (only it fetches again), or the whole tree when no node is given. */
  refresh(node?: Node): void {
    if (node) {
      node.reset();
      this.changed(node);
      return;
    }
    // Refreshed as a whole: pins synced from another machine meanwhile are shown too.
    this.stores.pins.reread();
    this.rebuild();
  }

  /**
   * New data for an object (its own read after an action): it becomes the item's row in the fact
   * store, whose change event updates every view of it; history entries hold their own row.
   */
  updateItem(ref: ItemRef, data: object): void {
    for (const node of this.nodesOf(ref)) (node as Partial<{ update(d: object): void }>).update?.(data);
  }

  /** An object left its list (deleted, removed): its rows go, the lists are not reloaded. */
  removeItem(ref: ItemRef): void {
    const key = refKey(ref);
    for (const node of this.nodesOf(ref)) {
      const list = node.parent;
      if (list instanceof PagedParent) list.removeRows((n) => n.ref !== undefined && refKey(n.ref) === key);
    }
  }

  /** Reloads an account's loaded lists of one kind (Invitations after an invite; a workspace's Users after an add). */
  reloadLists(account: AccountId, kind: 'invitations' | 'accountUsers' | 'workspaceUsers', workspaceId?: number): void {
    const match = (n: Node) =>
      kind === 'invitations'
        ? n instanceof InvitationsNode
        : kind === 'accountUsers'
          ? n instanceof AccountUsersNode
          : n instanceof WorkspaceUsersNode && (workspaceId === undefined || n.workspaceId === workspaceId);
    const walk = (node: Node) => {
      for (const child of node.loadedChildren()) {
        if (match(child)) {
          if (child instanceof PagedParent && child.loaded) this.refresh(child);
        } else walk(child);
      }
    };
    const root = this.roots.get(account);
    if (root) walk(root);
  }

  dispose(): void {
    this.changes.clear();
    for (const d of this.subscriptions) d.dispose();
    this.emitter.dispose();
    this.nodeChanged.dispose();
  }

  private rebuild(): void {
    for (const root of this.roots.values()) root.dispose();
    this.roots.clear();
    this.pinnedShown.clear();
    this.index.clear();
    this.changes.clear();
    this.rootsChanged();
  }

  /**
   * Accounts came, went, were renamed or refused: a root that went or changed state is made anew
   * (nothing of it stays in the index), every other root stays as it is, expanded rows and all.
   * The roots are told as a whole (their number, and whether each says which account it is, may change).
   */
  private accountsChanged(change: AccountsChange | undefined): void {
    if (!change) return this.rebuild();
    for (const id of [...change.removed, ...change.changed]) {
      const root = this.roots.get(id);
      const info = this.accounts.get(id);
      // A rename keeps the root (its label is read again); a sign-out or a refused token drops it.
      if (!root || (info && info.state !== 'rejected' && change.changed.includes(id))) continue;
      root.dispose();
      this.roots.delete(id);
      this.pinnedShown.delete(id);
      this.index.dropAccount(id);
    }
    // A listing of the roots waiting for the accounts (the view opened as the window starts) will
    // answer with them: told now, VS Code would ask again for the roots it is about to be given,
    // and ask for the account's workspaces only after that second answer.
    if (this.rootsWaiting === 0) this.rootsChanged();
  }

  private rootsChanged(): void {
    this.changes.wholeTreeTold();
    this.emitter.fire(undefined);
    this.nodeChanged.fire(undefined);
  }

  /**
   * An item's facts changed: its rows, and the category above (its "2 running"). An expanded
   * history is told as a whole only when its rows change — its leading "run under way" row came or
   * went — since VS Code then draws every row of it again, and a click on a row landing as it does
   * is lost (its press and release straddle the redraw). Otherwise only the rows that look
   * different are told: the item's own, its run under way's. (Telling VS Code an item's row
   * changed draws its expanded history again too: that happens only when the row looks different.)
   */
  private changedRef(ref: ItemRef): void {
    for (const node of this.nodesOf(ref)) {
      if (node instanceof PagedParent && node.leadingChanged()) this.changed(node);
      else {
        this.restyle(node);
        if (node instanceof PagedParent) for (const row of node.shownLeading()) this.restyle(row);
      }
      if (node.parent) this.restyle(node.parent);
    }
  }

  /**
   * Pinned or unpinned: the group's rows change; the account's children change when the group
   * comes or goes (both go through `changed`, so the rule of `flush` holds).
   */
  private pinsChanged(): void {
    for (const [id, root] of this.roots) {
      const wanted = this.stores.pins.list(id).length > 0;
      root.pinned.reset();
      this.changed(this.pinnedShown.has(id) === wanted ? root.pinned : root);
      if (wanted) this.pinnedShown.add(id);
      else this.pinnedShown.delete(id);
    }
    // A refused account's row counts the pins waiting for it (synced from another machine, say): drawn again.
    if (this.accounts.list().some((a) => a.state === 'rejected')) this.rootsChanged();
  }

  /** A run ended: the item's history gains a finished row, so its loaded first page is read again. */
  private runEnded(run: RunRecord): void {
    for (const node of this.nodesOf(run.item)) {
      if (node instanceof PagedParent && node.loaded) {
        node.reset();
        this.changed(node);
      }
    }
  }
}
