// The shape of a kind's record: everything that differs between kinds of objects — their words,
// how they are read, how they look and what can be done to them — as data and small functions.
// Code outside src/kinds asks the record (`KINDS[ref.kind]`, `historyOf`, `entryOf`); it never
// switches on a kind. A kind left out of `KINDS` or a word left out of a record fails to compile.
//
// Words are whole sentences per kind, read when shown (the display language is known by then):
// a translator sees "Which run of {0}? (newest first)", never "Which " + a noun.
import type { HistoryFilter, Page, PageParams, SkyviaClient, TestResult } from '../api';
import type { PickTexts } from '../shared/pickTexts';
import type { LabelFacts, DetailRow } from '../shared/describe';
import type { UnnamedWords } from '../shared/format';
import type { RunRecord, StoredFacts } from '../shared/model';
import type { Outcome } from '../shared/outcome';
import type { CommandId } from '../shared/commandIds';
import type { ChartSeries, HistoryTexts } from '../shared/panelProtocol';
import type { AccountId, EntryKind, ItemRef, RefKind, WorkspaceItemKind } from '../shared/refs';
import type { Capability, CategoryToken, Flag } from './contextValues';

/** An icon as a codicon id and an optional theme colour id. */
export type IconSpec = [id: string, color?: string];

/** What every kind is called, in the user's language. */
export interface KindWords {
  /** "integration": the singular inside a sentence. */
  noun(): string;
  /** "Integration": the singular standing alone (a picker's row, a field's value, a badge). */
  title(): string;
  /** "integrations": the plural inside a sentence, with no count. */
  plural(): string;
  /** "3 integrations": a count with its noun, in the form the count takes (`plural` in shared/format). */
  count(n: number): string;
  /** The palette's question over recently used ones: "Which integration?". */
  which(): string;
  /** The way past them: "Another integration…". */
  another(): string;
}

/** Every kind of object the API has: what it is called, how it is named, and its fields. */
export interface KindRecord<T = unknown> {
  kind: RefKind;
  /** Singular and plural in English: for the output channel and the chat's model, which read English. */
  english: readonly [one: string, many: string];
  words: KindWords;
  /** What a person calls one object: its name, an e-mail, "Run 123". */
  title(ref: ItemRef, data: T): string;
  /** Its fields as labelled rows (tooltips, details documents, pickers), values in the user's language. */
  details(ref: ItemRef, data: T, facts: LabelFacts): DetailRow[];
  /** Its own single read (`GET …/{id}`); absent for kinds the API only lists. */
  read?(client: SkyviaClient, ref: ItemRef, signal?: AbortSignal): Promise<object>;
  /** Fields that hold secrets, masked wherever the object is shown (until copied on purpose). */
  secrets?: readonly string[];
  /** The id Copy ID copies, where it is not the ref's (an account user listed by e-mail has none). */
  copyableId?(ref: ItemRef, data: T): string | undefined;
  /**
   * The command of a capability this kind runs by a command of its own that no spec of a history
   * record names (Invite on the account, Add User on a workspace, Resend and Delete of an
   * invitation, Remove of a user). Starts, stops, toggles, tests and secrets name their command in
   * their spec. An action of such a command applies to the kinds that name it (`kindsOfCommand`).
   */
  commands?: Partial<Record<Capability, CommandId>>;
  /**
   * How the palette reaches one, after its account, where no workspace category lists the kind
   * (a workspace's items and their entries are reached through its categories and histories).
   */
  reach?: Reach;
}

/**
 * The palette's way to an object, once its account is picked: the account itself, a workspace
 * picked, or a row of a list the account holds, or a workspace picked first.
 */
export type Reach =
  | { readonly via: 'theAccount' | 'theWorkspace' }
  | {
      readonly via: 'accountList';
      texts(): PickTexts;
      list(client: SkyviaClient, page: Required<PageParams>): Promise<Page<object>>;
      refOf(account: AccountId, row: object): ItemRef;
    }
  | {
      readonly via: 'workspaceList';
      texts(): PickTexts;
      list(client: SkyviaClient, workspaceId: number, page: Required<PageParams>): Promise<Page<object>>;
      refOf(account: AccountId, workspaceId: number, row: object): ItemRef;
    };

/** Everything a record may look at to render an item. */
export interface ItemView<T> {
  ref: ItemRef;
  data: T;
  facts: LabelFacts;
  /** What is under way for the item ("starting run…"), if anything. */
  busy?: string;
  /** The history's filter, already phrased ("filter: failed only"). */
  filterText?: string;
  now: number;
}

/** The per-item reads a node makes when its item is expanded or hovered (the reader runs them). */
export type ItemRead = 'active' | 'schedule' | 'state' | 'details' | 'endpointTypes';

/** An object with a row of its own in the tree and capabilities: items, users, invitations. */
export interface ItemRecord<T = unknown> extends KindRecord<T> {
  words: KindWords & UnnamedWords;
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
  /** The reads its node makes: on expansion (alongside its first page) and on hover (for the tooltip). */
  probe?: { expand: readonly ItemRead[]; hover: readonly ItemRead[] };
  /** What its own read teaches besides its row (a connection's type). */
  factsOfRead?(data: T): Partial<StoredFacts>;
}

/** What every listed item of a workspace has, as a list row. */
export interface Listed {
  id?: number | null;
  name?: string | null;
}

/** An item a workspace lists in one of its categories. */
export interface WorkspaceItemRecord<T = unknown> extends ItemRecord<T> {
  kind: WorkspaceItemKind;
  words: ItemRecord<T>['words'] & {
    /** The palette's question over a workspace's list: "Which integration in {0}?", and its empty answer. */
    inWorkspace(workspace: string): PickTexts;
  };
  /** The secret it holds (an agent's key, an endpoint's token): copied on purpose, never shown. */
  secret?: SecretSpec<T>;
  /** Testing it (agents, connections): the request, the command, and what is said of several. */
  test?: TestSpec;
  /** Its category in a workspace: the row's token, label, icon and empty list. */
  category: { token: CategoryToken; label(): string; empty(): string; icon: string };
  listItems(client: SkyviaClient, workspaceId: number, page: Required<PageParams>, signal: AbortSignal): Promise<Page<T>>;
}

/** Turning an item on or off (a schedule, an automation, an endpoint): the palette, the runner and the chat tools say it so. */
export interface ToggleWords {
  /** The palette's title when it asks which: "Enable an automation". */
  pickTitle(enable: boolean): string;
  /** "Automation “Orders” enabled." (after one) — for a schedule, a sentence of its own (commands/actions/toggles.ts). */
  done(enable: boolean, name: string): string;
  /** After several: "3 automations enabled.", "3 integrations had their schedule enabled." */
  doneMany(enable: boolean, n: number): string;
  /** The progress of several: "Enabling 3 automations…". */
  progressMany(enable: boolean, n: number): string;
  /** "Disabling the schedule of the integration {0}": the chat's progress line ({0}: the item as asked for). */
  doing(enabled: boolean, item: string): string;
  /** The question before it: "Disable the schedule?" and "Disable the schedule of the integration “{0}” (id {1} in workspace “{2}”)?". */
  question(enabled: boolean, name: string, id: number, workspace: string): { title: string; message: string };
}

/** An item with a history: an integration (runs), a backup (snapshots), an automation, an endpoint. */
export interface HistoryRecord<T = unknown, E = unknown> extends WorkspaceItemRecord<T> {
  entry: EntryRecord<E>;
  /** A page of its history, as the service filters it. */
  list(client: SkyviaClient, ref: ItemRef, query: HistoryFilter, signal: AbortSignal): Promise<Page<E>>;
  /** Its run under way, if it can have one: read, as a run record (`null`: none). */
  active?(client: SkyviaClient, item: ItemRef, name: string, signal?: AbortSignal): Promise<RunRecord | null>;
  /** Its schedule, as facts, if it has one. */
  schedule?(client: SkyviaClient, item: ItemRef, signal?: AbortSignal): Promise<Partial<StoredFacts>>;
  /** Its state (an automation's trigger and queue), as facts, and the run it has under way. */
  state?(client: SkyviaClient, item: ItemRef, name: string, signal?: AbortSignal): Promise<{ facts: Partial<StoredFacts>; active: RunRecord | null }>;
  /** Its history is read by the Failures view (what can fail while nobody looks). */
  scannedForFailures: boolean;
  /** Starting its work (Run, Create Snapshot): one request, never retried; its answer as a run record. */
  start?: StartSpec;
  /** Stopping its run under way (Cancel, Kill…), if the API can: one request each. */
  stop?: { cancel: StopSpec; kill: StopSpec };
  words: WorkspaceItemRecord<T>['words'] & {
    /** The Failures view, of an item whose history could not be read: "Couldn't read its runs: {0}". */
    historyUnread(why: string): string;
    /** The chat's progress line over histories: "Reading failed runs of integration {0}" (`item`: as asked for), or of them all. */
    readingHistory(failedOnly: boolean, item?: string): string;
  };
  /** Turning it on or off, if it can be: its schedule (`schedule`), or itself; the commands and what the chat tools say. */
  toggle?: {
    enable: CommandId;
    disable: CommandId;
    schedule: boolean;
    /** One request (no read after it); the facts its answer makes true. `row`: the item's row as known. */
    send(client: SkyviaClient, item: ItemRef, enable: boolean, row: object | undefined, signal: AbortSignal): Promise<Partial<StoredFacts>>;
    words: ToggleWords;
  };
}

/** Copy an agent's key, an endpoint's token: where the secret is, and the words around it. */
export interface SecretSpec<T> {
  command: CommandId;
  needs: Capability;
  /** The secret in a row or an own read. */
  of(data: T): string | null | undefined;
  words: {
    pickTitle(): string;
    progress(name: string): string;
    couldNot(name: string, reason: string): string;
    /** The reason after "Couldn't copy the key of “X”:". */
    none(): string;
    done(name: string): string;
  };
}

/** Test an agent or a connection: the API answers 200 whether it passed or not (the verdict is read from its message). */
export interface TestSpec {
  command: CommandId;
  send(client: SkyviaClient, ref: ItemRef, signal: AbortSignal): Promise<TestResult>;
  /** Its own read after a test teaches what its row shows (a connection's type). */
  readAfter: boolean;
  words: {
    pickTitle(): string;
    /** "3 agents tested." */
    doneMany(n: number): string;
    /** "All 3 agents passed their test." */
    allPassed(n: number): string;
    /** "2 of 3 agents passed their test; not passed: {2}" (`list`: the others, with the service's words). */
    somePassed(passed: number, n: number, list: string): string;
    /** "Testing 3 agents…" */
    progressMany(n: number): string;
    /** The chat's progress line: "Testing the agent {0}" ({0}: the item as asked for). */
    doing(item: string): string;
  };
}

/** Run and Create Snapshot: what starts an item's work, and its words. */
export interface StartSpec {
  /** The command that starts it (Run, Create Snapshot), and the capability it needs. */
  command: CommandId;
  needs: Capability;
  send(client: SkyviaClient, item: ItemRef, name: string, signal: AbortSignal): Promise<RunRecord>;
  words: {
    /** The palette's title when it asks which: "Run an integration". */
    pickTitle(): string;
    /** After one: "Started a run of {0} (run {1}, {2})." ({2}: the service's state word). */
    done(name: string, id: string, state: string): string;
    /** After several: "Started runs of {0} integrations." */
    doneMany(n: number): string;
    /** What the item's row says while the start is out: "starting run…". */
    busy(): string;
    /** The progress: "Starting a run of {0}…" / "Starting runs of {0} integrations…". */
    progress(name: string, n: number): string;
    couldNot(name: string, reason: string): string;
    /** The chat's progress line: "Running the integration {0}" ({0}: the item as asked for). */
    doing(item: string): string;
    /** The chat's question before it: "Run the integration?" and what it will do to the named item. */
    question(name: string, id: number, workspace: string): { title: string; message: string };
  };
}

/** Cancel or Kill an item's run under way: the command, one request, and its words. */
export interface StopSpec {
  command: CommandId;
  needs: Capability;
  send(client: SkyviaClient, item: ItemRef, signal: AbortSignal): Promise<void>;
  words: {
    /** The palette's title when it asks which: "Cancel the run of an integration". */
    pickTitle(): string;
    /** After several: "3 integrations asked to cancel." */
    doneMany(n: number): string;
    /** What the item's row says while it is out: "canceling…". */
    busy(): string;
    progress(name: string, n: number): string;
    couldNot(name: string, reason: string): string;
    /** After one: "Asked to cancel the run of {0}; it stops after its current step." */
    done(name: string): string;
    /** A question first, for what cannot be undone (Kill). */
    confirm?(names: readonly string[]): { message: string; detail: string; button: string };
    /** The chat's progress line: "Canceling the run of the integration {0}" ({0}: the item as asked for). */
    doing(item: string): string;
    /** The chat's question before it, about the named item. */
    question(name: string, id: number, workspace: string): { title: string; message: string };
  };
}

/** A history entry: a run, a snapshot, an automation execution, an endpoint request. */
export interface EntryRecord<E = unknown> extends KindRecord<E> {
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
   * The figures whose baseline tells an unusual success (kinds/unusual.ts judges), most telling
   * first; absent for a kind whose figures say nothing of its health.
   */
  usual?: readonly UsualFigure<E>[];
  /** What can be done to it: its log, and beside a failure the last success (its panel's buttons). */
  capabilities(e: E): (Capability | false | undefined)[];
  /** A failed one can be set beside its item's last success (Compare with Last Success). */
  comparable: boolean;
  /** Its log text from its own read, in both API shapes; `undefined` when it carries none. */
  logOf(data: E): string | undefined;
  /** How an entry that left its item's "active" slot ended, from its own records (entries that can be under way). */
  final?(client: SkyviaClient, run: RunRecord, base: RunRecord, signal?: AbortSignal): Promise<Final>;
  words: KindWords & EntryWords;
}

/**
 * How an entry ended: its run record, and what was read to know it — its row (listed, or its own
 * read) and the history page read with it — which teach and are judged by its item's baseline.
 */
export interface Final {
  record: RunRecord;
  row?: object;
  page?: readonly object[];
}

/** A history entry's own sentences. */
export interface EntryWords {
  /** "Run 123". */
  name(id: string): string;
  /** "Run 123 of Nightly Sync". */
  nameOf(id: string, item: string): string;
  /** "run 123": the entry among the facts of a sentence about it. */
  fact(id: string): string;
  /** "Failed run": its outcome said with its kind, as its icon shows it (what a screen reader says first). */
  meaning(outcome: Outcome): string;
  /** "The run of “{0}” failed: {1} ({2})." — how it ended; `facts`: what is known ("run 123 · 2 min"). */
  ended(e: { outcome: Outcome; item: string; facts: string; error?: string; killed: boolean; state: string }): string;
  /** A pinned item's new failure: "A run of pinned “{0}” failed: run {1} of {2}." */
  pinnedFailed(item: string, id: string, when?: string): string;
  /** "2 more runs failed since the last look." */
  moreFailed(n: number): string;
  /** The palette's question over an item's history: "Which run of {0}? (newest first)". */
  ofItem(item: string): PickTexts;
  /** Compare with Last Success, when there is none: "No run of {0} succeeded before run {1} ({2} read): …". */
  noSuccessBefore(item: string, id: string, looked: number): string;
  /** The chat's progress line: "Reading run 123 and its log". */
  reading(id: string, log: boolean): string;
  /** A panel's history row's buttons, as a screen reader says them: "Open the log of run 123, 2026-11-26 02:56". */
  rowButtons(id: string, when: string): { log: string; open: string };
  /** Its history's own words in a panel (heading, region, caption, Load more, empty). */
  history(): HistoryTexts;
  /** Its history's empty list in the tree: "No runs yet", "No runs match the filter". */
  empty(filtered: boolean): string;
  /** The button that opens one just started: "Show Run". */
  show(): string;
  /** Why a start is refused while one is under way: "“{0}” is already running (run {1})." */
  underWay(item: string, id: string, queued: boolean): string;
}

/** A history chart: its lines, and each entry's figures for them (`undefined` where the API gives none). */
export interface ChartSpec<E> {
  /** Read when shown: its labels are in the user's language. */
  series(): Omit<ChartSeries, 'values'>[];
  point(e: E): { date?: string | null; values: (number | undefined)[] };
}

/**
 * A figure of a succeeded entry that is judged against the same figure of the item's recent
 * successes (median and median absolute deviation; kinds/unusual.ts applies the rule):
 * - `fewer`: under a tenth of usual (0 rows where there are about 5,000);
 * - `more`: over three times usual (40 min where it takes 4);
 * - `appears`: something where there usually is none (300 failed rows, usually 0).
 */
export interface UsualFigure<E> {
  /** Its name in English ("rows written"): the chat's answer and the output channel say it. */
  figure: string;
  /** Its value in an entry; `undefined` where this entry (or API shape) does not carry it. */
  of(e: E): number | undefined;
  rule: 'fewer' | 'more' | 'appears';
  /**
   * The least that matters, in the figure's unit: `fewer` needs a usual value at least this big,
   * `more` a rise at least this big, `appears` a value at least this big (a 2 s run that took
   * 7 s, or 3 failed rows, is no news).
   */
  least: number;
  /** "0 rows written, usually about 5,200": what the row, the panel and a notice say, in the user's language. */
  says(value: number, usual: number): string;
}
