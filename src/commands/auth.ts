// Sign in (or add another account), try the demo, rename an account, sign out of one.
import vscode = require('vscode');
import { l10n } from 'vscode';
import { ENV_TOKEN, type AccountInfo } from '../host/accounts';
import { promptSignIn } from '../host/signInPrompt';
import type { AccountId } from '../shared/refs';
import { Node } from '../tree/node';
import type { CommandDeps } from './deps';

/** What the account commands take: the accounts and the prompter (sign-in also the settings, for the service it offers). */
type AuthDeps = Pick<CommandDeps, 'accounts' | 'prompter'>;

/**
 * Signs in to an account beside those signed in already (the view's "Sign in", "Add Account…",
 * the Accounts menu). Given a refused account (its root's "sign in again"), the new token takes
 * its place: the refused one is signed out once the new one is in. Given `{ baseUrl, token, name }`
 * (a script, the tests), signs in with it without asking. Beside other accounts, the new one is
 * named (its host offered), so the roots tell themselves apart. Resolves with the account signed in.
 */
export async function signIn(deps: AuthDeps & Pick<CommandDeps, 'settings'>, given?: unknown): Promise<AccountId | undefined> {
  const { accounts, settings, prompter } = deps;
  await accounts.resolve().catch(() => undefined);
  const replacing = typeof given === 'string' && accounts.get(given)?.state === 'rejected' ? given : undefined;
  const others = accounts.list().filter((a) => a.id !== replacing).length;
  let id: AccountId | undefined;
  let name: string | undefined;
  if (isSignInArg(given)) {
    const result = await accounts.signInWithToken(given.baseUrl ?? settings().baseUrl, given.token);
    if (!result.ok) throw new Error('already' in result ? alreadyText(result.already) : result.error.userMessage);
    id = result.account;
    name = given.name;
  } else {
    id = await promptSignIn(accounts, settings().baseUrl);
    if (id !== undefined && others > 0) name = await askName(deps, id);
  }
  if (id === undefined) return undefined;
  if (name?.trim()) await accounts.rename(id, name);
  if (replacing && replacing !== id) await accounts.signOut(replacing);
  void focusView();
  const info = accounts.get(id);
  void prompter.message('info', l10n.t('Signed in to Skyvia ({0}).', others > 0 && info ? info.label : (info?.baseUrl ?? '')));
  return id;
}

/** Names a new account beside others: its host offered; Escape keeps it. */
function askName({ accounts, prompter }: AuthDeps, id: AccountId): Promise<string | undefined> {
  return prompter.input({
    title: l10n.t('Name the Skyvia account'),
    prompt: l10n.t('What the tree, notifications and the Accounts menu call this account, beside the others.'),
    value: accounts.get(id)?.label ?? '',
  });
}

export async function tryDemo({ accounts, prompter }: AuthDeps): Promise<AccountId> {
  const demo = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: l10n.t('Starting the Skyvia demo service…') }, () =>
    accounts.startDemo(),
  );
  void focusView();
  void prompter.message(
    'info',
    l10n.t('Connected to the Skyvia demo account (a simulated service at {0}). Use "{1}" to leave it.', demo.url, l10n.t('Skyvia: Sign Out')),
  );
  return 'demo';
}

/** Renames an account (the root clicked, or one picked): what the tree, notifications and the Accounts menu call it. */
export async function renameAccount(deps: AuthDeps, given?: unknown, newName?: unknown): Promise<void> {
  const { accounts, prompter } = deps;
  const account = await whichAccount(deps, given, l10n.t('Rename which Skyvia account?'));
  if (!account) return;
  const name =
    typeof newName === 'string'
      ? newName
      : await prompter.input({
          title: l10n.t('Rename the Skyvia account'),
          prompt: l10n.t('What the tree, notifications and the Accounts menu call this account (empty: its host).'),
          value: account.label,
        });
  if (name !== undefined) await accounts.rename(account.id, name);
}

/** Signs out of one account (the root clicked, the only one, or one picked); the others stay signed in with everything of theirs open. */
export async function signOut(deps: AuthDeps, given?: unknown): Promise<void> {
  const { accounts, prompter } = deps;
  const was = await whichAccount(deps, given, l10n.t('Sign out of which Skyvia account?'));
  if (!was) return;
  await accounts.signOut(was.id);
  const several = accounts.list().length > 0;
  if (was.source === 'demo') return void prompter.message('info', l10n.t('Left the Skyvia demo account.'));
  if (was.source === 'stored' && (accounts.environmentToken() === 'none' || several)) {
    return void prompter.message(
      'info',
      several
        ? l10n.t('Signed out of the Skyvia account “{0}”; its token was removed from secret storage. The other accounts stay signed in.', was.label)
        : l10n.t('Signed out of Skyvia; the token was removed from secret storage.'),
    );
  }
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
  if ((await prompter.message('info', text, again)) === again) await accounts.useEnvironmentToken();
}

/** The account a command is about: a root clicked, an id given, the only one signed in, or the one the user picks. */
async function whichAccount({ accounts, prompter }: AuthDeps, given: unknown, placeholder: string): Promise<AccountInfo | undefined> {
  await accounts.resolve().catch(() => undefined);
  const id = given instanceof Node ? given.account : typeof given === 'string' ? given : undefined;
  if (id !== undefined) return accounts.get(id);
  const all = accounts.list();
  if (all.length <= 1) return all[0];
  return prompter.pick(
    all.map((a) => ({ label: a.label, description: a.state === 'rejected' ? l10n.t('token rejected') : a.baseUrl, value: a })),
    { title: l10n.t('Skyvia accounts'), placeholder },
  );
}

function alreadyText(already: AccountInfo): string {
  return l10n.t('This token is signed in already, as the account “{0}”.', already.label);
}

function isSignInArg(value: unknown): value is { baseUrl?: string; token: string; name?: string } {
  return !!value && typeof value === 'object' && typeof (value as { token?: unknown }).token === 'string';
}

function focusView(): Thenable<unknown> {
  return vscode.commands.executeCommand('skyvia.explorer.focus');
}
