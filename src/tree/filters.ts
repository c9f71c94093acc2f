// Filters on lists: a search mask on users, "failed only" and "since" on run histories. A
// filter lives on its node, shows in the node's description, and resets paging of that node only.
import type { HistoryFilter, PageParams } from '../api';
import { formatDate } from '../shared/format';
import type { Node } from './node';
import { PagedParent } from './pagedParent';

/** Nodes with a filter the user can clear ("Clear filter" shows when contextValue has `filtered`). */
export interface Filterable {
  readonly filtered: boolean;
  clearFilter(): void;
}

export function isFilterable(node: unknown): node is Node & Filterable {
  return node instanceof SearchableParent || node instanceof HistoryParent;
}

/** A list filtered by a server-side search mask (account users, workspace users). */
export abstract class SearchableParent<T> extends PagedParent<T> implements Filterable {
  private mask?: string;

  get searchMask(): string | undefined {
    return this.mask;
  }

  get filtered(): boolean {
    return !!this.mask;
  }

  setSearchMask(mask: string | undefined): void {
    this.mask = mask?.trim() || undefined;
    this.reset();
  }

  clearFilter(): void {
    this.setSearchMask(undefined);
  }

  /** Shown first in the description, so truncation never hides an active filter. */
  protected filterText(): string | undefined {
    return this.mask ? `filter: “${this.mask}”` : undefined;
  }

  /** "users": for "No users" and "No users match the filter". */
  protected abstract readonly itemNoun: string;

  protected emptyLabel(): string {
    return this.filtered ? `No ${this.itemNoun} match the filter` : `No ${this.itemNoun}`;
  }

  protected description(): string | undefined {
    return this.filterText();
  }
}

export interface HistoryFilterState {
  failedOnly: boolean;
  /** What the user typed (`7d`, `2026-11-01`) and the date it meant when applied. */
  since?: { text: string; date: Date };
}

/** A run history (integration runs, snapshots, automation executions, endpoint requests). */
export abstract class HistoryParent<T> extends PagedParent<T> implements Filterable {
  private filter: HistoryFilterState = { failedOnly: false };

  /** "runs", "snapshots": for "No runs" and the like. */
  protected abstract readonly historyNoun: string;

  get historyFilter(): HistoryFilterState {
    return this.filter;
  }

  get filtered(): boolean {
    return this.filter.failedOnly || this.filter.since !== undefined;
  }

  setHistoryFilter(filter: HistoryFilterState): void {
    this.filter = { failedOnly: filter.failedOnly, since: filter.since };
    this.reset();
  }

  clearFilter(): void {
    this.setHistoryFilter({ failedOnly: false });
  }

  /** Newest first: the service's default order is oldest first, and the recent past is what matters. */
  protected historyQuery(page: Required<PageParams>): HistoryFilter {
    return { ...page, failed: this.filter.failedOnly || undefined, startDate: this.filter.since?.date, sortOrder: 'desc' };
  }

  /** Shown first in the description, so truncation never hides an active filter. */
  protected filterText(): string | undefined {
    const parts: string[] = [];
    if (this.filter.failedOnly) parts.push('failed only');
    if (this.filter.since) parts.push(`since ${/^\d+\s*\w+$/.test(this.filter.since.text) ? this.filter.since.text : formatDate(this.filter.since.date)}`);
    return parts.length ? `filter: ${parts.join(', ')}` : undefined;
  }

  protected emptyLabel(): string {
    return this.filtered ? `No ${this.historyNoun} match the filter` : `No ${this.historyNoun} yet`;
  }
}
