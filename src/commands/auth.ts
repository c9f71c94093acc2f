// Sign in, try the demo, sign out.
import vscode = require('vscode');
import { l10n } from 'vscode';
import { ENV_TOKEN } from '../host/session';
import { promptSignIn } from '../host/signInPrompt';
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
  const demo = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: l10n.t('Starting the Skyvia demo service…') }, () =>
    session.startDemo(),
  );
  void focusView();
  void vscode.window.showInformationMessage(
    l10n.t('Connected to the Skyvia demo account (a simulated service at {0}). Use "{1}" to leave it.', demo.url, l10n.t('Skyvia: Sign Out')),
  );
}

export async function signOut({ session, prompter }: CommandDeps): Promise<void> {
  const was = session.current();
  await session.signOut();
  if (was.source === 'demo') return void prompter.message('info', l10n.t('Left the Skyvia demo account.'));
  if (was.source === 'stored' && session.environmentToken() === 'none')
    return void prompter.message('info', l10n.t('Signed out of Skyvia; the token was removed from secret storage.'));
  // The environment's token was never stored: what signing out does to it is that it is ignored
  // from now on (also after a reload), until the user asks for it again.
  const again = l10n.t('Use It Again');
  const text =
    was.source === 'env'
      ? l10n.t(
          'Signed out of Skyvia. The token came from the environment variable {0} and was not stored; it is ignored from now on, also after a reload. To sign in with it again, choose "{1}" here or in "{2}".',
          ENV_TOKEN,
          again,
          l10n.t('Skyvia: Sign In'),
        )
      : l10n.t(
          'Signed out of Skyvia; the token was removed from secret storage. The token in the environment variable {0} is ignored from now on, also after a reload. To sign in with it again, choose "{1}" here or in "{2}".',
          ENV_TOKEN,
          again,
          l10n.t('Skyvia: Sign In'),
        );
  if ((await prompter.message('info', text, again)) === again) await session.useEnvironmentToken();
}

function focusView(): Thenable<unknown> {
  return vscode.commands.executeCommand('skyvia.explorer.focus');
}
