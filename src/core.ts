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
import { LogFiles } from './logs/logFiles';
import { LogFollower } from './logs/logFollower';
import { registerLogLanguage } from './logs/logLanguage';
import { ItemPanels, panelSerializer } from './panels/itemPanels';
import { LiveSettings } from './settings';
import { ItemReader } from './state/itemReader';
import { FactStore } from './state/facts';
import { RunStore } from './state/runStore';
import { CommandId } from './shared/commandIds';
import { runTarget, type Target } from './shared/refs';
import { createTestApi, type SkyviaExplorerApi } from './testApi';
import { LanguageModelTools } from './tools/registerTools';
import { ExplorerProvider } from './tree/explorerProvider';
import { factsOf } from './tree/itemView';
import type { Node } from './tree/node';
import { Log } from './util/log';
import { ActivityView, type ActivityEntry } from './watch/activityView';
import { RunNotifier } from './watch/notifier';
import { Poller } from './watch/poller';
import { RunStatusBar } from './watch/statusBar';

/** What the entry point made at activation, for the body to fill in. */
export interface Shell {
  treeView: vscode.TreeView<Node>;
  activityView: vscode.TreeView<ActivityEntry>;
  /** The entry point's change events, which VS Code subscribed to before the body existed. */
  changed: {
    explorer: vscode.EventEmitter<Node | Node[] | undefined | void>;
    activity: vscode.EventEmitter<ActivityEntry | undefined | void>;
    itemDocuments: vscode.EventEmitter<vscode.Uri>;
    logFiles: vscode.EventEmitter<vscode.FileChangeEvent[]>;
  };
}

/** What the entry point forwards to. */
export interface Core {
  explorer: ExplorerProvider;
  activity: ActivityView;
  itemDocuments: ItemDocuments;
  logFiles: LogFiles;
  serializer: vscode.WebviewPanelSerializer;
  command(id: string, args: unknown[]): Promise<unknown>;
  tool(name: string): vscode.LanguageModelTool<unknown> | undefined;
  /** Only under a test harness (ExtensionMode.Test). */
  testApi?: SkyviaExplorerApi;
}

export function start(context: vscode.ExtensionContext, shell: Shell): Core {
  const log = new Log();
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
  const provider = new ExplorerProvider(session, () => settings.get().pageSize, { facts, runs, reader });
  const treeView = shell.treeView;
  // A document restored after a reload reads its item as the tree would: once the session is known.
  const signedIn = async () => !!(await session.resolve().catch(() => undefined)) && !!session.client;
  const documents = new ItemDocuments({ read: (ref) => reader.readItem(ref), factsOf: (ref) => factsOf(provider, ref), signedIn });
  const logs = new LogFiles({ read: (ref) => reader.readLog(ref), signedIn });
  const panels = new ItemPanels({
    extensionUri: context.extensionUri,
    client: () => session.client,
    reader,
    runs,
    facts,
    tree: provider,
    nameOf: (ref) => provider.nodesOf(ref).map((n) => n.target()?.name).find((name) => name !== undefined),
    act: (command, target) => act(command, target),
  });
  const serializer = panelSerializer(panels, signedIn);
  const prompter = new PrompterSwitch(new WindowPrompter(() => treeView.visible));
  const targets = new TargetResolver({ client: () => session.requireClient(), prompter, memento: context.globalState, nodesOf: (ref) => provider.nodesOf(ref), account: () => session.accountKey() });
  const actionContext = () => buildActionContext({ session, reader, facts, runs, provider, prompter, documents, logs, panels });
  const runner = new ActionRunner({ context: actionContext, targets, prompter, log, authFailed: (e) => void session.tokenRejected(e) });
  // A panel's button or a notification's: the tree's action, through the runner, its report back.
  const act = async (command: string, target: Target): Promise<ActionReport | undefined> => {
    const action = ACTIONS.find((a) => a.id === command);
    if (action) return runner.execute(action, [target]);
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
    read: (ref) => reader.readLog(ref, undefined, { fresh: true }),
    onError: (what, e) => log.warn(`${what} failed: ${e instanceof Error ? e.message : String(e)}`),
  });
  const statusBar = new RunStatusBar(runs);
  const notifier = new RunNotifier({
    runs,
    prompter,
    level: () => settings.get().notifyOnRunEnd,
    showDetails: (run) => act(CommandId.openItem, runTarget(run)),
    openLog: (run) => act(CommandId.openLog, runTarget(run)),
  });
  // Chat tools: the same reads and the same actions, asked for in words.
  const tools = new LanguageModelTools({ session, reader, runner, redact: (text) => log.redact(text), authFailed: (e) => void session.tokenRejected(e) });
  const activity = new ActivityView(runs);
  const activityView = shell.activityView;

  let hadSession = false;
  const command = commandDispatcher({ session, provider, treeView, documents, logs, log, settings: () => settings.get(), prompter, runner, facts, runs, reader });
  context.subscriptions.push(
    provider.onDidChangeTreeData((e) => shell.changed.explorer.fire(e)),
    activity.onDidChangeTreeData((e) => shell.changed.activity.fire(e)),
    documents.onDidChange((uri) => shell.changed.itemDocuments.fire(uri)),
    logs.onDidChangeFile((changes) => shell.changed.logFiles.fire(changes)),
    settings.onDidChange(({ now, before }) => {
      session.reconfigure(now);
      // A new base URL rebuilds the tree through the session; page size and timeout need a reload.
      if (now.baseUrl === before.baseUrl) provider.refresh();
    }),
    // Another session: nothing of the previous one stays — its facts, its runs, its open details.
    // The window's first session is no other: the tabs and panels a reload restored are its own.
    session.onDidChange((state) => {
      facts.clear();
      runs.clear();
      reader.reset();
      poller.resume();
      if (!hadSession) {
        hadSession = state !== undefined;
        return;
      }
      void documents.closeAll();
      void logs.closeAll();
      panels.closeAll();
    }),
    vscode.window.onDidChangeWindowState(({ focused }) => poller.setFocused(focused)),
    // The pointer has left a hovered row: what its hover read may be drawn now.
    treeView.onDidChangeSelection(() => provider.pointerMoved()),
    treeView.onDidChangeVisibility(() => provider.pointerMoved()),
    runs.onDidChange(({ after }) => after && documents.follow(after)),
    runs.onDidEnd((run) => documents.follow(run)),
    poller,
    logFollower,
    statusBar,
    notifier,
    activity,
    activity.attach(activityView),
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
  const testApi = context.extensionMode === vscode.ExtensionMode.Test ? createTestApi({ session, provider, prompter, runs, facts, poller, statusBar, panels, serializer, tools, logFolder: context.logUri.fsPath }) : undefined;
  return {
    explorer: provider,
    activity,
    itemDocuments: documents,
    logFiles: logs,
    serializer,
    command,
    tool: (name) => tools.toolNamed(name),
    testApi,
  };
}
