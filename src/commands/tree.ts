// Refreshing and paging the tree, revealing the pinned items, and the request log.
import * as l10n from '@vscode/l10n';
import { Node } from '../tree/node';
import { PagedParent } from '../tree/pagedParent';
import { refreshItem } from './actions/items';
import type { CommandDeps } from './deps';
import { outcomeOf } from '../shared/outcome';

/** View title "Refresh": the whole tree, and the objects open in panels. */
export async function refresh({ provider, reader, panels }: Pick<CommandDeps, 'provider' | 'reader' | 'panels'>): Promise<void> {
  reader.reset();
  provider.refresh();
  await (await panels()).readAgain();
}

/**
 * "Refresh" on a node (and Retry on a failed list). An item is read again by its own
 * `GET …/{id}` — never by reloading the list around it — with what its row tells (its run under
 * way, schedule, newest entry), and its history reloads if shown. On
 * the Pinned group, the pinned items' watcher looks at every one of them now.
 */
export async function refreshNode(deps: Pick<CommandDeps, 'provider' | 'pinWatcher' | 'runner' | 'reader' | 'log'>, node: unknown): Promise<void> {
  if (!(node instanceof Node)) return deps.provider.refresh();
  // The Pinned group: the watcher's look, now, at every pinned item.
  if (node === deps.provider.pinnedGroup(node.account)) return (await deps.pinWatcher()).tickNow();
  const target = node.target();
  if (target && refreshItem.kinds.includes(target.ref.kind) && node.ref === target.ref) {
    const report = await deps.runner.execute(refreshItem, [node]);
    if (report.failed.length) return;
    // A history on screen is read again below, and tells its newest entry itself; one not on
    // screen is asked for its newest entry alone.
    if (!(node instanceof PagedParent && node.loaded))
      await deps.reader
        .readNewest(target.ref)
        .catch((e: unknown) => deps.log.warn(`reading the newest entry of ${target.name}: ${e instanceof Error ? e.message : String(e)}`));
  }
  deps.provider.refresh(node);
}

/** The "Load more…" node (and Retry after a failed page): appends the next page to its parent. */
export async function loadMore(_deps: unknown, node: unknown): Promise<void> {
  const parent = node instanceof PagedParent ? node : node instanceof Node && node.parent instanceof PagedParent ? node.parent : undefined;
  await parent?.loadMore();
}

export function showLog({ log }: Pick<CommandDeps, 'log'>): void {
  log.show();
}

/** The pinned status bar item: the Pinned group revealed, at its first failed item if one failed. */
export async function showPinned({
  provider,
  treeView,
  pins,
  facts,
  prompter,
}: Pick<CommandDeps, 'provider' | 'treeView' | 'pins' | 'facts' | 'prompter'>): Promise<void> {
  // The first failed pin's group (in whichever account), else the first account's with pins.
  const failed = pins.list().find((p) => outcomeOf(facts.get(p.ref).latest?.state) === 'failed');
  const group = provider.pinnedGroup(failed?.ref.account) ?? provider.pinnedGroup();
  if (!group)
    return void prompter.message('info', l10n.t('Nothing is pinned. Pin an integration, backup, automation or endpoint from its menu in the Skyvia view.'));
  const row = failed && provider.nodesOf(failed.ref).find((n) => n.parent === group);
  await treeView.reveal(row || group, { select: true, focus: true, expand: true });
}
