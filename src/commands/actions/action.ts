// One action is one small spec: what it applies to, what it asks first, the one request it
// sends per target, what it tells the user and what it updates afterwards. The runner
// (../runner.ts) does everything around it — targets, confirmation, progress, the guard
// against double starts, messages, retry — so no action calls `window.*` itself.
//
// Every text a person reads is a whole sentence or phrase of the spec's own, in the user's
// language (read when shown, never when the module loads): the runner never builds one from an
// action's fragments, as word order, inflection and capitals are the translator's. The output
// channel names an action by its command id, in English.
import type * as vscode from 'vscode';
import type { SkyviaClient } from '../../api';
import type { CommandId } from '../../shared/commandIds';
import type { AccountId, ItemRef, RefKind, Target } from '../../shared/refs';
import type { ItemReader } from '../../state/itemReader';
import type { FactStore } from '../../state/facts';
import type { RunStore } from '../../state/runStore';
import type { PinStore } from '../../state/pins';
import type { ProgressReport, Prompter, Severity } from '../prompter';
import type { Shown } from '../../shared/plainText';
import type { Capability } from '../../kinds/contextValues';

/** What actions may change in the tree after they succeed. */
export interface TreeEffects {
  /** An object's own fresh read: every node showing it updates, and its parent's summary. */
  updateItem(ref: ItemRef, data: object): void;
  /** An object left its list (deleted, removed): its rows go without reloading the list. */
  removeItem(ref: ItemRef): void;
  /** Reloads an account's loaded lists that show objects of this kind (a new invitation, a user added to a workspace). */
  reloadLists(account: AccountId, kind: 'invitations' | 'accountUsers' | 'workspaceUsers', workspaceId?: number): void;
}

export interface ActionContext {
  /** The client of the account an action's target belongs to (throws when it is not signed in). */
  client(account: AccountId): SkyviaClient;
  reader: ItemReader;
  facts: FactStore;
  runs: RunStore;
  /** The account's pinned items. */
  pins: PinStore;
  tree: TreeEffects;
  prompter: Prompter;
  clipboard(text: string): Promise<void>;
  /** Opens the details of an object (its own read, done by the caller) in an editor tab. */
  showDetails(target: Target, data: object): Promise<void>;
  /** The log already read for an object, if its log is open. */
  cachedLog(target: Target): Promise<string | undefined>;
  /** Opens a log as a read-only document titled after the object and its item. */
  showLog(target: Target, text: string): Promise<void>;
  /**
   * Two logs side by side in VS Code's diff editor, both read-only log documents with their
   * times since their start, so lines that match line up: the older on the left (Compare with
   * Last Success).
   */
  showLogDiff(left: { target: Target; text: string }, right: { target: Target; text: string }, title: string): Promise<void>;
  /** Opens (or reveals) the object's panel. */
  showPanel(target: Target): Promise<void>;
  /** Runs another command (a notification's "Show Run", "Try Again"). */
  runCommand(id: string, ...args: unknown[]): Promise<unknown>;
  /** What the tree calls an object (a workspace's name for a message), else its kind and id. */
  nameOf(ref: ItemRef): string;
  /** Cleaning and redaction of text from the service, for what an action writes out itself (an export). */
  shown: Shown;
  /** Writes a file the user chose (an export), through VS Code's file system. */
  writeFile(uri: vscode.Uri, text: string): Promise<void>;
  /** The file a caller named (a `vscode.Uri`, or a path), if it named one. */
  fileOf(value: unknown): vscode.Uri | undefined;
}

export interface Confirmation {
  message: string;
  detail: string;
  button: string;
}

export interface Told {
  severity: Severity;
  text: string;
  /** Buttons and what they do. */
  buttons?: { label: string; run(): unknown }[];
}

/**
 * An action: `C` is what of the action context it uses (`Pick<ActionContext, 'client' | 'facts'>`),
 * so each says which services it calls; the runner hands every action the whole context.
 */
export interface Action<I = unknown, R = unknown, C extends Partial<ActionContext> = ActionContext> {
  id: CommandId;
  /**
   * The capability of the item's kind record it needs (`canRun`…): where the item's facts say it
   * is not granted now (already running, no schedule…), the runner sends nothing and says why —
   * the same rule that hides the action from the tree's menu and the panel.
   */
  needs?: Capability;
  /** The kinds of object it applies to; a palette invocation asks which one when there are several. */
  kinds: readonly RefKind[];
  /** What the palette's pickers say ("Run an integration"), in the user's language when shown. */
  pickTitle(): string;
  /** Applies to several selected items at once, one request each, one summary ("3 endpoints disabled."). */
  many?: {
    /**
     * The whole sentence for `n` of them done, singular or plural as `n` asks ("1 endpoint
     * disabled.", "3 endpoints disabled."); `kind` is theirs, for an action on several kinds.
     */
    done(n: number, kind: RefKind): string;
    /** A summary of the successes that says more than "n done" (tests that ran but failed). */
    summary?(done: { target: Target; result: R }[]): Told | undefined;
  };
  /** Asked before anything is sent, naming the item(s); destructive actions only. */
  confirm?(targets: readonly Target[]): Confirmation;
  /**
   * Anything else it needs (an e-mail, a role): asked through the prompter, or taken from the
   * command's argument when one is given. `undefined` means the user backed out.
   */
  input?(ctx: C, targets: readonly Target[], given: unknown): Promise<I | undefined>;
  /**
   * Starts work the API cannot deduplicate (a run, a snapshot): never retried automatically, one
   * start at a time per item, and "Retry" after a network failure first asks whether it started.
   */
  startsWork?: boolean;
  /**
   * Shown on the item while the request is out, a phrase that stands alone ("starting run…"): the
   * tree row's description, and in parentheses in the sentences that say a request is already out.
   */
  busy(): string;
  /**
   * The progress title: for one target ("Disabling “Orders API”…") or, for an action with `many`,
   * for several ("Disabling 3 endpoints…").
   */
  progress(targets: readonly Target[]): string;
  /**
   * A failure of one target in the runner's words, the whole sentence: "Couldn't disable “Orders
   * API”: {reason}" — `reason` is the service's, a sentence already.
   */
  couldNot(t: Target, reason: string): string;
  /** The one request (or, for an export, the pages it reads); `report` says how far it got. */
  send(ctx: C, t: Target, input: I, signal: AbortSignal, report: ProgressReport): Promise<R>;
  /**
   * Long work the user may stop (an export of every page): its progress is a notification with
   * Cancel, which aborts `signal`, whether or not the view is on screen.
   */
  cancellable?: boolean;
  /** No request and nothing slow (copying what is known): no progress, no busy state, no guard. */
  local?: boolean;
  /**
   * Asked again for a target while it is still out, it is sent again rather than skipped: for an
   * action whose send takes a second ask as meant (Open Panel reveals the panel it is filling, and
   * a second ask that soon is a double-click on the row, which keeps the panel open).
   */
  reentrant?: boolean;
  /** What to tell the user when it worked; `undefined` says nothing (copying, opening). */
  done(t: Target, result: R, ctx: C, input: I): Told | undefined;
  /** Stores and tree after a success (the item's own read, a list reload…). */
  after?(ctx: C, t: Target, result: R, input: I): Promise<unknown> | void;
  /**
   * How a failure reads, when the API's error deserves its own words (404 on a schedule enable
   * means "no schedule", not "not found"). `undefined` lets the runner phrase it, with `couldNot`.
   */
  failed?(ctx: C, t: Target, error: unknown, input: I): Told | undefined;
}

/** The same action, whatever its input and result types: what the registration table holds. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyAction = Action<any, any, any>;
