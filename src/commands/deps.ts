// What command handlers work with. Built once, when the first command runs (features/commands.ts).
import type * as vscode from 'vscode';
import type { Session } from '../host/session';
import type { LogFiles } from '../logs/logFiles';
import type { Settings } from '../host/settings';
import type { ItemReader } from '../state/itemReader';
import type { FactStore } from '../state/facts';
import type { RunStore } from '../state/runStore';
import type { ExplorerProvider } from '../tree/explorerProvider';
import type { Node } from '../tree/node';
import type { OutputLog } from '../host/outputLog';
import type { Prompter } from './prompter';
import type { FailuresView } from '../watch/failuresView';
import type { PinStore } from '../state/pins';
import type { PinWatcher } from '../watch/pinWatcher';
import type { ActionRunner } from './runner';

export interface CommandDeps {
  session: Session;
  provider: ExplorerProvider;
  treeView: vscode.TreeView<Node>;
  /** The open logs (loaded on first use). */
  logs(): Promise<LogFiles>;
  log: OutputLog;
  settings: () => Settings;
  prompter: Prompter;
  runner: ActionRunner;
  facts: FactStore;
  runs: RunStore;
  reader: ItemReader;
  /** The Failures view (loaded on first use). */
  failures(): Promise<FailuresView>;
  pins: PinStore;
  /** The pinned items' watcher (loaded on first use). */
  pinWatcher(): Promise<PinWatcher>;
}

/** A command handler: the deps, then whatever VS Code passes (the clicked node for tree commands). */
export type Handler = (deps: CommandDeps, ...args: unknown[]) => unknown;
