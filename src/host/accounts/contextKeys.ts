// The accounts' overall state, mirrored in context keys for the `when` clauses of the views'
// welcome content and menus: `skyvia.state` (signedOut, signedIn, demo when the demo is the only
// account usable, rejected when none is usable), `skyvia.accountCount` and `skyvia.demoSignedIn`.
import vscode = require('vscode');
import type { SessionState } from './account';

export const CONTEXT_KEY = 'skyvia.state';

/** The state, the number of accounts signed in (refused ones included) and whether the demo's is one of them. */
export function tellAccounts(state: SessionState | undefined, count: number, demoSignedIn: boolean): void {
  void vscode.commands.executeCommand('setContext', CONTEXT_KEY, state);
  void vscode.commands.executeCommand('setContext', 'skyvia.accountCount', count);
  void vscode.commands.executeCommand('setContext', 'skyvia.demoSignedIn', demoSignedIn);
}

/** While the accounts are looked for and the demo was in use: "Sign out" shows in the view's menu even if its service fails to start. */
export function tellDemoExpected(): void {
  void vscode.commands.executeCommand('setContext', CONTEXT_KEY, 'demo');
}
