// Names the entry point registers before the extension's body is loaded: its details scheme
// and its panel type. (Command ids are in commandIds.ts, the log scheme in logs/scheme.ts; tool
// names come from package.json.)

/** Details documents: `skyvia-item:/Run 123 · Nightly Sync.md`. */
export const ITEM_SCHEME = 'skyvia-item';
/** The webview panel of an item (one per item; restored after a reload). */
export const PANEL_VIEW_TYPE = 'skyvia.item';
/** The runs grid's panel (one; restored after a reload). */
export const GRID_VIEW_TYPE = 'skyvia.runsGrid';
/**
 * The window's storage key of the runs it watches (state/keptRuns.ts): the entry point looks at it
 * to watch them again after a reload, whether or not a view of ours is on screen.
 */
export const WATCHED_RUNS_KEY = 'skyvia.watchedRuns';
/** The authentication provider: Skyvia in VS Code's Accounts menu. */
export const AUTH_PROVIDER_ID = 'skyvia';
/**
 * The context keys the getting-started walkthrough's steps complete on (`onContext:<key>` in
 * package.json), by step; set by src/walkthrough.ts where each thing happens.
 */
export const WALKTHROUGH_KEYS = {
  /** Takes `one` or `two` (see src/walkthrough.ts for why not `true`). */
  signedIn: 'skyvia.walkthrough.signedIn',
  workspaceOpened: 'skyvia.walkthrough.workspaceOpened',
  runWatched: 'skyvia.walkthrough.runWatched',
  panelOpened: 'skyvia.walkthrough.panelOpened',
  logOpened: 'skyvia.walkthrough.logOpened',
  toolUsed: 'skyvia.walkthrough.toolUsed',
} as const;
