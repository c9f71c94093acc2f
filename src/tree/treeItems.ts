// One way to build a TreeItem, so every node sets the same fields (id, contextValue, markdown
// tooltip) and none is forgotten.
import vscode = require('vscode');
import { cleanBlock, cleanLine } from '../shared/plainText';
import type { Node } from './node';

export interface ItemParts {
  label: string;
  description?: string;
  /** Markdown text (already escaped where it holds API strings): see shared/format `tooltipMarkdown`. */
  tooltip?: string;
  icon: vscode.ThemeIcon;
  contextValue: string;
  collapsible?: 'none' | 'collapsed' | 'expanded';
  command?: vscode.Command;
  /**
   * What the row's icon says, in words ("Failed run", "integration, run running"): an icon alone
   * says nothing to a screen reader. Read before the label (`meaningFirst`, a history entry:
   * "Failed run, 2026-11-21 19:08, 4 min 59 s") or after it (an item, whose name comes first).
   */
  meaning?: string;
  meaningFirst?: boolean;
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
  if (parts.meaning) {
    const description = parts.description?.split(' · ').join(', ');
    const label = (parts.meaningFirst ? [parts.meaning, parts.label, description] : [parts.label, parts.meaning, description]).filter(Boolean).join(', ');
    item.accessibilityInformation = { label, role: 'treeitem' };
  }
  return item;
}

/**
 * A tree item as a view shows it: its label, description and tooltip cleaned of direction
 * controls and control characters, whichever node built it and from whatever API field. Applied
 * where items leave for VS Code (the providers' `getTreeItem` and `resolveTreeItem`).
 */
export function shownTreeItem(item: vscode.TreeItem): vscode.TreeItem {
  if (typeof item.label === 'string') item.label = cleanLine(item.label, 300);
  else if (item.label) item.label = { ...item.label, label: cleanLine(item.label.label, 300) };
  if (typeof item.description === 'string') item.description = cleanLine(item.description, 300);
  if (item.accessibilityInformation)
    item.accessibilityInformation = { ...item.accessibilityInformation, label: cleanLine(item.accessibilityInformation.label, 600) };
  if (typeof item.tooltip === 'string') item.tooltip = cleanBlock(item.tooltip);
  else if (item.tooltip instanceof vscode.MarkdownString) {
    const value = cleanBlock(item.tooltip.value);
    // Nearly always the same text: a new tooltip only when there was something to clean. It is
    // never trusted and never HTML (no tooltip of ours is): API text must not become a link that
    // runs a command, or markup.
    if (value !== item.tooltip.value) item.tooltip = new vscode.MarkdownString(value, item.tooltip.supportThemeIcons);
  }
  return item;
}
