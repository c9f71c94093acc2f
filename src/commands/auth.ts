// Sign in, try the demo, sign out.
import vscode = require('vscode');
import { l10n } from 'vscode';
import { promptSignIn } from '../auth/signInPrompt';
import type { CommandDeps } from './deps';

export async function signIn({ session, settings }: CommandDeps): Promise<boolean> {
  const ok = await promptSignIn(session, settings().baseUrl);
  if (ok) {
    void focusView();
    void vscode.window.showInformationMessage(l10n.t('Signed in to Skyvia ({0}).', session.current().baseUrl ?? ''));
  }
  return ok;
}

export async function tryDemo({ session }: CommandDeps): Promise<void> {
  const demo = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: l10n.t('Starting the Skyvia demo service…') },
    () => session.startDemo(),
  );
  void focusView();
  void vscode.window.showInformationMessage(l10n.t('Connected to the Skyvia demo account (a simulated service at {0}). Use "{1}" to leave it.', demo.url, l10n.t('Skyvia: Sign Out')));
}

export async function signOut({ session }: CommandDeps): Promise<void> {
  const was = session.current();
  await session.signOut();
  void vscode.window.showInformationMessage(was.source === 'demo' ? l10n.t('Left the Skyvia demo account.') : l10n.t('Signed out of Skyvia; the token was removed from secret storage.'));
}

function focusView(): Thenable<unknown> {
  return vscode.commands.executeCommand('skyvia.explorer.focus');
}
