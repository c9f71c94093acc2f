// Where API tokens live: VS Code SecretStorage (the OS keychain on desktop), one entry per base
// URL, so a token for one service is never sent to another one the settings now point at.
import type * as vscode from 'vscode';
import { normalizeBaseUrl } from './settings';

const PREFIX = 'skyvia.token:';

export function tokenKey(baseUrl: string): string {
  return PREFIX + normalizeBaseUrl(baseUrl);
}

export class TokenStore {
  constructor(private readonly secrets: vscode.SecretStorage) {}

  async get(baseUrl: string): Promise<string | undefined> {
    const token = await this.secrets.get(tokenKey(baseUrl));
    return token?.trim() || undefined;
  }

  async set(baseUrl: string, token: string): Promise<void> {
    await this.secrets.store(tokenKey(baseUrl), token);
  }

  async delete(baseUrl: string): Promise<void> {
    await this.secrets.delete(tokenKey(baseUrl));
  }

  /** Fires with the base URL whose token was stored or deleted (in this or another window). */
  onDidChange(listener: (baseUrl: string) => void): vscode.Disposable {
    return this.secrets.onDidChange((e) => {
      if (e.key.startsWith(PREFIX)) listener(e.key.slice(PREFIX.length));
    });
  }
}
