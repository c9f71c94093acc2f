// The "Failures" view: the failed runs, snapshots and executions of the last 24 hours or 7 days
// across every workspace, newest first — the first question of a morning. Each row is the entry
// itself: a click opens its panel, and its menu offers Open Log, Compare with Last Success and
// Show Details as the explorer's rows do.
//
// It is read on demand only — when the view is first shown, on Refresh, on another time range —
// never in the background: the account's histories are many requests (one per item), so they go
// through the shared reader (state/accountScan.ts, the chat's `skyvia_recent_runs` reads with it
// too), streamed and as many at a time as the service takes well, with the view's progress bar,
// a row counting the items read, and Cancel in the title bar. An item whose history cannot be
// read gets a row of its own saying why; no pop-up. With more than one account signed in, each
// is read (side by side) and shown as a group of its own, named; with one, the view is a flat
// list as it always was. Failures show a page (`skyvia.pageSize`) at a time, "Show more…" after.
//
// Succeeded, but not as usual (kinds/unusual.ts): while `skyvia.unusual.enabled` is on, each
// item's newest page is read whole (not failed only — the same one request), its successes judged
// against the item's baseline, and those far from usual listed in a group of their own after the
// failures. An item busier than a page also has its older failures read, so none is missed; an
// item whose successes lack a baseline (a daily one's week holds seven) has a page before them
// read, to judge them whatever was read of it before. Entries the service sent for the range but
// dated before it, or not at all, are left out and said so in a row of their own.
//
// Grouped by cause (the title bar's switch, remembered): after the histories, each failure's
// first error is read — once per entry, through the same reads its panel and log share — and the
// failures are listed under their causes, then their items (failuresCauses.ts). Causes fill in as
// they come; Cancel stops the reading there.
//
// What this window watches end after a reading joins it, read no more (failuresLive.ts).
//
// The parts: failuresModel.ts (what is shown, as data), failuresScan.ts (one account's reading),
// failuresCauses.ts (grouping by cause), failuresRows.ts (how rows look and what they say).
import vscode = require('vscode');
import { l10n } from 'vscode';
import type { Workspace } from '../api';
import type { Accounts } from '../host/accounts';
import { isKeyOf, refKey, type AccountId, type ItemRef } from '../shared/refs';
import { pacedGate } from '../state/accountScan';
import type { Baselines } from '../state/baselines';
import { shownTreeItem } from '../tree/treeItems';
import type { CauseGroup, FailureGroup, FailureNote, FailureRow, FailuresElement, FailureWindow, Found, UnusualRow } from './failuresModel';
import { readAccount } from './failuresScan';
import { groupByCause, readCauses, type RowCause } from './failuresCauses';
import {
  causeDescription,
  causeItem,
  causeItemItem,
  causesRead,
  failedText,
  failuresCount,
  groupItem,
  moreNote,
  noteItem,
  rowItem,
  rowTooltip,
  unusualGroupItem,
  unusualText,
} from './failuresRows';
import { plural } from '../shared/format';
import type { RunRecord } from '../shared/model';
import { placed } from './failuresLive';

export type { CauseGroup, CauseItem, FailureGroup, FailureNote, FailureRow, FailuresElement, FailureWindow, UnusualGroup, UnusualRow } from './failuresModel';

/** The progress row's count is redrawn at most this often. */
const PROGRESS_EVERY_MS = 1_000;
/** Where the switch to causes is remembered (globalState). */
const BY_CAUSE_KEY = 'skyvia.failures.byCause';

export interface FailuresDeps {
  accounts: Pick<Accounts, 'usable' | 'client' | 'get'>;
  /** The items' baselines (state/baselines.ts): what is read teaches them (read back where they lack); successes are judged against them. */
  baselines: Pick<Baselines, 'observe' | 'lacking' | 'mayHaveUnread' | 'readWhole' | 'wantsBefore' | 'judge'>;
  /** The setting `skyvia.unusual.enabled`. */
  unusualOn(): boolean;
  /** An account's workspaces as the tree listed them, if it has: a first reading starts from them, one round trip sooner. */
  knownWorkspaces?(account: AccountId): Workspace[] | undefined;
  /** The setting `skyvia.pageSize`: failure rows shown at a time. */
  pageSize(): number;
  /** An entry's own read, shared with its panel, log and details (state/entryReads.ts): where its first error is. */
  readEntry(ref: ItemRef, signal: AbortSignal): Promise<object>;
  /** Where the switch to causes is remembered. */
  memento?: Pick<vscode.Memento, 'get' | 'update'>;
  /** The run store's ends (a run, snapshot or execution watched in this window ended): taken in after a reading. */
  ended?: vscode.Event<RunRecord>;
  /** An entry a reading found under way: handed to the run store to watch, so its end is told. */
  underWay?(run: RunRecord): void;
  now?(): number;
}

interface Reading {
  controller: AbortController;
  done: Promise<void>;
  /** Items read and to read, per account. */
  read: Map<AccountId, number>;
  total: Map<AccountId, number>;
  /** Reading the histories, then (grouped by cause) the failures' first errors. */
  phase: 'items' | 'causes';
  /** Failures whose cause is read, and to read. */
  causes: { read: number; total: number };
  /** When its progress row was last redrawn (ms since the epoch). */
  toldAt: number;
}

/** What the runs grid draws: each account's counts of the last reading, and whether one is under way. */
export interface GridReading {
  window: FailureWindow;
  /** A reading of the histories is under way (the grid shows the last one's counts meanwhile, if any). */
  reading: boolean;
  /** Items read and to read, while it is. */
  progress: { read: number; total: number };
  accounts: { account: AccountId; label: string; found: Found }[];
  /** When the counts shown were read (ms since the epoch). */
  readAt?: number;
}

export class FailuresView implements vscode.TreeDataProvider<FailuresElement>, vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<FailuresElement | undefined>();
  readonly onDidChangeTreeData = this.emitter.event;
  private readonly readEmitter = new vscode.EventEmitter<void>();
  /** A reading of the histories began or ended (or an account's counts went): the runs grid draws again. */
  readonly onDidRead = this.readEmitter.event;
  /** When the last reading of the histories ended (ms since the epoch). */
  private readAt?: number;
  private view?: vscode.TreeView<FailuresElement>;
  private window: FailureWindow = '24h';
  private reading?: Reading;
  /** What each account's last reading found, in the accounts' order. */
  private result?: Map<AccountId, Found>;
  /** The row that counts the items read: the same object while a reading lasts, so only it is redrawn. */
  private progressNote?: FailureNote;
  /**
   * Failure rows shown per account, the rest behind "Show more…": a page (`skyvia.pageSize`) at
   * first and at each click, as every list of the explorer: a week of a large account is
   * thousands of failures, and VS Code takes a whole list into the view at once, however little
   * of it is on screen. Set back at each reading.
   */
  private readonly shown = new Map<AccountId, number>();
  /** The workspaces each account's last reading went through: another range starts from them. */
  private readonly listed = new Map<AccountId, readonly Workspace[]>();
  /** Listed by cause (the title bar's switch). */
  private byCause: boolean;
  /** Each failure's cause once read, by its ref's key: an ended entry's first error never changes. */
  private readonly causes = new Map<string, RowCause>();
  /** Ends told while the histories are read: taken in once the reading's result is there. */
  private endedMeanwhile: RunRecord[] = [];
  private readonly listening?: vscode.Disposable;

  constructor(private readonly deps: FailuresDeps) {
    this.listening = deps.ended?.((run) => this.runEnded(run));
    this.byCause = deps.memento?.get<boolean>(BY_CAUSE_KEY) ?? false;
    void vscode.commands.executeCommand('setContext', 'skyvia.failuresWindow', this.window);
    void vscode.commands.executeCommand('setContext', 'skyvia.failuresByCause', this.byCause);
  }

  attach(view: vscode.TreeView<FailuresElement>): vscode.Disposable {
    this.view = view;
    this.describe();
    return { dispose: () => (this.view = undefined) };
  }

  get range(): FailureWindow {
    return this.window;
  }

  /** Whether it lists failures by cause. */
  get groupedByCause(): boolean {
    return this.byCause;
  }

  /** What the view lists now (tests). */
  get rows(): readonly FailureRow[] {
    return [...(this.result?.values() ?? [])].flatMap((found) => found.rows);
  }

  /** Pages the last reading read back before its range for the items' baselines (the bench). */
  get readBacks(): number {
    return [...(this.result?.values() ?? [])].reduce((n, found) => n + found.readBacks, 0);
  }

  /** The unusual successes it lists now (tests). */
  get unusualRows(): readonly UnusualRow[] {
    return [...(this.result?.values() ?? [])].flatMap((found) => found.unusual);
  }

  /** Whether a reading (of histories or of causes) is under way. */
  get busy(): boolean {
    return !!this.reading;
  }

  getChildren(element?: FailuresElement): FailuresElement[] {
    if (element && 'unusualOf' in element) return this.result?.get(element.unusualOf)?.unusual ?? [];
    if (element && 'cause' in element) return [...element.items];
    if (element && 'causeItem' in element) return [...element.rows];
    if (element) return 'group' in element ? this.shownOf(element.group) : [];
    const accounts = this.deps.accounts.usable();
    if (!accounts.length) return [];
    // Opening the view is asking: the first look reads (from the workspaces the tree knows, if it does).
    if (!this.result && !this.reading) void this.refresh({ known: true });
    const progress = this.reading ? [this.progress()] : [];
    // While a reading lasts, its progress and the failures found before; then its notes, failures and unusual successes.
    if (accounts.length === 1) return this.reading ? [...progress, ...this.listOf(accounts[0])] : this.shownOf(accounts[0]);
    return [...progress, ...accounts.filter((a) => this.result?.has(a)).map((a): FailureGroup => ({ group: a, label: this.deps.accounts.get(a)?.label ?? a }))];
  }

  /** A failure row's tooltip, made when it is hovered (with its cause, once read). */
  resolveTreeItem(item: vscode.TreeItem, element: FailuresElement): vscode.TreeItem {
    if (item.tooltip !== undefined || !('entry' in element)) return item;
    const cause = this.causes.get(refKey(element.ref));
    item.tooltip = rowTooltip(element, this.now(), cause && ('why' in cause ? cause.why : cause.words));
    return shownTreeItem(item);
  }

  getTreeItem(element: FailuresElement): vscode.TreeItem {
    if ('unusualOf' in element) return shownTreeItem(unusualGroupItem(element, this.window, this.result?.get(element.unusualOf)?.unusual.length ?? 0));
    if ('cause' in element) return shownTreeItem(causeItem(element, this.now()));
    if ('causeItem' in element) return shownTreeItem(causeItemItem(element));
    if ('group' in element) return shownTreeItem(groupItem(element, this.window, this.rowsOf(element.group).length));
    return shownTreeItem('note' in element ? noteItem(element) : rowItem(element, this.now()));
  }

  /**
   * Reads again (Refresh; another range): every usable account, side by side. Resolves when the
   * reading is over, however it ended. `known`: the view's first look or another range, which
   * start from the workspaces already listed (by the tree, or by this view's last reading) — one
   * round trip sooner; Refresh lists them again.
   */
  refresh({ known = false }: { known?: boolean } = {}): Promise<void> {
    const accounts = this.deps.accounts.usable().flatMap((a) => {
      const client = this.deps.accounts.client(a);
      return client ? [{ account: a, client }] : [];
    });
    if (!accounts.length) {
      this.reading?.controller.abort();
      return Promise.resolve();
    }
    return this.start('items', async (reading) => {
      const now = this.now();
      const found = await Promise.all(
        accounts.map(({ account, client }) =>
          readAccount({
            account,
            client,
            window: this.window,
            now,
            workspaces: (known && (this.deps.knownWorkspaces?.(account) ?? this.listed.get(account))) || undefined,
            previous: this.result?.get(account),
            baselines: this.deps.baselines,
            unusual: this.deps.unusualOn(),
            signal: reading.controller.signal,
            listed: (workspaces) => this.listed.set(account, workspaces),
            ...(this.deps.underWay ? { underWay: this.deps.underWay } : {}),
            progress: (read, total) => {
              reading.read.set(account, read);
              reading.total.set(account, total);
              this.tell(reading);
            },
          }),
        ),
      );
      if (this.reading !== reading) return;
      this.result = new Map(accounts.map(({ account }, i) => [account, found[i]]));
      this.readAt = now;
      this.shown.clear();
      // Ends told while the histories were read: what the reading saw of them decides (failuresLive.ts).
      for (const run of this.endedMeanwhile.splice(0)) this.takeIn(run);
      this.readEmitter.fire();
      if (this.byCause) await this.readAllCauses(reading);
    });
  }

  /** What the runs grid draws now. */
  gridReading(): GridReading {
    const r = this.reading;
    const sum = (m: Map<AccountId, number> | undefined) => [...(m?.values() ?? [])].reduce((a, b) => a + b, 0);
    return {
      window: this.window,
      reading: r?.phase === 'items',
      progress: { read: sum(r?.read), total: sum(r?.total) },
      accounts: [...(this.result ?? new Map<AccountId, Found>())].map(([account, found]) => ({
        account,
        label: this.deps.accounts.get(account)?.label ?? account,
        found,
      })),
      ...(this.readAt !== undefined ? { readAt: this.readAt } : {}),
    };
  }

  /**
   * The histories read, for the runs grid: at once when a reading of this range is done or under
   * way (no request); else the view's first reading (from the workspaces already listed).
   */
  ensureRead(): Promise<void> {
    if (this.reading?.phase === 'items') return this.reading.done;
    if (this.result) return Promise.resolve();
    return this.reading ? this.reading.done : this.refresh({ known: true });
  }

  /** Shows another time range, read afresh. */
  setRange(window: FailureWindow): Promise<void> {
    this.window = window;
    void vscode.commands.executeCommand('setContext', 'skyvia.failuresWindow', window);
    this.describe();
    return this.refresh({ known: true });
  }

  /** Lists the failures by cause, or each one newest first; remembered. Grouping reads what causes are not read yet. */
  async groupByCause(on: boolean): Promise<void> {
    this.byCause = on;
    void vscode.commands.executeCommand('setContext', 'skyvia.failuresByCause', on);
    await this.deps.memento?.update(BY_CAUSE_KEY, on);
    this.emitter.fire(undefined);
    if (!on || this.reading || !this.result) return;
    await this.start('causes', (reading) => this.readAllCauses(reading));
  }

  /**
   * A run the window watched ended. While the histories are read it waits for their result; after,
   * it joins what the view and the grid show — a failure leads its account's rows (its cause read
   * when listed by cause), an unusual success its group, any end its grid cell.
   */
  private runEnded(run: RunRecord): void {
    if (this.reading?.phase === 'items') {
      this.endedMeanwhile.push(run);
      return;
    }
    if (!this.takeIn(run)) return;
    this.describe();
    this.emitter.fire(undefined);
    this.readEmitter.fire();
  }

  /** Takes an ended run into its account's reading; whether anything shown changed. */
  private takeIn(run: RunRecord): boolean {
    const found = this.result?.get(run.item.account);
    const taken = found?.live.takeIn(found, run, this.deps.unusualOn());
    if (!found || !taken) return false;
    if (taken.failure) {
      placed(found.rows, taken.failure);
      // The account's summary counts what is listed: a new object, so the view draws it again.
      found.notes = found.notes.map((n) => (n.note === 'summary' ? { ...n, label: failedText(this.window, found.rows.length) } : n));
    }
    if (taken.odd) placed(found.unusual, taken.odd);
    if (taken.failure && this.byCause && !this.reading) void this.start('causes', (reading) => this.readAllCauses(reading));
    return true;
  }

  /** Stops the reading under way: what is out is aborted, nothing more is sent. */
  cancel(): void {
    this.reading?.controller.abort();
  }

  /** An account signed out (or every one): nothing of it stays; the others' failures stay listed. */
  reset(account?: AccountId): void {
    for (const key of [...this.causes.keys()]) if (account === undefined || isKeyOf(account, key)) this.causes.delete(key);
    if (account !== undefined && this.result?.has(account) && this.result.size > 1 && !this.reading) {
      this.result.delete(account);
      this.describe();
      this.emitter.fire(undefined);
      this.readEmitter.fire();
      return;
    }
    this.reading?.controller.abort();
    this.reading = undefined;
    this.result = undefined;
    this.readAt = undefined;
    this.setLoading(false);
    this.describe();
    this.emitter.fire(undefined);
    this.readEmitter.fire();
  }

  dispose(): void {
    this.listening?.dispose();
    this.reading?.controller.abort();
    this.emitter.dispose();
    this.readEmitter.dispose();
  }

  /** A reading (of histories, or of causes alone) with the view's progress; the one before it is stopped. */
  private start(phase: Reading['phase'], work: (reading: Reading) => Promise<void>): Promise<void> {
    this.reading?.controller.abort();
    const reading: Reading = {
      controller: new AbortController(),
      read: new Map(),
      total: new Map(),
      phase,
      causes: { read: 0, total: 0 },
      done: Promise.resolve(),
      toldAt: 0,
    };
    this.reading = reading;
    this.progressNote = undefined;
    this.setLoading(true);
    if (phase === 'items') this.readEmitter.fire();
    reading.done = Promise.resolve(vscode.window.withProgress({ location: { viewId: 'skyvia.failures' } }, () => work(reading))).finally(() => {
      if (this.reading !== reading) return;
      this.reading = undefined;
      this.setLoading(false);
      this.describe();
      this.emitter.fire(undefined);
      this.readEmitter.fire();
    });
    this.emitter.fire(undefined);
    return reading.done;
  }

  /**
   * The causes of every account's failures not known yet, each account through a gate of its own.
   * A failure that joins meanwhile (a watched run ended) is read in a pass after; each failure is
   * asked for in one pass only (one whose read could not finish is not asked for again and again).
   */
  private async readAllCauses(reading: Reading): Promise<void> {
    const { signal } = reading.controller;
    reading.phase = 'causes';
    reading.causes = { read: 0, total: 0 };
    const asked = new Set<string>();
    while (!signal.aborted) {
      const accounts = [...(this.result ?? new Map<AccountId, Found>())];
      const fresh = accounts.flatMap(([, found]) => found.rows.map((r) => refKey(r.ref)).filter((key) => !this.causes.has(key) && !asked.has(key)));
      if (!fresh.length) return;
      for (const key of fresh) asked.add(key);
      reading.causes.total += fresh.length;
      this.emitter.fire(undefined);
      await Promise.all(
        accounts.map(async ([account, found]) => {
          const client = this.deps.accounts.client(account);
          if (!client) return;
          const { gate, watching } = pacedGate(client);
          try {
            await readCauses(found.rows, this.causes, this.deps.readEntry, gate, signal, () => {
              reading.causes.read++;
              this.tell(reading, true);
            });
          } finally {
            watching.dispose();
          }
        }),
      );
    }
  }

  /**
   * Redraws the progress row (or, while causes come, the view) once a second at most. VS Code
   * takes a view's changes 200 ms after the last of a burst: told at every item read (every few
   * ms), the count never moved, and the rows found waited 200 ms behind the last count.
   */
  private tell(reading: Reading, all = false): void {
    const now = Date.now();
    if (this.reading !== reading || now - reading.toldAt < PROGRESS_EVERY_MS) return;
    if (!all && !this.progressNote && reading.phase !== 'items') return;
    reading.toldAt = now;
    if (reading.phase === 'items') this.readEmitter.fire();
    if (!all && !this.progressNote) return;
    this.emitter.fire(all ? undefined : this.progressNote);
  }

  /** An account's notes, then its failures (or causes), then its unusual successes' group. */
  private shownOf(account: AccountId): FailuresElement[] {
    const found = this.result?.get(account);
    return found ? [...found.notes, ...this.listOf(account), ...(found.unusual.length ? [{ unusualOf: account }] : [])] : [];
  }

  /** An account's failures: by cause (with a note of those not read), or a page of them. */
  private listOf(account: AccountId): FailuresElement[] {
    if (!this.byCause) return this.pageOf(account);
    const { groups, pending } = this.causesOf(account);
    if (!pending || this.reading) return groups;
    const note: FailureNote = {
      note: 'causesPending',
      account,
      label: l10n.t('Causes not read: {0}', failuresCount(pending)),
      description: l10n.t('Refresh to read them'),
      severity: 'warning',
    };
    return [...groups, note];
  }

  /**
   * How often a failed entry's cause occurred in the view's window, and in how many items — from
   * the causes read so far, nothing asked: what its panel says beside its first error.
   */
  causeSeen(ref: ItemRef): string | undefined {
    const key = refKey(ref);
    if (!this.causes.has(key)) return undefined;
    const group = this.causesOf(ref.account).groups.find((g) => g.cause !== '' && g.rows.some((r) => refKey(r.ref) === key));
    if (!group) return undefined;
    const range = this.rangeText();
    return l10n.t('{0} (the Failures view, {1})', causeDescription(group, this.now()), range);
  }

  /** An account's failures by the causes read so far. */
  causesOf(account: AccountId): { groups: CauseGroup[]; pending: number } {
    return groupByCause(account, this.rowsOf(account), this.causes, this.window, this.now());
  }

  /** An account's failures as far as shown, and "Show more…" when there are more (also while it is read again). */
  private pageOf(account: AccountId): FailuresElement[] {
    const rows = this.rowsOf(account);
    const n = this.shown.get(account) ?? this.deps.pageSize();
    return rows.length > n ? [...rows.slice(0, n), moreNote(account, rows.length - n, this.deps.pageSize())] : rows;
  }

  /** The next failures of an account (its "Show more" row; the only account when not given). */
  showMore(account?: unknown): void {
    const id = typeof account === 'string' ? (account as AccountId) : this.result?.keys().next().value;
    if (id === undefined || !this.result?.has(id)) return;
    this.shown.set(id, (this.shown.get(id) ?? this.deps.pageSize()) + this.deps.pageSize());
    this.emitter.fire(undefined);
  }

  private rowsOf(account: AccountId): FailureRow[] {
    return this.result?.get(account)?.rows ?? [];
  }

  private progress(): FailureNote {
    const r = this.reading;
    const sum = (m: Map<AccountId, number>) => [...m.values()].reduce((a, b) => a + b, 0);
    const [read, total] = r ? [sum(r.read), sum(r.total)] : [0, 0];
    const causes = r?.phase === 'causes';
    const counted = causes
      ? causesRead(r.causes.read, r.causes.total)
      : !r?.total.size
        ? l10n.t('listing items…')
        : plural(
            total,
            (c) => l10n.t('{0} of {1} item', read, c),
            (c) => l10n.t('{0} of {1} items', read, c),
          );
    // The same object while the reading lasts: the view redraws this one row as items are read.
    const label = causes
      ? l10n.t('Reading the causes of the failures…')
      : this.window === '24h'
        ? l10n.t('Reading failures of the last 24 hours…')
        : this.window === '30d'
          ? l10n.t('Reading failures of the last 30 days…')
          : l10n.t('Reading failures of the last 7 days…');
    const note: FailureNote = { note: 'progress', label, description: counted, severity: 'info' };
    if (!this.progressNote) this.progressNote = note;
    Object.assign(this.progressNote as object, note);
    return this.progressNote;
  }

  private now(): number {
    return this.deps.now?.() ?? Date.now();
  }

  private setLoading(loading: boolean): void {
    void vscode.commands.executeCommand('setContext', 'skyvia.failuresLoading', loading);
  }

  /** The view's title says the range; its badge, how many failed in it. */
  private describe(): void {
    if (!this.view) return;
    this.view.description = this.rangeText();
    const n = this.rows.length;
    const odd = this.unusualRows.length;
    this.view.badge =
      n + odd ? { value: n + odd, tooltip: odd ? `${failedText(this.window, n)}; ${unusualText(this.window, odd)}` : failedText(this.window, n) } : undefined;
  }

  /** The range read, as the view's title says it: "last 7 days". */
  private rangeText(): string {
    return this.window === '24h' ? l10n.t('last 24 hours') : this.window === '30d' ? l10n.t('last 30 days') : l10n.t('last 7 days');
  }
}
