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
import vscode = require('vscode');
import { l10n } from 'vscode';
import type { SkyviaClient, Workspace } from '../api';
import type { Accounts } from '../host/accounts';
import { isSkyviaError, MAX_TAKE } from '../api';
import { errorText, formatCount, plural } from '../shared/format';
import { CommandId } from '../shared/commandIds';
import { formatDateTime, joinParts, tooltipMarkdown, whenText } from '../shared/format';
import { stateWord } from '../shared/words';
import { refKey, refs, type AccountId, type ItemRef, type Target, type HistoryItemKind } from '../shared/refs';
import { contextValue } from '../kinds/contextValues';
import { scanHistories, type ScanResult, type ScannedEntry } from '../state/accountScan';
import { icon, outcomeIcon, unusualIcon } from '../host/icons';
import { unusualLine, unusualWords } from '../kinds/unusual';
import type { Baselines } from '../state/baselines';
import type { Unusual } from '../shared/model';
import { shownTreeItem } from '../tree/treeItems';
import { HISTORIES, KINDS, entryName, entryTokens } from '../kinds';

export type FailureWindow = '24h' | '7d';

const WINDOW_MS: Record<FailureWindow, number> = { '24h': 86_400_000, '7d': 7 * 86_400_000 };
/** Whose failures: the items that run (endpoint requests are answers to callers, not runs). */
/** What can fail while nobody looks: the kinds whose records say their histories are scanned. */
const SCANNED = (Object.keys(HISTORIES) as HistoryItemKind[]).filter((k) => HISTORIES[k].scannedForFailures);
/** The progress row's count is redrawn at most this often. */
const PROGRESS_EVERY_MS = 1_000;
/** Failures listed per item before the list says "more": a window rarely holds this many. */
const PER_ITEM = 100;

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

export type FailuresElement = FailureRow | FailureNote | FailureGroup | UnusualGroup;

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
  now?(): number;
}

interface Reading {
  controller: AbortController;
  done: Promise<void>;
  /** Items read and to read, per account. */
  read: Map<AccountId, number>;
  total: Map<AccountId, number>;
  /** When its progress row was last redrawn (ms since the epoch). */
  toldAt: number;
}

/** What one account's reading found. */
interface Found {
  rows: FailureRow[];
  /** Successes that were not as usual, newest first. */
  unusual: UnusualRow[];
  notes: FailureNote[];
  /** Pages read back before the range for baselines. */
  readBacks: number;
}

export class FailuresView implements vscode.TreeDataProvider<FailuresElement>, vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<FailuresElement | undefined>();
  readonly onDidChangeTreeData = this.emitter.event;
  private view?: vscode.TreeView<FailuresElement>;
  private window: FailureWindow = '24h';
  private reading?: Reading;
  /** What each account's last reading found, in the accounts' order. */
  private result?: Map<AccountId, Found>;
  /** The row that counts the items read: the same object while a reading lasts, so only it is redrawn. */
  private progressNote?: FailureNote;
  /**
   * Failure rows shown per account, the rest behind "Show more…": a page (`skyvia.pageSize`) at
   * first and at each click, as every list of the explorer. A week of a large account is
   * thousands, and VS Code took 0.4 s to take 2,948 rows into the view. Set back at each reading.
   */
  private readonly shown = new Map<AccountId, number>();
  /** The workspaces each account's last reading went through: another range starts from them. */
  private readonly listed = new Map<AccountId, readonly Workspace[]>();

  constructor(private readonly deps: FailuresDeps) {
    void vscode.commands.executeCommand('setContext', 'skyvia.failuresWindow', this.window);
  }

  attach(view: vscode.TreeView<FailuresElement>): vscode.Disposable {
    this.view = view;
    this.describe();
    return { dispose: () => (this.view = undefined) };
  }

  get range(): FailureWindow {
    return this.window;
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

  getChildren(element?: FailuresElement): FailuresElement[] {
    if (element && 'unusualOf' in element) return this.result?.get(element.unusualOf)?.unusual ?? [];
    if (element) return 'group' in element ? this.shownOf(element.group) : [];
    const accounts = this.deps.accounts.usable();
    if (!accounts.length) return [];
    // Opening the view is asking: the first look reads (from the workspaces the tree knows, if it does).
    if (!this.result && !this.reading) void this.refresh({ known: true });
    const progress = this.reading ? [this.progress()] : [];
    // While a reading lasts, its progress and the failures found before; then its notes, failures and unusual successes.
    if (accounts.length === 1) return this.reading ? [...progress, ...this.pageOf(accounts[0])] : this.shownOf(accounts[0]);
    return [...progress, ...accounts.filter((a) => this.result?.has(a)).map((a): FailureGroup => ({ group: a, label: this.deps.accounts.get(a)?.label ?? a }))];
  }

  /**
   * A row's tooltip, made when it is hovered: a week of a large account is thousands of rows, and
   * every tooltip made up front went to the window with them.
   */
  resolveTreeItem(item: vscode.TreeItem, element: FailuresElement): vscode.TreeItem {
    if (item.tooltip !== undefined || !('entry' in element)) return item;
    const row = element as FailureRow | UnusualRow;
    const { entry } = row;
    const spec = HISTORIES[entry.item.kind as HistoryItemKind].entry;
    const unusual = 'unusual' in row ? row.unusual : undefined;
    item.tooltip = new vscode.MarkdownString(
      tooltipMarkdown(row.name, [
        [l10n.t('Unusual'), unusual && unusualWords(spec, unusual)],
        [l10n.t('State'), entry.state && stateWord(entry.state)],
        [l10n.t('When'), whenText(entry.date, this.deps.now?.() ?? Date.now())],
        [l10n.t('Details'), spec.description(entry.row)],
        [l10n.t('Workspace'), entry.item.workspace],
      ]),
    );
    return shownTreeItem(item);
  }

  getTreeItem(element: FailuresElement): vscode.TreeItem {
    if ('unusualOf' in element) return shownTreeItem(this.unusualGroupItem(element));
    return shownTreeItem('group' in element ? this.groupItem(element) : 'note' in element ? noteItem(element) : this.rowItem(element));
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
    this.reading?.controller.abort();
    if (!accounts.length) return Promise.resolve();
    const controller = new AbortController();
    const reading: Reading = { controller, read: new Map(), total: new Map(), done: Promise.resolve(), toldAt: 0 };
    this.reading = reading;
    this.progressNote = undefined;
    this.setLoading(true);
    const readAll = async () => {
      const found = await Promise.all(accounts.map(({ account, client }) => this.read(account, client, reading, known)));
      if (this.reading !== reading) return;
      this.result = new Map(accounts.map(({ account }, i) => [account, found[i]]));
      this.shown.clear();
    };
    reading.done = Promise.resolve(vscode.window.withProgress({ location: { viewId: 'skyvia.failures' } }, readAll)).finally(() => {
      if (this.reading !== reading) return;
      this.reading = undefined;
      this.setLoading(false);
      this.describe();
      this.emitter.fire(undefined);
    });
    this.emitter.fire(undefined);
    return reading.done;
  }

  /** Shows another time range, read afresh. */
  setRange(window: FailureWindow): Promise<void> {
    this.window = window;
    void vscode.commands.executeCommand('setContext', 'skyvia.failuresWindow', window);
    this.describe();
    return this.refresh({ known: true });
  }

  /** Stops the reading under way: what is out is aborted, nothing more is sent. */
  cancel(): void {
    this.reading?.controller.abort();
  }

  /** An account signed out (or every one): nothing of it stays; the others' failures stay listed. */
  reset(account?: AccountId): void {
    if (account !== undefined && this.result?.has(account) && this.result.size > 1 && !this.reading) {
      this.result.delete(account);
      this.describe();
      this.emitter.fire(undefined);
      return;
    }
    this.reading?.controller.abort();
    this.reading = undefined;
    this.result = undefined;
    this.setLoading(false);
    this.describe();
    this.emitter.fire(undefined);
  }

  dispose(): void {
    this.reading?.controller.abort();
    this.emitter.dispose();
  }

  /** One account's failed entries (or a note of why they could not be read). */
  private async read(account: AccountId, client: SkyviaClient, reading: Reading, known: boolean): Promise<Found> {
    const { signal } = reading.controller;
    const now = this.deps.now?.() ?? Date.now();
    const since = new Date(now - WINDOW_MS[this.window]);
    const previous = this.result?.get(account);
    let result: ScanResult;
    /** Each item's successes, judged as its history came (its baseline is its own): not all at the end. */
    const judged = new Map<ScannedEntry, Unusual>();
    try {
      const workspaces = (known && (this.deps.knownWorkspaces?.(account) ?? this.listed.get(account))) || (await client.listWorkspaces({ signal }));
      this.listed.set(account, workspaces);
      const unusual = this.deps.unusualOn();
      result = await scanHistories(client, {
        account,
        kinds: SCANNED,
        workspaces,
        // Judging successes takes them: the newest page whole, the failures older than it, and
        // what their baselines need read back before it.
        failedOnly: !unusual,
        since,
        perItem: unusual ? MAX_TAKE : PER_ITEM,
        ...(unusual ? { olderFailures: PER_ITEM, baselines: this.deps.baselines } : {}),
        signal,
        onItem: (entries) => {
          if (!unusual) return;
          const withRef = entries.filter((e): e is ScannedEntry & { ref: ItemRef } => !!e.ref);
          for (const e of withRef) {
            const u = e.outcome === 'succeeded' ? this.deps.baselines.judge(e.ref, e.row) : undefined;
            if (u) judged.set(e, u);
          }
        },
        keep: (e) => !!e.ref && (e.outcome === 'failed' || judged.has(e)),
        progress: (read, total) => {
          reading.read.set(account, read);
          reading.total.set(account, total);
          // Redrawn once a second at most. VS Code takes a view's changes 200 ms after the last of
          // a burst: told at every item read (every few ms), the count never moved, and the rows
          // found waited 200 ms behind the last count.
          const now = Date.now();
          if (this.reading !== reading || !this.progressNote || now - reading.toldAt < PROGRESS_EVERY_MS) return;
          reading.toldAt = now;
          this.emitter.fire(this.progressNote);
        },
      });
    } catch (e) {
      const cancelled = signal.aborted || isSkyviaError(e, 'cancelled');
      return {
        rows: previous?.rows ?? [],
        unusual: previous?.unusual ?? [],
        readBacks: 0,
        notes: [
          cancelled
            ? { note: 'cancelled', account, label: l10n.t('Reading cancelled'), description: l10n.t('Refresh to read again'), severity: 'info' }
            : {
                note: 'failed',
                account,
                label: l10n.t("Couldn't read the account: {0}", errorText(e)),
                description: l10n.t('Refresh to try again'),
                severity: 'warning',
              },
        ],
      };
    }
    const rowOf = (entry: ScannedEntry & { ref: ItemRef }): FailureRow => ({
      ref: entry.ref,
      name: entryName(entry.ref, entry.item.name),
      data: entry.row,
      itemName: entry.item.name,
      entry,
    });
    const withRef = result.entries.filter((e): e is ScannedEntry & { ref: ItemRef } => !!e.ref);
    const rows = withRef.filter((e) => e.outcome === 'failed').map(rowOf);
    const unusual = withRef.flatMap((e): UnusualRow[] => {
      const u = judged.get(e);
      return u ? [{ ...rowOf(e), unusual: u }] : [];
    });
    const workspaces = new Set(result.items.map((i) => i.workspaceId)).size;
    const summary: FailureNote = {
      note: 'summary',
      account,
      label: failedText(this.window, rows.length),
      description: itemsRead(result.read, workspaces),
      tooltip: l10n.t(
        'Read {0}: the failed runs, snapshots and executions of every integration, backup and automation since {1}.',
        whenText(now, now) ?? formatDateTime(now),
        since.toLocaleString(),
      ),
      severity: 'info',
    };
    const unread: FailureNote[] = [
      ...(result.leftOut ? [leftOutNote(account, result.leftOut, since)] : []),
      ...result.listFailures.map((f) => ({
        note: `list:${f.workspaceId}:${f.kind}`,
        account,
        label: `${f.workspace}: ${KINDS[f.kind].words.plural()}`,
        description: l10n.t("Couldn't list them: {0}", errorText(f.error)),
        tooltip: errorText(f.error),
        severity: 'warning' as const,
      })),
      ...result.failures.map((f) => ({
        note: `item:${f.item.kind}:${f.item.workspaceId}:${f.item.id}`,
        account,
        label: f.item.name,
        description: HISTORIES[f.item.kind as HistoryItemKind].words.historyUnread(errorText(f.error)),
        tooltip: `${joinParts(f.item.workspace, entryName(refs.item(account, f.item.kind, f.item.workspaceId, f.item.id)))}\n\n${errorText(f.error)}`,
        severity: 'warning' as const,
      })),
    ];
    return { rows, unusual, notes: [summary, ...unread], readBacks: result.readBacks };
  }

  /** An account's notes, then its failures, then its unusual successes' group. */
  private shownOf(account: AccountId): FailuresElement[] {
    const found = this.result?.get(account);
    return found ? [...found.notes, ...this.pageOf(account), ...(found.unusual.length ? [{ unusualOf: account }] : [])] : [];
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

  /** "Succeeded, but not as usual": its count, expanded. */
  private unusualGroupItem(group: UnusualGroup): vscode.TreeItem {
    const n = this.result?.get(group.unusualOf)?.unusual.length ?? 0;
    const item = new vscode.TreeItem(l10n.t('Succeeded, but not as usual'), vscode.TreeItemCollapsibleState.Expanded);
    item.id = `unusual:${group.unusualOf}`;
    item.description = unusualText(this.window, n);
    item.iconPath = unusualIcon();
    item.tooltip = l10n.t('Succeeded, with a figure far from their item’s usual (0 rows, three times as long…). Setting: skyvia.unusual.enabled.');
    item.accessibilityInformation = { label: l10n.t('Succeeded, but not as usual: {0}', unusualText(this.window, n)) };
    item.contextValue = contextValue('message');
    return item;
  }

  private rowsOf(account: AccountId): FailureRow[] {
    return this.result?.get(account)?.rows ?? [];
  }

  /** An account's group: its name, and how many failed in it. */
  private groupItem(group: FailureGroup): vscode.TreeItem {
    const n = this.rowsOf(group.group).length;
    const item = new vscode.TreeItem(group.label, vscode.TreeItemCollapsibleState.Expanded);
    item.id = `group:${group.group}`;
    item.description = failedText(this.window, n);
    item.iconPath = icon('account');
    item.tooltip = `${group.label}\n${failedText(this.window, n)}`;
    item.accessibilityInformation = { label: l10n.t('{0}, Skyvia account: {1}', group.label, failedText(this.window, n)) };
    item.contextValue = contextValue('message');
    return item;
  }

  private progress(): FailureNote {
    const r = this.reading;
    const sum = (m: Map<AccountId, number>) => [...m.values()].reduce((a, b) => a + b, 0);
    const [read, total] = r ? [sum(r.read), sum(r.total)] : [0, 0];
    const counted = !r?.total.size
      ? l10n.t('listing items…')
      : plural(
          total,
          (c) => l10n.t('{0} of {1} item', read, c),
          (c) => l10n.t('{0} of {1} items', read, c),
        );
    // The same object while the reading lasts: the view redraws this one row as items are read.
    const label = this.window === '24h' ? l10n.t('Reading failures of the last 24 hours…') : l10n.t('Reading failures of the last 7 days…');
    const note: FailureNote = { note: 'progress', label, description: counted, severity: 'info' };
    if (!this.progressNote) this.progressNote = note;
    Object.assign(this.progressNote as object, note);
    return this.progressNote;
  }

  private rowItem(row: FailureRow | UnusualRow): vscode.TreeItem {
    const { entry } = row;
    const spec = HISTORIES[entry.item.kind as HistoryItemKind].entry;
    const now = this.deps.now?.() ?? Date.now();
    const unusual = 'unusual' in row ? row.unusual : undefined;
    const item = new vscode.TreeItem(entry.item.name, vscode.TreeItemCollapsibleState.None);
    item.id = `${unusual ? 'unusual' : 'failure'}:${refKey(row.ref)}`;
    item.description = joinParts(unusual && unusualLine(spec, unusual), spec.description(entry.row, now), entry.item.workspace);
    item.iconPath = unusual ? unusualIcon() : outcomeIcon(entry.outcome);
    item.contextValue = contextValue(
      entry.kind,
      unusual ? 'succeeded' : 'failed',
      !!unusual && 'unusual',
      'hasId',
      ...entryTokens(entry.kind, entry.row as object, !!unusual),
    );
    item.command = { command: CommandId.openPanel, title: l10n.t('Open Panel'), arguments: [row] };
    return item;
  }

  private setLoading(loading: boolean): void {
    void vscode.commands.executeCommand('setContext', 'skyvia.failuresLoading', loading);
  }

  /** The view's title says the range; its badge, how many failed in it. */
  private describe(): void {
    if (!this.view) return;
    this.view.description = this.window === '24h' ? l10n.t('last 24 hours') : l10n.t('last 7 days');
    const n = this.rows.length;
    const odd = this.unusualRows.length;
    this.view.badge =
      n + odd ? { value: n + odd, tooltip: odd ? `${failedText(this.window, n)}; ${unusualText(this.window, odd)}` : failedText(this.window, n) } : undefined;
  }
}

/** "2 succeeded unusually in the last 24 hours": a whole sentence per range and count. */
function unusualText(window: FailureWindow, n: number): string {
  if (window === '24h')
    return plural(
      n,
      (c) =>
        l10n.t({ message: '{0} succeeded unusually in the last 24 hours', args: [c], comment: ['{0} is a count the language says with its singular ("1")'] }),
      (c) => l10n.t('{0} succeeded unusually in the last 24 hours', c),
    );
  return plural(
    n,
    (c) => l10n.t({ message: '{0} succeeded unusually in the last 7 days', args: [c], comment: ['{0} is a count the language says with its singular ("1")'] }),
    (c) => l10n.t('{0} succeeded unusually in the last 7 days', c),
  );
}

/** "3 failed in the last 24 hours": a whole sentence per range and count. */
function failedText(window: FailureWindow, n: number): string {
  if (window === '24h')
    return n === 0
      ? l10n.t('Nothing failed in the last 24 hours')
      : plural(
          n,
          (c) => l10n.t({ message: '{0} failed in the last 24 hours', args: [c], comment: ['{0} is a count the language says with its singular ("1")'] }),
          (c) => l10n.t('{0} failed in the last 24 hours', c),
        );
  return n === 0
    ? l10n.t('Nothing failed in the last 7 days')
    : plural(
        n,
        (c) => l10n.t({ message: '{0} failed in the last 7 days', args: [c], comment: ['{0} is a count the language says with its singular ("1")'] }),
        (c) => l10n.t('{0} failed in the last 7 days', c),
      );
}

/** "40 items in 3 workspaces": how much the reading covered. */
function itemsRead(items: number, workspaces: number): string {
  if (workspaces === 1)
    return plural(
      items,
      (c) => l10n.t('{0} item in 1 workspace', c),
      (c) => l10n.t('{0} items in 1 workspace', c),
    );
  return plural(
    items,
    (c) => l10n.t('{0} item in {1} workspaces', c, workspaces),
    (c) => l10n.t('{0} items in {1} workspaces', c, workspaces),
  );
}

function noteItem(note: FailureNote): vscode.TreeItem {
  const item = new vscode.TreeItem(note.label, vscode.TreeItemCollapsibleState.None);
  item.id = `note:${note.account ?? ''}:${note.note}`;
  item.description = note.description;
  item.tooltip = note.tooltip ?? note.label;
  // Read out as shown (a tooltip given as text would be read instead).
  item.accessibilityInformation = { label: [note.label, note.description].filter(Boolean).join(' ') };
  item.iconPath =
    note.note === 'progress'
      ? icon('loading~spin')
      : note.note === 'more'
        ? icon('ellipsis')
        : note.severity === 'warning'
          ? icon('warning', 'list.warningForeground')
          : icon('info');
  item.contextValue = contextValue('message', note.severity === 'warning' && 'retry');
  if (note.severity === 'warning') item.command = { command: CommandId.refreshFailures, title: l10n.t('Refresh') };
  if (note.note === 'more') item.command = { command: CommandId.failuresShowMore, title: l10n.t('Show More'), arguments: [note.account] };
  return item;
}

/** Entries the service sent for the range that are not of it (dated before it, or undated): said, not counted as failures. */
function leftOutNote(account: AccountId, n: number, since: Date): FailureNote {
  return {
    note: 'leftOut',
    account,
    label: plural(
      n,
      (c) =>
        l10n.t({
          message: '{0} entry without a date or outside the range was left out',
          args: [c],
          comment: ['{0} is a count the language says with its singular ("1")'],
        }),
      (c) => l10n.t('{0} entries without a date or outside the range were left out', c),
    ),
    tooltip: plural(
      n,
      (c) =>
        l10n.t({
          message:
            'The service sent {0} entry dated before {1}, or without a date (0001-01-01, its “no date”). It is not of this range, and not counted among its failures.',
          args: [c, since.toLocaleString()],
          comment: ['{0} is a count the language says with its singular ("1"); {1} is a date and time'],
        }),
      (c) =>
        l10n.t(
          'The service sent {0} entries dated before {1}, or without a date (0001-01-01, its “no date”). They are not of this range, and not counted among its failures.',
          c,
          since.toLocaleString(),
        ),
    ),
    severity: 'info',
  };
}

/** The row after the failures shown: how many more, and a click shows the next of them. */
function moreNote(account: AccountId, more: number, page: number): FailureNote {
  return {
    note: 'more',
    account,
    label: l10n.t('Show more…'),
    description: plural(
      more,
      (c) => l10n.t({ message: '{0} more failed', args: [c], comment: ['{0} is a count the language says with its singular ("1")'] }),
      (c) => l10n.t('{0} more failed', c),
    ),
    tooltip: l10n.t('Show the next {0} failures, newest first.', formatCount(Math.min(more, page))),
    severity: 'info',
  };
}
