// Skyvia in VS Code's Accounts menu: an AuthenticationProvider over the accounts the explorer has
// signed in, one entry each. Each shows with its name (as the user chose, else the API's host or
// "Demo account") and Sign Out there signs out of that account alone; "Sign in with Skyvia" there
// runs the explorer's own sign-in, which adds an account (the token is checked, then kept in
// SecretStorage, nowhere else). Another extension asking for a Skyvia session gets one only once
// the user allows it — VS Code asks.
import vscode = require('vscode');
import { l10n } from 'vscode';
import { AUTH_PROVIDER_ID } from '../shared/contributions';
import type { AccountId } from '../shared/refs';
import type { Accounts } from './accounts';

export class SkyviaAuthentication implements vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<vscode.AuthenticationProviderAuthenticationSessionsChangeEvent>();
  readonly onDidChangeSessions = this.emitter.event;
  /** The sessions last told to VS Code, to say what was added, removed or changed. */
  private shown: vscode.AuthenticationSession[] = [];
  private readonly subscription: vscode.Disposable;

  constructor(
    private readonly accounts: Accounts,
    /** The explorer's sign-in dialogue: the account it signed in, if any. */
    private readonly signIn: () => Promise<AccountId | undefined>,
  ) {
    this.subscription = accounts.onDidChange(() => {
      this.tell();
      if (accounts.state === 'signedOut') this.offerSignIn();
    });
  }

  async getSessions(): Promise<vscode.AuthenticationSession[]> {
    await this.accounts.resolve().catch(() => undefined);
    return (this.shown = this.current());
  }

  async createSession(): Promise<vscode.AuthenticationSession> {
    const id = await this.signIn();
    const created = id === undefined ? undefined : this.current().find((s) => s.id === id);
    if (!created) throw new Error(l10n.t('Signing in to Skyvia was cancelled.'));
    return created;
  }

  async removeSession(sessionId: string): Promise<void> {
    await this.accounts.signOut(sessionId);
  }

  dispose(): void {
    this.subscription.dispose();
    this.emitter.dispose();
  }

  private current(): vscode.AuthenticationSession[] {
    return this.accounts.list().flatMap((info) => {
      const s = this.accounts.session(info.id);
      return s ? [{ id: s.id, accessToken: s.token, account: { id: s.id, label: s.label }, scopes: [] }] : [];
    });
  }

  /**
   * Signed out: VS Code's Accounts menu offers "Sign in with Skyvia" (a request for a session, as
   * GitHub's extensions make), which runs the explorer's own sign-in through `createSession`. It
   * goes when a session comes, however it was signed in.
   */
  private offerSignIn(): void {
    Promise.resolve(vscode.authentication.getSession(AUTH_PROVIDER_ID, [], { createIfNone: false })).then(undefined, () => undefined);
  }

  /** The accounts changed (signed in, out, renamed, a refused token, the demo): tell VS Code what that was. */
  private tell(): void {
    const before = new Map(this.shown.map((s) => [s.id, s]));
    const now = this.current();
    this.shown = now;
    // The Accounts menu lists accounts by their label: a renamed account is told as the old one
    // gone and the new one come (told as "changed", the menu kept its old name beside the new).
    const renamed = now.filter((s) => before.has(s.id) && before.get(s.id)!.account.label !== s.account.label);
    const added = now.filter((s) => !before.has(s.id) || renamed.includes(s));
    const removed = [...before.values()].filter((s) => !now.some((n) => n.id === s.id) || renamed.some((r) => r.id === s.id));
    if (added.length || removed.length) this.emitter.fire({ added, removed, changed: [] });
  }
}
