// Sign in, try the demo, sign out.
import vscode = require('vscode');
import { promptSignIn } from '../auth/signInPrompt';
import type { CommandDeps } from './deps';

export async function signIn({ session, settings }: CommandDeps): Promise<boolean> {
  const ok = await promptSignIn(session, settings().baseUrl);
  if (ok) {
    void focusView();
    void vscode.window.showInformationMessage(`Signed in to Skyvia (${session.current().baseUrl}).`);
  }
  return ok;
}

export async function tryDemo({ session }: CommandDeps): Promise<void> {
  const demo = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: 'Starting the Skyvia demo service…' },
    () => session.startDemo(),
  );
  void focusView();
  void vscode.window.showInformationMessage(`Connected to the Skyvia demo account (a simulated service at ${demo.url}). Use "Skyvia: Sign Out" to leave it.`);
}

export async function signOut({ session }: CommandDeps): Promise<void> {
  const was = session.current();
  await session.signOut();
  void vscode.window.showInformationMessage(was.source === 'demo' ? 'Left the Skyvia demo account.' : 'Signed out of Skyvia; the token was removed from secret storage.');
}

function focusView(): Thenable<unknown> {
  return vscode.commands.executeCommand('skyvia.explorer.focus');
}
