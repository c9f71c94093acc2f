// An item without children: an agent, a connection, a user, an invitation. What it shows comes
// from its kind's record (src/kinds) and the facts; what it stands for is its ref.
import type * as vscode from 'vscode';
import type { ItemRef, Target } from '../../shared/refs';
import type { ItemRecord } from '../../kinds/kind';
import { copyableIdOf } from '../../kinds';
import { renderItem, targetOf, tooltipOf, viewOf } from '../itemView';
import { Node, type RowNode } from '../node';
import type { TreeContext } from '../treeContext';

export class ItemNode<T extends object> extends Node implements RowNode<T> {
  constructor(
    ctx: TreeContext,
    parent: Node,
    key: string,
    private readonly itemRef: ItemRef,
    private row: T,
    readonly spec: ItemRecord<T>,
  ) {
    super(ctx, parent, key);
    ctx.register(itemRef, this);
    ctx.facts.patch(itemRef, { row });
  }

  override get ref(): ItemRef {
    return this.itemRef;
  }

  /** The row as the fact store has it (a newer read of the item wins over the list's row). */
  get data(): T {
    return (this.ctx.facts.get(this.itemRef).row as T | undefined) ?? this.row;
  }

  update(row: T): void {
    this.row = row;
    this.ctx.facts.patch(this.itemRef, { row });
  }

  override target(): Target {
    return targetOf(this.itemRef, this.data);
  }

  override copyableId(): string | undefined {
    return copyableIdOf(this.itemRef, this.data as object);
  }

  treeItem(): vscode.TreeItem {
    return renderItem(this, this.spec, viewOf(this.ctx, this.itemRef, this.data), { collapsible: 'none' });
  }

  override async resolveTooltip(): Promise<vscode.MarkdownString | undefined> {
    if (!this.spec.probe?.hover.length) return undefined;
    await this.ctx.reader.probe(this.itemRef, this.target().name, 'hover');
    return tooltipOf(viewOf(this.ctx, this.itemRef, this.data));
  }

  override dispose(): void {
    this.ctx.unregister(this.itemRef, this);
  }
}
