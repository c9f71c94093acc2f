// The base of every node whose children come from the API.
//
// - One request per expansion: children are cached, and concurrent asks for the same node (VS
//   Code, a command, a test) share one in-flight load.
// - Paged: the first page on expand, then a "Load more…" node while the service says `hasMore`;
//   loading more appends and refreshes only this node.
// - A refresh drops the cache but keeps the child nodes of rows that come back, so their own
//   caches (an expanded integration's runs) survive and nothing below is fetched again.
// - Failures and empty lists become child nodes, decided on the error's kind.
import { l10n } from 'vscode';
import vscode = require('vscode');
import { isSkyviaError, type Page, type PageParams } from '../api';
import { CommandId } from '../shared/commandIds';
import { refKey } from '../shared/refs';
import { Node, type RowNode } from './node';
import { LoadMoreNode } from './nodes/loadMoreNode';
import { MessageNode } from './nodes/messageNode';
import type { TreeContext } from './treeContext';

type LoadState = 'idle' | 'loaded' | 'failed';

// A list of 10,000 items is 10,000 nodes that may each be a parent (an integration's runs): what a
// parent keeps for its rows is made when it first has rows, not when it is made. Never written to.
const NO_ROWS: never[] = [];
const NO_KEYS = new Map<string, never>();

/**
 * What a parent knows of its rows once it has been expanded. Ten thousand items are ten thousand
 * possible parents, nearly all never expanded: they keep one empty slot instead of these thirteen.
 */
class Listing<T> {
  state: LoadState = 'idle';
  rows: RowNode<T>[] = NO_ROWS;
  /** Rows the service has sent, duplicates included: the `skip` of the next page. */
  received = 0;
  more = false;
  failure?: MessageNode;
  moreFailure?: MessageNode;
  emptyNode?: MessageNode;
  inflight?: Promise<Node[]>;
  /** A first load that a reset superseded: whoever awaits it gets the newer load's children. */
  superseded?: Promise<Node[]>;
  moreInflight?: Promise<void>;
  /** Aborted by a reset; a load whose controller is no longer current is stale and ignored. */
  controller?: AbortController;
  moreNode?: LoadMoreNode;
  /** `leadingKeys()` as they were when the children were last given to VS Code. */
  shownLead = '';
}

export abstract class PagedParent<T> extends Node {
  private listing?: Listing<T>;

  /** Its listing, made when first needed (a load, a seed). */
  private get l(): Listing<T> {
    return (this.listing ??= new Listing<T>());
  }

  private get state(): LoadState {
    return this.listing?.state ?? 'idle';
  }

  private get rows(): RowNode<T>[] {
    return this.listing?.rows ?? NO_ROWS;
  }

  constructor(ctx: TreeContext, parent: Node | undefined, key: string) {
    super(ctx, parent, key);
  }

  /** "Load more…", made the first time the service says there is more. */
  private get loadMoreNode(): LoadMoreNode {
    return (this.l.moreNode ??= new LoadMoreNode(this.ctx, this));
  }

  /** One page of rows. Lists that are plain arrays answer everything with `hasMore: false`. */
  protected abstract fetchPage(page: Required<PageParams>, signal: AbortSignal): Promise<Page<T>>;
  /** Identity of a row across reloads; `index` (position in the whole list) is the last resort. */
  protected abstract keyOf(item: T, index: number): string;
  /** `key` (from `keyOf`) is unique among the siblings: use it for the child's id. */
  protected abstract createChild(item: T, key: string): RowNode<T>;
  /** "No backups". */
  protected abstract emptyLabel(): string;

  /** Fixed nodes shown before the rows (the account's Users and Invitations). */
  protected leadingChildren(): Node[] {
    return [];
  }

  /** The keys of the leading rows `leadingChildren` would give now, without making them (a run under way). */
  protected leadingKeys(): string[] {
    return [];
  }

  /** The leading rows as last given to VS Code. */
  protected shownLeadingRows(): Node[] {
    return [];
  }

  /**
   * Whether the rows VS Code was given differ from what the node would give now by its leading
   * rows (a run under way found or gone): the one change of an item's facts that changes its
   * history's rows rather than how they look. Telling a history that it changed makes VS Code
   * draw every row again, and a click on a row landing in that moment is lost.
   */
  leadingChanged(): boolean {
    return this.state !== 'idle' && this.leadingKeys().join('\n') !== this.l.shownLead;
  }

  /** The leading rows on show: what may look different when the node's facts change. */
  shownLeading(): Node[] {
    return this.state === 'idle' ? [] : this.shownLeadingRows();
  }

  /** Called with the first page after each (re)load, before the children are shown. */
  protected onFirstPage(_items: T[]): void {}

  /**
   * Other reads a first load needs (an item's active run), sent alongside the first page and
   * awaited before the children show; a failure there never fails the list.
   */
  protected prefetch(_signal: AbortSignal): Promise<unknown> | undefined {
    return undefined;
  }

  override loadedChildren(): Node[] {
    return [...this.leadingChildren(), ...this.rows];
  }

  /** The row nodes loaded so far (no message or "Load more…" nodes). */
  protected get rowNodes(): readonly RowNode<T>[] {
    return this.rows;
  }

  /**
   * Takes rows out without reloading the list (a deleted invitation, a removed user): the nodes
   * leave the tree, and the next page still starts where the service expects.
   */
  removeRows(match: (node: RowNode<T>) => boolean): number {
    const gone = new Set(this.rows.filter(match));
    if (!gone.size) return 0;
    const l = this.l;
    l.rows = l.rows.filter((n) => !gone.has(n));
    // The service's list is shorter by as many rows: the next page starts that much earlier.
    l.received = Math.max(0, l.received - gone.size);
    for (const node of gone) node.dispose();
    this.ctx.changed(this);
    return gone.size;
  }

  override dispose(): void {
    this.listing?.controller?.abort();
    for (const node of this.rows) node.dispose();
    this.listing = undefined;
  }

  /** The first page has been loaded (or failed): a refresh would send a request. */
  get loaded(): boolean {
    return this.state !== 'idle';
  }

  get loadedCount(): number {
    return this.rows.length;
  }

  /**
   * The node's own description. What a load learns that it shows (an item's newest run) goes to
   * the fact store, whose change event renders the row again once the load has settled.
   */
  protected abstract description(): string | undefined;

  /** Subclasses call this from `treeItem()`. */
  protected describe(item: vscode.TreeItem): vscode.TreeItem {
    item.description = this.description() || undefined;
    return item;
  }

  override children(): Node[] | Promise<Node[]> {
    if (this.state !== 'idle') return this.render();
    const l = this.l;
    return (l.inflight ??= this.loadFirst(l));
  }

  override get pendingLoad(): Promise<unknown> | undefined {
    return this.listing && (this.listing.inflight ?? this.listing.superseded);
  }

  override reset(): void {
    const l = this.listing;
    if (!l) return;
    const pending = l.inflight;
    if (pending) {
      l.superseded = pending;
      const clear = () => {
        if (l.superseded === pending) l.superseded = undefined;
      };
      pending.then(clear, clear);
    }
    l.controller?.abort();
    l.controller = undefined;
    l.inflight = undefined;
    l.moreInflight = undefined;
    if (l.moreNode) l.moreNode.fetching = false;
    l.state = 'idle';
    l.failure = undefined;
    l.moreFailure = undefined;
    // The empty text can depend on a filter.
    l.emptyNode = undefined;
    // `rows` stay: the next load reuses the nodes of rows that come back.
  }

  /** Shows rows someone already fetched (the sign-in check's workspaces) as if loaded. */
  protected seed(page: Page<T>): void {
    this.replaceRows(page);
    this.onFirstPage(page.data);
    this.l.state = 'loaded';
  }

  /** Appends the next page. Resolves when it is shown; a second click while loading joins the first. */
  loadMore(): Promise<void> {
    const l = this.listing;
    if (!l || l.state !== 'loaded' || !(l.more || l.moreFailure)) return Promise.resolve();
    return (l.moreInflight ??= this.loadNext(l));
  }

  private async loadFirst(l: Listing<T>): Promise<Node[]> {
    const controller = new AbortController();
    l.controller = controller;
    let page: Page<T> | undefined;
    let error: unknown;
    const extra = this.prefetch(controller.signal)?.catch(() => undefined);
    try {
      page = await this.fetchPage({ take: this.ctx.pageSize(), skip: 0 }, controller.signal);
    } catch (e) {
      error = e;
    }
    await extra;
    // Refreshed while loading: whoever was waiting gets the newer load instead.
    if (l.controller !== controller) return this.children();
    if (page) {
      this.replaceRows(page);
      this.onFirstPage(page.data);
      l.state = 'loaded';
    } else {
      l.failure = await this.failureNode(error, 'load');
      if (l.controller !== controller) return this.children();
      l.state = 'failed';
    }
    l.inflight = undefined;
    return this.render();
  }

  private async loadNext(l: Listing<T>): Promise<void> {
    // A seeded list has no controller yet; a reset replaces it, which marks this load stale.
    const controller = (l.controller ??= new AbortController());
    l.moreFailure = undefined;
    this.loadMoreNode.fetching = true;
    this.ctx.changed(this.loadMoreNode);
    let page: Page<T> | undefined;
    let error: unknown;
    try {
      page = await this.fetchPage({ take: this.ctx.pageSize(), skip: l.received }, controller.signal);
    } catch (e) {
      error = e;
    }
    if (l.controller !== controller) return;
    this.loadMoreNode.fetching = false;
    if (page) this.appendRows(page);
    else l.moreFailure = await this.failureNode(error, 'more');
    if (l.controller !== controller) return;
    l.moreInflight = undefined;
    this.ctx.changed(this);
  }

  private render(): Node[] {
    const lead = this.leadingChildren();
    const l = this.l;
    l.shownLead = this.leadingKeys().join('\n');
    if (l.state === 'failed' && l.failure) return [...lead, l.failure];
    if (!l.rows.length) return [...lead, (l.emptyNode ??= new MessageNode(this.ctx, this, 'empty', { label: this.emptyLabel() }))];
    const tail = l.moreFailure ? [l.moreFailure] : l.more ? [this.loadMoreNode] : [];
    // One row per object: a leading row (the run under way) stands for its ref, and a page that
    // also lists it (a service that lists running runs, a page read as the run ended) does not
    // show it twice — the two would share a tree id.
    const leading = new Set(lead.map((n) => n.ref && refKey(n.ref)).filter((k) => k !== undefined));
    const rows = leading.size ? this.rows.filter((n) => !n.ref || !leading.has(refKey(n.ref))) : this.rows;
    return [...lead, ...rows, ...tail];
  }

  private replaceRows(page: Page<T>): void {
    // The nodes of rows that come back are kept (with their subtrees' caches), found by key.
    const previous = new Map(this.rows.map((n) => [n.key, n]));
    const l = this.l;
    l.rows = [];
    l.received = 0;
    this.add(page, previous);
    // Rows that did not come back leave the tree (and the ref index) with their subtrees.
    const kept = new Set(l.rows);
    for (const node of previous.values()) if (!kept.has(node)) node.dispose();
  }

  private appendRows(page: Page<T>): void {
    this.add(page, NO_KEYS);
  }

  /**
   * The rows' keys are not kept in a map of their own (10,000 rows, 10,000 entries, for the
   * moment a page arrives): the keys already shown are gathered for that moment.
   */
  private add(page: Page<T>, previous: Map<string, RowNode<T>>): void {
    const l = this.l;
    if (l.rows === NO_ROWS) l.rows = [];
    const shown = new Set(l.rows.map((n) => n.key));
    for (const item of page.data) {
      const key = this.keyOf(item, l.received++);
      // Offset paging over a list that changes can send a row twice; VS Code rejects duplicate ids.
      if (shown.has(key)) continue;
      let node = previous.get(key);
      if (node) node.update(item);
      else node = this.createChild(item, key);
      shown.add(key);
      l.rows.push(node);
    }
    // An empty page that claims more would offer "Load more…" for ever.
    l.more = page.hasMore && page.data.length > 0;
  }

  /** The node that stands for a failed load, decided on the error's kind. */
  private async failureNode(error: unknown, what: 'load' | 'more'): Promise<MessageNode> {
    const retry: vscode.Command =
      what === 'load'
        ? { command: CommandId.refreshNode, title: l10n.t('Retry'), arguments: [this] }
        : { command: CommandId.loadMore, title: l10n.t('Retry'), arguments: [this] };
    if (isSkyviaError(error, 'auth')) {
      if (await this.ctx.tokenRejected(this.account, error)) {
        // The root is about to become "Token rejected"; this node is only seen for a moment.
        return new MessageNode(this.ctx, this, what, {
          label: l10n.t('Token rejected — sign in again'),
          severity: 'warning',
          // Signing in again puts a new token in this account's place.
          command: { command: CommandId.signIn, title: l10n.t('Sign In'), arguments: [this.account] },
          flags: ['signIn'],
        });
      }
      return new MessageNode(this.ctx, this, what, {
        label: l10n.t('Not allowed: {0}', error.userMessage),
        description: l10n.t('Retry'),
        tooltip: l10n.t('{0}\n\nThe token may lack a permission for this list.', error.userMessage),
        severity: 'warning',
        command: retry,
        flags: ['retry'],
      });
    }
    const message = isSkyviaError(error) ? error.userMessage : error instanceof Error ? error.message : String(error);
    // A proxy or a certificate in the way: what to do about it comes before trying again.
    const tooltip = !isSkyviaError(error)
      ? message
      : error.advice
        ? l10n.t('{0}\n\n{1}\n\nClick to try again.', error.message, error.advice)
        : l10n.t('{0}\n\nClick to try again.', error.message);
    return new MessageNode(this.ctx, this, what, {
      label: what === 'load' ? l10n.t("Couldn't load: {0}", message) : l10n.t("Couldn't load more: {0}", message),
      description: l10n.t('Retry'),
      tooltip,
      severity: 'error',
      command: retry,
      flags: ['retry'],
    });
  }
}
