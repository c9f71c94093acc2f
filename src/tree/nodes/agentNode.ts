// An agent (the on-premises bridge). A leaf: the API lists no children for it.
import type * as vscode from 'vscode';
import type { Agent } from '../../api';
import { nameOr, tooltipMarkdown } from '../../util/format';
import { contextValue } from '../contextValues';
import { icon } from '../icons';
import { Node, type ItemDetails, type ItemNode } from '../node';
import type { TreeContext } from '../treeContext';
import { treeItem } from '../treeItems';

export class AgentNode extends Node implements ItemNode<Agent> {
  constructor(
    ctx: TreeContext,
    parent: Node,
    key: string,
    readonly workspaceId: number,
    private agent: Agent,
  ) {
    super(ctx, parent, key);
  }

  get data(): Agent {
    return this.agent;
  }

  update(agent: Agent): void {
    this.agent = agent;
  }

  treeItem(): vscode.TreeItem {
    const details = this.details();
    return treeItem(this, {
      label: details.title,
      tooltip: tooltipMarkdown(details.title, details.rows),
      icon: icon('server'),
      contextValue: contextValue('agent', 'hasId'),
    });
  }

  override copyableId(): string {
    return String(this.agent.id);
  }

  override details(): ItemDetails {
    // The agent key is a secret: shown masked, never put in a document.
    const { key, ...shown } = this.agent;
    return {
      title: nameOr(this.agent.name, 'Agent', this.agent.id),
      rows: [
        ['Key', key ? '••••••••' : undefined],
        ['Agent id', String(this.agent.id)],
      ],
      data: shown,
    };
  }
}
