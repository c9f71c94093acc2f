// Refreshing, paging, copying ids and opening details from the tree.
import * as vscode from 'vscode';
import { Node } from '../tree/node';
import { PagedParent } from '../tree/pagedParent';
import type { CommandDeps } from './deps';

/** View title "Refresh": the whole tree. */
export function refresh({ provider }: CommandDeps): void {
  provider.refresh();
}

/** "Refresh" on a node (and Retry on a failed one): that node only. */
export function refreshNode({ provider }: CommandDeps, node: unknown): void {
  provider.refresh(node instanceof Node ? node : undefined);
}

/** The "Load more…" node (and Retry after a failed page): appends the next page to its parent. */
export async function loadMore(_deps: CommandDeps, node: unknown): Promise<void> {
  const parent = node instanceof PagedParent ? node : node instanceof Node && node.parent instanceof PagedParent ? node.parent : undefined;
  await parent?.loadMore();
}

export async function copyId(_deps: CommandDeps, node: unknown): Promise<void> {
  const id = node instanceof Node ? node.copyableId() : undefined;
  if (!id) return;
  await vscode.env.clipboard.writeText(id);
  vscode.window.setStatusBarMessage(`Copied id ${id}`, 3000);
}

export async function openItem({ documents }: CommandDeps, node: unknown): Promise<void> {
  const details = node instanceof Node ? node.details() : undefined;
  if (details && node instanceof Node) await documents.open(node.id, details);
}

export function showLog({ log }: CommandDeps): void {
  log.show();
}
