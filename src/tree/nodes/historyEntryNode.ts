// The shared shape of a history entry (run, snapshot, execution, request): a leaf whose icon
// says how it ended and whose click opens its details.
import type * as vscode from 'vscode';
import { CommandId } from '../../commands/ids';
import { tooltipMarkdown, type Outcome } from '../../util/format';
import { contextValue, type Kind } from '../contextValues';
import { outcomeIcon } from '../icons';
import { Node, type ItemDetails, type ItemNode } from '../node';
import type { TreeContext } from '../treeContext';
import { treeItem } from '../treeItems';

export abstract class HistoryEntryNode<T> extends Node implements ItemNode<T> {
  constructor(
    ctx: TreeContext,
    parent: Node,
    key: string,
    protected entry: T,
  ) {
    super(ctx, parent, key);
  }

  protected abstract readonly kind: Kind;
  abstract outcome(): Outcome;
  protected abstract label(): string;
  protected abstract description(now: number): string;
  abstract override details(): ItemDetails;

  get data(): T {
    return this.entry;
  }

  update(entry: T): void {
    this.entry = entry;
  }

  treeItem(): vscode.TreeItem {
    const details = this.details();
    const outcome = this.outcome();
    return treeItem(this, {
      label: this.label(),
      description: this.description(Date.now()),
      tooltip: tooltipMarkdown(details.title, details.rows),
      icon: outcomeIcon(outcome),
      contextValue: contextValue(this.kind, outcome !== 'unknown' && outcome, 'hasId'),
      command: { command: CommandId.openItem, title: 'Show Details', arguments: [this] },
    });
  }
}
