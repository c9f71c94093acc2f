// The runs grid: the account's runs in one picture. A webview panel whose rows are the items that
// ran in the Failures view's window (grouped by account and workspace, the worst first) and whose
// cells are its hours (24 hours) or days (7 and 30), each marked by the worst of what ran in it —
// failed, succeeded but not as usual, succeeded, anything else, nothing — in the theme's colours
// and with a shape of its own. A cell opens its item's panel with that slot's entries.
//
// No request of its own: it draws the counts the Failures view's reading keeps per item and slot
// (failuresScan.ts, runsGridModel.ts). Opened after that reading, it draws at once; before, it
// starts the view's reading and draws as it ends; another range chosen here is the view's too.
//
// Security as the item panels': a fixed page under a strict CSP, its data by postMessage after
// the webview says it is ready, every word made here and rendered as text.
import vscode = require('vscode');
import { l10n } from 'vscode';
import { formatDate, formatDateTime, formatPercent, formatTime, joinParts, plural, whenText } from '../shared/format';
import {
  GRID_WINDOWS,
  readGridMessage,
  shownGrid,
  type FromGrid,
  type GridCell,
  type GridMark,
  type GridModel,
  type GridWindow,
  type ToGrid,
} from '../shared/gridProtocol';
import type { Shown } from '../shared/plainText';
import type { AccountId, Target } from '../shared/refs';
import { historyOf, KINDS } from '../kinds';
import type { GridReading } from '../views/failuresView';
import type { FailureWindow } from '../views/failuresModel';
import { gridGroups, slotEnd, type GridRow, type Slots, type SlotCounts } from '../views/runsGridModel';
import type { HistoryState } from './panelModel';
import { panelOptions, panelPage } from './panelPage';
import { GRID_VIEW_TYPE } from '../shared/contributions';

export interface RunsGridDeps {
  extensionUri: vscode.Uri;
  /** The Failures view: its reading's counts, its range. */
  failures: {
    gridReading(): GridReading;
    ensureRead(): Promise<void>;
    setRange(window: FailureWindow): Promise<void>;
    onDidRead: vscode.Event<void>;
  };
  /** Whether an account is signed in (once the accounts are known): a grid restored without one closes. */
  signedIn(): Promise<boolean>;
  /** An account's name when more than one is signed in. */
  accountName(account: AccountId): string | undefined;
  /** Opens an item's panel, its history showing one slot. */
  openItem(target: Target, slot: NonNullable<HistoryState['slot']>): Promise<unknown>;
  shown: Shown;
  now?(): number;
}

/** One row's item and the slots of its reading, by the key its cells hand back. */
interface RowShown {
  row: GridRow;
  slots: Slots;
}

export class RunsGrid implements vscode.Disposable {
  private panel?: vscode.WebviewPanel;
  private ready = false;
  private model?: GridModel;
  private readonly rows = new Map<string, RowShown>();
  private readonly updated = new vscode.EventEmitter<GridModel>();
  /** The grid's model changed (tests wait on it). */
  readonly onDidUpdate = this.updated.event;
  private readonly subscriptions: vscode.Disposable[];

  constructor(private readonly deps: RunsGridDeps) {
    this.subscriptions = [deps.failures.onDidRead(() => this.post())];
  }

  /** Opens the grid (or reveals it): drawn at once from the view's last reading, or when the reading it starts ends. */
  async show(): Promise<void> {
    if (this.panel) this.panel.reveal();
    else this.adopt(vscode.window.createWebviewPanel(GRID_VIEW_TYPE, l10n.t('Runs Grid'), vscode.ViewColumn.Active, panelOptions(this.deps.extensionUri)));
    await this.deps.failures.ensureRead();
    this.post();
  }

  /**
   * The grid VS Code kept across a window reload, with what its page saved (its range): drawn
   * again from a reading of that range — the counts are not kept, a reading is what opening it
   * costs anyway. Closed when no account is signed in any more, as the item panels are.
   */
  async restore(panel: vscode.WebviewPanel, state: unknown): Promise<void> {
    if (this.panel || !(await this.deps.signedIn())) return panel.dispose();
    this.adopt(panel);
    const saved = (state as { window?: unknown } | undefined)?.window;
    const window = GRID_WINDOWS.find((w) => w === saved);
    if (window && window !== this.deps.failures.gridReading().window) await this.deps.failures.setRange(window);
    else await this.deps.failures.ensureRead();
    this.post();
  }

  /** Makes a panel the grid's: its page, its messages, its end. */
  private adopt(panel: vscode.WebviewPanel): void {
    this.panel = panel;
    this.ready = false;
    panel.iconPath = vscode.Uri.joinPath(this.deps.extensionUri, 'media', 'skyvia.svg');
    panel.webview.options = panelOptions(this.deps.extensionUri);
    panel.webview.html = panelPage(panel.webview, this.deps.extensionUri, 'grid');
    panel.onDidDispose(() => {
      if (this.panel === panel) [this.panel, this.model] = [undefined, undefined];
      this.rows.clear();
    });
    panel.webview.onDidReceiveMessage((raw: unknown) => {
      const message = readGridMessage(raw);
      if (message) void this.receive(message);
    });
    this.post();
  }

  /** What the grid shows now (tests). */
  get shownModel(): GridModel | undefined {
    return this.model;
  }

  get isOpen(): boolean {
    return !!this.panel;
  }

  /** A message as the webview would send it (tests). */
  async receiveFor(raw: unknown): Promise<boolean> {
    const message = readGridMessage(raw);
    if (!message || !this.panel) return false;
    await this.receive(message);
    return true;
  }

  /** The slot a cell stands for, its item, and what it counted in it. */
  cellOf(row: string, slot: number): { target: Target; slot: NonNullable<HistoryState['slot']>; counts: SlotCounts } | undefined {
    const shown = this.rows.get(row);
    if (!shown || slot >= shown.slots.starts.length) return undefined;
    const { item } = shown.row;
    const to = slotEnd(shown.slots, slot);
    return {
      target: { ref: item.ref, name: item.name },
      slot: { from: shown.slots.starts[slot], ...(to !== undefined ? { to } : {}), label: slotName(shown.slots, slot) },
      counts: shown.row.cells[slot].counts,
    };
  }

  dispose(): void {
    this.panel?.dispose();
    this.updated.dispose();
    for (const s of this.subscriptions) s.dispose();
  }

  private async receive(message: FromGrid): Promise<void> {
    switch (message.type) {
      case 'ready':
        this.ready = true;
        this.post();
        return;
      case 'window':
        return this.deps.failures.setRange(message.window);
      case 'open': {
        const cell = this.cellOf(message.row, message.slot);
        if (cell) await this.deps.openItem(cell.target, cell.slot);
        return;
      }
    }
  }

  private post(): void {
    if (!this.panel) return;
    const model = shownGrid(this.build(), this.deps.shown);
    this.model = model;
    this.panel.title = model.title;
    if (this.ready) void this.panel.webview.postMessage({ type: 'grid', model } satisfies ToGrid);
    this.updated.fire(model);
  }

  private build(): GridModel {
    const reading = this.deps.failures.gridReading();
    const now = this.deps.now?.() ?? Date.now();
    const accounts = reading.accounts.map(({ account, found }) => ({ account, counts: found.grid }));
    const groups = gridGroups(accounts);
    const slots = accounts[0]?.counts.slots;
    this.rows.clear();
    const several = reading.accounts.length > 1;
    const model: GridModel = {
      title: titleOf(reading.window),
      status: statusOf(
        reading,
        now,
        groups.reduce((n, g) => n + g.rows.length, 0),
      ),
      reading: reading.reading,
      window: reading.window as GridWindow,
      windows: (['24h', '7d', '30d'] as const).map((w) => ({ window: w, label: windowLabel(w) })),
      columns: slots ? slots.starts.map((_, i) => ({ label: columnLabel(slots, i), name: slotName(slots, i) })) : [],
      groups: groups.map((g) => ({
        label: joinParts(g.workspace, several ? this.deps.accountName(g.account) : undefined),
        rows: g.rows.map((row) => {
          const key = `${g.account}/${row.item.ref.kind}/${row.item.ref.workspaceId}/${row.item.ref.id}`;
          const own = accounts.find((a) => a.account === g.account)?.counts.slots as Slots;
          this.rows.set(key, { row, slots: own });
          return rowModel(key, row, own);
        }),
      })),
      legend: LEGEND.map((mark) => ({ mark, label: markWord(mark) })),
      texts: {
        grid: l10n.t('Runs by item and time'),
        item: l10n.t('Item'),
        rate: l10n.t('Succeeded'),
        count: l10n.t('Count'),
        windowLabel: l10n.t('Time range'),
        legend: l10n.t('What the marks mean'),
      },
    };
    if (!groups.length)
      model.empty = reading.reading
        ? l10n.t('Reading the histories…')
        : reading.accounts.length
          ? l10n.t('Nothing ran in this time range.')
          : l10n.t('Not read yet.');
    return model;
  }
}

const LEGEND: readonly GridMark[] = ['failed', 'unusual', 'succeeded', 'other', 'unread', 'none'];

function titleOf(window: FailureWindow): string {
  if (window === '24h') return l10n.t('Runs Grid · last 24 hours');
  if (window === '30d') return l10n.t('Runs Grid · last 30 days');
  return l10n.t('Runs Grid · last 7 days');
}

function windowLabel(window: GridWindow): string {
  if (window === '24h') return l10n.t('Last 24 hours');
  if (window === '30d') return l10n.t('Last 30 days');
  return l10n.t('Last 7 days');
}

/** A mark in words: the legend's, and the start of what a cell says. */
function markWord(mark: GridMark): string {
  switch (mark) {
    case 'failed':
      return l10n.t('Failed');
    case 'unusual':
      return l10n.t('Succeeded, not as usual');
    case 'succeeded':
      return l10n.t('Succeeded');
    case 'other':
      return l10n.t('Canceled or under way');
    case 'unread':
      return l10n.t('Only failures read');
    case 'none':
      return l10n.t('Nothing ran');
  }
}

/** What was read and when, or how the reading goes. */
function statusOf(reading: GridReading, now: number, rows: number): string {
  if (reading.reading)
    return reading.progress.total
      ? l10n.t('Reading the histories: {0} of {1} items…', reading.progress.read, reading.progress.total)
      : l10n.t('Reading the histories…');
  if (reading.readAt === undefined) return '';
  const items = plural(
    rows,
    (c) => l10n.t('{0} item ran', c),
    (c) => l10n.t('{0} items ran', c),
  );
  return l10n.t('Read {0}: {1}. Refresh the Failures view to read again.', whenText(reading.readAt, now) ?? formatDateTime(reading.readAt), items);
}

/** A column's short header: the hour ("10"), or the day of the month ("20"). */
function columnLabel(slots: Slots, i: number): string {
  const d = new Date(slots.starts[i]);
  const two = (n: number) => String(n).padStart(2, '0');
  return slots.unit === 'hour' ? two(d.getHours()) : two(d.getDate());
}

/** A slot in full: "2026-11-20 10:00–11:00", "2026-11-20", the last "2026-11-20 10:00–10:37". */
export function slotName(slots: Slots, i: number): string {
  const start = slots.starts[i];
  const end = slotEnd(slots, i) ?? slots.now;
  const whole = slots.unit === 'day' && i > 0 && slotEnd(slots, i) !== undefined;
  if (whole) return formatDate(start);
  const endText = new Date(end).getHours() === 0 && new Date(end).getMinutes() === 0 && end !== slots.now ? '24:00' : formatTime(end);
  return `${formatDateTime(start, false)}–${endText}`;
}

/** What ran in a slot, counted: "2 failed, 1 succeeded". */
function countsText(c: SlotCounts): string {
  const parts = [
    c.failed &&
      plural(
        c.failed,
        (n) => l10n.t({ message: '{0} failed', args: [n], comment: ['{0} is a count the language says with its singular ("1")'] }),
        (n) => l10n.t('{0} failed', n),
      ),
    c.unusual &&
      plural(
        c.unusual,
        (n) => l10n.t({ message: '{0} succeeded, not as usual', args: [n], comment: ['{0} is a count the language says with its singular ("1")'] }),
        (n) => l10n.t('{0} succeeded, not as usual', n),
      ),
    c.succeeded &&
      plural(
        c.succeeded,
        (n) => l10n.t({ message: '{0} succeeded', args: [n], comment: ['{0} is a count the language says with its singular ("1")'] }),
        (n) => l10n.t('{0} succeeded', n),
      ),
    c.other &&
      plural(
        c.other,
        (n) => l10n.t({ message: '{0} canceled or under way', args: [n], comment: ['{0} is a count the language says with its singular ("1")'] }),
        (n) => l10n.t('{0} canceled or under way', n),
      ),
  ].filter((p): p is string => !!p);
  return parts.join(l10n.t(', '));
}

function cellModel(row: GridRow, slots: Slots, i: number): GridCell {
  const { mark, counts } = row.cells[i];
  const what =
    mark === 'none'
      ? l10n.t('nothing ran')
      : mark === 'unread'
        ? l10n.t('no failure; its successes were not read (more entries than a page)')
        : countsText(counts);
  return { mark, name: l10n.t('{0}, {1}: {2}', row.item.name, slotName(slots, i), what), opens: mark !== 'none' };
}

function rowModel(key: string, row: GridRow, slots: Slots) {
  const history = historyOf(row.item.ref.kind);
  const count = history ? history.entry.words.count(row.count) : String(row.count);
  const rate = row.rate === undefined ? '—' : formatPercent(row.rate);
  return {
    key,
    name: row.item.name,
    rate,
    count,
    summary: l10n.t('{0} ({1}): {2} succeeded, {3}', row.item.name, KINDS[row.item.ref.kind].words.noun(), rate, count),
    cells: slots.starts.map((_, i) => cellModel(row, slots, i)),
  };
}
