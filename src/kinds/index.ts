// Every kind's record, by kind (tables.ts): THE place the tree, panels, documents, logs, the
// watcher, the palette and the chat tools look up what differs between kinds of objects — and
// what is built on the records: an object's title and description, an entry's name, what can be
// done to an item now and why not.
import type { LabelFacts, ItemDetails } from '../shared/describe';
import { shownData, str } from '../shared/describe';
import { joinParts } from '../shared/format';
import { firstErrorLine, joinLog } from '../shared/logLines';
import {
  ENTRY_KINDS,
  isEntryKind,
  REF_KINDS,
  WORKSPACE_ITEM_KINDS,
  type EntryKind,
  type HistoryItemKind,
  type ItemRef,
  type RefKind,
  type Target,
} from '../shared/refs';
import { stateWord } from '../shared/words';
import { whyNot } from './refusals';
import type { Capability } from './contextValues';
import { ENTRIES, entryOf, HISTORIES, historyOf, itemOf, KINDS, WORKSPACE_ITEMS } from './tables';

export type { EntryRecord, HistoryRecord, ItemRecord, KindRecord, Reach, WorkspaceItemRecord } from './kind';
export { ENTRIES, entryOf, HISTORIES, historyOf, itemOf, KINDS, WORKSPACE_ITEMS } from './tables';
export { commandOf, commandsOf, commandTokens, entryCapabilities, entryTokens, kindsOfCommand, SHARED_COMMANDS } from './capabilityCommands';

/** Kinds a panel shows: items with a history, and their entries. */
export function hasPanel(kind: RefKind): boolean {
  return !!historyOf(kind) || isEntryKind(kind);
}

// The kinds an action applies to, each list made from the records — never written out elsewhere:
// a kind whose record has what an action needs gets the action.

/** Items with a history: Export History, Pin, the Failures view's kinds. */
export const HISTORY_KINDS = Object.keys(HISTORIES) as HistoryItemKind[];
/** What can fail while nobody looks: the kinds whose records say their histories are scanned for failures. */
export const SCANNED_FOR_FAILURES = HISTORY_KINDS.filter((k) => HISTORIES[k].scannedForFailures);
/** What a panel shows. */
export const PANEL_KINDS = REF_KINDS.filter(hasPanel);
/** Items that can have a run under way (Show what runs now). */
export const ACTIVE_KINDS = HISTORY_KINDS.filter((k) => !!HISTORIES[k].active);
/** Items whose run under way can be stopped (Cancel, Kill). */
export const STOPPABLE_KINDS = HISTORY_KINDS.filter((k) => !!HISTORIES[k].stop);
/** Items whose work can be started (Run, Create Snapshot). */
export const STARTABLE_KINDS = HISTORY_KINDS.filter((k) => !!HISTORIES[k].start);
/** Items that can be tested (an agent, a connection). */
export const TESTABLE_KINDS = WORKSPACE_ITEM_KINDS.filter((k) => !!WORKSPACE_ITEMS[k].test);
/** Items that can be turned on and off (their schedule, or themselves). */
export const TOGGLE_KINDS = HISTORY_KINDS.filter((k) => !!HISTORIES[k].toggle);
/** Entries a failed one of which can be set beside the last success. */
export const COMPARABLE_KINDS = ENTRY_KINDS.filter((k) => ENTRIES[k].comparable);
/** Whether an object of the kind is the account itself, as the palette reaches it: no object of the account's, and no recent choice. */
export function isTheAccount(kind: RefKind): boolean {
  return KINDS[kind].reach?.via === 'theAccount';
}

/** What has a row of its own read and refreshed alone: a workspace and the items it lists. */
export const ROW_KINDS: RefKind[] = ['workspace', ...WORKSPACE_ITEM_KINDS];

/** The id Copy ID copies: the ref's, unless its record says otherwise; `undefined` when it has none. */
export function copyableIdOf(ref: ItemRef, data: object | undefined): string | undefined {
  const own = KINDS[ref.kind].copyableId;
  return own ? own(ref, (data ?? {}) as never) : ref.id;
}

/** The name of an object as a person would say it: its name, an e-mail, "Run 123". */
export function titleOf(ref: ItemRef, data?: object): string {
  return KINDS[ref.kind].title(ref, data as never);
}

/**
 * What an object says to a person: a title and labelled rows, whatever it came from (a list
 * row, its own read, an active-run record) and whichever spelling of the API sent it, its
 * secrets masked. A run's title says how it stands ("Run 123 · Failed"): a tab tells it unopened.
 */
export function describeObject(ref: ItemRef, data: object, facts: LabelFacts = {}): ItemDetails {
  const record = KINDS[ref.kind];
  const state = isEntryKind(ref.kind) ? str((data as { state?: unknown }).state) : undefined;
  return {
    title: joinParts(record.title(ref, data as never), state && stateWord(state)),
    rows: record.details(ref, data as never, facts),
    data: shownData(data, record.secrets),
  };
}

/**
 * How a history entry is called in messages, tabs and pickers: "Run 123", or with its item
 * "Run 123 of Nightly Sync". Other kinds read as their title and id ("Invitation 7").
 */
export function entryName(ref: ItemRef, itemName?: string): string {
  const entry = entryOf(ref.kind);
  if (!entry) return `${KINDS[ref.kind].words.title()} ${ref.id}`;
  return itemName ? entry.words.nameOf(ref.id, itemName) : entry.words.name(ref.id);
}

/** An entry's log from its own read (in both API shapes), with Unix line ends; `undefined` when it carries none. */
export function entryLog(kind: EntryKind, data: object): string | undefined {
  return joinLog([ENTRIES[kind].logOf(data)]);
}

/**
 * A failed entry's first error, from what its record says is its log (a run's or snapshot's log,
 * an execution's result and error, a request's log, error and details): the first line that tells
 * of a failure; `undefined` when none does or it carries no log (its row alone, say).
 */
export function entryFirstError(kind: EntryKind, data: object): string | undefined {
  return firstErrorLine(entryLog(kind, data));
}

/** A watched run as a command's target. */
export function runTarget(run: { ref: ItemRef; itemName: string }): Target {
  return { ref: run.ref, name: entryName(run.ref, run.itemName), data: run, itemName: run.itemName };
}

/** What can be done to an item now, by its kind's record; `undefined` for kinds without one. */
export function capabilitiesOf(ref: ItemRef, data: object, facts: LabelFacts, now = Date.now()): Capability[] | undefined {
  const record = itemOf(ref.kind);
  if (!record) return undefined;
  return record.capabilities({ ref, data: facts.row ?? data, facts, busy: facts.busy, now }).filter((c): c is Capability => !!c);
}

/**
 * Why an action that needs `capability` should not be sent for this item now, or `undefined`
 * when it may be. What is unknown is no reason: a run under way nobody has read yet is the
 * service's to refuse (Cancel from the palette on an item not read in this window still asks it).
 */
export function refusal(capability: Capability, ref: ItemRef, data: object, facts: LabelFacts, name: string): string | undefined {
  const granted = capabilitiesOf(ref, data, facts);
  if (!granted || granted.includes(capability)) return undefined;
  if (!facts.busy && facts.active === undefined && (capability === 'canCancel' || capability === 'canKill')) return undefined;
  return whyNot(capability, facts, name);
}
