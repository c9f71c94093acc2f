// The TreeDataProvider of the `skyvia.explorer` view. The root depends on the session: nothing
// when signed out (the view's welcome content shows), one "Token rejected" node when the token
// was refused, else the account node. Everything below is the nodes' business.
//
// It also keeps the index from refs to nodes, so a state change, an action's result or a run
// that ended updates exactly the nodes that show that object, and it defers change notices for
// nodes whose children are loading instead of dropping them.
import vscode = require('vscode');
import type { SkyviaClient, SkyviaError } from '../api';
import type { Session } from '../auth/session';
import { CommandId } from '../shared/commandIds';
import type { RunRecord } from '../shared/model';
import { refKey, type ItemRef } from '../shared/refs';
import type { ItemReader } from '../state/itemReader';
import type { ItemStates } from '../state/itemStates';
import type { RunChange, RunStore } from '../state/runStore';
import type { Node } from './node';
import { AccountNode } from './nodes/accountNode';
import { AccountUsersNode } from './nodes/accountUsersNode';
import { InvitationsNode } from './nodes/invitationsNode';
import { WorkspaceUsersNode } from './nodes/workspaceUsersNode';
import { ActiveRunNode } from './nodes/activeRunNode';
import { MessageNode } from './nodes/messageNode';
import { PagedParent } from './pagedParent';
import type { TreeContext } from './treeContext';
import { shownTreeItem } from './treeItems';

const SOURCE_TEXT = { stored: 'a stored API token', env: 'a token from the environment', demo: 'the built-in demo service' } as const;

/** How long a hover waits for an item's own reads before showing what is already known. */
const HOVER_WAIT_MS = 2_000;

export interface ExplorerStores {
  states: ItemStates;
  runs: RunStore;
  reader: ItemReader;
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
  private readonly deferred = new Set<Node>();
  /**
   * How each node's row looked when VS Code last asked. A re-render closes an open hover, and
   * a hover's own reads (schedule, state) often confirm what the row already shows: such a
   * "change" is not told, so the tooltip they were read for stays on screen.
   */
  private readonly shown = new WeakMap<Node, vscode.TreeItem>();
  private flushScheduled = false;
  private readonly subscriptions: vscode.Disposable[];

  constructor(
    private readonly session: Session,
    private readonly pageSizeSetting: () => number,
    private readonly stores: ExplorerStores,
  ) {
    this.subscriptions = [
      // A new session is a new tree.
      session.onDidChange(() => this.rebuild()),
      stores.states.onDidChange((ref) => this.changedRef(ref)),
      stores.runs.onDidChange((change) => this.runChanged(change)),
      stores.runs.onDidEnd((run) => this.runEnded(run)),
    ];
  }

  // ---- TreeContext ----

  get client(): SkyviaClient {
    const client = this.session.client;
    if (!client) throw new Error('Not signed in to Skyvia.');
    return client;
  }

  get states(): ItemStates {
    return this.stores.states;
  }

  get runs(): RunStore {
    return this.stores.runs;
  }

  get reader(): ItemReader {
    return this.stores.reader;
  }

  pageSize(): number {
    return this.pageSizeSetting();
  }

  isDemoService(): boolean {
    return this.session.client?.isDemoService === true;
  }

  /**
   * Tells VS Code a node changed. A node whose children are loading is told once the load has
   * settled: VS Code 1.100's ExtHostTreeView reads the node's cache entry before awaiting
   * `getChildren`, and a refresh merged into an expansion still in progress leaves children under
   * a stale entry ("Element with id … is already registered") or forgotten ("No tree item with
   * id … found"). Deferred, never dropped: a live update must not be lost.
   */
  changed(node: Node): void {
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

  /** On hover: the item's own reads (schedule, state, details), then a tooltip that shows them. */
  async resolveTreeItem(item: vscode.TreeItem, node: Node, token: vscode.CancellationToken): Promise<vscode.TreeItem> {
    if (!node.resolveTooltip || item.tooltip !== undefined) return item;
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
    return shownTreeItem(item);
  }

  async getChildren(node?: Node): Promise<Node[]> {
    if (node) return node.children();
    let state;
    try {
      state = await this.session.resolve();
    } catch (e) {
      // Only the demo service can fail here (it starts on first use after a reload).
      return [
        new MessageNode(this, undefined, 'startFailed', {
          label: `Couldn't start the demo service: ${e instanceof Error ? e.message : String(e)}`,
          description: 'Retry',
          severity: 'error',
          command: { command: CommandId.refresh, title: 'Retry' },
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
            label: 'Token rejected — sign in again',
            tooltip: `${this.session.current().rejection ?? 'The Skyvia token was rejected.'}\n\nClick to sign in with another token.`,
            severity: 'warning',
            command: { command: CommandId.signIn, title: 'Sign In' },
            flags: ['signIn'],
          }),
        ];
      default: {
        const { baseUrl = '', source = 'stored' } = this.session.current();
        this.account ??= new AccountNode(this, { baseUrl, demo: state === 'demo', source: SOURCE_TEXT[source] }, this.session.takeCheckedWorkspaces());
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

  /** New data for an object (its own read after an action): every node showing it updates. */
  updateItem(ref: ItemRef, data: object): void {
    for (const node of this.nodesOf(ref)) {
      (node as Partial<{ update(d: object): void }>).update?.(data);
      this.changed(node);
      // The parent's description may summarise its rows.
      if (node.parent) this.changed(node.parent);
    }
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
    this.deferred.clear();
    this.emitter.fire(undefined);
    this.nodeChanged.fire(undefined);
  }

  /** An object's state changed: its rows, and the run row under it that shows its busy state. */
  private changedRef(ref: ItemRef): void {
    for (const node of this.nodesOf(ref)) {
      this.restyle(node);
      for (const child of node.loadedChildren()) if (child instanceof ActiveRunNode) this.restyle(child);
    }
  }

  /**
   * A run appeared, moved or ended: its item (spinner; the run's row leads its children) and
   * its category ("2 running"). "Unknown" becoming "idle" changes no row's children.
   */
  private runChanged({ item, before, after }: RunChange): void {
    const rowsChanged = !!before || !!after;
    for (const node of this.nodesOf(item)) {
      if (rowsChanged) this.changed(node);
      else this.restyle(node);
      if (node.parent) this.restyle(node.parent);
    }
  }

  /** A run ended: the item's history gains a finished row, so its loaded first page is read again. */
  private runEnded(run: RunRecord): void {
    for (const node of this.nodesOf(run.item)) {
      if (node instanceof PagedParent && node.loaded) {
        node.reset();
        this.changed(node);
      } else {
        // Not expanded: its description takes the outcome from the run store.
        this.restyle(node);
      }
    }
  }

  private flush(): void {
    this.flushScheduled = false;
    for (const node of this.restyled) {
      const before = this.shown.get(node);
      if (before === undefined || this.queued.has(node)) continue;
      if (looks(shownTreeItem(node.treeItem())) !== looks(before)) this.queued.add(node);
    }
    this.restyled.clear();
    const ready: Node[] = [];
    for (const node of this.queued) {
      const pending = node.pendingLoad;
      if (!pending) {
        ready.push(node);
        continue;
      }
      if (this.deferred.has(node)) continue;
      this.deferred.add(node);
      const again = () => {
        this.deferred.delete(node);
        this.changed(node);
      };
      pending.then(again, again);
    }
    this.queued.clear();
    if (!ready.length) return;
    this.emitter.fire(ready);
    for (const node of ready) this.nodeChanged.fire(node);
  }
}

/** What VS Code draws of a row (not its tooltip, which is resolved on hover). */
function looks(item: vscode.TreeItem): string {
  const icon = item.iconPath instanceof vscode.ThemeIcon ? `${item.iconPath.id}/${item.iconPath.color?.id ?? ''}` : String(item.iconPath ?? '');
  const label = typeof item.label === 'string' ? item.label : JSON.stringify(item.label);
  return JSON.stringify([label, item.description, icon, item.contextValue, item.collapsibleState, item.command?.command]);
}
