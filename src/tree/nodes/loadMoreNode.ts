// "Load more…" at the end of a list that has more: clicking it appends the next page to its
// parent (and refreshes only that parent).
import { l10n } from 'vscode';
import vscode = require('vscode');
import { CommandId } from '../../shared/commandIds';
import { contextValue } from '../../kinds/contextValues';
import { icon } from '../../host/icons';
import { Node } from '../node';
import type { TreeContext } from '../treeContext';

export class LoadMoreNode extends Node {
  /** True while the next page is on its way: shows a spinner instead of the ellipsis. */
  fetching = false;

  constructor(
    ctx: TreeContext,
    override readonly parent: Node & { readonly loadedCount: number },
  ) {
    super(ctx, parent, 'loadMore');
  }

  treeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.fetching ? l10n.t('Loading…') : l10n.t('Load more…'), vscode.TreeItemCollapsibleState.None);
    item.id = this.id;
    item.description = l10n.t('{0} loaded', this.parent.loadedCount.toLocaleString('en-US'));
    item.iconPath = icon(this.fetching ? 'loading~spin' : 'ellipsis');
    item.contextValue = contextValue('loadMore');
    item.command = { command: CommandId.loadMore, title: l10n.t('Load More'), arguments: [this.parent] };
    return item;
  }
}
