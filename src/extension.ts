// Entry point: what VS Code loads at activation, and all it loads. It registers every
// contribution — the two views, the commands, the document schemes, the panel serializer, the
// language-model tools — with forwarders, and loads the extension's body (dist/core.js, see
// core.ts) the first time one of them is used: the tree asking for its first children, a
// command, a restored panel, a tool. Activation therefore costs this small file and a few
// registrations, not the whole extension (see the README's Performance section).
import vscode = require('vscode');
import * as path from 'node:path';
import type { Core, Shell } from './core';
import { revealOnStartup } from './revealOnStartup';
import { CommandId } from './shared/commandIds';
import { LOG_SCHEME } from './logs/scheme';
import { ITEM_SCHEME, PANEL_VIEW_TYPE } from './shared/contributions';
import type { SkyviaExplorerApi } from './testApi';
import type { Node } from './tree/node';
import type { ActivityEntry } from './watch/activityView';

export function activate(context: vscode.ExtensionContext): SkyviaExplorerApi | undefined {
  let core: Core | undefined;
  const changed: Shell['changed'] = {
    explorer: new vscode.EventEmitter(),
    activity: new vscode.EventEmitter(),
    itemDocuments: new vscode.EventEmitter(),
    logFiles: new vscode.EventEmitter(),
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
  const activityView = vscode.window.createTreeView<ActivityEntry>('skyvia.activity', {
    treeDataProvider: {
      onDidChangeTreeData: changed.activity.event,
      getTreeItem: (entry) => body().activity.getTreeItem(entry),
      getChildren: (entry) => body().activity.getChildren(entry),
    },
  });
  /** The body, loaded once. A computed path: esbuild must leave this require to run time. */
  const body = (): Core => {
    if (core) return core;
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const module = require(path.join(__dirname, 'core.js')) as typeof import('./core');
    return (core = module.start(context, { treeView, activityView, changed }));
  };

  context.subscriptions.push(
    treeView,
    activityView,
    ...Object.values(changed),
    ...Object.values(CommandId).map((id) => vscode.commands.registerCommand(id, (...args: unknown[]) => body().command(id, args))),
    vscode.workspace.registerTextDocumentContentProvider(ITEM_SCHEME, {
      onDidChange: changed.itemDocuments.event,
      provideTextDocumentContent: (uri) => body().itemDocuments.provideTextDocumentContent(uri),
    }),
    vscode.workspace.registerFileSystemProvider(
      LOG_SCHEME,
      {
        onDidChangeFile: changed.logFiles.event,
        stat: (uri) => body().logFiles.stat(uri),
        readFile: (uri) => body().logFiles.readFile(uri),
        watch: () => new vscode.Disposable(() => undefined),
        readDirectory: () => [],
        createDirectory: readOnly,
        writeFile: readOnly,
        delete: readOnly,
        rename: readOnly,
      },
      { isReadonly: true, isCaseSensitive: true },
    ),
    vscode.window.registerWebviewPanelSerializer(PANEL_VIEW_TYPE, {
      deserializeWebviewPanel: (panel, state: unknown) => body().serializer.deserializeWebviewPanel(panel, state),
    }),
    ...registerTools(context, body),
  );
  void revealOnStartup().catch(() => undefined);
  // The test surface is for the test harness only: another installed extension gets nothing.
  return context.extensionMode === vscode.ExtensionMode.Test ? body().testApi : undefined;
}

/** The tools package.json declares, each forwarded to the body. Hosts without the API get none. */
function registerTools(context: vscode.ExtensionContext, body: () => Core): vscode.Disposable[] {
  if (typeof vscode.lm?.registerTool !== 'function') return [];
  const declared = (context.extension.packageJSON as { contributes?: { languageModelTools?: { name: string }[] } }).contributes?.languageModelTools ?? [];
  const tool = (name: string) => {
    const t = body().tool(name);
    if (!t) throw new Error(`no tool ${name}`);
    return t;
  };
  return declared.map(({ name }) =>
    vscode.lm.registerTool(name, {
      prepareInvocation: (options, token) => tool(name).prepareInvocation?.(options, token),
      invoke: (options, token) => tool(name).invoke(options, token),
    }),
  );
}

/** Logs are read-only: the editor offers no change to make, and gets this if it asks anyway. */
function readOnly(): never {
  throw vscode.FileSystemError.NoPermissions('Skyvia logs are read-only.');
}

export function deactivate(): void {}
