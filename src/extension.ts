// Entry point: what VS Code loads at activation, and all it loads. It registers every
// contribution — the three views, the commands, the document schemes, the panel serializer, the
// language-model tools — with forwarders, and loads the extension's body (dist/core.js, see
// core.ts) the first time one of them is used: the tree asking for its first children, a
// command, a restored panel or tab, a tool. Activation therefore costs this small file and a few
// registrations, not the whole extension (see PERFORMANCE.md).
import vscode = require('vscode');
import * as path from 'node:path';
import type { Core, Shell } from './core';
import { LOG_SCHEME } from './logs/scheme';
import { revealOnStartup } from './host/revealOnStartup';
import { compiledRequire } from './host/compiledRequire';
import { AUTH_PROVIDER_ID } from './shared/contributions';
import { GRID_VIEW_TYPE, ITEM_SCHEME, PANEL_VIEW_TYPE, WATCHED_RUNS_KEY } from './shared/contributions';
import type { SkyviaExplorerApi } from './testing/testApi';
import type { Node } from './tree/node';
import type { ActivityElement } from './watch/activityView';
import type { FailuresElement } from './views/failuresView';

export function activate(context: vscode.ExtensionContext): Promise<SkyviaExplorerApi> | undefined {
  const activated = performance.now();
  let core: Core | undefined;
  const changed: Shell['changed'] = {
    explorer: new vscode.EventEmitter(),
    activity: new vscode.EventEmitter(),
    failures: new vscode.EventEmitter(),
    itemDocuments: new vscode.EventEmitter(),
    logFiles: new vscode.EventEmitter(),
    sessions: new vscode.EventEmitter(),
  };
  const treeView = vscode.window.createTreeView<Node>('skyvia.explorer', {
    treeDataProvider: {
      onDidChangeTreeData: changed.explorer.event,
      getTreeItem: (node) => body().explorer.getTreeItem(node),
      getChildren: (node) => body().explorer.getChildren(node),
      getParent: (node) => body().explorer.getParent(node),
      resolveTreeItem: (item, node, token) => body().explorer.resolveTreeItem(item, node, token),
    },
    showCollapseAll: true,
    canSelectMany: true,
  });
  const activityView = vscode.window.createTreeView<ActivityElement>('skyvia.activity', {
    treeDataProvider: {
      onDidChangeTreeData: changed.activity.event,
      getTreeItem: (entry) => body().activity.getTreeItem(entry),
      getChildren: (entry) => body().activity.getChildren(entry),
    },
  });
  const failuresView = vscode.window.createTreeView<FailuresElement>('skyvia.failures', {
    treeDataProvider: {
      onDidChangeTreeData: changed.failures.event,
      getTreeItem: (element) => body().failures.getTreeItem(element),
      getChildren: (element) => body().failures.getChildren(element),
    },
  });
  /** The body, loaded once, compiled from V8's cache when a window before made it (host/compiledRequire.ts). A computed path: esbuild leaves it to run time. */
  const body = (): Core => {
    if (core) return core;
    const asked = performance.now();
    const storage = context.globalStorageUri?.scheme === 'file' ? context.globalStorageUri.fsPath : undefined;
    const module = compiledRequire<typeof import('./core')>(path.join(__dirname, 'core.js'), storage);
    core = module.exports.start(context, {
      treeView,
      activityView,
      failuresView,
      changed,
      loaded: { ms: performance.now() - asked, afterActivationMs: asked - activated, cached: module.cached },
    });
    module.keep();
    return core;
  };

  context.subscriptions.push(
    treeView,
    activityView,
    failuresView,
    ...Object.values(changed),
    // Every command package.json declares — the shared ones and each kind's own, made from the
    // records (scripts/contributions.ts) — so the records are not loaded to learn their ids.
    ...declaredCommands(context).map((id) => vscode.commands.registerCommand(id, (...args: unknown[]) => body().command(id, args))),
    readOnlyFiles(ITEM_SCHEME, changed.itemDocuments, () => body().documents()),
    readOnlyFiles(LOG_SCHEME, changed.logFiles, () => body().logFiles()),
    vscode.window.registerWebviewPanelSerializer(PANEL_VIEW_TYPE, {
      deserializeWebviewPanel: async (panel, state: unknown) => (await body().serializer()).deserializeWebviewPanel(panel, state),
    }),
    vscode.window.registerWebviewPanelSerializer(GRID_VIEW_TYPE, {
      deserializeWebviewPanel: async (panel, state: unknown) => body().restoreGrid(panel, state),
    }),
    ...registerTools(context, body),
    // Skyvia in the Accounts menu. VS Code asks for the sessions once the extension is active
    // (the view is open, so the body is loading anyway) or when another extension asks.
    // l10n-ignore: the product's name, the same in every language
    vscode.authentication.registerAuthenticationProvider(
      AUTH_PROVIDER_ID,
      'Skyvia',
      {
        onDidChangeSessions: changed.sessions.event,
        getSessions: () => body().auth.getSessions(),
        createSession: () => body().auth.createSession(),
        removeSession: (id) => body().auth.removeSession(id),
      },
      // Each account signed in is an entry of its own in the Accounts menu.
      { supportsMultipleAccounts: true },
    ),
  );
  void revealOnStartup().catch(() => undefined);
  // Runs this window watched before it reloaded are watched again (and their ends told) as soon as
  // anything of ours wakes the extension — the view, a panel or a log tab restored — not only when
  // the tree first asks for rows: the body is loaded once activation is over.
  if (context.workspaceState.get<unknown[]>(WATCHED_RUNS_KEY)?.length) setTimeout(body, 0);
  // The test surface is for the test harness only (a bundle that never ships): another installed extension gets nothing.
  if (context.extensionMode !== vscode.ExtensionMode.Test) return undefined;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const testing = require(path.join(__dirname, 'testApi.js')) as typeof import('./testing/testApi');
  // Before the body starts: what it hands VS Code's Settings Sync is checked as VS Code gets it.
  testing.recordKeysForSync(context.globalState);
  return testing.testApiOf(body());
}

/** The tools package.json declares, each forwarded to the body. Hosts without the API get none. */
function registerTools(context: vscode.ExtensionContext, body: () => Core): vscode.Disposable[] {
  if (typeof vscode.lm?.registerTool !== 'function') return [];
  const declared = (context.extension.packageJSON as { contributes?: { languageModelTools?: { name: string }[] } }).contributes?.languageModelTools ?? [];
  const tool = async (name: string) => {
    const t = await body().tool(name);
    // l10n-ignore: a programming error (package.json declares a tool the body lacks; a unit test checks they match)
    if (!t) throw new Error(`no tool ${name}`);
    return t;
  };
  return declared.map(({ name }) =>
    vscode.lm.registerTool(name, {
      prepareInvocation: async (options, token) => (await tool(name)).prepareInvocation?.(options, token),
      invoke: async (options, token) => (await tool(name)).invoke(options, token),
    }),
  );
}

/** Details and logs: read-only files whose reads the body answers (documents/readOnlyFiles.ts). */
function readOnlyFiles(
  scheme: string,
  changed: vscode.EventEmitter<vscode.FileChangeEvent[]>,
  files: () => Promise<Pick<vscode.FileSystemProvider, 'stat' | 'readFile'>>,
): vscode.Disposable {
  // The editor offers no change to make to a read-only file, and gets this if it asks anyway.
  const readOnly = (): never => {
    throw vscode.FileSystemError.NoPermissions(vscode.l10n.t('Skyvia documents are read-only.'));
  };
  return vscode.workspace.registerFileSystemProvider(
    scheme,
    {
      onDidChangeFile: changed.event,
      stat: async (uri) => (await files()).stat(uri),
      readFile: async (uri) => (await files()).readFile(uri),
      watch: () => new vscode.Disposable(() => undefined),
      readDirectory: () => [],
      createDirectory: readOnly,
      writeFile: readOnly,
      delete: readOnly,
      rename: readOnly,
    },
    { isReadonly: true, isCaseSensitive: true },
  );
}

export function deactivate(): void {}

/** The commands package.json declares (the manifest test holds them equal to those the body handles). */
function declaredCommands(context: vscode.ExtensionContext): string[] {
  const manifest = context.extension.packageJSON as { contributes: { commands: { command: string }[] } };
  return manifest.contributes.commands.map((c) => c.command);
}
