// A connection, described by its connector. A leaf.
import type * as vscode from 'vscode';
import type { Connection } from '../../api';
import { nameOr, tooltipMarkdown } from '../../util/format';
import { contextValue } from '../contextValues';
import { icon } from '../icons';
import { Node, type ItemDetails, type ItemNode } from '../node';
import type { TreeContext } from '../treeContext';
import { treeItem } from '../treeItems';

export class ConnectionNode extends Node implements ItemNode<Connection> {
  constructor(
    ctx: TreeContext,
    parent: Node,
    key: string,
    readonly workspaceId: number,
    private connection: Connection,
  ) {
    super(ctx, parent, key);
  }

  get data(): Connection {
    return this.connection;
  }

  update(connection: Connection): void {
    this.connection = connection;
  }

  treeItem(): vscode.TreeItem {
    const details = this.details();
    return treeItem(this, {
      label: details.title,
      description: this.connection.connector ?? undefined,
      tooltip: tooltipMarkdown(details.title, details.rows),
      icon: icon('plug'),
      contextValue: contextValue('connection', 'hasId'),
    });
  }

  override copyableId(): string {
    return String(this.connection.id);
  }

  override details(): ItemDetails {
    const c = this.connection;
    return {
      title: nameOr(c.name, 'Connection', c.id),
      rows: [
        ['Connector', c.connector ?? undefined],
        ['Connection id', String(c.id)],
      ],
      data: c,
    };
  }
}
