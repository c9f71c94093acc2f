// The extension's body (dist/core.js), loaded by the entry point (extension.ts) the first time
// anything of it is needed — the tree's first children, a command, a restored panel or tab, a
// tool. It makes at once what the first rows of the tree need: the log, settings, the accounts and
// their clients (and the Accounts menu's view of them), the stores and pins, the per-item reader and the
// tree. Every other feature (src/features) is started the first time it is used: commands,
// details documents, logs, panels, the watcher of runs under way, the pinned items' watcher, the
// Failures view, the chat tools. Nothing here awaits: no SecretStorage read, no network, no demo
// service — the accounts are looked for when the tree first asks for children.
import vscode = require('vscode');
import * as l10n from '@vscode/l10n';
import { DemoLauncher } from './host/demoLauncher';
import { Accounts } from './host/accounts';
import { TokenStore } from './host/tokenStore';
import { SkyviaAuthentication } from './host/authProvider';
import type { Features, Parts, Shell } from './features/parts';

export type { Shell } from './features/parts';
import { startCommands } from './features/commands';
import { startDocuments } from './features/documents';
import { startFailures } from './features/failures';
import { startRunsGrid } from './features/runsGrid';
import { startLogs } from './features/logs';
import { startPanels } from './features/panels';
import { startPins } from './features/pins';
import { startTools } from './features/tools';
import { startWatch } from './features/watch';
import { LiveSettings, hostNetwork } from './host/settings';
import { useHostNetwork } from './api';
import { Emitter } from './shared/events';
import { CommandId } from './shared/commandIds';
import type { RunRecord } from './shared/model';
import type { AccountId } from './shared/refs';
import { ItemReader } from './state/itemReader';
import { FactStore } from './state/facts';
import { RunStore } from './state/runStore';
import { PinStore, SYNCED_KEYS } from './state/pins';
import { KeptRuns } from './state/keptRuns';
import { shownWith } from './shared/plainText';
import { useLanguage } from './shared/format';
import { ExplorerProvider } from './tree/explorerProvider';
import { OutputLog } from './host/outputLog';
import type { ActivityElement } from './watch/activityView';
import type { FailuresElement } from './views/failuresView';
import { LOG_SCHEME } from './logs/scheme';
import { PANEL_VIEW_TYPE } from './shared/contributions';
import { signInChanged, stepDone, walkthroughShown } from './host/walkthrough';

/** What the entry point forwards to. */
export interface Core {
  explorer: ExplorerProvider;
  /** Skyvia in the Accounts menu. */
  auth: SkyviaAuthentication;
  /** The Activity view: its rows load the watcher, which has made them by the time one is asked about. */
  activity: { getChildren(element?: ActivityElement): Promise<ActivityElement[]>; getTreeItem(element: ActivityElement): vscode.TreeItem };
  /** The Failures view: read when it is shown, its feature loaded then. */
  failures: { getChildren(element?: FailuresElement): Promise<FailuresElement[]>; getTreeItem(element: FailuresElement): vscode.TreeItem };
  documents(): ReturnType<Features['documents']>;
  logFiles(): ReturnType<Features['logs']>;
  serializer(): Promise<vscode.WebviewPanelSerializer>;
  /** The runs grid VS Code kept across a reload: drawn again (from a reading of its own range) if an account is signed in. */
  restoreGrid(panel: vscode.WebviewPanel, state: unknown): Promise<void>;
  command(id: string, args: unknown[]): Promise<unknown>;
  tool(name: string): Promise<vscode.LanguageModelTool<unknown> | undefined>;
  /** What the body is made of, for whatever builds on it (the test surface, which a test harness loads). */
  parts: Parts;
  features: Features;
}

export function start(context: vscode.ExtensionContext, shell: Shell): Core {
  const started = performance.now();
  // The modules that cannot import vscode (shared, kinds, state, api, the plain part of logs) and
  // the features' own copies of them translate with @vscode/l10n: it reads the bundle VS Code
  // chose for its display language, as vscode.l10n.t does (none in English).
  if (vscode.l10n.bundle) l10n.config({ contents: vscode.l10n.bundle });
  // Numbers and plural forms in the display language too.
  useLanguage(vscode.env.language);
  // Requests keep their connections in the VS Code versions whose own fetch opens one per request.
  useHostNetwork(hostNetwork());
  const log = new OutputLog();
  // What every sink applies to what it shows: API text cleaned, every secret seen redacted.
  const shown = shownWith((text) => log.redact(text));
  const settings = new LiveSettings();
  const accounts = new Accounts({
    store: new TokenStore(context.secrets),
    globalState: context.globalState,
    log,
    demo: new DemoLauncher(),
    settings: () => settings.get(),
    env: process.env,
    // l10n-ignore: a request header, not text for people
    userAgent: `skyvia-explorer/${(context.extension.packageJSON as { version?: string }).version ?? '0'} vscode/${vscode.version}`,
  });
  const runs = new RunStore();
  const kept = new KeptRuns(context.workspaceState, runs);
  const facts = new FactStore(runs, () => settings.get().unusual);
  const reader = new ItemReader({
    client: (account) => accounts.requireClient(account),
    facts,
    runs,
    onError: (what, e) => log.warn(`${what} failed: ${e instanceof Error ? e.message : String(e)}`),
  });
  const pins = new PinStore(context.globalState, facts);
  // The pins follow the user to every machine with Settings Sync (state/pins.ts says how a synced value is taken).
  context.globalState.setKeysForSync([...SYNCED_KEYS]);
  const provider = new ExplorerProvider(accounts, () => settings.get().pageSize, { facts, runs, reader, pins });
  const accountEnded = new Emitter<AccountId | undefined>();
  const ticks = new Emitter<readonly RunRecord[]>();
  // Run-store events from before the watcher loaded (a start that failed at once ends in the
  // same breath as it begins): handed to it when it has.
  const early = { left: [] as RunRecord[], ended: [] as RunRecord[] };
  const listening = [runs.onDidLeave((run) => early.left.push(run)), runs.onDidEnd((run) => early.ended.push(run))];
  const parts: Parts = {
    context,
    shell,
    log,
    settings,
    accounts,
    runs,
    facts,
    reader,
    provider,
    pins,
    shown,
    // A document or panel restored after a reload reads its item as the tree would: once the accounts are known.
    signedIn: async (account) => !!(await accounts.resolve().catch(() => undefined)) && !!accounts.client(account),
    accountEnded: accountEnded.event,
    ticks,
    early: () => {
      for (const l of listening.splice(0)) l.dispose();
      return { left: early.left.splice(0), ended: early.ended.splice(0) };
    },
  };

  const loaded: {
    watch?: Awaited<ReturnType<Features['watch']>>;
    pins?: Awaited<ReturnType<Features['pins']>>;
    failures?: Awaited<ReturnType<Features['failures']>>;
  } = {};
  const once = loader(log);
  const features: Features = {
    commands: once('commands', async () => startCommands(parts, features)),
    documents: once('documents', async () => startDocuments(parts)),
    logs: once('logs', async () => startLogs(parts)),
    panels: once('panels', async () => startPanels(parts, features, (ref) => loaded.failures?.causeSeen(ref))),
    watch: once('watch', async () => (loaded.watch = startWatch(parts, features))),
    pins: once('pins', async () => (loaded.pins = startPins(parts, features))),
    failures: once('failures', async () => (loaded.failures = startFailures(parts))),
    runsGrid: once('runsGrid', async () => startRunsGrid(parts, features)),
    tools: once('tools', async () => startTools(parts, features)),
  };
  const loadWatcher = () => void features.watch().catch((e: unknown) => log.error('Loading the run watcher failed', e));
  // The first pin (or an account with pins) is the pinned items watcher's first use.
  const loadPins = () => void (pins.list().length && features.pins().catch((e: unknown) => log.error('Loading the pinned items watcher failed', e)));

  // The Accounts menu's "Sign in" runs the explorer's own sign-in command.
  const auth = new SkyviaAuthentication(accounts, async () => vscode.commands.executeCommand<AccountId | undefined>(CommandId.addAccount));
  context.subscriptions.push(
    provider.onDidChangeTreeData((e) => shell.changed.explorer.fire(e)),
    auth.onDidChangeSessions((e) => shell.changed.sessions.fire(e)),
    auth,
    settings.onDidChange(({ now, before }) => {
      accounts.reconfigure(now, before);
      // A new base URL moves the environment's account (through the accounts); page size and timeout need a reload.
      if (now.baseUrl === before.baseUrl) provider.refresh();
      if (now.pinnedRefreshMs !== before.pinnedRefreshMs) loaded.pins?.watcher.resume();
    }),
    // An account signed out, or its token refused: nothing of it stays — its facts, its runs, its
    // open panels, logs and details. The others are untouched. (The accounts found when the window
    // opens are no change: the tabs and panels a reload restored are theirs.)
    accounts.onDidChange((change) => {
      const ended = change ? [...change.removed, ...change.changed.filter((id) => accounts.get(id)?.state === 'rejected')] : undefined;
      for (const id of ended ?? [undefined]) {
        facts.clear(id);
        runs.clear(id);
        reader.reset(id);
        loaded.failures?.reset(id);
        accountEnded.fire(id);
      }
      // The usable accounts' pins, told to the fact store anew; the runs watched before a reload, watched again.
      pins.use(accounts.usable());
      kept.restore(accounts.usable());
      loaded.watch?.poller.resume();
      loaded.pins?.watcher.resume();
      loaded.pins?.statusBar.update();
      loaded.watch?.statusBar.update();
      signInChanged(accounts.usable().length > 0);
    }),
    // The first run seen under way (or ended) is the watcher's first use.
    runs.onDidChange(loadWatcher),
    runs.onDidEnd(loadWatcher),
    pins.onDidChange(loadPins),
    // The pointer has left a hovered row: what its hover read may be drawn now.
    shell.treeView.onDidChangeSelection(() => provider.pointerMoved()),
    shell.treeView.onDidChangeVisibility(() => provider.pointerMoved()),
    // Pins synced from another machine (or written by another window) come with no event: they are
    // looked for when the user comes back — the window focused, the view shown — and on Refresh
    // (the provider's). Each is an in-memory read and a compare, so these frequent moments cost
    // nothing, where a timer would wake the extension host for nothing most of the time.
    vscode.window.onDidChangeWindowState((state) => state.focused && pins.reread()),
    shell.treeView.onDidChangeVisibility(({ visible }) => visible && pins.reread()),
    // The walkthrough's steps, checked off where each thing happens, by whatever route.
    shell.treeView.onDidExpandElement(({ element }) => {
      provider.expanded(element);
      if (element.ref?.kind === 'workspace') stepDone('workspaceOpened');
    }),
    shell.treeView.onDidCollapseElement(({ element }) => provider.collapsed(element)),
    runs.onDidEnd(() => stepDone('runWatched')),
    vscode.window.tabGroups.onDidChangeTabs(({ opened, changed }) => {
      if (opened.some((tab) => tab.input instanceof vscode.TabInputWebview && tab.input.viewType.endsWith(PANEL_VIEW_TYPE))) stepDone('panelOpened');
      // A walkthrough is an editor the API does not describe (its input is unknown).
      if ([...opened, ...changed].some((tab) => tab.isActive && tab.input === undefined)) walkthroughShown();
    }),
    vscode.workspace.onDidOpenTextDocument((doc) => doc.uri.scheme === LOG_SCHEME && stepDone('logOpened')),
    log,
    settings,
    accounts,
    facts,
    runs,
    provider,
    pins,
    kept,
    accountEnded,
    ticks,
  );
  // Runs watched before the window reloaded: the accounts are looked for now, not when a view first asks.
  if (kept.waitingForAccounts)
    void accounts.resolve().catch((e: unknown) => log.error('Looking for the accounts of the runs watched before a reload failed', e));
  log.info(
    `Loaded: the body in ${ms(shell.loaded.ms)}${shell.loaded.cached ? ' (compiled code from the cache)' : ''}, asked for ${ms(shell.loaded.afterActivationMs)} after activation, started in ${ms(performance.now() - started)}; display language ${vscode.env.language}${vscode.l10n.bundle ? ', translated' : ''}.`,
  );
  return {
    explorer: provider,
    auth,
    activity: {
      getChildren: async (entry) => (await features.watch()).activity.getChildren(entry),
      getTreeItem: (entry) => loaded.watch!.activity.getTreeItem(entry),
    },
    failures: {
      getChildren: async (element) => (await features.failures()).getChildren(element),
      getTreeItem: (element) => loaded.failures!.getTreeItem(element),
    },
    documents: features.documents,
    logFiles: features.logs,
    serializer: async () => (await features.panels()).serializer,
    restoreGrid: async (panel, state) => (await features.runsGrid()).restore(panel, state),
    command: async (id, args) => (await features.commands()).command(id, args),
    tool: async (name) => {
      const tool = (await features.tools()).toolNamed(name);
      return (
        tool && {
          prepareInvocation: tool.prepareInvocation?.bind(tool),
          invoke: (options, token) => {
            stepDone('toolUsed');
            return tool.invoke(options, token);
          },
        }
      );
    },
    parts,
    features,
  };
}

/** Features loaded once, each on its first use (a load that failed is tried again on the next), and logged. */
function loader(log: OutputLog) {
  return <T>(name: string, load: () => Promise<T>): (() => Promise<T>) => {
    let loading: Promise<T> | undefined;
    return () => {
      const asked = performance.now();
      return (loading ??= load().then(
        (feature) => {
          log.info(`Started: the feature ${name} in ${ms(performance.now() - asked)}.`);
          return feature;
        },
        (e: unknown) => {
          loading = undefined;
          throw e;
        },
      ));
    };
  };
}

const ms = (n: number) => `${n.toFixed(1)} ms`;
