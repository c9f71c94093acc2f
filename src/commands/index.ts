// THE command table: every command the extension registers, with its handler. package.json
// `contributes.commands` lists the same ids (test/unit/manifest.test.ts keeps the two in step).
import * as vscode from 'vscode';
import { isSkyviaError } from '../api';
import * as auth from './auth';
import type { CommandDeps, Handler } from './deps';
import * as filters from './filters';
import { CommandId } from './ids';
import * as tree from './tree';

export const COMMANDS: Record<CommandId, Handler> = {
  [CommandId.signIn]: auth.signIn,
  [CommandId.signOut]: auth.signOut,
  [CommandId.tryDemo]: auth.tryDemo,
  [CommandId.refresh]: tree.refresh,
  [CommandId.refreshNode]: tree.refreshNode,
  [CommandId.loadMore]: tree.loadMore,
  [CommandId.copyId]: tree.copyId,
  [CommandId.openItem]: tree.openItem,
  [CommandId.showLog]: tree.showLog,
  [CommandId.filter]: filters.filter,
  [CommandId.filterHistory]: filters.filterHistory,
  [CommandId.clearFilter]: filters.clearFilter,
};

export function registerCommands(deps: CommandDeps): vscode.Disposable[] {
  return Object.entries(COMMANDS).map(([id, handler]) =>
    vscode.commands.registerCommand(id, async (...args: unknown[]) => {
      try {
        return await handler(deps, ...args);
      } catch (e) {
        report(deps, id, e);
        return undefined;
      }
    }),
  );
}

/** One place where a failed command is told to the user (in the server's words) and logged. */
function report({ log }: CommandDeps, id: string, error: unknown): void {
  if (isSkyviaError(error, 'cancelled')) return;
  const message = log.redact(isSkyviaError(error) ? error.userMessage : error instanceof Error ? error.message : String(error));
  log.error(`${id} failed`, error);
  void vscode.window.showErrorMessage(message, 'Show Log').then((choice) => {
    if (choice) log.show();
  });
}
