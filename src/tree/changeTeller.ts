// When VS Code may be told that rows of the explorer changed, and which. A change is told only
// when it is safe and worth it:
//
// - never while VS Code is fetching the children of the node or of one below it (its answer
//   would be registered twice, or merged into the answer in flight): held until the fetch has
//   settled (FETCH_SETTLE_MS);
// - a row that may look different (a state read) only if it really does, compared with how VS
//   Code last drew it;
// - never under an open tooltip (drawing its row closes it) until the pointer has moved on;
// - a row that only reads differently while its children are on screen, once it is collapsed:
//   telling a row makes VS Code forget every row below it until it has asked for them again, and
//   a menu choice or a click on one of them meanwhile reaches the extension without its row.
//
// Deferred, never dropped. The provider (explorerProvider.ts) says what changed; this says when.
import vscode = require('vscode');
import type { Node } from './node';
import { shownTreeItem } from './treeItems';

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
 * VS Code's extension host applies a view's changes through a debounce: the first change of a
 * burst at once, every change told in the 200 ms after it (the wait starting again at each) all
 * together when the burst is over. A change held there is applied whatever happened meanwhile —
 * an expansion answered, registered and drawn in between is forgotten behind the window's back
 * (its rows stay on screen, but a click on one finds "command not found"). So changes are told no
 * closer together than that: each is then the first of a burst, applied as it is told, and the
 * rules above (nothing told while a fetch is under way below) hold for what VS Code applies. They
 * wait no longer than VS Code would have held them.
 */
const BURST_MS = 200;
const BURST_MARGIN_MS = 20;
export class ChangeTeller {
  /** Nodes to announce at the next flush; a node waiting for its children waits in `deferred`. */
  private readonly queued = new Set<Node>();
  /** Nodes whose own row may look different (a state read), told only if it really does. */
  private readonly restyled = new Set<Node>();
  /** Queued nodes whose children are the same: only their own row reads differently. */
  private readonly restyleOnly = new Set<Node>();
  /**
   * Rows that only read differently now (their description or icon: the newest entry a history
   * just showed, a category's "1 running") while their children are on screen: told once they are
   * collapsed, or as soon as the row must be told anyway. VS Code 1.100's extension host, told of
   * a row, unregisters every row below it at once and registers them again only when the window
   * has asked for them anew; a menu choice on one of them in between (a person acting on rows a
   * moment after they appeared, or on an integration as its category's count changed) reached the
   * command without its row. What such a row reads is said by the rows below it meanwhile.
   */
  private readonly quiet = new Set<Node>();
  /** Nodes whose children VS Code has: expanded, until collapsed. */
  private readonly open = new Set<Node>();
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
  /** When VS Code was last told of a change (see BURST_MS). */
  private toldAt = -Infinity;

  /** `tell`: VS Code is told these nodes changed. */
  constructor(private readonly tell: (nodes: Node[]) => void) {}

  /** Nothing is left to tell: nothing queued, held or waiting for a fetch or a load (only what is quiet on purpose). */
  get settled(): boolean {
    return !this.queued.size && !this.restyled.size && !this.held.size && !this.deferred.size && !this.fetching.size && !this.flushScheduled;
  }

  /** A node changed (its row and, if expanded, its children): told when VS Code can take it. */
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

  /** How VS Code drew a row: what a restyle compares with. */
  drawn(node: Node, item: vscode.TreeItem): void {
    this.shown.set(node, item);
  }

  /** VS Code asks for a node's children (`root` for the root's): what waits for it waits until its answer settled. */
  async fetch<T>(node: Node | undefined, children: () => Promise<T>): Promise<T> {
    const key = node ?? 'root';
    // Expanding the hovered row: the pointer has moved on to the twistie.
    if (node && this.hovered?.node === node) this.releaseHover();
    this.fetching.set(key, (this.fetching.get(key) ?? 0) + 1);
    try {
      const answer = await children();
      if (node) this.open.add(node);
      return answer;
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

  /** The whole tree was told changed (the roots): the next change waits for VS Code's burst too. */
  wholeTreeTold(): void {
    this.toldAt = Date.now();
  }

  /** Whether a row that reads differently now waits until it is collapsed (see `quiet`). */
  waitsForCollapse(node: Node): boolean {
    return this.quiet.has(node);
  }

  /** VS Code expanded a row (its children, asked for before, are on screen again). */
  expanded(node: Node): void {
    this.open.add(node);
  }

  /** VS Code collapsed a row: what its row waited for while its children were on screen is told now. */
  collapsed(node: Node): void {
    this.open.delete(node);
    if (this.quiet.delete(node)) this.restyle(node);
  }

  /** A new tree: nothing of the old one is told. */
  clear(): void {
    this.queued.clear();
    this.restyled.clear();
    this.quiet.clear();
    this.restyleOnly.clear();
    this.open.clear();
    this.deferred.clear();
    this.held.clear();
    this.releaseHover();
  }

  private scheduleFlush(): void {
    if (!this.flushScheduled) {
      this.flushScheduled = true;
      queueMicrotask(() => this.flush());
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
    // Too soon after the last change told: VS Code would hold this one and apply it later, blind.
    const early = this.toldAt + BURST_MS + BURST_MARGIN_MS - Date.now();
    if (early > 0) {
      setTimeout(() => this.flush(), early);
      return;
    }
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
        if (this.restyleOnly.has(node) && this.mayWait(node)) this.hush(node);
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
    this.toldAt = Date.now();
    this.tell(ready);
  }

  /**
   * Whether a row that only reads differently may wait (see `quiet`): its children are on screen
   * and what it is and offers — its label, menus, twistie and click — is as VS Code drew it.
   */
  private mayWait(node: Node): boolean {
    const before = this.shown.get(node);
    return this.open.has(node) && !!before && shape(shownTreeItem(node.treeItem())) === shape(before);
  }

  /** Holds a node's restyle until it is collapsed or told anyway (see `quiet`). */
  private hush(node: Node): void {
    this.restyleOnly.delete(node);
    this.quiet.add(node);
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

  /** A hover began: what its reads change is held while its tooltip is on screen (HOVER_LINGER_MS). */
  hoverStarted(node: Node): void {
    if (this.hovered?.node !== node) this.releaseHover();
    if (this.hovered?.timer) clearTimeout(this.hovered.timer);
    this.hovered = { node };
  }

  /** The tooltip is on screen (or the hover was cancelled): its row may be drawn again a little later. */
  hoverShown(node: Node, cancelled: boolean): void {
    if (this.hovered?.node !== node) return;
    if (cancelled) return this.releaseHover();
    this.hovered.timer = setTimeout(() => this.releaseHover(), HOVER_LINGER_MS);
  }

  /** The pointer is elsewhere (a selection, the view hidden, an expansion): what a hover held is drawn now. */
  releaseHover(): void {
    const hovered = this.hovered;
    if (!hovered) return;
    if (hovered.timer) clearTimeout(hovered.timer);
    this.hovered = undefined;
    if (this.held.size) this.releaseHeld();
  }
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
