// The base of every node in the explorer: a stable id (so VS Code keeps expansion and selection
// across refreshes), its parent (for `getParent`/`reveal`), its TreeItem and its children. Nodes
// that stand for an API object carry its `ItemRef`; everything else (commands, documents, the
// watcher) addresses them by that ref, through the provider's index, never by node class.
import type * as vscode from 'vscode';
import type { AccountId, ItemRef, Target } from '../shared/refs';
import type { TreeContext } from './treeContext';

/** What "Show details" renders: a title, labelled rows, and the object as the API sent it. */
export interface ItemDetails {
  title: string;
  rows: [label: string, value: string | undefined][];
  /** The item as the API sent it (secrets removed). */
  data: unknown;
}

export abstract class Node {
  constructor(
    protected readonly ctx: TreeContext,
    readonly parent: Node | undefined,
    /** Its key among its siblings (from its parent's `keyOf`): what finds it again when its list is read again. */
    readonly key: string,
  ) {}

  /** Its path from the root: made when asked (VS Code asks as a row is drawn), not kept for each of 10,000 rows. */
  get id(): string {
    return this.parent ? `${this.parent.id}/${this.key}` : this.key;
  }

  abstract treeItem(): vscode.TreeItem;

  /** The account this node's objects belong to: its root's ('' for a message with no account). */
  get account(): AccountId {
    return this.parent ? this.parent.account : '';
  }

  children(): Node[] | Promise<Node[]> {
    return [];
  }

  /** The children already loaded, without loading any (for walks over what is on show). */
  loadedChildren(): Node[] {
    return [];
  }

  /** Drops cached children so the next expansion loads them again. */
  reset(): void {}

  /**
   * Settles when a load of this node's children that someone (VS Code) may be waiting for is
   * done; `undefined` when none is. See `ExplorerProvider.changed` for why it matters.
   */
  get pendingLoad(): Promise<unknown> | undefined {
    return undefined;
  }

  /** The API object this node stands for, if any. */
  get ref(): ItemRef | undefined {
    return undefined;
  }

  /** What actions on this node act on. */
  target(): Target | undefined {
    return undefined;
  }

  /** The id "Copy ID" puts on the clipboard, for nodes that stand for an API object. */
  copyableId(): string | undefined {
    return undefined;
  }

  /** The tooltip to fill in on hover, after the item's own reads (see `resolveTreeItem`). */
  resolveTooltip?(): Promise<vscode.MarkdownString | undefined>;

  /** Called when the node leaves the tree (its row did not come back, sign-out): unregisters it. */
  dispose(): void {}
}

/** A node made from one row of a list; when a reload brings the same row back, the node is kept and updated. */
export interface RowNode<T> extends Node {
  update(item: T): void;
}
