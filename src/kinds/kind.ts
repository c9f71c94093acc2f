// What differs between kinds of items and history entries, as data: icons, descriptions,
// context tokens, and where a history comes from. One generic node class per shape (leaf item,
// item with a history, history entry) runs them all, so a new kind is a spec, not a class.
import type { HistoryFilter, Page, PageParams, SkyviaClient } from '../api';
import type { Facts } from '../shared/describe';
import type { Outcome } from '../shared/outcome';
import type { ChartSeries } from '../shared/panelModel';
import type { EntryKind, ItemRef, RefKind } from '../shared/refs';
import type { Capability, Flag } from './contextValues';

/** An icon as a codicon id and an optional theme colour id. */
export type IconSpec = [id: string, color?: string];

/** Everything a spec may look at to render an item. */
export interface ItemView<T> {
  ref: ItemRef;
  data: T;
  facts: Facts;
  /** What is under way for the item ("starting run…"), if anything. */
  busy?: string;
  /** The history's filter, already phrased ("filter: failed only"). */
  filterText?: string;
  now: number;
}

export interface ItemSpec<T> {
  kind: RefKind;
  icon(v: ItemView<T>): IconSpec;
  description(v: ItemView<T>): string | undefined;
  /** State tokens (the kind and `hasId` are added by the node). */
  flags(v: ItemView<T>): (Flag | false | undefined)[];
  /**
   * What can be done to it now, from its facts: THE answer the tree's menus (as context tokens),
   * a panel's buttons, the palette and the chat tools all take. Nothing is offered while an
   * action on the item is out (`busy`).
   */
  capabilities(v: ItemView<T>): (Capability | false | undefined)[];
  /**
   * Per-item reads fill the tooltip in on hover (`resolveTreeItem`): the active run, the schedule,
   * the automation state, the connection's details.
   */
  readsOnHover?: boolean;
}

/** An item a workspace lists in one of its categories: how that list is read, a page at a time. */
export interface WorkspaceItemSpec<T> extends ItemSpec<T> {
  listItems(client: SkyviaClient, workspaceId: number, page: Required<PageParams>, signal: AbortSignal): Promise<Page<T>>;
}

export interface HistorySpec<T, E> extends WorkspaceItemSpec<T> {
  /** "runs", for "No runs yet". */
  noun: string;
  entry: EntrySpec<E>;
  list(client: SkyviaClient, ref: ItemRef, query: HistoryFilter, signal: AbortSignal): Promise<Page<E>>;
  /** Integrations, backups and automations have a run that can be under way. */
  hasActiveRun: boolean;
}

export interface EntrySpec<E> {
  kind: EntryKind;
  /** The entry's id as text (int32, int64 digits or a free-form string), if it has one. */
  idOf(e: E): string | undefined;
  outcome(e: E): Outcome;
  label(e: E): string;
  /**
   * What its row and the panel's Details column say of it: "Failed · 3 h ago · 2 min · 1,200
   * rows". Without `now`, no relative time: an exported file must stay true after today.
   */
  description(e: E, now?: number): string;
  /** What the parent's description says of its newest entry. */
  latest(e: E): { state?: string | null; date?: string | null };
  /** The history chart, for entries whose list rows carry figures worth plotting. */
  chart?: ChartSpec<E>;
  /**
   * What a screen reader says of a history row's buttons in a panel, one whole sentence each:
   * "Open the log of run 41706552, 2026-11-26 02:56", "Open run 41706552, 2026-11-26 02:56".
   */
  rowButtons(id: string, when: string): { log: string; open: string };
}

/** A history chart: its lines, and each entry's figures for them (`undefined` where the API gives none). */
export interface ChartSpec<E> {
  /** Read when shown: its labels are in the user's language. */
  series(): Omit<ChartSeries, 'values'>[];
  point(e: E): { date?: string | null; values: (number | undefined)[] };
}
