// Names the entry point registers before the extension's body is loaded: its details scheme
// and its panel type. (Command ids are in commandIds.ts, the log scheme in logs/scheme.ts; tool
// names come from package.json.)

/** Details documents: `skyvia-item:/Run 123 · Nightly Sync.md`. */
export const ITEM_SCHEME = 'skyvia-item';
/** The webview panel of an item (one per item; restored after a reload). */
export const PANEL_VIEW_TYPE = 'skyvia.item';
/** The authentication provider: Skyvia in VS Code's Accounts menu. */
export const AUTH_PROVIDER_ID = 'skyvia';
