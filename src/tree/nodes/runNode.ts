// One finished integration run.
import type { IntegrationRun } from '../../api';
import { formatCount, formatDateTime, formatDuration, joinParts, outcomeOf, relativeTime, whenText, type Outcome } from '../../util/format';
import type { ItemDetails } from '../node';
import { HistoryEntryNode } from './historyEntryNode';

export class RunNode extends HistoryEntryNode<IntegrationRun> {
  protected readonly kind = 'run';

  outcome(): Outcome {
    return outcomeOf(this.entry.state);
  }

  protected label(): string {
    return formatDateTime(this.entry.date, false) || `Run #${this.entry.runId}`;
  }

  protected description(now: number): string {
    const r = this.entry;
    return joinParts(r.state, relativeTime(r.date, now), formatDuration(r.duration), rowsText(r));
  }

  override copyableId(): string {
    return String(this.entry.runId);
  }

  override details(): ItemDetails {
    const r = this.entry;
    return {
      title: joinParts(`Run ${r.runId}`, r.state),
      rows: [
        // The seed service adds a sub-state ("None" when there is nothing to add); the live one has none.
        ['State', joinParts(r.state, r.subState !== 'None' && r.subState)],
        ['Started', whenText(r.date)],
        ['Duration', formatDuration(r.duration)],
        ['Rows succeeded', formatCount(r.successRows)],
        ['Rows failed', formatCount(r.errorRows)],
        ['Run id', String(r.runId)],
      ],
      data: r,
    };
  }
}

function rowsText(r: IntegrationRun): string {
  const ok = typeof r.successRows === 'number' ? `${formatCount(r.successRows)} rows` : '';
  const failed = typeof r.errorRows === 'number' && r.errorRows > 0 ? `${formatCount(r.errorRows)} failed` : '';
  return joinParts(ok, failed);
}
