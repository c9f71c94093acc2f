// One request served by a published endpoint. Its id is a free-form string.
import type { EndpointRequest } from '../../api';
import { formatBytes, formatDateTime, joinParts, relativeTime, whenText, type Outcome } from '../../util/format';
import type { ItemDetails } from '../node';
import { HistoryEntryNode } from './historyEntryNode';

export class EndpointRequestNode extends HistoryEntryNode<EndpointRequest> {
  protected readonly kind = 'request';

  outcome(): Outcome {
    return this.entry.failed === true ? 'failed' : this.entry.failed === false ? 'succeeded' : 'unknown';
  }

  protected label(): string {
    return formatDateTime(this.entry.date) || `Request ${this.entry.executionId}`;
  }

  protected description(now: number): string {
    const r = this.entry;
    return joinParts(r.method, r.failed === true && 'failed', relativeTime(r.date, now), formatBytes(r.bytes), shortUrl(r.url));
  }

  override copyableId(): string | undefined {
    return this.entry.executionId || undefined;
  }

  override details(): ItemDetails {
    const r = this.entry;
    return {
      title: joinParts(`${r.method ?? 'Request'} ${r.executionId}`, r.failed === true ? 'failed' : r.failed === false ? 'succeeded' : undefined),
      rows: [
        ['Date', whenText(r.date)],
        ['Method', r.method ?? undefined],
        ['URL', r.url ?? undefined],
        ['Remote IP', r.remoteIP ?? undefined],
        ['Size', formatBytes(r.bytes)],
        ['Failed', r.failed === undefined ? undefined : r.failed ? 'yes' : 'no'],
        ['Request id', r.executionId],
      ],
      data: r,
    };
  }
}

/** The path and query of a request URL, shortened for a description. */
function shortUrl(url: string | null | undefined): string {
  if (!url) return '';
  let text = url;
  try {
    const u = new URL(url);
    text = u.pathname + u.search;
  } catch {
    // Not absolute: show it as sent.
  }
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}
