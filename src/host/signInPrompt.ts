// The sign-in dialogue, which adds an account: the base URL (only when the settings point somewhere
// other than the default, to confirm it), then the token in a password box that stays open until
// the service accepts the token or the user gives up. A rejected token is answered in the server's
// words and nothing is stored; an unreachable server says so and Enter tries again; a token signed
// in already says as which account. (Naming an account beside others is the command's: commands/auth.ts.)
import vscode = require('vscode');
import { DEFAULT_BASE_URL, type SkyviaError } from '../api';
import { cleanLine } from '../shared/plainText';
import { normalizeBaseUrl } from './settings';
import type { AccountId } from '../shared/refs';
import { ENV_TOKEN, hostOf, type Accounts } from './accounts';

/** Resolves with the account signed in, `undefined` if the user cancelled. */
export async function promptSignIn(accounts: Accounts, configuredBaseUrl: string): Promise<AccountId | undefined> {
  await accounts.resolve().catch(() => undefined);
  const baseUrl = configuredBaseUrl === DEFAULT_BASE_URL ? DEFAULT_BASE_URL : await askBaseUrl(configuredBaseUrl);
  return baseUrl === undefined ? undefined : askToken(accounts, baseUrl);
}

async function askBaseUrl(current: string): Promise<string | undefined> {
  const value = await vscode.window.showInputBox({
    title: vscode.l10n.t('Sign in to Skyvia (1/2)'),
    prompt: vscode.l10n.t('Skyvia API base URL (from the setting {0})', 'skyvia.baseUrl'),
    value: current,
    ignoreFocusOut: true,
    validateInput: (text) => (isHttpUrl(text) ? undefined : vscode.l10n.t('Enter an http:// or https:// URL, like {0}', DEFAULT_BASE_URL)),
  });
  return value === undefined ? undefined : normalizeBaseUrl(value);
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text.trim());
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

function askToken(accounts: Accounts, baseUrl: string): Promise<AccountId | undefined> {
  return new Promise((resolve) => {
    const box = vscode.window.createInputBox();
    const host = hostOf(baseUrl);
    box.title = baseUrl === DEFAULT_BASE_URL ? vscode.l10n.t('Sign in to Skyvia') : vscode.l10n.t('Sign in to Skyvia at {0} (2/2)', host);
    box.prompt = vscode.l10n.t('Paste an API token (Skyvia: Account Settings > API Settings). It is kept in VS Code secret storage.');
    box.placeholder = vscode.l10n.t('API token');
    box.password = true;
    box.ignoreFocusOut = true;
    let signedIn: AccountId | undefined;
    let checking: AbortController | undefined;
    // A sign-out had the environment's token ignored: it is one click away again.
    const fromEnvironment: vscode.QuickInputButton | undefined =
      accounts.environmentToken() === 'ignored'
        ? { iconPath: new vscode.ThemeIcon('key'), tooltip: vscode.l10n.t('Sign in with the token from the environment variable {0}', ENV_TOKEN) }
        : undefined;
    if (fromEnvironment) box.buttons = [fromEnvironment];
    const subscriptions = [
      box.onDidTriggerButton(async (button) => {
        if (button !== fromEnvironment || checking) return;
        box.busy = true;
        const state = await accounts.useEnvironmentToken().catch(() => undefined);
        box.busy = false;
        const account = accounts.list().find((a) => a.source === 'env');
        if (state === 'signedIn' && account) {
          signedIn = account.id;
          box.hide();
        } else {
          box.validationMessage = {
            message: account?.rejection ?? vscode.l10n.t('The token from the environment variable {0} was not accepted.', ENV_TOKEN),
            severity: vscode.InputBoxValidationSeverity.Error,
          };
        }
      }),
      box.onDidChangeValue(() => {
        if (!box.busy) box.validationMessage = undefined;
      }),
      box.onDidAccept(async () => {
        if (checking) return;
        const token = box.value.trim();
        if (!token) {
          box.validationMessage = vscode.l10n.t('Paste a token first.');
          return;
        }
        checking = new AbortController();
        box.busy = true;
        box.enabled = false;
        box.validationMessage = undefined;
        const result = await accounts.signInWithToken(baseUrl, token, checking.signal);
        checking = undefined;
        box.busy = false;
        box.enabled = true;
        if (result.ok) {
          signedIn = result.account;
          box.hide();
        } else if ('already' in result) {
          box.validationMessage = {
            message: vscode.l10n.t('This token is signed in already, as the account “{0}”.', result.already.label),
            severity: vscode.InputBoxValidationSeverity.Error,
          };
        } else if (result.error.kind !== 'cancelled') {
          // The service's own words: shown cleaned, as everywhere (the token itself is already redacted from them).
          box.validationMessage = { message: cleanLine(explain(result.error, host), 1_000), severity: vscode.InputBoxValidationSeverity.Error };
        }
      }),
      box.onDidHide(() => {
        checking?.abort();
        for (const s of subscriptions) s.dispose();
        box.dispose();
        resolve(signedIn);
      }),
    ];
    box.show();
  });
}

/** What the input box says when the check failed, decided on the error's kind. */
export function explain(error: SkyviaError, host: string): string {
  // A proxy or a certificate in the way names itself and what to do: no host to add.
  if (error.advice) return vscode.l10n.t('{0} {1} Press Enter to try again.', sentence(error.userMessage), error.advice);
  const retry = () => vscode.l10n.t('{0} Press Enter to try again.', sentence(error.userMessage));
  const unreachable = () => vscode.l10n.t('{0} ({1}). Press Enter to try again.', error.userMessage, host);
  const said: Partial<Record<SkyviaError['kind'], () => string>> = {
    auth: () => vscode.l10n.t('Token rejected: {0} Check the token and try again.', sentence(error.userMessage)),
    network: unreachable,
    timeout: unreachable,
    badResponse: () => vscode.l10n.t('{0} Is the base URL right? ({1})', sentence(error.userMessage), host),
  };
  return (said[error.kind] ?? retry)();
}

function sentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}
