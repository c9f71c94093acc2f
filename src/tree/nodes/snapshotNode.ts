// One backup snapshot.
import type { Snapshot } from '../../api';
import { durationBetween, formatDateTime, joinParts, outcomeOf, relativeTime, whenText, type Outcome } from '../../util/format';
import type { ItemDetails } from '../node';
import { HistoryEntryNode } from './historyEntryNode';

export class SnapshotNode extends HistoryEntryNode<Snapshot> {
  protected readonly kind = 'snapshot';

  outcome(): Outcome {
    return outcomeOf(this.entry.state);
  }

  private get when(): string | null | undefined {
    return this.entry.startTime ?? this.entry.queueTime;
  }

  protected label(): string {
    return formatDateTime(this.when, false) || `Snapshot #${this.entry.snapshotId}`;
  }

  protected description(now: number): string {
    const s = this.entry;
    return joinParts(s.state, relativeTime(this.when, now), durationBetween(s.startTime, s.endTime), s.runBySchedule === true && 'by schedule');
  }

  override copyableId(): string {
    return String(this.entry.snapshotId);
  }

  override details(): ItemDetails {
    const s = this.entry;
    return {
      title: joinParts(`Snapshot ${s.snapshotId}`, s.state),
      rows: [
        ['State', s.state],
        ['Queued', whenText(s.queueTime)],
        ['Started', whenText(s.startTime)],
        ['Ended', whenText(s.endTime)],
        ['Duration', durationBetween(s.startTime, s.endTime)],
        ['Started by', s.runBySchedule === undefined ? undefined : s.runBySchedule ? 'schedule' : 'a person or the API'],
        ['Snapshot id', String(s.snapshotId)],
      ],
      data: s,
    };
  }
}
