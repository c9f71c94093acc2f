// What the features (this folder) are started with: the parts of the body the first rows of the
// tree already needed (core.ts), and the other features, each loaded the first time it is asked
// for. Core imports its types only, so that none of the features is loaded with it.
import type * as vscode from 'vscode';
import type { Accounts } from '../host/accounts';
import type { AccountId } from '../shared/refs';
import type { Node } from '../tree/node';
import type { ActivityElement } from '../watch/activityView';
import type { FailuresElement } from '../views/failuresView';
import type { LiveSettings } from '../host/settings';
import type { Event } from '../shared/events';
import type { RunRecord } from '../shared/model';
import type { Shown } from '../shared/plainText';
import type { PinStore } from '../state/pins';
import type { FailuresView } from '../views/failuresView';
import type { Pins } from './pins';
import type { FactStore } from '../state/facts';
import type { ItemReader } from '../state/itemReader';
import type { RunStore } from '../state/runStore';
import type { ExplorerProvider } from '../tree/explorerProvider';
import type { OutputLog } from '../host/outputLog';
import type { Commands } from './commands';
import type { ItemDocuments } from '../documents/itemDocuments';
import type { LogFiles } from '../logs/logFiles';
import type { Panels } from './panels';
import type { Watch } from './watch';
import type { LanguageModelTools } from '../tools/languageModelTools';
import type { RunsGrid } from '../panels/runsGrid';

/** What the entry point made at activation, for the body to fill in. */
export interface Shell {
  treeView: vscode.TreeView<Node>;
  activityView: vscode.TreeView<ActivityElement>;
  failuresView: vscode.TreeView<FailuresElement>;
  /** The entry point's change events, which VS Code subscribed to before the body existed. */
  changed: {
    explorer: vscode.EventEmitter<Node | Node[] | undefined | void>;
    activity: vscode.EventEmitter<ActivityElement | undefined | void>;
    failures: vscode.EventEmitter<FailuresElement | undefined | void>;
    itemDocuments: vscode.EventEmitter<vscode.FileChangeEvent[]>;
    logFiles: vscode.EventEmitter<vscode.FileChangeEvent[]>;
    sessions: vscode.EventEmitter<vscode.AuthenticationProviderAuthenticationSessionsChangeEvent>;
  };
  /** How long loading the body took (its file read and evaluated), and how long after activation it was asked for: for the log. */
  /** How the body loaded: how long it took, when it was asked for, whether V8 took its code from the cache. */
  loaded: { ms: number; afterActivationMs: number; cached?: boolean };
}

export interface Parts {
  context: vscode.ExtensionContext;
  shell: Shell;
  log: OutputLog;
  settings: LiveSettings;
  accounts: Accounts;
  runs: RunStore;
  facts: FactStore;
  reader: ItemReader;
  provider: ExplorerProvider;
  pins: PinStore;
  /** What every sink applies to what it shows: API text cleaned, every secret seen redacted. */
  shown: Shown;
  /** Waits for the accounts to be known (a restored tab or panel may ask before the tree); `false` when this one is not signed in. */
  signedIn(account: AccountId): Promise<boolean>;
  /** An account was signed out or its token refused (`undefined`: every account): nothing of it may stay on screen. */
  accountEnded: Event<AccountId | undefined>;
  /** The watcher's ticks, relayed: what follows a run (an open log) listens before the watcher is loaded. */
  ticks: { fire(runs: readonly RunRecord[]): void; event: Event<readonly RunRecord[]> };
  /** Runs that left or ended before the watcher was loaded, once, for it to take over. */
  early(): { left: RunRecord[]; ended: RunRecord[] };
}

export interface Features {
  commands(): Promise<Commands>;
  documents(): Promise<ItemDocuments>;
  logs(): Promise<LogFiles>;
  panels(): Promise<Panels>;
  watch(): Promise<Watch>;
  pins(): Promise<Pins>;
  failures(): Promise<FailuresView>;
  runsGrid(): Promise<RunsGrid>;
  tools(): Promise<LanguageModelTools>;
}

/** A warning for the output channel: what failed, in its own words. */
export function warn(log: OutputLog): (what: string, e: unknown) => void {
  return (what, e) => log.warn(`${what} failed: ${e instanceof Error ? e.message : String(e)}`);
}
