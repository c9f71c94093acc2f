// Names the entry point registers before the extension's body is loaded: its URI schemes and
// its panel type. (Command ids are in commandIds.ts; tool names come from package.json.)

/** Details documents: `skyvia-item:/Run 123 · Nightly Sync.md`. */
export const ITEM_SCHEME = 'skyvia-item';
/** Log documents: `skyvia-log:/Run 123 · Nightly Sync.log`. */
export const LOG_SCHEME = 'skyvia-log';
/** The webview panel of an item (one per item; restored after a reload). */
export const PANEL_VIEW_TYPE = 'skyvia.item';
/** The authentication provider: Skyvia in VS Code's Accounts menu. */
export const AUTH_PROVIDER_ID = 'skyvia';
