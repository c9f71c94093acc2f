// The extension's body, wired: the log, session, stores, tree, documents, panels, commands,
// watcher and tools. Loaded by the entry point (extension.ts) the first time anything of it is
// needed — the tree's first children, a command, a restored panel, a tool — not at activation.
// Nothing here awaits: no SecretStorage read, no network, no demo service — the session is
// resolved when the tree first asks for children.
import vscode = require('vscode');
import { DemoLauncher } from './auth/demoLauncher';
import { Session } from './auth/session';
import { TokenStore } from './auth/tokenStore';
import { ACTIONS, commandDispatcher } from './commands';
import { buildActionContext } from './commands/actionContext';
import { PrompterSwitch, WindowPrompter } from './commands/prompter';
import { ActionRunner, type ActionReport } from './commands/runner';
import { TargetResolver } from './commands/targets';
import { ItemDocuments } from './documents/itemDocuments';
import { LogDocuments } from './documents/logDocuments';
import { LogFollower } from './logs/logFollower';
import { registerLogLanguage } from './logs/logLanguage';
import { ItemPanels, panelSerializer } from './panels/itemPanels';
import { SkyviaAuthentication } from './auth/authProvider';
import { LiveSettings } from './settings';
import { ItemReader } from './state/itemReader';
import { FactStore } from './state/facts';
import { RunStore } from './state/runStore';
import { PinStore } from './state/pins';
import { CommandId } from './shared/commandIds';
import { runTarget, type Target } from './shared/refs';
import type { SkyviaExplorerApi } from './testApi';
import * as path from 'node:path';
import { shownWith } from './shared/plainText';
import { LanguageModelTools } from './tools/registerTools';
import { ExplorerProvider } from './tree/explorerProvider';
import type { Node } from './tree/node';
import { Log } from './util/log';
import { ActivityView, type ActivityEntry } from './watch/activityView';
import { FailuresView, type FailuresElement } from './watch/failuresView';
import { PinnedFailureNotifier, RunNotifier } from './watch/notifier';
import { PinStatusBar } from './watch/pinStatusBar';
import { PinWatcher } from './watch/pinWatcher';
import { Poller } from './watch/poller';
import { RunStatusBar } from './watch/statusBar';
import { LOG_SCHEME, PANEL_VIEW_TYPE } from './shared/contributions';
import { stepDone } from './walkthrough';

/** What the entry point made at activation, for the body to fill in. */
export interface Shell {
  treeView: vscode.TreeView<Node>;
  activityView: vscode.TreeView<ActivityEntry>;
  failuresView: vscode.TreeView<FailuresElement>;
  /** The entry point's change events, which VS Code subscribed to before the body existed. */
  changed: {
    explorer: vscode.EventEmitter<Node | Node[] | undefined | void>;
    activity: vscode.EventEmitter<ActivityEntry | undefined | void>;
    failures: vscode.EventEmitter<FailuresElement | undefined | void>;
    itemDocuments: vscode.EventEmitter<vscode.Uri>;
    logDocuments: vscode.EventEmitter<vscode.Uri>;
    sessions: vscode.EventEmitter<vscode.AuthenticationProviderAuthenticationSessionsChangeEvent>;
  };
}

/** What the entry point forwards to. */
export interface Core {
  explorer: ExplorerProvider;
  /** Skyvia in the Accounts menu. */
  auth: SkyviaAuthentication;
  activity: ActivityView;
  failures: FailuresView;
  itemDocuments: ItemDocuments;
  logDocuments: LogDocuments;
  serializer: vscode.WebviewPanelSerializer;
  command(id: string, args: unknown[]): Promise<unknown>;
  tool(name: string): vscode.LanguageModelTool<unknown> | undefined;
  /** Only under a test harness (ExtensionMode.Test). */
  testApi?: SkyviaExplorerApi;
}

export function start(context: vscode.ExtensionContext, shell: Shell): Core {
  const log = new Log();
  // What every sink applies to what it shows: API text cleaned, every secret seen redacted.
  const shown = shownWith((text) => log.redact(text));
  const settings = new LiveSettings();
  const session = new Session({
    store: new TokenStore(context.secrets),
    globalState: context.globalState,
    log,
    demo: new DemoLauncher(),
    settings: () => settings.get(),
    env: process.env,
    userAgent: `skyvia-explorer/${(context.extension.packageJSON as { version?: string }).version ?? '0'} vscode/${vscode.version}`,
  });
  const runs = new RunStore();
  const facts = new FactStore(runs);
  const reader = new ItemReader({ client: () => session.requireClient(), facts, runs, onError: (what, e) => log.warn(`${what} failed: ${e instanceof Error ? e.message : String(e)}`) });
  const pins = new PinStore(context.globalState, facts);
  const provider = new ExplorerProvider(session, () => settings.get().pageSize, { facts, runs, reader, pins });
  const treeView = shell.treeView;
  const documents = new ItemDocuments(shown);
  const logs = new LogDocuments(shown);
  const panels = new ItemPanels({
    extensionUri: context.extensionUri,
    client: () => session.client,
    reader,
    runs,
    facts,
    tree: provider,
    nameOf: (ref) => provider.nodesOf(ref).map((n) => n.target()?.name).find((name) => name !== undefined),
    act: (command, target, given) => act(command, target, given),
    shown,
  });
  const serializer = panelSerializer(panels, async () => !!(await session.resolve().catch(() => undefined)) && !!session.client);
  const prompter = new PrompterSwitch(new WindowPrompter(() => treeView.visible), shown);
  const targets = new TargetResolver({ client: () => session.requireClient(), prompter, memento: context.globalState, nodesOf: (ref) => provider.nodesOf(ref), account: () => session.accountKey() });
  const actionContext = () => buildActionContext({ session, reader, facts, runs, provider, prompter, documents, logs, panels, shown, pins });
  const runner = new ActionRunner({ context: actionContext, targets, prompter, log, authFailed: (e) => void session.tokenRejected(e) });
  // A panel's button or a notification's: the tree's action, through the runner, its report back.
  const act = async (command: string, target: Target, given?: unknown): Promise<ActionReport | undefined> => {
    const action = ACTIONS.find((a) => a.id === command);
    if (action) return runner.execute(action, [target, undefined, given]);
    await vscode.commands.executeCommand(command, target);
    return undefined;
  };
  // Live runs: a timer only while something runs, a status bar item only while something runs.
  const poller = new Poller({
    runs,
    reader,
    baseMs: () => settings.get().refreshIntervalMs,
    onAuthError: (e) => session.tokenRejected(e),
    onError: (what, e) => log.warn(`${what} failed: ${e instanceof Error ? e.message : String(e)}`),
  });
  // An open log of a run under way reads again on the watcher's ticks, and once more at its end.
  const logFollower = new LogFollower({
    logs,
    ticks: poller.onDidTick,
    ended: runs.onDidEnd,
    read: (ref) => reader.readLog(ref),
    onError: (what, e) => log.warn(`${what} failed: ${e instanceof Error ? e.message : String(e)}`),
  });
  const statusBar = new RunStatusBar(runs);
  // Pinned items: one look per item per interval while anything is pinned, a status bar item, and
  // a new failure told.
  const pinWatcher = new PinWatcher({
    pins,
    facts,
    runs,
    client: () => session.client,
    intervalMs: () => settings.get().pinnedRefreshMs,
    onAuthError: (e) => session.tokenRejected(e),
    onError: (what, e) => log.warn(`${what} failed: ${e instanceof Error ? e.message : String(e)}`),
  });
  const pinStatusBar = new PinStatusBar(pins, facts, () => !!session.client);
  const pinNotifier = new PinnedFailureNotifier({
    failures: pinWatcher.onDidFail,
    prompter,
    enabled: () => settings.get().notifyPinnedFailures,
    openLog: (target) => act(CommandId.openLog, target),
    compare: (target) => act(CommandId.compareWithLastSuccess, target),
  });
  const notifier = new RunNotifier({
    runs,
    prompter,
    level: () => settings.get().notifyOnRunEnd,
    showDetails: (run) => act(CommandId.openItem, runTarget(run)),
    openLog: (run) => act(CommandId.openLog, runTarget(run)),
  });
  // Chat tools: the same reads and the same actions, asked for in words.
  const tools = new LanguageModelTools({ session, reader, runner, shown, authFailed: (e) => void session.tokenRejected(e) });
  const activity = new ActivityView(runs);
  const activityView = shell.activityView;
  // Failures across the account: read when shown or asked, never in the background.
  const failures = new FailuresView({ client: () => session.client });

  // The Accounts menu's "Sign in" runs the explorer's own sign-in command.
  const auth = new SkyviaAuthentication(session, async () => (await vscode.commands.executeCommand<boolean>(CommandId.signIn)) === true);
  const command = commandDispatcher({ session, provider, treeView, documents, logs, log, settings: () => settings.get(), prompter, runner, facts, runs, reader, failures, pins, pinWatcher });
  context.subscriptions.push(
    provider.onDidChangeTreeData((e) => shell.changed.explorer.fire(e)),
    activity.onDidChangeTreeData((e) => shell.changed.activity.fire(e)),
    failures.onDidChangeTreeData((e) => shell.changed.failures.fire(e)),
    auth.onDidChangeSessions((e) => shell.changed.sessions.fire(e)),
    auth,
    documents.onDidChange((uri) => shell.changed.itemDocuments.fire(uri)),
    logs.onDidChange((uri) => shell.changed.logDocuments.fire(uri)),
    settings.onDidChange(({ now, before }) => {
      session.reconfigure(now);
      // A new base URL rebuilds the tree through the session; page size and timeout need a reload.
      if (now.baseUrl === before.baseUrl) provider.refresh();
      if (now.pinnedRefreshMs !== before.pinnedRefreshMs) pinWatcher.resume();
    }),
    // Another session: nothing of the previous one stays — its facts, its runs, its open details.
    session.onDidChange(() => {
      facts.clear();
      runs.clear();
      // This account's pins (none signed out), told to the fact store anew.
      pins.use(session.accountKey());
      pinWatcher.resume();
      pinStatusBar.update();
      reader.reset();
      void documents.closeAll();
      void logs.closeAll();
      panels.closeAll();
      failures.reset();
      poller.resume();
    }),
    vscode.window.onDidChangeWindowState(({ focused }) => {
      poller.setFocused(focused);
      pinWatcher.setFocused(focused);
    }),
    // The pointer has left a hovered row: what its hover read may be drawn now.
    treeView.onDidChangeSelection(() => provider.pointerMoved()),
    treeView.onDidChangeVisibility(() => provider.pointerMoved()),
    runs.onDidChange(({ after }) => after && documents.follow(after)),
    runs.onDidEnd((run) => documents.follow(run)),
    // The walkthrough's steps, checked off where each thing happens, by whatever route.
    treeView.onDidExpandElement(({ element }) => element.ref?.kind === 'workspace' && stepDone('workspaceOpened')),
    runs.onDidEnd(() => stepDone('runWatched')),
    vscode.window.tabGroups.onDidChangeTabs(({ opened }) => {
      if (opened.some((tab) => tab.input instanceof vscode.TabInputWebview && tab.input.viewType.endsWith(PANEL_VIEW_TYPE))) stepDone('panelOpened');
    }),
    vscode.workspace.onDidOpenTextDocument((doc) => doc.uri.scheme === LOG_SCHEME && stepDone('logOpened')),
    poller,
    logFollower,
    statusBar,
    notifier,
    pinWatcher,
    pinStatusBar,
    pinNotifier,
    pins,
    activity,
    activity.attach(activityView),
    failures,
    failures.attach(shell.failuresView),
    log,
    settings,
    session,
    facts,
    runs,
    provider,
    documents,
    logs,
    ...registerLogLanguage(),
    panels,
  );
  // The test surface (sign-in, sign-out, the tree, scripted answers) is for the test harness
  // only: another installed extension gets nothing from `exports`.
  const testApi = context.extensionMode === vscode.ExtensionMode.Test ? testSurface().createTestApi({ session, provider, prompter, runs, facts, poller, statusBar, panels, serializer, tools, failures, pins, pinWatcher, pinStatusBar, logFolder: context.logUri.fsPath }) : undefined;
  return {
    explorer: provider,
    auth,
    activity,
    failures,
    itemDocuments: documents,
    logDocuments: logs,
    serializer,
    command,
    tool: (name) => {
      const tool = tools.toolNamed(name);
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
    testApi,
  };
}

/**
 * The test surface, its own bundle (dist/testApi.js, left out of the VSIX): only a test harness
 * loads it, so the body users load carries none of it. A computed path, as for the body itself.
 */
function testSurface(): typeof import('./testApi') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(path.join(__dirname, 'testApi.js')) as typeof import('./testApi');
}
