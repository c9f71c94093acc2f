// The TreeDataProvider of the `skyvia.explorer` view. The root depends on the session: nothing
// when signed out (the view's welcome content shows), one "Token rejected" node when the token
// was refused, else the account node. Everything below is the nodes' business.
//
// It also keeps the index from refs to nodes, so a change of an item's facts (the fact store's one
// event: a state read, an action's result, a run found or ended) updates exactly the nodes that
// show that object, and it decides when VS Code may be told of a change (see `flush`).
import { l10n } from 'vscode';
import vscode = require('vscode');
import type { SkyviaClient, SkyviaError } from '../api';
import type { Session } from '../host/session';
import { CommandId } from '../shared/commandIds';
import type { RunRecord } from '../shared/model';
import { refKey, type ItemRef } from '../shared/refs';
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
import type { TreeContext } from './treeContext';
import { shownTreeItem } from './treeItems';

/** How the session was signed in, in the account's tooltip (read when shown). */
const sourceText = (source: 'stored' | 'env' | 'demo') =>
  ({ stored: () => l10n.t('a stored API token'), env: () => l10n.t('a token from the environment'), demo: () => l10n.t('the built-in demo service') })[source]();

/** How long a hover waits for an item's own reads before showing what is already known. */
const HOVER_WAIT_MS = 2_000;
/**
 * How long what a hover's reads changed waits before the row is drawn again, unless the pointer
 * is seen elsewhere first (another hover, a selection, an expansion): drawing the row closes the
 * tooltip those reads were made for.
 */
const HOVER_LINGER_MS = 4_000;
/**
 * How long a change waits after a fetch of its node (or one below) settled. VS Code 1.100 (its
 * ExtHostTreeView) registers a fetch's answer by tree id a few microtasks after it settles, then
 * sends it to the window, whose tree takes it asynchronously; a refresh of the node meanwhile
 * either registers the same ids twice ("Element with id … is already registered", then an empty
 * history) or is merged into the answer in flight, whose row commands it has just disposed (a
 * click then finds "command not found"). Told a moment later, the refresh is an ordinary one.
 */
const FETCH_SETTLE_MS = 250;
/**
 * How long after VS Code got an expanded history's rows a change that only makes its item's row
 * read differently waits (see `quiet`): the moment a person clicks a row that just appeared.
 */
const FRESH_ROWS_MS = 3_000;

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
  private account?: AccountNode;
  private readonly index = new Map<string, Set<Node>>();
  /** Nodes to announce at the next flush; a node waiting for its children waits in `deferred`. */
  private readonly queued = new Set<Node>();
  /** Nodes whose own row may look different (a state read), told only if it really does. */
  private readonly restyled = new Set<Node>();
  /** Queued nodes whose children are the same: only their own row reads differently. */
  private readonly restyleOnly = new Set<Node>();
  /**
   * Rows that only read differently now (their description or icon: the newest entry a history
   * just showed, a category's "1 running"), at or above rows VS Code got a moment ago: told
   * FRESH_ROWS_MS after those rows were given, or as soon as they are collapsed or the row must be
   * told anyway. Telling VS Code a row changed draws every row below it again, and a click on a
   * row landing as it does is lost — the moment a person clicks a row that just appeared.
   */
  private readonly quiet = new Set<Node>();
  /** Nodes whose children VS Code got less than FRESH_ROWS_MS ago, and when. */
  private readonly given = new Map<Node, number>();
  private readonly deferred = new Set<Node>();
  /** getChildren calls under way, per node (`root` for the root): VS Code registers their answers when they settle. */
  private readonly fetching = new Map<Node | 'root', number>();
  /** Changes held until no fetch is under way at or below their node, or until a hover ends. */
  private readonly held = new Set<Node>();
  /** The node whose tooltip is (or may still be) on screen, and the timer that lets it go. */
  private hovered?: { node: Node; timer?: ReturnType<typeof setTimeout> };
  /**
   * How each node's row looked when VS Code last asked. A re-render closes an open hover, and
   * a hover's own reads (schedule, state) often confirm what the row already shows: such a
   * "change" is not told, so the tooltip they were read for stays on screen.
   */
  private readonly shown = new WeakMap<Node, vscode.TreeItem>();
  private flushScheduled = false;
  /** Whether the account's children, as last told, start with the Pinned group. */
  private pinnedShown = false;
  private readonly subscriptions: vscode.Disposable[];

  constructor(
    private readonly session: Session,
    private readonly pageSizeSetting: () => number,
    private readonly stores: ExplorerStores,
  ) {
    this.subscriptions = [
      // A new session is a new tree.
      session.onDidChange(() => this.rebuild()),
      stores.facts.onDidChange((ref) => this.changedRef(ref)),
      stores.runs.onDidEnd((run) => this.runEnded(run)),
      stores.pins.onDidChange(() => this.pinsChanged()),
    ];
  }

  // ---- TreeContext ----

  get client(): SkyviaClient {
    const client = this.session.client;
    if (!client) throw new Error(l10n.t('Not signed in to Skyvia.'));
    return client;
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

  pins(): readonly Pin[] {
    return this.stores.pins.list();
  }

  /** The Pinned group, when the account is shown (the status bar reveals it). */
  get pinnedGroup(): Node | undefined {
    return this.account && this.stores.pins.list().length ? this.account.pinned : undefined;
  }

  pageSize(): number {
    return this.pageSizeSetting();
  }

  isDemoService(): boolean {
    return this.session.client?.isDemoService === true;
  }

  /** Tells VS Code a node changed, when it safely can (see `flush`). Deferred, never dropped. */
  changed(node: Node): void {
    this.restyleOnly.delete(node);
    this.queued.add(node);
    this.scheduleFlush();
  }

  /** A node's own row may look different; its children are the same. */
  restyle(node: Node): void {
    this.restyled.add(node);
    this.scheduleFlush();
  }

  private scheduleFlush(): void {
    if (!this.flushScheduled) {
      this.flushScheduled = true;
      queueMicrotask(() => this.flush());
    }
  }

  tokenRejected(error: SkyviaError): Promise<boolean> {
    return this.session.tokenRejected(error);
  }

  register(ref: ItemRef, node: Node): void {
    const key = refKey(ref);
    let set = this.index.get(key);
    if (!set) this.index.set(key, (set = new Set()));
    set.add(node);
  }

  unregister(ref: ItemRef, node: Node): void {
    const key = refKey(ref);
    const set = this.index.get(key);
    if (!set) return;
    set.delete(node);
    if (!set.size) this.index.delete(key);
  }

  /** What the tree calls an object (its name as its row shows it), if a row of it is on show. */
  nameOf(ref: ItemRef): string | undefined {
    return this.nodesOf(ref)
      .map((n) => n.target()?.name)
      .find((name) => name !== undefined);
  }

  /** The nodes on show for an API object (usually one). */
  nodesOf(ref: ItemRef): Node[] {
    return [...(this.index.get(refKey(ref)) ?? [])];
  }

  // ---- TreeDataProvider ----

  getTreeItem(node: Node): vscode.TreeItem {
    // Kept as given; compared only when a restyle is asked for, so rendering costs nothing more.
    const item = shownTreeItem(node.treeItem());
    this.shown.set(node, item);
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
    this.hoverStarted(node);
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
    this.hoverShown(node, token.isCancellationRequested);
    return shownTreeItem(item);
  }

  /** VS Code collapsed a row: what was held for the rows below it is told now. */
  collapsed(node: Node): void {
    this.given.delete(node);
    for (const q of [...this.quiet]) {
      if (!this.given.size || isAtOrAbove(q, node)) {
        this.quiet.delete(q);
        this.restyle(q);
      }
    }
  }

  /** The pointer is elsewhere (a selection, the view hidden): what a hover held is drawn now. */
  pointerMoved(): void {
    this.releaseHover();
  }

  async getChildren(node?: Node): Promise<Node[]> {
    const key = node ?? 'root';
    // Expanding the hovered row: the pointer has moved on to the twistie.
    if (node && this.hovered?.node === node) this.releaseHover();
    this.fetching.set(key, (this.fetching.get(key) ?? 0) + 1);
    try {
      const children = await (node ? node.children() : this.rootChildren());
      if (node) this.given.set(node, performance.now());
      return children;
    } finally {
      // The fetch counts as under way until its answer has reached the window (FETCH_SETTLE_MS);
      // then what waited for it goes.
      setTimeout(() => {
        const left = (this.fetching.get(key) ?? 1) - 1;
        if (left) this.fetching.set(key, left);
        else this.fetching.delete(key);
        if (this.held.size) this.releaseHeld();
      }, FETCH_SETTLE_MS);
    }
  }

  private async rootChildren(): Promise<Node[]> {
    let state;
    try {
      state = await this.session.resolve();
    } catch (e) {
      // Only the demo service can fail here (it starts on first use after a reload).
      return [
        new MessageNode(this, undefined, 'startFailed', {
          label: l10n.t('Couldn\'t start the demo service: {0}', e instanceof Error ? e.message : String(e)),
          description: l10n.t('Retry'),
          severity: 'error',
          command: { command: CommandId.refresh, title: l10n.t('Retry') },
          flags: ['retry'],
        }),
      ];
    }
    switch (state) {
      case 'signedOut':
        return [];
      case 'rejected':
        return [
          new MessageNode(this, undefined, 'rejected', {
            label: l10n.t('Token rejected — sign in again'),
            tooltip: l10n.t('{0}\n\nClick to sign in with another token.', this.session.current().rejection ?? l10n.t('The Skyvia token was rejected.')),
            severity: 'warning',
            command: { command: CommandId.signIn, title: l10n.t('Sign In') },
            flags: ['signIn'],
          }),
        ];
      default: {
        const { baseUrl = '', source = 'stored' } = this.session.current();
        if (!this.account) {
          this.account = new AccountNode(this, { baseUrl, demo: state === 'demo', source: sourceText(source) }, this.session.takeCheckedWorkspaces());
          this.pinnedShown = this.stores.pins.list().length > 0;
        }
        return [this.account];
      }
    }
  }

  // ---- refreshing ----

  /** Reloads one node (only it fetches again), or the whole tree when no node is given. */
  refresh(node?: Node): void {
    if (node) {
      node.reset();
      this.changed(node);
      return;
    }
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

  /** Reloads the loaded lists of one kind (Invitations after an invite; a workspace's Users after an add). */
  reloadLists(kind: 'invitations' | 'accountUsers' | 'workspaceUsers', workspaceId?: number): void {
    const match = (n: Node) =>
      kind === 'invitations' ? n instanceof InvitationsNode : kind === 'accountUsers' ? n instanceof AccountUsersNode : n instanceof WorkspaceUsersNode && (workspaceId === undefined || n.workspaceId === workspaceId);
    const walk = (node: Node) => {
      for (const child of node.loadedChildren()) {
        if (match(child)) {
          if (child instanceof PagedParent && child.loaded) this.refresh(child);
        } else walk(child);
      }
    };
    if (this.account) walk(this.account);
  }

  dispose(): void {
    this.releaseHover();
    for (const d of this.subscriptions) d.dispose();
    this.emitter.dispose();
    this.nodeChanged.dispose();
  }

  private rebuild(): void {
    this.account?.dispose();
    this.account = undefined;
    this.index.clear();
    this.queued.clear();
    this.restyled.clear();
    this.quiet.clear();
    this.restyleOnly.clear();
    this.given.clear();
    this.deferred.clear();
    this.held.clear();
    this.releaseHover();
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
    const account = this.account;
    if (!account) return;
    const wanted = this.stores.pins.list().length > 0;
    account.pinned.reset();
    this.changed(this.pinnedShown === wanted ? account.pinned : account);
    this.pinnedShown = wanted;
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

  /**
   * Tells VS Code of the queued changes it can take now. THE INVARIANT: a node's change is told
   * only while no getChildren is under way at or below it. VS Code 1.100's ExtHostTreeView
   * registers a fetch's answer by tree id when it settles; a refresh told meanwhile clears the
   * node's subtree, VS Code fetches it again, and both answers register the same ids ("Element
   * with id … is already registered", then an empty history). So a change waits — held, never
   * dropped — for the fetches beneath it, and for the node's own load (`pendingLoad`) however it
   * started. Ids themselves cannot repeat: children are keyed by ref (one row per ref per parent,
   * see PagedParent.render) or by a position no other child has.
   */
  private flush(): void {
    this.flushScheduled = false;
    for (const node of this.restyled) {
      const before = this.shown.get(node);
      if (before === undefined || this.queued.has(node)) continue;
      if (looks(shownTreeItem(node.treeItem())) === looks(before)) continue;
      this.queued.add(node);
      this.restyleOnly.add(node);
    }
    this.restyled.clear();
    const ready: Node[] = [];
    for (const node of this.queued) {
      if (this.hoveredAtOrBelow(node) || this.fetchingAtOrBelow(node)) {
        this.held.add(node);
        continue;
      }
      const pending = node.pendingLoad;
      if (!pending) {
        const wait = this.restyleOnly.has(node) ? this.freshRowsLeft(node) : 0;
        if (wait > 0) this.hush(node, wait);
        else ready.push(node);
        continue;
      }
      if (this.deferred.has(node)) continue;
      this.deferred.add(node);
      // As for a fetch (see getChildren): once the load's answer has reached the window.
      const again = () =>
        setTimeout(() => {
          this.deferred.delete(node);
          this.changed(node);
        }, FETCH_SETTLE_MS);
      pending.then(again, again);
    }
    this.queued.clear();
    for (const node of ready) {
      this.restyleOnly.delete(node);
      // Told now: its row is drawn as it is now, whatever it was held for.
      this.quiet.delete(node);
    }
    if (!ready.length) return;
    this.emitter.fire(ready);
    for (const node of ready) this.nodeChanged.fire(node);
  }

  /**
   * How long a change of a row that only reads differently waits (see `quiet`): what is left of
   * FRESH_ROWS_MS since VS Code got rows at or below it (telling a row redraws every row below).
   */
  private freshRowsLeft(node: Node): number {
    const before = this.shown.get(node);
    if (!before || shape(shownTreeItem(node.treeItem())) !== shape(before)) return 0;
    const now = performance.now();
    let left = 0;
    for (const [rows, at] of this.given) {
      const rest = FRESH_ROWS_MS - (now - at);
      if (rest <= 0) this.given.delete(rows);
      else if (isAtOrAbove(node, rows)) left = Math.max(left, rest);
    }
    return left;
  }

  /** Holds a node's restyle for `ms` (see `quiet`). */
  private hush(node: Node, ms: number): void {
    this.restyleOnly.delete(node);
    if (this.quiet.has(node)) return;
    this.quiet.add(node);
    setTimeout(() => {
      if (this.quiet.delete(node)) this.restyle(node);
    }, ms);
  }

  /** A getChildren under way for the node or one of its descendants (or the root). */
  private fetchingAtOrBelow(node: Node): boolean {
    if (this.fetching.has('root')) return true;
    for (const key of this.fetching.keys()) {
      for (let n: Node | undefined = key as Node; n; n = n.parent) if (n === node) return true;
    }
    return false;
  }

  /** The hovered row is this node's or below it: a refresh of either draws the row again, closing its tooltip. */
  private hoveredAtOrBelow(node: Node): boolean {
    for (let n: Node | undefined = this.hovered?.node; n; n = n.parent) if (n === node) return true;
    return false;
  }

  private releaseHeld(): void {
    for (const node of this.held) this.queued.add(node);
    this.held.clear();
    this.scheduleFlush();
  }

  private hoverStarted(node: Node): void {
    if (this.hovered?.node !== node) this.releaseHover();
    if (this.hovered?.timer) clearTimeout(this.hovered.timer);
    this.hovered = { node };
  }

  /** The tooltip is on screen (or the hover was cancelled): its row may be drawn again a little later. */
  private hoverShown(node: Node, cancelled: boolean): void {
    if (this.hovered?.node !== node) return;
    if (cancelled) return this.releaseHover();
    this.hovered.timer = setTimeout(() => this.releaseHover(), HOVER_LINGER_MS);
  }

  private releaseHover(): void {
    const hovered = this.hovered;
    if (!hovered) return;
    if (hovered.timer) clearTimeout(hovered.timer);
    this.hovered = undefined;
    if (this.held.size) this.releaseHeld();
  }
}

/** `node` is `below` or one of its ancestors. */
function isAtOrAbove(node: Node, below: Node): boolean {
  for (let n: Node | undefined = below; n; n = n.parent) if (n === node) return true;
  return false;
}

/** What VS Code draws of a row (not its tooltip, which is resolved on hover). */
function looks(item: vscode.TreeItem): string {
  const icon = item.iconPath instanceof vscode.ThemeIcon ? `${item.iconPath.id}/${item.iconPath.color?.id ?? ''}` : String(item.iconPath ?? '');
  return JSON.stringify([shape(item), item.description, icon, item.accessibilityInformation?.label]);
}

/** What a row is and offers, beside how it reads: its label, menus, twistie and click. */
function shape(item: vscode.TreeItem): string {
  const label = typeof item.label === 'string' ? item.label : JSON.stringify(item.label);
  return JSON.stringify([label, item.contextValue, item.collapsibleState, item.command?.command]);
}
