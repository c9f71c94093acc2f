// The extension's exports (`activate()`'s return value) when VS Code runs it under a test harness
// (ExtensionMode.Test), and nothing otherwise: a small API for the integration tests running
// inside VS Code, and for benchmarks. A bundle of its own (dist/testApi.js), which the entry point
// requires only then: none of it ships. Get it with
//
//   const api = vscode.extensions.getExtension<SkyviaExplorerApi>('skyvia-explorer.skyvia-explorer')!;
//   const explorer = api.isActive ? api.exports : await api.activate();
//
// It drives the same objects the UI uses (the view's TreeDataProvider, the accounts, the prompter
// every command talks through), so what a test sees is what the view shows. Commands take nodes
// returned here as their argument and return their report:
//
//   const node = await explorer.tree.find('Data Platform', 'Integrations', /Salesforce/);
//   const ui = explorer.ui.script([{ confirm: true }]);
//   const report = await vscode.commands.executeCommand('skyvia.killRun', node);
//   ui.transcript  // what the command asked and said
//
// A ref given without its account means the first account signed in, as for commands.
//
// It never exposes a token.
import vscode = require('vscode');
import type { DemoService } from '../host/demoLauncher';
import type { AccountInfo, Accounts, SessionSource, SessionState, SignInResult } from '../host/accounts';
import { earlierPinsKey } from '../host/accounts/keys';
import type { PrompterSwitch } from '../commands/prompter';
import { ScriptedPrompter, type ScriptedAnswer } from './scriptedPrompter';
import { CommandId } from '../shared/commandIds';
import type { Core } from '../core';
import type { RunRecord } from '../shared/model';
import { ownedBy, type AccountId, type ItemRef } from '../shared/refs';
import type { ItemFacts, FactStore } from '../state/facts';
import type { RunStore } from '../state/runStore';
import type { ExplorerProvider } from '../tree/explorerProvider';
import type { Node } from '../tree/node';
import type { Poller } from '../watch/poller';
import type { RunStatusBar } from '../watch/statusBar';
import type { ActivityElement, ActivityView } from '../watch/activityView';
import type { ItemPanels } from '../panels/itemPanels';
import type { PanelModel } from '../shared/panelProtocol';
import type { LanguageModelTools } from '../tools/languageModelTools';
import type { FailuresElement, FailuresView } from '../views/failuresView';
import type { RunsGrid } from '../panels/runsGrid';
import type { GridModel } from '../shared/gridProtocol';
import type { SlotCounts } from '../views/runsGridModel';
import { PINS_KEY, WRITTEN, type Pin, type PinStore } from '../state/pins';
import type { PinWatcher } from '../watch/pinWatcher';
import type { PinStatusBar } from '../watch/pinStatusBar';

/** A ref as a test may give it: without its account, the first account's. */
export type ApiRef = Omit<ItemRef, 'account'> & { account?: AccountId };

/** A node of the explorer, opaque to tests: look at it through `tree.getTreeItem`. */
export type TreeNode = Node;

export interface SkyviaExplorerApi {
  tree: {
    /** Children as the view gets them (the root when `node` is omitted). One request per first expansion. */
    getChildren(node?: TreeNode): Promise<TreeNode[]>;
    getTreeItem(node: TreeNode): vscode.TreeItem;
    /** The item as a hover shows it: after the item's own reads (schedule, state, details). */
    resolveTreeItem(node: TreeNode): Promise<vscode.TreeItem>;
    getParent(node: TreeNode): TreeNode | undefined;
    /**
     * Walks down by labels (a string matches exactly, a RegExp tests the label), expanding as it
     * goes; the first label is looked up among the account's children. `undefined` if a step has no match.
     */
    find(...labels: (string | RegExp)[]): Promise<TreeNode | undefined>;
    /** As `find`, from one account's root. */
    findIn(account: AccountId, ...labels: (string | RegExp)[]): Promise<TreeNode | undefined>;
    /** The nodes on show for an API object. */
    nodesOf(ref: ApiRef): TreeNode[];
    /** Appends the next page to a paged node (same as clicking "Load more…"). */
    loadMore(node: TreeNode): Promise<void>;
    /** Reloads one node, or the whole tree; the next `getChildren` fetches again. */
    refresh(node?: TreeNode): void;
    /** Fires when VS Code is told a node (or, with `undefined`, the whole tree) changed. */
    onDidChange: vscode.Event<TreeNode | undefined>;
    /** Reveals a node in the real view, as VS Code does for a person (expanding it, if asked). */
    reveal(node: TreeNode, options: { expand?: boolean; select?: boolean; focus?: boolean }): Promise<void>;
    /**
     * Resolves once the tree has nothing left to tell VS Code (nothing queued, held or waiting for
     * a load or a fetch), except what it holds back on purpose (a row that only reads differently
     * while its children are on screen): a change that was to be told has been told by then.
     */
    idle(): Promise<void>;
    /** Whether a row that reads differently now waits to be told until it is collapsed (its children are on screen). */
    waitsForCollapse(node: TreeNode): boolean;
    /**
     * From now on, counts each node's rows as VS Code draws them (its `getTreeItem` asks) and the
     * times VS Code is told a node changed, until disposed.
     */
    countDraws(): { drawn(node: TreeNode): number; told(node: TreeNode): number; onDidDraw: vscode.Event<TreeNode>; dispose(): void };
  };
  /** The accounts signed in, side by side. */
  accounts: {
    list(): AccountInfo[];
    /** Checks a token with one request and signs in with it beside the others (named, if given). */
    signIn(baseUrl: string, token: string, name?: string): Promise<SignInResult>;
    signOut(account: AccountId): Promise<void>;
    rename(account: AccountId, name: string): Promise<void>;
    /**
     * Every account signed out, then the storage as an earlier version left it — one token per
     * base URL in SecretStorage, its pins under "<url>#<fingerprint>", no list of accounts — as a
     * window that starts after an upgrade finds it (`session.lookAgain()` then looks).
     */
    leftByEarlierVersion(baseUrl: string, token: string, pins: { ref: ApiRef; name: string }[]): Promise<void>;
  };
  /** The accounts as one session, as tests written for one account see them. */
  session: {
    /** State (`undefined` until resolved), and the first account's source and base URL; never the token. */
    current(): { state?: SessionState; source?: SessionSource; baseUrl?: string; rejection?: string };
    /** Resolves the session as the tree's first expansion does (stored token, env, demo flag). */
    resolve(): Promise<SessionState>;
    /** Forgets the session and looks for one again, as a window that starts (or reloads) does. */
    lookAgain(): Promise<SessionState>;
    /** Checks the token with one request and stores it only if accepted. */
    signInWithToken(baseUrl: string, token: string): Promise<SignInResult>;
    /** Signs out of every account. */
    signOut(): Promise<void>;
    /** Starts the in-process demo service and connects to it; its handle gives `faults`, `advance()`, `stats`… */
    startDemo(): Promise<DemoService>;
    /** The demo service the extension runs, if any. */
    demoService(): Promise<DemoService | undefined>;
  };
  /** The conversation of commands: script the answers, read what was asked and said. */
  ui: {
    /** From now on commands ask a scripted prompter (answers in order); returns it for its transcript. */
    script(answers: ScriptedAnswer[]): ScriptedPrompter;
    /** Back to VS Code's own dialogs. */
    reset(): void;
    /** Every text shown to the user since activation (messages, confirmations, progress, status), whoever showed it. */
    said(): readonly string[];
  };
  state: {
    /** An object's known state (schedule, enabled, last test, busy…). */
    of(ref: ApiRef): Readonly<ItemFacts>;
    /** An item's run under way: `null` when known idle, `undefined` when unknown. */
    activeRun(ref: ApiRef): RunRecord | null | undefined;
    /** Runs started or watched in this window, newest first. */
    activity(): RunRecord[];
  };
  /** The watcher of runs under way. */
  watch: {
    /** Whether a poll is scheduled (never when nothing runs). */
    scheduled(): boolean;
    /** Polls now instead of waiting for the timer; resolves when the poll's reads are done. */
    tickNow(): Promise<void>;
    /** The wait before the next poll, as it stands (undefined when none is scheduled). */
    nextDelayMs(): number | undefined;
    /** Polls run and requests sent by the watcher since activation. */
    stats(): { ticks: number; requests: number; finals: number };
    /** The status bar item's text, `undefined` while hidden. */
    statusText(): string | undefined;
    /** The Activity view's rows (an account's group's, given one), as VS Code gets them. */
    activity(element?: ActivityElement): ActivityElement[];
    activityItem(element: ActivityElement): vscode.TreeItem;
  };
  /** The item panels on show. */
  panels: {
    /** What the panel of an object shows now (the model its webview renders). */
    modelOf(ref: ApiRef): PanelModel | undefined;
    /** The HTML its webview was given: a fixed page, never API text. */
    htmlOf(ref: ApiRef): string | undefined;
    count(): number;
    /** Fires when a panel's model changes. */
    onDidUpdate: vscode.Event<ItemRef>;
    /** The webview panel showing an object: a preview panel shows the next object in the same one. */
    panelOf(ref: ApiRef): vscode.WebviewPanel | undefined;
    /** Whether the panel of an object is a preview one (the next object opened shows in it); `undefined` when none shows it. */
    isPreview(ref: ApiRef): boolean | undefined;
    /** Sends a message to the extension as the panel's webview would (`{ type: 'filter', … }`); `false` if refused. */
    send(ref: ApiRef, message: unknown): Promise<boolean>;
    /**
     * The registered serializer: hand it a new `skyvia.item` webview panel and the state its
     * webview saved, as VS Code does after a window reload.
     */
    serializer: vscode.WebviewPanelSerializer;
  };
  tools: {
    /**
     * What `prepareInvocation` of a language-model tool returns for an input: its confirmation, if
     * it asks one. (Invoking goes through `vscode.lm.invokeTool`, as the chat does.)
     */
    prepare(name: string, input: unknown): Promise<{ invocationMessage?: string; confirmation?: { title: string; message: string } }>;
    /** A tool's answer without going through VS Code, so without a confirmation ever prepared. */
    invokeUnconfirmed(name: string, input: unknown): Promise<string>;
  };
  /** The pinned items and their watcher. */
  pins: {
    list(): readonly Pin[];
    /** Every list of keys the extension gave `globalState.setKeysForSync`, in order (VS Code's own method was called with each). */
    keysForSync(): readonly (readonly string[])[];
    /** The pins' stored value (every account's, signed in here or not), as Settings Sync carries it. */
    stored(): unknown;
    /**
     * Writes the pins' stored value behind the extension's back, as Settings Sync does when another
     * machine's or profile's value comes in: the same memento, no event; the extension sees it at
     * its next re-read (the window focused, the view shown, Refresh). Like a synced value, it comes
     * after the writes the extension made before it have been confirmed and handed back.
     */
    storeFromOutside(value: unknown): Promise<void>;
    /** Looks at every pinned item now instead of waiting; resolves when the look is done. */
    tickNow(): Promise<void>;
    /** Resolves when no look is under way (a new pin is looked at at once). */
    settled(): Promise<void>;
    /** Whether a look is scheduled (never when nothing is pinned). */
    scheduled(): boolean;
    nextDelayMs(): number | undefined;
    /** Looks made and requests sent by the watcher since activation. */
    stats(): { ticks: number; requests: number };
    /** The status bar item's text, `undefined` while hidden. */
    statusText(): string | undefined;
    /** Fires when a pinned item's new entry failed (as the notification is told). */
    onDidFail: vscode.Event<{ name: string }>;
  };
  /** The Failures view, as VS Code reads it. */
  failures: {
    /** The view's rows (an account's group's, given one); asking for them reads the accounts when nothing was read yet, as opening the view does. */
    getChildren(element?: FailuresElement): FailuresElement[];
    getTreeItem(element: FailuresElement): vscode.TreeItem;
    /** A row as VS Code has it once hovered: with its tooltip. */
    resolveTreeItem(item: vscode.TreeItem, element: FailuresElement): vscode.TreeItem;
    /** Fires when the view is told something changed. */
    onDidChange: vscode.Event<unknown>;
    /** Pages its last reading read back before its range for the items' baselines. */
    readBacks(): number;
  };
  /** The runs grid, as its webview gets it. */
  grid: {
    /** What it shows now; `undefined` while it is closed. */
    model(): GridModel | undefined;
    /** Fires when its model changes. */
    onDidUpdate: vscode.Event<GridModel>;
    /** Sends a message as its webview would (`{ type: 'open', row, slot }`); `false` if refused. */
    send(message: unknown): Promise<boolean>;
    /** What a cell stands for: its item, its slot's start and end (ms), and what it counted in it. */
    cell(row: string, slot: number): { ref: ItemRef; from: number; to?: number; label: string; counts: SlotCounts } | undefined;
    /** Hands a panel and its page's saved state to the grid's serializer, as VS Code does after a window reload. */
    restore(panel: vscode.WebviewPanel, state: unknown): Promise<void>;
  };
  /** HTTP attempts (retries included) since activation: "one request per expansion" is checkable. */
  requestCount(): number;
  /** The extension's log folder (`context.logUri`): its output channel is written beside it. */
  logFolder: string;
}

/** What the test surface is made from: each part of it takes the few of these it reads. */
export interface TestApiDeps {
  /** Where the accounts' storage is (an earlier version's left in it). */
  storage: Pick<vscode.ExtensionContext, 'secrets' | 'globalState'>;
  accounts: Accounts;
  provider: ExplorerProvider;
  treeView: vscode.TreeView<Node>;
  prompter: PrompterSwitch;
  runs: RunStore;
  facts: FactStore;
  poller: Poller;
  statusBar: RunStatusBar;
  activity: ActivityView;
  tools: LanguageModelTools;
  logFolder: string;
  panels: ItemPanels;
  serializer: vscode.WebviewPanelSerializer;
  failures: FailuresView;
  grid: RunsGrid;
  pins: PinStore;
  pinWatcher: PinWatcher;
  pinStatusBar: PinStatusBar;
}

const keysForSync: string[][] = [];

/** Records every list of keys given the memento's `setKeysForSync` (and passes each on): call it before the body starts. */
export function recordKeysForSync(memento: vscode.ExtensionContext['globalState']): void {
  const given = memento.setKeysForSync.bind(memento);
  memento.setKeysForSync = (keys) => {
    keysForSync.push([...keys]);
    given(keys);
  };
}

/** The test surface over a started body: every feature loaded first, as a long session would have them. */
export async function testApiOf(core: Core): Promise<SkyviaExplorerApi> {
  const { parts, features } = core;
  const [commands, watch, panels, tools, failures, pinned, grid] = await Promise.all([
    features.commands(),
    features.watch(),
    features.panels(),
    features.tools(),
    features.failures(),
    features.pins(),
    features.runsGrid(),
  ]);
  return createTestApi({
    storage: parts.context,
    accounts: parts.accounts,
    provider: parts.provider,
    treeView: parts.shell.treeView,
    prompter: commands.prompter,
    runs: parts.runs,
    facts: parts.facts,
    poller: watch.poller,
    statusBar: watch.statusBar,
    activity: watch.activity,
    panels: panels.panels,
    serializer: panels.serializer,
    tools,
    failures,
    grid,
    pins: parts.pins,
    pinWatcher: pinned.watcher,
    pinStatusBar: pinned.statusBar,
    logFolder: parts.context.logUri.fsPath,
  });
}

export function createTestApi(deps: TestApiDeps): SkyviaExplorerApi {
  const { accounts } = deps;
  /** A ref given without its account: the first account's. */
  const own = (ref: ApiRef): ItemRef => ownedBy(ref, accounts.usable()[0]) as ItemRef;
  return {
    tree: treeApi(deps, own),
    accounts: accountsApi(deps),
    session: sessionApi(deps),
    ui: uiApi(deps),
    state: stateApi(deps, own),
    tools: toolsApi(deps),
    panels: panelsApi(deps, own),
    watch: watchApi(deps),
    pins: pinsApi(deps),
    failures: failuresApi(deps),
    grid: gridApi(deps),
    requestCount: () => accounts.requestCount,
    logFolder: deps.logFolder,
  };
}

/** A ref given without its account made whole. */
type Own = (ref: ApiRef) => ItemRef;

function treeApi({ provider, treeView }: Pick<TestApiDeps, 'provider' | 'treeView'>, own: Own): SkyviaExplorerApi['tree'] {
  const labelOf = (node: Node): string => {
    const label = node.treeItem().label;
    return typeof label === 'string' ? label : (label?.label ?? '');
  };
  const matches = (node: Node, want: string | RegExp) => (typeof want === 'string' ? labelOf(node) === want : want.test(labelOf(node)));
  const findFrom = async (root: Node | undefined, labels: (string | RegExp)[]) => {
    let current = root;
    for (const want of labels) {
      if (!current) return undefined;
      current = (await provider.getChildren(current)).find((child) => matches(child, want));
    }
    return current;
  };
  /** The provider's own `getTreeItem`, past any counter `countDraws` put in front of it. */
  const ownTreeItem = (node: Node) => (Object.getPrototypeOf(provider) as ExplorerProvider).getTreeItem.call(provider, node);
  return {
    getChildren: async (node) => provider.getChildren(node),
    // The provider's own method: a test looking at a row is not VS Code drawing it (countDraws).
    getTreeItem: (node) => ownTreeItem(node),
    resolveTreeItem: (node) => provider.resolveTreeItem(ownTreeItem(node), node, new vscode.CancellationTokenSource().token),
    getParent: (node) => provider.getParent(node),
    find: async (...labels) => findFrom((await provider.getChildren())[0], labels),
    findIn: async (account, ...labels) =>
      findFrom(
        (await provider.getChildren()).find((root) => root.account === account),
        labels,
      ),
    nodesOf: (ref) => provider.nodesOf(own(ref)),
    loadMore: async (node) => {
      await vscode.commands.executeCommand(CommandId.loadMore, node);
    },
    refresh: (node) => provider.refresh(node),
    onDidChange: provider.onDidChangeNode,
    reveal: async (node, options) => {
      await treeView.reveal(node, options);
    },
    async idle() {
      for (const deadline = Date.now() + 10_000; !provider.changes.settled;) {
        // l10n-ignore: the test surface's own error, for the test that asked
        if (Date.now() > deadline) throw new Error('the tree did not settle in 10 s');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    waitsForCollapse: (node) => provider.changes.waitsForCollapse(node as Node),
    countDraws() {
      const drawn = new Map<Node, number>();
      const told = new Map<Node | undefined, number>();
      const drew = new vscode.EventEmitter<Node>();
      // The view's forwarder asks the provider by name: an own property in front of its method sees every ask.
      provider.getTreeItem = (node: Node) => {
        drawn.set(node, (drawn.get(node) ?? 0) + 1);
        const item = ownTreeItem(node);
        drew.fire(node);
        return item;
      };
      const listening = provider.onDidChangeNode((node) => told.set(node, (told.get(node) ?? 0) + 1));
      return {
        drawn: (node) => drawn.get(node) ?? 0,
        told: (node) => told.get(node) ?? 0,
        onDidDraw: drew.event,
        dispose() {
          drew.dispose();
          delete (provider as Partial<ExplorerProvider>).getTreeItem;
          listening.dispose();
        },
      };
    },
  };
}

function accountsApi({ accounts, storage }: Pick<TestApiDeps, 'accounts' | 'storage'>): SkyviaExplorerApi['accounts'] {
  return {
    list: () => accounts.list(),
    async signIn(baseUrl, token, name) {
      const result = await accounts.signInWithToken(baseUrl, token);
      if (result.ok && name) await accounts.rename(result.account, name);
      return result;
    },
    signOut: async (account) => void (await accounts.signOut(account)),
    rename: (account, name) => accounts.rename(account, name),
    async leftByEarlierVersion(baseUrl, token, pins) {
      for (const a of accounts.list()) await accounts.signOut(a.id);
      const url = baseUrl.replace(/\/+$/, '');
      await storage.secrets.store(`skyvia.token:${url}`, token);
      await storage.globalState.update('skyvia.accounts', undefined);
      await storage.globalState.update(PINS_KEY, {
        [earlierPinsKey(url, token)]: pins.map(({ ref, name }) => ({ ref: { ...ref, account: undefined }, name })),
      });
    },
  };
}

function sessionApi({ accounts }: Pick<TestApiDeps, 'accounts'>): SkyviaExplorerApi['session'] {
  return {
    current: () => {
      const first = accounts.list()[0];
      return { state: accounts.state, source: first?.source, baseUrl: first?.baseUrl, rejection: first?.rejection };
    },
    resolve: () => accounts.resolve(),
    lookAgain: () => {
      accounts.forget();
      return accounts.resolve();
    },
    signInWithToken: (baseUrl, token) => accounts.signInWithToken(baseUrl, token),
    signOut: async () => {
      for (const a of accounts.list()) await accounts.signOut(a.id);
    },
    startDemo: () => accounts.startDemo(),
    demoService: () => accounts.demoService(),
  };
}

function uiApi({ prompter }: Pick<TestApiDeps, 'prompter'>): SkyviaExplorerApi['ui'] {
  const windowPrompter = prompter.current;
  prompter.said = [];
  return {
    script(answers) {
      const scripted = new ScriptedPrompter();
      scripted.script(answers);
      prompter.current = scripted;
      return scripted;
    },
    reset() {
      prompter.current = windowPrompter;
    },
    said: () => prompter.said ?? [],
  };
}

function stateApi({ facts, runs }: Pick<TestApiDeps, 'facts' | 'runs'>, own: Own): SkyviaExplorerApi['state'] {
  return {
    of: (ref) => facts.get(own(ref)),
    activeRun: (ref) => runs.active(own(ref)),
    activity: () => runs.activity(),
  };
}

function toolsApi({ tools }: Pick<TestApiDeps, 'tools'>): SkyviaExplorerApi['tools'] {
  const toolNamed = (name: string) => {
    const spec = tools.specNamed(name);
    // l10n-ignore: the test surface's own error, for the test that asked
    if (!spec) throw new Error(`no tool ${name}`);
    return spec;
  };
  return {
    async prepare(name, input) {
      const p = await tools.prepare(toolNamed(name), input);
      const text = (m: string | vscode.MarkdownString | undefined) => (typeof m === 'string' ? m : m?.value);
      return {
        invocationMessage: text(p.invocationMessage),
        confirmation: p.confirmationMessages && { title: p.confirmationMessages.title, message: text(p.confirmationMessages.message) ?? '' },
      };
    },
    invokeUnconfirmed: (name, input) => tools.answer(toolNamed(name), input),
  };
}

function panelsApi({ panels, serializer }: Pick<TestApiDeps, 'panels' | 'serializer'>, own: Own): SkyviaExplorerApi['panels'] {
  return {
    modelOf: (ref) => panels.modelOf(own(ref)),
    htmlOf: (ref) => panels.htmlOf(own(ref)),
    count: () => panels.count,
    panelOf: (ref) => panels.panelOf(own(ref)),
    isPreview: (ref) => panels.isPreview(own(ref)),
    onDidUpdate: panels.onDidUpdate,
    send: (ref, message) => panels.receiveFor(own(ref), message),
    serializer,
  };
}

function watchApi({ poller, statusBar, activity }: Pick<TestApiDeps, 'poller' | 'statusBar' | 'activity'>): SkyviaExplorerApi['watch'] {
  return {
    scheduled: () => poller.scheduled,
    tickNow: () => poller.tickNow(),
    nextDelayMs: () => poller.nextDelayMs,
    stats: () => ({ ...poller.stats }),
    statusText: () => statusBar.text,
    activity: (element) => activity.getChildren(element),
    activityItem: (element) => activity.getTreeItem(element),
  };
}

function pinsApi({
  pins,
  pinWatcher,
  pinStatusBar,
  storage,
}: Pick<TestApiDeps, 'pins' | 'pinWatcher' | 'pinStatusBar' | 'storage'>): SkyviaExplorerApi['pins'] {
  return {
    list: () => pins.list(),
    keysForSync: () => keysForSync,
    stored: () => storage.globalState.get(PINS_KEY),
    async storeFromOutside(value) {
      // As a synced value comes: after VS Code has handed back this window's own writes, and to
      // stay — a write of the memento's own may lose to the echo of an earlier one (see
      // state/pins.ts), which a value VS Code hands in from elsewhere does not.
      await pins.flushed();
      // Marked as another machine's store marks what it writes.
      const text = JSON.stringify({ ...(value as object), [WRITTEN]: `elsewhere:${Date.now()}` });
      value = JSON.parse(text);
      for (let tries = 0; tries < 5; tries++) {
        await storage.globalState.update(PINS_KEY, value);
        if (JSON.stringify(storage.globalState.get(PINS_KEY)) === text) return;
      }
      // l10n-ignore: a test's failure, for the test's log
      throw new Error('the pins written from outside did not hold');
    },
    tickNow: () => pinWatcher.tickNow(),
    settled: () => pinWatcher.settled(),
    scheduled: () => pinWatcher.scheduled,
    nextDelayMs: () => pinWatcher.nextDelayMs,
    stats: () => ({ ...pinWatcher.stats }),
    statusText: () => pinStatusBar.text,
    onDidFail: (listener, thisArgs, disposables) => {
      const d = pinWatcher.onDidFail((f) => listener.call(thisArgs, f));
      disposables?.push(d);
      return d;
    },
  };
}

function failuresApi({ failures }: Pick<TestApiDeps, 'failures'>): SkyviaExplorerApi['failures'] {
  return {
    getChildren: (element) => failures.getChildren(element),
    getTreeItem: (element) => failures.getTreeItem(element),
    resolveTreeItem: (item, element) => failures.resolveTreeItem(item, element),
    onDidChange: failures.onDidChangeTreeData,
    readBacks: () => failures.readBacks,
  };
}

function gridApi({ grid }: Pick<TestApiDeps, 'grid'>): SkyviaExplorerApi['grid'] {
  return {
    model: () => grid.shownModel,
    onDidUpdate: grid.onDidUpdate,
    send: (message) => grid.receiveFor(message),
    cell: (row, slot) => {
      const cell = grid.cellOf(row, slot);
      return cell && { ref: cell.target.ref, ...cell.slot, counts: cell.counts };
    },
    restore: (panel, state) => grid.restore(panel, state),
  };
}
