// A backup; its children are its snapshots, newest first.
import type * as vscode from 'vscode';
import type { Backup, Page, PageParams, Snapshot } from '../../api';
import { joinParts, nameOr, outcomeOf, tooltipMarkdown, whenText } from '../../util/format';
import { contextValue } from '../contextValues';
import { HistoryParent } from '../filters';
import { icon, outcomeColor } from '../icons';
import type { ItemDetails, ItemNode, Node } from '../node';
import type { TreeContext } from '../treeContext';
import { treeItem } from '../treeItems';
import { latestText, onOff, scheduleText } from './itemText';
import { SnapshotNode } from './snapshotNode';

export class BackupNode extends HistoryParent<Snapshot> implements ItemNode<Backup> {
  protected readonly historyNoun = 'snapshots';

  constructor(
    ctx: TreeContext,
    parent: Node,
    key: string,
    readonly workspaceId: number,
    private backup: Backup,
  ) {
    super(ctx, parent, key);
  }

  get data(): Backup {
    return this.backup;
  }

  update(backup: Backup): void {
    this.backup = backup;
  }

  get running(): boolean {
    return outcomeOf(this.latest?.state) === 'running';
  }

  protected fetchPage(page: Required<PageParams>, signal: AbortSignal): Promise<Page<Snapshot>> {
    return this.ctx.client.listSnapshots(this.workspaceId, this.backup.id, this.historyQuery(page), { signal });
  }

  protected keyOf(snapshot: Snapshot, index: number): string {
    return snapshot.snapshotId != null ? `snapshot:${snapshot.snapshotId}` : `row:${index}`;
  }

  protected createChild(snapshot: Snapshot, key: string): SnapshotNode {
    return new SnapshotNode(this.ctx, this, key, snapshot);
  }

  protected description(): string {
    const latest = this.latest;
    return joinParts(this.filterText(), scheduleText(this.backup.scheduled), latestText(latest?.state, latest?.startTime ?? latest?.queueTime));
  }

  treeItem(): vscode.TreeItem {
    const b = this.backup;
    const details = this.details();
    return this.describe(
      treeItem(this, {
        label: details.title,
        tooltip: tooltipMarkdown(details.title, details.rows),
        icon: this.running ? icon('loading~spin') : icon('archive', outcomeColor(outcomeOf(this.latest?.state))),
        contextValue: contextValue('backup', b.scheduled === true && 'scheduled', this.running && 'running', 'history', 'refreshable', this.filtered && 'filtered', 'hasId'),
        collapsible: 'collapsed',
      }),
    );
  }

  override copyableId(): string {
    return String(this.backup.id);
  }

  override details(): ItemDetails {
    const b = this.backup;
    const latest = this.latest;
    return {
      title: nameOr(b.name, 'Backup', b.id),
      rows: [
        ['Schedule', onOff(b.scheduled)],
        ['Last snapshot', latest ? joinParts(latest.state, whenText(latest.startTime ?? latest.queueTime)) : undefined],
        ['Created', whenText(b.created)],
        ['Modified', whenText(b.modified)],
        ['Backup id', String(b.id)],
      ],
      data: b,
    };
  }
}
