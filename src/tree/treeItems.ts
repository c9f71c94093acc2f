// One way to build a TreeItem, so every node sets the same fields (id, contextValue, markdown
// tooltip) and none is forgotten.
import vscode = require('vscode');
import type { Node } from './node';

export interface ItemParts {
  label: string;
  description?: string;
  /** Markdown text (already escaped where it holds API strings): see util/format `tooltipMarkdown`. */
  tooltip?: string;
  icon: vscode.ThemeIcon;
  contextValue: string;
  collapsible?: 'none' | 'collapsed' | 'expanded';
  command?: vscode.Command;
}

const STATES = {
  none: vscode.TreeItemCollapsibleState.None,
  collapsed: vscode.TreeItemCollapsibleState.Collapsed,
  expanded: vscode.TreeItemCollapsibleState.Expanded,
};

export function treeItem(node: Node, parts: ItemParts): vscode.TreeItem {
  const item = new vscode.TreeItem(parts.label, STATES[parts.collapsible ?? 'none']);
  item.id = node.id;
  item.description = parts.description || undefined;
  item.iconPath = parts.icon;
  item.contextValue = parts.contextValue;
  if (parts.tooltip) item.tooltip = new vscode.MarkdownString(parts.tooltip);
  if (parts.command) item.command = parts.command;
  return item;
}
