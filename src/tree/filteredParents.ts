// Filters on lists: a search mask on users, "failed only" and "since" on run histories. A
// filter lives on its node, shows in the node's description, and resets paging of that node only.
import { l10n } from 'vscode';
import type { HistoryFilter, PageParams } from '../api';
import { formatDate } from '../shared/format';
import type { EntryKind } from '../shared/refs';
import type { Node } from './node';
import { PagedParent } from './pagedParent';
import { ENTRIES } from '../kinds';

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
    return this.mask ? l10n.t('filter: “{0}”', this.mask) : undefined;
  }

  protected emptyLabel(): string {
    // Both lists it filters are of users: the account's and a workspace's.
    return this.filtered ? l10n.t('No users match the filter') : l10n.t('No users');
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

/** Every history's filter until one is set (each set makes its own): one object, never written to. */
const NO_FILTER: HistoryFilterState = Object.freeze({ failedOnly: false });

/** A run history (integration runs, snapshots, automation executions, endpoint requests). */
export abstract class HistoryParent<T> extends PagedParent<T> implements Filterable {
  private filter: HistoryFilterState = NO_FILTER;

  /** What the history lists: runs, snapshots… for "No runs yet" and the like. */
  protected abstract readonly historyKind: EntryKind;

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
    const { failedOnly, since } = this.filter;
    // An age as typed ("7d"), a date as a date.
    const from = since && (/^\d+\s*\w+$/.test(since.text) ? since.text : formatDate(since.date));
    if (failedOnly && from) return l10n.t('filter: failed only, since {0}', from);
    if (failedOnly) return l10n.t('filter: failed only');
    if (from) return l10n.t('filter: since {0}', from);
    return undefined;
  }

  protected emptyLabel(): string {
    return ENTRIES[this.historyKind].words.empty(this.filtered);
  }
}
