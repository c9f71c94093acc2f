// Entry point: wiring only. Builds the log, session, stores, tree and commands, hands every
// disposable to VS Code and returns the test API. Nothing here awaits: no SecretStorage read, no
// network, no demo service — the session is resolved when the tree first asks for children.
import vscode = require('vscode');
import { DemoLauncher } from './auth/demoLauncher';
import { Session } from './auth/session';
import { TokenStore } from './auth/tokenStore';
import { registerCommands } from './commands';
import { buildActionContext } from './commands/actionContext';
import { PrompterSwitch, WindowPrompter } from './commands/prompter';
import { ActionRunner } from './commands/runner';
import { TargetResolver } from './commands/targets';
import { ITEM_SCHEME, ItemDocuments } from './documents/itemDocuments';
import { LOG_SCHEME, LogDocuments } from './documents/logDocuments';
import { registerLogLanguage } from './logs/logLanguage';
import { ItemPanels, PANEL_VIEW_TYPE, panelSerializer } from './panels/itemPanels';
import { revealOnStartup } from './revealOnStartup';
import { LiveSettings } from './settings';
import { ItemReader } from './state/itemReader';
import { ItemStates } from './state/itemStates';
import { RunStore } from './state/runStore';
import { CommandId } from './shared/commandIds';
import { runTarget } from './shared/refs';
import { createTestApi, type SkyviaExplorerApi } from './testApi';
import { LanguageModelTools } from './tools/registerTools';
import { ExplorerProvider } from './tree/explorerProvider';
import { Log } from './util/log';
import { ActivityView } from './watch/activityView';
import { RunNotifier } from './watch/notifier';
import { Poller } from './watch/poller';
import { RunStatusBar } from './watch/statusBar';

export function activate(context: vscode.ExtensionContext): SkyviaExplorerApi | undefined {
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
  const states = new ItemStates();
  const runs = new RunStore();
  const reader = new ItemReader({ client: () => session.requireClient(), states, runs, onError: (what, e) => log.warn(`${what} failed: ${e instanceof Error ? e.message : String(e)}`) });
  const provider = new ExplorerProvider(session, () => settings.get().pageSize, { states, runs, reader });
  const treeView = vscode.window.createTreeView('skyvia.explorer', { treeDataProvider: provider, showCollapseAll: true, canSelectMany: true });
  const documents = new ItemDocuments();
  const logs = new LogDocuments();
  const panels = new ItemPanels({ extensionUri: context.extensionUri, client: () => session.client, reader, runs, tree: provider });
  const prompter = new PrompterSwitch(new WindowPrompter(() => treeView.visible));
  const targets = new TargetResolver({ client: () => session.requireClient(), prompter, memento: context.globalState, nodesOf: (ref) => provider.nodesOf(ref), account: () => session.accountKey() });
  const actionContext = () => buildActionContext({ session, reader, states, runs, provider, prompter, documents, logs, panels });
  const runner = new ActionRunner({ context: actionContext, targets, prompter, log, authFailed: (e) => void session.tokenRejected(e) });
  // Live runs: a timer only while something runs, a status bar item only while something runs.
  const poller = new Poller({
    runs,
    reader,
    baseMs: () => settings.get().refreshIntervalMs,
    onAuthError: (e) => session.tokenRejected(e),
    onError: (what, e) => log.warn(`${what} failed: ${e instanceof Error ? e.message : String(e)}`),
  });
  const statusBar = new RunStatusBar(runs);
  const notifier = new RunNotifier({
    runs,
    prompter,
    level: () => settings.get().notifyOnRunEnd,
    showDetails: (run) => vscode.commands.executeCommand(CommandId.openItem, runTarget(run)),
    openLog: (run) => vscode.commands.executeCommand(CommandId.openLog, runTarget(run)),
  });
  // Chat tools: the same reads and the same actions, asked for in words.
  const tools = new LanguageModelTools({ session, reader, runner, redact: (text) => log.redact(text), authFailed: (e) => void session.tokenRejected(e) });
  const activity = new ActivityView(runs);
  const activityView = vscode.window.createTreeView('skyvia.activity', { treeDataProvider: activity });

  context.subscriptions.push(
    settings.onDidChange(({ now, before }) => {
      session.reconfigure(now);
      // A new base URL rebuilds the tree through the session; page size and timeout need a reload.
      if (now.baseUrl === before.baseUrl) provider.refresh();
    }),
    // Another session: nothing of the previous one stays — its states, its runs, its open details.
    session.onDidChange(() => {
      states.clear();
      runs.clear();
      reader.reset();
      void documents.closeAll();
      void logs.closeAll();
      panels.closeAll();
      poller.resume();
    }),
    vscode.window.onDidChangeWindowState(({ focused }) => poller.setFocused(focused)),
    runs.onDidChange(({ after }) => after && documents.follow(after)),
    runs.onDidEnd((run) => documents.follow(run)),
    poller,
    statusBar,
    notifier,
    activity,
    activityView,
    activity.attach(activityView),
    log,
    settings,
    session,
    states,
    runs,
    provider,
    treeView,
    documents,
    vscode.workspace.registerTextDocumentContentProvider(ITEM_SCHEME, documents),
    logs,
    vscode.workspace.registerTextDocumentContentProvider(LOG_SCHEME, logs),
    ...registerLogLanguage(),
    panels,
    vscode.window.registerWebviewPanelSerializer(PANEL_VIEW_TYPE, panelSerializer(panels, async () => !!(await session.resolve().catch(() => undefined)) && !!session.client)),
    ...tools.register(),
    ...registerCommands({ session, provider, treeView, documents, logs, log, settings: () => settings.get(), prompter, runner, states, runs, reader }),
  );
  void revealOnStartup().catch((e: unknown) => log.error('revealing the view failed', e));
  // The test surface (sign-in, sign-out, the tree, scripted answers) is for the test harness
  // only: another installed extension gets nothing from `exports`.
  if (context.extensionMode !== vscode.ExtensionMode.Test) return undefined;
  return createTestApi({ session, provider, prompter, runs, states, poller, statusBar, panels, tools, logFolder: context.logUri.fsPath });
}

export function deactivate(): void {}
