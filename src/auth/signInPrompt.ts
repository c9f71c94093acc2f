// The sign-in dialogue: the base URL (only when the settings point somewhere other than the
// default, to confirm it), then the token in a password box that stays open until the service
// accepts the token or the user gives up. A rejected token is answered in the server's words and
// nothing is stored; an unreachable server says so and Enter tries again.
import vscode = require('vscode');
import { DEFAULT_BASE_URL, type SkyviaError } from '../api';
import { cleanLine } from '../shared/plainText';
import { normalizeBaseUrl } from '../settings';
import type { Session } from './session';

/** Resolves `true` once signed in, `false` if the user cancelled. */
export async function promptSignIn(session: Session, configuredBaseUrl: string): Promise<boolean> {
  const baseUrl = configuredBaseUrl === DEFAULT_BASE_URL ? DEFAULT_BASE_URL : await askBaseUrl(configuredBaseUrl);
  return baseUrl === undefined ? false : askToken(session, baseUrl);
}

async function askBaseUrl(current: string): Promise<string | undefined> {
  const value = await vscode.window.showInputBox({
    title: 'Sign in to Skyvia (1/2)',
    prompt: 'Skyvia API base URL (from the setting skyvia.baseUrl)',
    value: current,
    ignoreFocusOut: true,
    validateInput: (text) => (isHttpUrl(text) ? undefined : 'Enter an http:// or https:// URL, like https://api.skyvia.com'),
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

function askToken(session: Session, baseUrl: string): Promise<boolean> {
  return new Promise((resolve) => {
    const box = vscode.window.createInputBox();
    const host = hostOf(baseUrl);
    box.title = baseUrl === DEFAULT_BASE_URL ? 'Sign in to Skyvia' : `Sign in to Skyvia at ${host} (2/2)`;
    box.prompt = 'Paste an API token (Skyvia: Account Settings > API Settings). It is kept in VS Code secret storage.';
    box.placeholder = 'API token';
    box.password = true;
    box.ignoreFocusOut = true;
    let signedIn = false;
    let checking: AbortController | undefined;
    const subscriptions = [
      box.onDidChangeValue(() => {
        if (!box.busy) box.validationMessage = undefined;
      }),
      box.onDidAccept(async () => {
        if (checking) return;
        const token = box.value.trim();
        if (!token) {
          box.validationMessage = 'Paste a token first.';
          return;
        }
        checking = new AbortController();
        box.busy = true;
        box.enabled = false;
        box.validationMessage = undefined;
        const result = await session.signInWithToken(baseUrl, token, checking.signal);
        checking = undefined;
        box.busy = false;
        box.enabled = true;
        if (result.ok) {
          signedIn = true;
          box.hide();
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
function explain(error: SkyviaError, host: string): string {
  switch (error.kind) {
    case 'auth':
      return `Token rejected: ${sentence(error.userMessage)} Check the token and try again.`;
    case 'network':
    case 'timeout':
      return `${error.userMessage} (${host}). Press Enter to try again.`;
    case 'badResponse':
      return `${sentence(error.userMessage)} Is the base URL right? (${host})`;
    default:
      return `${sentence(error.userMessage)} Press Enter to try again.`;
  }
}

function sentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
