// What is kept of the accounts across windows, in globalState (never their tokens, which are in
// SecretStorage, tokenStore.ts): the list of those signed in with a token, in the order they were
// signed in, and the names the user gave them.
import type * as vscode from 'vscode';
import type { AccountId } from '../../shared/refs';

const LIST_KEY = 'skyvia.accounts';
const NAMES_KEY = 'skyvia.accountNames';

/** One entry of `skyvia.accounts`: an account signed in with a token, in the order signed in. */
export interface Listed {
  id: AccountId;
  baseUrl: string;
}

export class SavedAccounts {
  constructor(private readonly globalState: vscode.Memento) {}

  /** Whether a list was ever written: without one, the storage is an earlier version's (earlierVersion.ts). */
  get hasList(): boolean {
    return this.globalState.get(LIST_KEY) !== undefined;
  }

  /** The accounts signed in with a token; entries of another shape are skipped. */
  listed(): Listed[] {
    const stored = this.globalState.get<unknown>(LIST_KEY);
    return Array.isArray(stored)
      ? stored.filter((l): l is Listed => !!l && typeof l === 'object' && typeof (l as Listed).id === 'string' && typeof (l as Listed).baseUrl === 'string')
      : [];
  }

  saveList(listed: Listed[]): Thenable<void> {
    return this.globalState.update(LIST_KEY, listed);
  }

  /** The names the user gave, by account. Read at each use: another window may have renamed one. */
  names(): Record<AccountId, string | undefined> {
    const stored = this.globalState.get<unknown>(NAMES_KEY);
    return stored && typeof stored === 'object' ? (stored as Record<AccountId, string>) : {};
  }

  /** Writes the names; an empty or `undefined` one is dropped (the account's default name again). */
  saveNames(names: Record<AccountId, string | undefined>): Thenable<void> {
    return this.globalState.update(NAMES_KEY, Object.fromEntries(Object.entries(names).filter(([, v]) => v)));
  }
}
