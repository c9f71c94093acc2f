// What command handlers work with. Built once in extension.ts.
import type * as vscode from 'vscode';
import type { Session } from '../auth/session';
import type { Settings } from '../settings';
import type { ExplorerProvider } from '../tree/explorerProvider';
import type { Node } from '../tree/node';
import type { Log } from '../util/log';
import type { ItemDocuments } from './itemDocuments';

export interface CommandDeps {
  session: Session;
  provider: ExplorerProvider;
  treeView: vscode.TreeView<Node>;
  documents: ItemDocuments;
  log: Log;
  settings: () => Settings;
}

/** A command handler: the deps, then whatever VS Code passes (the clicked node for tree commands). */
export type Handler = (deps: CommandDeps, ...args: unknown[]) => unknown;
