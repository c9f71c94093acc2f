// The base of every node in the explorer: a stable id (so VS Code keeps expansion and selection
// across refreshes), its parent (for `getParent`/`reveal`), its TreeItem and its children.
import type * as vscode from 'vscode';
import type { TreeContext } from './treeContext';

/** What "Show details" and a click on a history entry open as a read-only document. */
export interface ItemDetails {
  title: string;
  rows: [label: string, value: string | undefined][];
  /** The item as the API sent it. */
  data: unknown;
}

export abstract class Node {
  readonly id: string;

  constructor(
    protected readonly ctx: TreeContext,
    readonly parent: Node | undefined,
    key: string,
  ) {
    this.id = parent ? `${parent.id}/${key}` : key;
  }

  abstract treeItem(): vscode.TreeItem;

  children(): Node[] | Promise<Node[]> {
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

  /** The id "Copy id" puts on the clipboard, for nodes that stand for an API object. */
  copyableId(): string | undefined {
    return undefined;
  }

  details(): ItemDetails | undefined {
    return undefined;
  }
}

/** A node made from one row of a list; when a reload brings the same row back, the node is kept and updated. */
export interface ItemNode<T> extends Node {
  update(item: T): void;
}
