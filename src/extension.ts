// Entry point: what VS Code loads at activation, and all it loads. It registers every
// contribution — the two views, the commands, the document schemes, the panel serializer, the
// language-model tools — with forwarders, and loads the extension's body (dist/core.mjs, see
// core.ts) the first time one of them is used: the tree asking for its first children, a
// command, a restored panel or tab, a tool. Activation therefore costs this small file and a few
// registrations, not the whole extension (see the README's Performance section).
import vscode = require('vscode');
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Core, Shell } from './core';
import { LOG_SCHEME } from './logs/scheme';
import { revealOnStartup } from './revealOnStartup';
import { CommandId } from './shared/commandIds';
import { ITEM_SCHEME, PANEL_VIEW_TYPE } from './shared/contributions';
import type { SkyviaExplorerApi } from './testApi';
import type { Node } from './tree/node';
import type { ActivityEntry } from './watch/activityView';

export function activate(context: vscode.ExtensionContext): Promise<SkyviaExplorerApi> | undefined {
  let core: Core | undefined;
  let loading: Promise<Core> | undefined;
  const changed: Shell['changed'] = {
    explorer: new vscode.EventEmitter(),
    activity: new vscode.EventEmitter(),
    itemDocuments: new vscode.EventEmitter(),
    logFiles: new vscode.EventEmitter(),
  };
  // A node exists only once the body has made it: what VS Code asks of a node finds the body loaded.
  const treeView = vscode.window.createTreeView<Node>('skyvia.explorer', {
    treeDataProvider: {
      onDidChangeTreeData: changed.explorer.event,
      getTreeItem: (node) => core!.explorer.getTreeItem(node),
      getChildren: async (node) => (await body()).explorer.getChildren(node),
      getParent: (node) => core?.explorer.getParent(node),
      resolveTreeItem: (item, node, token) => core?.explorer.resolveTreeItem(item, node, token),
    },
    showCollapseAll: true,
    canSelectMany: true,
  });
  const activityView = vscode.window.createTreeView<ActivityEntry>('skyvia.activity', {
    treeDataProvider: {
      onDidChangeTreeData: changed.activity.event,
      getTreeItem: (entry) => core!.activity.getTreeItem(entry),
      getChildren: async (entry) => (await body()).activity.getChildren(entry),
    },
  });
  /**
   * The body, loaded once: an ES module (its features are chunks it imports when first used), so
   * imported, not required. A computed path: esbuild must leave this import to run time.
   */
  const body = (): Promise<Core> => {
    const asked = performance.now();
    return (loading ??= import(pathToFileURL(path.join(__dirname, 'core.mjs')).href).then(
      (module: typeof import('./core')) => (core = module.start(context, { treeView, activityView, changed, importMs: performance.now() - asked })),
      (e: unknown) => {
        loading = undefined;
        throw e;
      },
    ));
  };

  context.subscriptions.push(
    treeView,
    activityView,
    ...Object.values(changed),
    ...Object.values(CommandId).map((id) => vscode.commands.registerCommand(id, async (...args: unknown[]) => (await body()).command(id, args))),
    readOnlyFiles(ITEM_SCHEME, changed.itemDocuments, async () => (await body()).documents()),
    readOnlyFiles(LOG_SCHEME, changed.logFiles, async () => (await body()).logFiles()),
    vscode.window.registerWebviewPanelSerializer(PANEL_VIEW_TYPE, {
      deserializeWebviewPanel: async (panel, state: unknown) => (await (await body()).serializer()).deserializeWebviewPanel(panel, state),
    }),
    ...registerTools(context, body),
  );
  void revealOnStartup().catch(() => undefined);
  // The test surface is for the test harness only: another installed extension gets nothing.
  return context.extensionMode === vscode.ExtensionMode.Test ? body().then((c) => c.testApi()) : undefined;
}

/** The tools package.json declares, each forwarded to the body. Hosts without the API get none. */
function registerTools(context: vscode.ExtensionContext, body: () => Promise<Core>): vscode.Disposable[] {
  if (typeof vscode.lm?.registerTool !== 'function') return [];
  const declared = (context.extension.packageJSON as { contributes?: { languageModelTools?: { name: string }[] } }).contributes?.languageModelTools ?? [];
  const tool = async (name: string) => {
    const t = await (await body()).tool(name);
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
function readOnlyFiles(scheme: string, changed: vscode.EventEmitter<vscode.FileChangeEvent[]>, files: () => Promise<Pick<vscode.FileSystemProvider, 'stat' | 'readFile'>>): vscode.Disposable {
  // The editor offers no change to make to a read-only file, and gets this if it asks anyway.
  const readOnly = (): never => {
    throw vscode.FileSystemError.NoPermissions('Skyvia documents are read-only.');
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
