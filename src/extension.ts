// Entry point: wiring only. Builds the log, session, tree and commands, hands every disposable
// to VS Code and returns the test API. Nothing here awaits: no SecretStorage read, no network,
// no demo service — the session is resolved when the tree first asks for children.
import * as vscode from 'vscode';
import { DemoLauncher } from './auth/demoLauncher';
import { Session } from './auth/session';
import { TokenStore } from './auth/tokenStore';
import { registerCommands } from './commands';
import { ITEM_SCHEME, ItemDocuments } from './commands/itemDocuments';
import { LiveSettings } from './settings';
import { createTestApi, type SkyviaExplorerApi } from './testApi';
import { revealOnStartup } from './revealOnStartup';
import { ExplorerProvider } from './tree/explorerProvider';
import { Log } from './util/log';

export function activate(context: vscode.ExtensionContext): SkyviaExplorerApi {
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
  const provider = new ExplorerProvider(session, () => settings.get().pageSize);
  const treeView = vscode.window.createTreeView('skyvia.explorer', { treeDataProvider: provider, showCollapseAll: true });
  const documents = new ItemDocuments();

  context.subscriptions.push(
    settings.onDidChange(({ now, before }) => {
      session.reconfigure(now);
      // A new base URL rebuilds the tree through the session; page size and timeout need a reload.
      if (now.baseUrl === before.baseUrl) provider.refresh();
    }),
    log,
    settings,
    session,
    provider,
    treeView,
    documents,
    vscode.workspace.registerTextDocumentContentProvider(ITEM_SCHEME, documents),
    ...registerCommands({ session, provider, treeView, documents, log, settings: () => settings.get() }),
  );
  void revealOnStartup().catch((e: unknown) => log.error('revealing the view failed', e));
  return createTestApi(session, provider);
}

export function deactivate(): void {}
