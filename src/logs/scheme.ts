// Where logs live: their URI scheme, the folder their paths sit in and their language. The entry
// point registers the scheme before the extension's body is loaded, so this file stays tiny.

/** Log documents: `skyvia-log:/skyvia-logs/Run 123 · Nightly Sync.log?run/4210/18234/123`. */
export const LOG_SCHEME = 'skyvia-log';
/** The Skyvia Log language (package.json `languages`). */
export const LOG_LANGUAGE = 'skyvia-log';
/**
 * Matches the log language's `filenamePatterns` in package.json: a log opens in its language at
 * once instead of being relabelled, which reopens it and sends the whole text both ways again.
 */
export const LOG_FOLDER = '/skyvia-logs';
/**
 * A comparison's masked views of logs (logMask.ts): a folder of their own, so the diff editor's
 * title bar tells them from the views with their figures (a `when` on `resourcePath`); the log
 * language claims it too (package.json `filenamePatterns`).
 */
export const MASKED_LOG_FOLDER = `${LOG_FOLDER}/masked`;
