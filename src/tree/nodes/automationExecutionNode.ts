// One automation execution. Its id is a 64-bit integer kept as exact digits.
import type { AutomationExecution } from '../../api';
import { formatCount, formatDateTime, joinParts, outcomeOf, relativeTime, whenText, type Outcome } from '../../util/format';
import type { ItemDetails } from '../node';
import { HistoryEntryNode } from './historyEntryNode';

export class AutomationExecutionNode extends HistoryEntryNode<AutomationExecution> {
  protected readonly kind = 'execution';

  outcome(): Outcome {
    return outcomeOf(this.entry.state);
  }

  protected label(): string {
    return formatDateTime(this.entry.date, false) || `Execution #${this.entry.executionId}`;
  }

  protected description(now: number): string {
    const e = this.entry;
    return joinParts(e.state, relativeTime(e.date, now), tasksText(e.billedTasks), e.testMode === true && 'test mode');
  }

  override copyableId(): string {
    return this.entry.executionId;
  }

  override details(): ItemDetails {
    const e = this.entry;
    return {
      title: joinParts(`Execution ${e.executionId}`, e.state),
      rows: [
        ['State', e.state],
        ['Date', whenText(e.date)],
        ['Billed tasks', formatCount(e.billedTasks)],
        ['Test mode', e.testMode === undefined ? undefined : e.testMode ? 'yes' : 'no'],
        ['Execution id', e.executionId],
      ],
      data: e,
    };
  }
}

function tasksText(n: number | undefined): string {
  return typeof n === 'number' ? `${formatCount(n)} ${n === 1 ? 'task' : 'tasks'}` : '';
}
