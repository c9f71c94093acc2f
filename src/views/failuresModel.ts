// What the Failures view shows, as data: its ranges, its rows (a failure, a note, an account's
// group, the group of unusual successes, a cause and a cause's item) and what a reading found.
// The view (failuresView.ts) lists them, failuresRows.ts draws them, failuresScan.ts reads them,
// failuresCauses.ts groups them by cause.
import type { Target, AccountId } from '../shared/refs';
import type { ScannedEntry } from '../state/accountScan';
import type { Unusual } from '../shared/model';
import type { GridCounts, SlotUnit } from './runsGridModel';
import type { LiveIndex } from './failuresLive';

export type FailureWindow = '24h' | '7d' | '30d';

export const WINDOW_MS: Record<FailureWindow, number> = { '24h': 86_400_000, '7d': 7 * 86_400_000, '30d': 30 * 86_400_000 };

/** The runs grid's slots in each window: hours over a day, days over a week or a month. */
export const SLOT_UNIT: Record<FailureWindow, SlotUnit> = { '24h': 'hour', '7d': 'day', '30d': 'day' };

/** A failure: a Target, so every entry command (Open Log, Show Details…) takes it as it is. */
export interface FailureRow extends Target {
  readonly data: object;
  readonly entry: ScannedEntry;
}

/** A row that only says something: how the reading goes, what it found, what it could not read. */
export interface FailureNote {
  readonly note: string;
  readonly label: string;
  readonly description?: string;
  readonly tooltip?: string;
  readonly severity: 'info' | 'warning';
  /** Whose reading it is about, when several accounts are read. */
  readonly account?: AccountId;
}

/** One account's failures, when more than one account is signed in. */
export interface FailureGroup {
  readonly group: AccountId;
  readonly label: string;
}

/** One account's successes that were not as usual: a group after its failures. */
export interface UnusualGroup {
  readonly unusualOf: AccountId;
}

/** A success that was not as usual: a row as a failure's, with why. */
export interface UnusualRow extends FailureRow {
  readonly unusual: Unusual;
}

/** The failures of one cause in one account's reading (grouped by cause): its items, then their failures. */
export interface CauseGroup {
  /** The cause's signature (shared/causes.ts); '' for the failures whose cause is unknown. */
  readonly cause: string;
  readonly account: AccountId;
  /** The cause in plain words ("Cannot insert duplicate key row in object '…'"). */
  readonly words: string;
  /** Newest first. */
  readonly rows: readonly FailureRow[];
  readonly items: readonly CauseItem[];
  /** Its first and last failure in the range (ms since the epoch). */
  readonly first: number;
  readonly last: number;
  /** First seen in the last 24 hours, and never in what was read before them. */
  readonly isNew: boolean;
  /** Why the cause of each of its failures is unknown (the group of unknown causes only). */
  readonly unknown?: readonly string[];
}

/** An item's failures of one cause. */
export interface CauseItem {
  readonly causeItem: string;
  readonly causeOf: CauseGroup;
  readonly name: string;
  readonly workspace: string;
  readonly rows: readonly FailureRow[];
}

export type FailuresElement = FailureRow | FailureNote | FailureGroup | UnusualGroup | CauseGroup | CauseItem;

/** What one account's reading found. */
export interface Found {
  rows: FailureRow[];
  /** Successes that were not as usual, newest first. */
  unusual: UnusualRow[];
  notes: FailureNote[];
  /** Pages read back before the range for baselines. */
  readBacks: number;
  /** Every entry read, counted per item and slot for the runs grid (not kept themselves). */
  grid: GridCounts;
  /** What takes in the runs that end after the reading (failuresLive.ts). */
  live: LiveIndex;
}
