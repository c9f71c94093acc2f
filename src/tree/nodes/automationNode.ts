// An automation; its children are its executions, newest first.
//
// The list does not say whether an automation is enabled (only `GET …/state` does, one request
// per automation), so `enabled` stays unknown until something sets it.
import type * as vscode from 'vscode';
import type { Automation, AutomationExecution, Page, PageParams } from '../../api';
import { joinParts, nameOr, outcomeOf, tooltipMarkdown, whenText } from '../../util/format';
import { contextValue } from '../contextValues';
import { HistoryParent } from '../filters';
import { icon, outcomeColor } from '../icons';
import type { ItemDetails, ItemNode, Node } from '../node';
import type { TreeContext } from '../treeContext';
import { treeItem } from '../treeItems';
import { AutomationExecutionNode } from './automationExecutionNode';
import { latestText } from './itemText';

export class AutomationNode extends HistoryParent<AutomationExecution> implements ItemNode<Automation> {
  protected readonly historyNoun = 'executions';
  /** Trigger enabled, when known (from `GET …/state` or an enable/disable action). */
  enabled?: boolean;

  constructor(
    ctx: TreeContext,
    parent: Node,
    key: string,
    readonly workspaceId: number,
    private automation: Automation,
  ) {
    super(ctx, parent, key);
  }

  get data(): Automation {
    return this.automation;
  }

  update(automation: Automation): void {
    this.automation = automation;
  }

  get running(): boolean {
    return outcomeOf(this.latest?.state) === 'running';
  }

  protected fetchPage(page: Required<PageParams>, signal: AbortSignal): Promise<Page<AutomationExecution>> {
    return this.ctx.client.listAutomationExecutions(this.workspaceId, this.automation.id, this.historyQuery(page), { signal });
  }

  protected keyOf(execution: AutomationExecution, index: number): string {
    return execution.executionId ? `execution:${execution.executionId}` : `row:${index}`;
  }

  protected createChild(execution: AutomationExecution, key: string): AutomationExecutionNode {
    return new AutomationExecutionNode(this.ctx, this, key, execution);
  }

  private enabledText(): string | undefined {
    return this.enabled === undefined ? undefined : this.enabled ? 'enabled' : 'disabled';
  }

  protected description(): string {
    return joinParts(this.filterText(), this.automation.triggerType, this.enabledText(), latestText(this.latest?.state, this.latest?.date));
  }

  treeItem(): vscode.TreeItem {
    const details = this.details();
    return this.describe(
      treeItem(this, {
        label: details.title,
        tooltip: tooltipMarkdown(details.title, details.rows),
        icon: this.running ? icon('loading~spin') : icon('zap', this.enabled === false ? 'disabledForeground' : outcomeColor(outcomeOf(this.latest?.state))),
        contextValue: contextValue('automation', this.enabled === true && 'enabled', this.enabled === false && 'disabled', this.running && 'running', 'history', 'refreshable', this.filtered && 'filtered', 'hasId'),
        collapsible: 'collapsed',
      }),
    );
  }

  override copyableId(): string {
    return String(this.automation.id);
  }

  override details(): ItemDetails {
    const a = this.automation;
    return {
      title: nameOr(a.name, 'Automation', a.id),
      rows: [
        ['Trigger', a.triggerType],
        ['State', this.enabledText()],
        ['Last execution', this.latest ? joinParts(this.latest.state, whenText(this.latest.date)) : undefined],
        ['Created', whenText(a.created)],
        ['Modified', whenText(a.modified)],
        ['Automation id', String(a.id)],
      ],
      data: a,
    };
  }
}
