// An integration; its children are its finished runs, newest first.
import type * as vscode from 'vscode';
import type { Integration, IntegrationRun, Page, PageParams } from '../../api';
import { joinParts, nameOr, outcomeOf, tooltipMarkdown, whenText } from '../../util/format';
import { contextValue } from '../contextValues';
import { HistoryParent } from '../filters';
import { icon, outcomeColor } from '../icons';
import type { ItemDetails, ItemNode, Node } from '../node';
import type { TreeContext } from '../treeContext';
import { treeItem } from '../treeItems';
import { latestText, onOff, scheduleText } from './itemText';
import { RunNode } from './runNode';

export class IntegrationNode extends HistoryParent<IntegrationRun> implements ItemNode<Integration> {
  protected readonly historyNoun = 'runs';
  /** The run in progress, when something (a run command, run tracking) knows of one. */
  activeRun?: IntegrationRun;

  constructor(
    ctx: TreeContext,
    parent: Node,
    key: string,
    readonly workspaceId: number,
    private integration: Integration,
  ) {
    super(ctx, parent, key);
  }

  get data(): Integration {
    return this.integration;
  }

  update(integration: Integration): void {
    this.integration = integration;
  }

  get running(): boolean {
    return this.activeRun !== undefined || outcomeOf(this.latest?.state) === 'running';
  }

  protected fetchPage(page: Required<PageParams>, signal: AbortSignal): Promise<Page<IntegrationRun>> {
    return this.ctx.client.listIntegrationRuns(this.workspaceId, this.integration.id, this.historyQuery(page), { signal });
  }

  protected keyOf(run: IntegrationRun, index: number): string {
    return run.runId != null ? `run:${run.runId}` : `row:${index}`;
  }

  protected createChild(run: IntegrationRun, key: string): RunNode {
    return new RunNode(this.ctx, this, key, run);
  }

  protected description(): string {
    const i = this.integration;
    const latest = this.running ? 'running' : latestText(this.latest?.state, this.latest?.date);
    return joinParts(this.filterText(), i.type, scheduleText(i.scheduled), latest);
  }

  treeItem(): vscode.TreeItem {
    const i = this.integration;
    const running = this.running;
    const details = this.details();
    return this.describe(
      treeItem(this, {
        label: details.title,
        tooltip: tooltipMarkdown(details.title, details.rows),
        icon: running ? icon('sync~spin') : icon('sync', outcomeColor(outcomeOf(this.latest?.state))),
        contextValue: contextValue('integration', i.scheduled === true && 'scheduled', running && 'running', 'history', 'refreshable', this.filtered && 'filtered', 'hasId'),
        collapsible: 'collapsed',
      }),
    );
  }

  override copyableId(): string {
    return String(this.integration.id);
  }

  override details(): ItemDetails {
    const i = this.integration;
    return {
      title: nameOr(i.name, 'Integration', i.id),
      rows: [
        ['Type', i.type ?? undefined],
        ['Schedule', onOff(i.scheduled)],
        ['Last run', this.latest ? joinParts(this.latest.state, whenText(this.latest.date)) : undefined],
        ['Created', whenText(i.created)],
        ['Modified', whenText(i.modified)],
        ['Integration id', String(i.id)],
      ],
      data: i,
    };
  }
}
