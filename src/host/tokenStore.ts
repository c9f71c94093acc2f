// Where API tokens live: VS Code SecretStorage (the OS keychain on desktop), one entry per
// account (`skyvia.account:<key>`), so signing out of one account forgets its token alone.
// An earlier version kept one token per base URL (`skyvia.token:<url>`); those are read once, to
// become an account, and deleted.
import type * as vscode from 'vscode';
import { normalizeBaseUrl } from './settings';

const PREFIX = 'skyvia.account:';
const EARLIER_PREFIX = 'skyvia.token:';

export class TokenStore {
  constructor(private readonly secrets: vscode.SecretStorage) {}

  async get(account: string): Promise<string | undefined> {
    const token = await this.secrets.get(PREFIX + account);
    return token?.trim() || undefined;
  }

  async set(account: string, token: string): Promise<void> {
    await this.secrets.store(PREFIX + account, token);
  }

  async delete(account: string): Promise<void> {
    await this.secrets.delete(PREFIX + account);
  }

  /** The token an earlier version stored for a base URL. */
  async getEarlier(baseUrl: string): Promise<string | undefined> {
    const token = await this.secrets.get(EARLIER_PREFIX + normalizeBaseUrl(baseUrl));
    return token?.trim() || undefined;
  }

  async deleteEarlier(baseUrl: string): Promise<void> {
    await this.secrets.delete(EARLIER_PREFIX + normalizeBaseUrl(baseUrl));
  }

  /** Fires with the account whose token was stored or deleted (in this or another window). */
  onDidChange(listener: (account: string) => void): vscode.Disposable {
    return this.secrets.onDidChange((e) => {
      if (e.key.startsWith(PREFIX)) listener(e.key.slice(PREFIX.length));
    });
  }
}
