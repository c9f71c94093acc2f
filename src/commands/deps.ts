// The services the commands work with: one object, built from the body's parts when the first
// command runs (features/commands.ts), and handed to every handler. Each handler, and the action
// context (actionContext.ts), declares the few members it uses (`Pick<CommandDeps, …>`), so what a
// command depends on is read at its signature. Features loaded on first use are functions that
// load them.
import type * as vscode from 'vscode';
import type { Accounts } from '../host/accounts';
import type { LogFiles } from '../logs/logFiles';
import type { Settings } from '../host/settings';
import type { ItemReader } from '../state/itemReader';
import type { FactStore } from '../state/facts';
import type { RunStore } from '../state/runStore';
import type { ExplorerProvider } from '../tree/explorerProvider';
import type { Node } from '../tree/node';
import type { OutputLog } from '../host/outputLog';
import type { Prompter } from './prompter';
import type { FailuresView } from '../views/failuresView';
import type { RunsGrid } from '../panels/runsGrid';
import type { PinStore } from '../state/pins';
import type { PinWatcher } from '../watch/pinWatcher';
import type { ActionRunner } from './runner';
import type { ItemDocuments } from '../documents/itemDocuments';
import type { ItemPanels } from '../panels/itemPanels';
import type { Shown } from '../shared/plainText';

export interface CommandDeps {
  /** Cleaning and redaction of text from the service, for what is written out or shown. */
  shown: Shown;
  /** Details documents, logs and panels (each loaded the first time one is shown). */
  documents(): Promise<ItemDocuments>;
  panels(): Promise<ItemPanels>;
  accounts: Accounts;
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
  /** The runs grid (loaded on first use). */
  runsGrid(): Promise<RunsGrid>;
  pins: PinStore;
  /** The pinned items' watcher (loaded on first use). */
  pinWatcher(): Promise<PinWatcher>;
}

/** A command handler: the deps, then whatever VS Code passes (the clicked node for tree commands). */
export type Handler = (deps: CommandDeps, ...args: unknown[]) => unknown;
