// Item panels: a webview per integration, backup, automation, endpoint, run, snapshot,
// execution or request — its fields, the run under way (live), its history as a table and a
// chart, and its actions. One panel per item: opening it again reveals it. As VS Code's preview
// editors (`workbench.editor.enablePreview`, on by default): a panel opens as a *preview*, and the
// next object opened in its editor group shows in it — no new webview — until it is kept open
// (Keep Open in its title bar or its page, a double-click on its row, or a change made in it: a
// filter, a range, a sort, a page more, an action, an entry opened from it); previewRule.ts
// decides. Panels survive a window reload (the serializer reopens them from their ref, a preview
// as a preview) and close with the session.
//
// Security: the HTML is a fixed page with a nonce'd script from dist/ and a strict CSP; the
// item's data goes only by postMessage after the webview says it is ready, and the webview
// renders it as text. A message from the webview can only run the actions its model offered.
import vscode = require('vscode');
import { l10n } from 'vscode';
import type { SkyviaClient } from '../api';
import { CommandId } from '../shared/commandIds';
import { parseSince } from '../shared/format';
import type { FromWebview, PanelModel, ToWebview } from '../shared/panelProtocol';
import { readMessage, shownModel } from '../shared/panelProtocol';
import type { Shown } from '../shared/plainText';
import { isEntryKind, parentRef, refKey, refs, type AccountId, type ItemRef, type Target } from '../shared/refs';
import type { ItemReader } from '../state/itemReader';
import type { RunStore } from '../state/runStore';
import type { FactStore } from '../state/facts';
import type { ActionReport } from '../commands/runner';
import type { EntryRecord } from '../kinds/kind';
import type { TreeContext } from '../tree/treeContext';
import { buildModel, type HistoryState } from './panelModel';
import { PANEL_VIEW_TYPE } from '../shared/contributions';
import { panelOptions, panelPage } from './panelPage';
import { placePanel } from './previewRule';
import { entryName, historyOf } from '../kinds';

const PAGE = 50;
/** True while the active editor is a preview panel: Keep Open shows in its title bar. */
export const PREVIEW_ACTIVE_KEY = 'skyvia.previewPanelActive';
/** Commands a history row may ask for. */
const ENTRY_COMMANDS = new Set<string>([CommandId.openLog, CommandId.openItem, CommandId.openPanel]);

export interface PanelDeps {
  extensionUri: vscode.Uri;
  /** An account's client, while it is usable. */
  client(account: AccountId): SkyviaClient | undefined;
  /** An account's name when more than one is signed in: a panel's tab then says whose it is. */
  accountName?(account: AccountId): string | undefined;
  reader: ItemReader;
  runs: RunStore;
  facts: FactStore;
  tree: TreeContext;
  /** What the explorer calls an object, if it shows it. */
  nameOf(ref: ItemRef): string | undefined;
  /**
   * Runs a panel's button through the action runner (one request, the same confirmation,
   * progress and messages as the tree) and answers its report.
   */
  act(command: string, target: Target, given?: unknown): Promise<ActionReport | undefined>;
  /** Cleaning and redaction of what the webview is sent. */
  shown: Shown;
  /** How often a failed entry's cause occurred lately, if the Failures view has read it (no request). */
  causeSeen?(ref: ItemRef): string | undefined;
}

interface OpenPanel {
  /** What it shows: a preview panel shows another object in its place. */
  target: Target;
  /** For a history entry: its item's name. */
  parent?: string;
  panel: vscode.WebviewPanel;
  data?: object;
  error?: string;
  history?: HistoryState;
  /** The history load under way: a newer first page (another filter) aborts and supersedes it. */
  historyLoad?: AbortController;
  ready: boolean;
  /** The webview has the translations (see ToWebview). */
  translated?: boolean;
  model?: PanelModel;
  /** The command of the action whose request is out. */
  pending?: string;
  notice?: PanelModel['notice'];
  /** A preview panel: the next object opened in its group shows here instead (previewRule.ts). */
  preview: boolean;
  /** When its object was last asked for: a second ask within a double-click's time keeps it open. */
  askedAt: number;
}

/** VS Code's own setting: with previews off, every object opened gets a panel of its own. */
function previewsOn(): boolean {
  return vscode.workspace.getConfiguration('workbench.editor').get<boolean>('enablePreview', true);
}

export class ItemPanels implements vscode.Disposable {
  private readonly panels = new Map<string, OpenPanel>();
  private readonly updated = new vscode.EventEmitter<ItemRef>();
  /** A panel's model changed (tests wait on it instead of sleeping). */
  readonly onDidUpdate = this.updated.event;
  private readonly subscriptions: { dispose(): void }[];
  /** What the `skyvia.previewPanelActive` context key was last set to (Keep Open in the title bar). */
  private previewActive = false;

  constructor(private readonly deps: PanelDeps) {
    this.subscriptions = [
      // Previews turned off: every preview panel is kept open, as VS Code does with its editors.
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('workbench.editor.enablePreview') && !previewsOn()) for (const open of this.panels.values()) this.keep(open);
      }),
      // The item's facts (its row, states, run under way) are the fact store's: a change there
      // is drawn here. A run that ended brings the history up to date — one this window watched,
      // or one the facts learnt of otherwise (a Refresh, the tree's history, a pin's look).
      deps.facts.onDidChange((ref) => {
        this.refreshModel(ref);
        // After the run store's own listeners: a run that ended reloads the history below, once.
        queueMicrotask(() => this.catchUp(ref));
      }),
      deps.runs.onDidEnd((run) => {
        const open = this.panels.get(refKey(run.item));
        if (open) void this.loadHistory(open, false);
        this.refreshModel(run.ref);
      }),
    ];
  }

  /**
   * Opens (or reveals) the panel of an object: in the active group's preview panel while previews
   * are on and one is there, else in a panel of its own. `slot`: its history shows only the entries
   * of that slot of the runs grid (another filter in the panel ends it).
   */
  async show(target: Target, slot?: HistoryState['slot']): Promise<vscode.WebviewPanel> {
    const key = refKey(target.ref);
    const now = Date.now();
    const slots = [...this.panels.values()].map((open) => ({
      key: refKey(open.target.ref),
      preview: open.preview,
      column: open.panel.viewColumn,
      askedAt: open.askedAt,
      open,
    }));
    const place = placePanel(key, slots, { previews: previewsOn(), column: vscode.window.tabGroups.activeTabGroup?.viewColumn, now });
    if (place.how === 'reveal') {
      const known = place.slot.open;
      known.askedAt = now;
      if (place.keep) this.keep(known);
      known.panel.reveal();
      if (slot && historyOf(target.ref.kind)) {
        known.history = { ...(known.history ?? slotHistory(slot)), failedOnly: false, range: 'all', slot };
        await this.loadHistory(known, false);
      }
      return known.panel;
    }
    if (place.how === 'reuse') {
      const open = place.slot.open;
      this.retarget(open, target, now);
      if (slot) open.history = slotHistory(slot);
      open.panel.reveal();
      await this.fill(open);
      return open.panel;
    }
    const panel = vscode.window.createWebviewPanel(
      PANEL_VIEW_TYPE,
      this.deps.shown.line(target.name, 200),
      vscode.ViewColumn.Active,
      panelOptions(this.deps.extensionUri),
    );
    // An entry named with its item ("Run 123 of Nightly Sync": the Failures view, a notification) names it in its panel too.
    await this.adopt(panel, target, target.itemName, place.preview, slot);
    return panel;
  }

  /** Takes a panel (a new one, or one VS Code restored after a reload) and fills it. */
  async adopt(panel: vscode.WebviewPanel, target: Target, parentName?: string, preview = false, slot?: HistoryState['slot']): Promise<void> {
    // A restored preview stays one unless its group has one already.
    const asPreview = preview && previewsOn() && ![...this.panels.values()].some((o) => o.preview && o.panel.viewColumn === panel.viewColumn);
    const open: OpenPanel = {
      target,
      parent: this.parentOf(target, parentName),
      panel,
      ready: false,
      preview: asPreview,
      askedAt: Date.now(),
      ...(slot ? { history: slotHistory(slot) } : {}),
    };
    this.panels.set(refKey(target.ref), open);
    panel.title = this.tabTitle(target.ref, target.name);
    panel.iconPath = this.iconOf(open);
    panel.webview.options = panelOptions(this.deps.extensionUri);
    panel.webview.html = panelPage(panel.webview, this.deps.extensionUri);
    panel.onDidDispose(() => {
      open.historyLoad?.abort();
      const key = refKey(open.target.ref);
      if (this.panels.get(key) === open) this.panels.delete(key);
      this.tellPreviewActive();
    });
    panel.onDidChangeViewState(() => this.tellPreviewActive());
    panel.webview.onDidReceiveMessage((raw: unknown) => {
      const message = readMessage(raw);
      if (message) void this.receive(open, message);
    });
    this.tellPreviewActive();
    await this.fill(open);
  }

  /**
   * Its own read, its history, and what its row does not say (schedule, state, run under way) —
   * the same reads a hover makes, shared with it. What is known already is drawn at once: the
   * history's first post says it is loading; an object without one is drawn from its row.
   */
  private async fill(open: OpenPanel): Promise<void> {
    const { ref, name } = open.target;
    const history = !!historyOf(ref.kind);
    const reads = Promise.all([this.readItem(open), history ? this.loadHistory(open, false) : undefined, this.deps.reader.probe(ref, name, 'hover')]);
    if (!history) this.post(open);
    await reads;
  }

  /**
   * The view's Refresh: every open panel reads its object again, as when it opened — a run a
   * colleague or a schedule started shows, though the object's row is collapsed (a list says
   * nothing of what runs). The reader was emptied first, so these are fresh reads.
   */
  async readAgain(): Promise<void> {
    await Promise.all([...this.panels.values()].map((open) => this.fill(open)));
  }

  /**
   * A preview panel shows another object: what it knew of the last one goes (a read or page of
   * it still out is dropped when it comes), and its webview stays — it is sent the new model.
   */
  private retarget(open: OpenPanel, target: Target, now: number): void {
    this.panels.delete(refKey(open.target.ref));
    open.historyLoad?.abort();
    Object.assign(open, {
      target,
      parent: this.parentOf(target, target.itemName),
      data: undefined,
      error: undefined,
      history: undefined,
      historyLoad: undefined,
      model: undefined,
      pending: undefined,
      notice: undefined,
      askedAt: now,
    } satisfies Partial<OpenPanel>);
    this.panels.set(refKey(target.ref), open);
    open.panel.title = this.tabTitle(target.ref, target.name);
  }

  /** An entry's item's name: its panel's, the tree's, or the one it was given. */
  private parentOf(target: Target, parentName: string | undefined): string | undefined {
    const item = parentRef(target.ref);
    return item ? (this.panels.get(refKey(item))?.target.name ?? this.deps.nameOf(item) ?? parentName) : undefined;
  }

  /**
   * Keep Open: the panel of `ref`, else the active panel if a preview, else the preview of the
   * active group (the one the next object would show in). Whether one was kept.
   */
  keepOpen(ref?: ItemRef): boolean {
    const all = [...this.panels.values()];
    const open = ref
      ? this.panels.get(refKey(ref))
      : (all.find((o) => o.preview && o.panel.active) ??
        all.find((o) => o.preview && o.panel.viewColumn === vscode.window.tabGroups.activeTabGroup?.viewColumn));
    if (!open?.preview) return false;
    this.keep(open);
    return true;
  }

  /** Whether the panel of an object is a preview one (tests); `undefined` when none shows it. */
  isPreview(ref: ItemRef): boolean | undefined {
    return this.panels.get(refKey(ref))?.preview;
  }

  /** The webview panel showing an object (tests: the same panel shows the next one). */
  panelOf(ref: ItemRef): vscode.WebviewPanel | undefined {
    return this.panels.get(refKey(ref))?.panel;
  }

  /**
   * A preview panel becomes one of its own: its tab's icon, its page and the title bar say so
   * (`drawn`: the caller sends the page its next model itself, at once).
   */
  private keep(open: OpenPanel, drawn = false): void {
    if (!open.preview) return;
    open.preview = false;
    open.panel.iconPath = this.iconOf(open);
    if (!drawn) this.post(open);
    this.tellPreviewActive();
  }

  /**
   * The tab's icon: the Skyvia cloud, drawn dashed and faint on a preview panel. VS Code sets a
   * preview editor's title in italics; a webview panel's title is plain text (styling it with
   * look-alike Unicode letters would be read out as symbols and found by no search), so its icon
   * is what the tab can show — with the page's own line and the title bar's Keep Open.
   */
  private iconOf(open: OpenPanel): vscode.Uri {
    return vscode.Uri.joinPath(this.deps.extensionUri, 'media', open.preview ? 'skyvia-preview.svg' : 'skyvia.svg');
  }

  /** Keep Open is in the editor's title bar while the active editor is a preview panel. */
  private tellPreviewActive(): void {
    const active = [...this.panels.values()].some((o) => o.preview && o.panel.active);
    if (active === this.previewActive) return;
    this.previewActive = active;
    void vscode.commands.executeCommand('setContext', PREVIEW_ACTIVE_KEY, active);
  }

  /** What a panel shows now (tests). */
  modelOf(ref: ItemRef): PanelModel | undefined {
    return this.panels.get(refKey(ref))?.model;
  }

  /** A message as the panel's webview would send it, read as one from the webview is (tests). */
  async receiveFor(ref: ItemRef, raw: unknown): Promise<boolean> {
    const open = this.panels.get(refKey(ref));
    const message = readMessage(raw);
    if (!open || !message) return false;
    await this.receive(open, message);
    return true;
  }

  /** The HTML a panel was given (tests: no API string in it). */
  htmlOf(ref: ItemRef): string | undefined {
    return this.panels.get(refKey(ref))?.panel.webview.html;
  }

  get count(): number {
    return this.panels.size;
  }

  /** Closes one account's panels (signed out of it), or all. */
  closeAll(account?: AccountId): void {
    // Disposing a panel aborts its history load (onDidDispose).
    for (const [key, open] of [...this.panels]) {
      if (account !== undefined && open.target.ref.account !== account) continue;
      open.panel.dispose();
      this.panels.delete(key);
    }
  }

  dispose(): void {
    this.closeAll();
    this.updated.dispose();
    for (const s of this.subscriptions) s.dispose();
  }

  private async readItem(open: OpenPanel): Promise<void> {
    const target = open.target;
    try {
      const read = await this.deps.reader.readItem(target.ref);
      // The preview panel shows another object now: this one's read is no longer its.
      if (open.target !== target) return;
      // An entry's own read lacks what its history row carries (a run's rows written and
      // failed, its duration): the panel shows both, the read winning where they overlap.
      open.data = isEntryKind(open.target.ref.kind) && open.target.data ? { ...open.target.data, ...read } : read;
      open.error = undefined;
      // An item's own read is its row from now on, for the tree as for the panel.
      if (!isEntryKind(open.target.ref.kind)) this.deps.facts.patch(open.target.ref, { row: read });
    } catch (e) {
      if (open.target !== target) return;
      // A history entry the seed contract cannot read alone keeps its row.
      open.data = open.target.data;
      if (!open.data) open.error = e instanceof Error ? e.message : String(e);
    }
    this.post(open);
  }

  /**
   * The first page of the history as filtered (`more`: the next page). The service filters —
   * failed only, since the range's start — so each page is a page of what the panel shows, and
   * the next one starts after the rows loaded. A first page aborts a load still out.
   */
  private async loadHistory(open: OpenPanel, more: boolean): Promise<void> {
    const spec = historyOf(open.target.ref.kind);
    const client = this.deps.client(open.target.ref.account);
    if (!spec || !client) return;
    const h: HistoryState = (open.history ??= { rows: [], hasMore: false, failedOnly: false, range: 'all', loading: false });
    if (more && (h.loading || !h.hasMore)) return;
    if (!more) {
      open.historyLoad?.abort();
      // A range is an age the tree's "since" filter reads too ('7d'): always a date. A slot of the
      // runs grid is its start and end (the service's `endDate` is inclusive).
      h.since = h.slot ? new Date(h.slot.from) : h.range === 'all' ? undefined : (parseSince(h.range) as { date: Date }).date;
      h.until = h.slot?.to !== undefined ? new Date(h.slot.to - 1) : undefined;
    }
    const load = new AbortController();
    open.historyLoad = load;
    h.loading = true;
    this.post(open);
    try {
      const query = {
        take: PAGE,
        skip: more ? h.rows.length : 0,
        sortOrder: 'desc' as const,
        failed: h.failedOnly || undefined,
        startDate: h.since,
        ...(h.until ? { endDate: h.until } : {}),
      };
      const page = await spec.list(client, open.target.ref, query, load.signal);
      if (load.signal.aborted) return;
      h.rows = more ? [...h.rows, ...page.data] : page.data;
      h.hasMore = page.hasMore && page.data.length > 0;
      h.error = undefined;
      // Its successes join the item's baseline, against which its rows are judged.
      this.deps.facts.baselines.observe(open.target.ref, page.data);
      // Its newest finished entry is a fact of the item, as an expanded history's is: the row says
      // it while collapsed, and expanding it later learns nothing that makes its rows drawn again.
      const latest = !more && !h.failedOnly && !h.since && !h.until ? this.deps.facts.baselines.latestOf(open.target.ref, page.data) : undefined;
      if (latest) this.deps.facts.patch(open.target.ref, { historyLatest: latest });
    } catch (e) {
      if (load.signal.aborted) return;
      h.error = e instanceof Error ? e.message : String(e);
    }
    h.loading = false;
    open.historyLoad = undefined;
    this.post(open);
  }

  /**
   * Reads the history's first page again when the item's facts know of an entry newer than any
   * in the table — a run that started and ended unwatched, found by a Refresh — so that the
   * table, the chart and the "Last run" field agree. Once per such entry: a filter that leaves
   * it out (Failed only) does not make every later change read again.
   */
  private catchUp(ref: ItemRef): void {
    const open = this.panels.get(refKey(ref));
    const h = open?.history;
    const spec = historyOf(ref.kind);
    if (!open || !h || !spec || h.loading) return;
    const latest = this.deps.facts.get(ref).latest?.date;
    const known = Date.parse(latest ?? '');
    if (!latest || !Number.isFinite(known) || latest === h.caughtUp) return;
    const shown = Math.max(-Infinity, ...h.rows.map((row) => Date.parse(spec.entry.latest(row).date ?? '')).filter(Number.isFinite));
    if (known <= shown) return;
    h.caughtUp = latest;
    void this.loadHistory(open, false);
  }

  private refreshModel(ref: ItemRef): void {
    const open = this.panels.get(refKey(ref));
    if (open) this.post(open);
  }

  private post(open: OpenPanel): void {
    const ref = open.target.ref;
    const spec = historyOf(ref.kind);
    const facts = this.deps.tree.reader.factsOf(ref);
    // An item's row is the fact store's (a tree reload or an action's read may be newer than ours).
    const data = (isEntryKind(ref.kind) ? undefined : facts.row) ?? open.data ?? open.target.data ?? {};
    const model = buildModel(ref, open.target.name, data, facts, {
      history: spec && open.history ? { spec, state: open.history } : undefined,
      error: open.error,
      parent: open.parent,
      entry: entrySpecOf(ref),
      pending: open.pending,
      notice: open.notice,
      causeSeen: isEntryKind(ref.kind) ? this.deps.causeSeen?.(ref) : undefined,
      judge: (row) => this.deps.facts.baselines.judge(ref, row),
    });
    open.model = shownModel(model, this.deps.shown);
    open.panel.title = this.tabTitle(ref, open.model.title);
    const message: ToWebview = {
      type: 'model',
      model: open.model,
      restore: { ref: open.target.ref, name: open.target.name, ...(open.parent ? { parent: open.parent } : {}), ...(open.preview ? { preview: true } : {}) },
      ...(open.preview ? { preview: true } : {}),
    };
    // The webview's own labels, in the user's language: the translations go with its first model.
    if (open.ready && !open.translated && vscode.l10n.bundle) message.l10n = vscode.l10n.bundle;
    if (open.ready) void open.panel.webview.postMessage(message).then((sent) => (open.translated ||= sent));
    this.updated.fire(ref);
  }

  private async receive(open: OpenPanel, message: FromWebview): Promise<void> {
    switch (message.type) {
      case 'ready':
        open.ready = true;
        open.translated = false;
        this.post(open);
        return;
      // A change made in the panel keeps it open, as typing in a preview editor does.
      case 'keep':
        return this.keep(open);
      case 'more':
        this.keep(open, true);
        return this.loadHistory(open, true);
      case 'filter':
        if (!open.history) return;
        this.keep(open, true);
        open.history.failedOnly = message.failedOnly;
        open.history.range = message.range;
        open.history.slot = undefined;
        return this.loadHistory(open, false);
      case 'action':
        return this.act(open, message.command);
      case 'entry': {
        if (!ENTRY_COMMANDS.has(message.command)) return;
        const target = this.entryTarget(open, message.id);
        // The panel it was opened from stays (as an editor a code navigation starts from is kept
        // open): the entry's panel is the group's preview, not this one.
        if (target) this.keep(open);
        if (target) await vscode.commands.executeCommand(message.command, target);
        return;
      }
    }
  }

  /**
   * A button: only one the model offers now, and not while the panel's previous action is out.
   * The runner does the one request (and its after-effect, which updates the fact store the panel
   * draws from); the panel shows it pending, then what came of it.
   */
  private async act(open: OpenPanel, command: string): Promise<void> {
    const offered = [...(open.model?.actions ?? []), ...(open.model?.live?.actions ?? [])].some((a) => a.command === command);
    if (!offered || open.pending) return;
    // An action asked from the panel keeps it: its outcome is said here.
    this.keep(open, true);
    open.pending = command;
    open.notice = undefined;
    this.post(open);
    try {
      // Export History… writes the history as the panel filters it.
      const h = open.history;
      const given = command === CommandId.exportHistory && h ? { failedOnly: h.failedOnly, since: h.since } : undefined;
      const report = await this.deps.act(command, { ...open.target, data: open.data ?? open.target.data }, given);
      open.notice = noticeOf(report);
    } catch (e) {
      open.notice = { text: e instanceof Error ? e.message : String(e), tone: 'error' };
    } finally {
      open.pending = undefined;
      this.post(open);
    }
  }

  /** Accounts came, went or were renamed: each tab says whose it is again (or no more, with one account left). */
  retitle(): void {
    for (const open of this.panels.values()) open.panel.title = this.tabTitle(open.target.ref, open.model?.title ?? open.target.name);
  }

  /** A panel's tab: its title, and whose it is when more than one account is signed in ("Nightly Sync · Client B"). */
  private tabTitle(ref: ItemRef, title: string): string {
    const account = this.deps.accountName?.(ref.account);
    return this.deps.shown.line(account ? `${title} · ${account}` : title, 200);
  }

  private entryTarget(open: OpenPanel, id: string): Target | undefined {
    const spec = historyOf(open.target.ref.kind);
    const item = open.target.ref;
    const row = open.history?.rows.find((r) => spec?.entry.idOf(r) === id);
    if (!spec || !row || item.workspaceId === undefined) return undefined;
    const ref = refs.entryOf(item, spec.entry.kind, id);
    return { ref, name: entryName(ref, open.target.name), data: row as object, itemName: open.target.name };
  }
}

/** What a panel says of its action's report: the failure, else what the user was told. */
function noticeOf(report: ActionReport | undefined): PanelModel['notice'] {
  if (!report || report.cancelled) return undefined;
  if (report.failed.length) return { text: report.said[0] ?? report.failed[0].error, tone: 'error' };
  if (report.skipped.length && !report.ok.length) return { text: l10n.t('Already under way: nothing was sent again.'), tone: 'neutral' };
  if (report.refused.length && !report.ok.length) return { text: report.said[0] ?? report.refused[0].why, tone: 'neutral' };
  return report.said[0] ? { text: report.said[0], tone: 'ok' } : undefined;
}

/** The spec a run, snapshot, execution or request is read with: its item's history's. */
function entrySpecOf(ref: ItemRef): EntryRecord<unknown> | undefined {
  const item = parentRef(ref);
  return item ? historyOf(item.kind)?.entry : undefined;
}

/** A history that shows one slot of the runs grid, all its entries, before its first page is read. */
function slotHistory(slot: NonNullable<HistoryState['slot']>): HistoryState {
  return { rows: [], hasMore: false, failedOnly: false, range: 'all', loading: false, slot };
}
