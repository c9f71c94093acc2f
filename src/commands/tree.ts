// Refreshing and paging the tree, and the request log.
import { Node } from '../tree/node';
import { PagedParent } from '../tree/pagedParent';
import { refreshItem } from './actions/items';
import type { CommandDeps } from './deps';

/** View title "Refresh": the whole tree. */
export function refresh({ provider, reader }: CommandDeps): void {
  reader.reset();
  provider.refresh();
}

/**
 * "Refresh" on a node (and Retry on a failed list). An item is read again by its own
 * `GET …/{id}` — never by reloading the list around it — and its history reloads if shown.
 */
export async function refreshNode(deps: CommandDeps, node: unknown): Promise<void> {
  if (!(node instanceof Node)) return deps.provider.refresh();
  const target = node.target();
  if (target && refreshItem.kinds.includes(target.ref.kind) && node.ref === target.ref) {
    const report = await deps.runner.execute(refreshItem, [node]);
    if (report.failed.length) return;
  }
  deps.provider.refresh(node);
}

/** The "Load more…" node (and Retry after a failed page): appends the next page to its parent. */
export async function loadMore(_deps: CommandDeps, node: unknown): Promise<void> {
  const parent = node instanceof PagedParent ? node : node instanceof Node && node.parent instanceof PagedParent ? node.parent : undefined;
  await parent?.loadMore();
}

export function showLog({ log }: CommandDeps): void {
  log.show();
}
