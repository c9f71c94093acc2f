// Skyvia in VS Code's Accounts menu: an AuthenticationProvider over the one session the explorer
// has. The account shows with its name (the API's host, or the demo account) and Sign Out there
// signs out of the tree too; signed out, "Sign in with Skyvia" there runs the explorer's own
// sign-in (the token is checked, then kept in SecretStorage, nowhere else). Another extension asking for a
// Skyvia session gets one only once the user allows it — VS Code asks.
import vscode = require('vscode');
import { l10n } from 'vscode';
import { AUTH_PROVIDER_ID } from '../shared/contributions';
import type { Session } from './session';

export class SkyviaAuthentication implements vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<vscode.AuthenticationProviderAuthenticationSessionsChangeEvent>();
  readonly onDidChangeSessions = this.emitter.event;
  /** The session last told to VS Code, to say what was added, removed or changed. */
  private shown?: vscode.AuthenticationSession;
  private readonly subscription: vscode.Disposable;

  constructor(
    private readonly session: Session,
    /** The explorer's sign-in dialogue; `true` once signed in. */
    private readonly signIn: () => Promise<boolean>,
  ) {
    this.subscription = session.onDidChange((state) => {
      this.tell();
      if (state === 'signedOut') this.offerSignIn();
    });
  }

  async getSessions(): Promise<vscode.AuthenticationSession[]> {
    await this.session.resolve().catch(() => undefined);
    const now = this.current();
    this.shown = now;
    return now ? [now] : [];
  }

  async createSession(): Promise<vscode.AuthenticationSession> {
    const current = this.current() ?? ((await this.signIn()) ? this.current() : undefined);
    if (!current) throw new Error(l10n.t('Signing in to Skyvia was cancelled.'));
    return current;
  }

  async removeSession(): Promise<void> {
    await this.session.signOut();
  }

  dispose(): void {
    this.subscription.dispose();
    this.emitter.dispose();
  }

  private current(): vscode.AuthenticationSession | undefined {
    const account = this.session.account();
    return account && { id: account.key, accessToken: account.token, account: { id: account.key, label: account.label }, scopes: [] };
  }

  /**
   * Signed out: VS Code's Accounts menu offers "Sign in with Skyvia" (a request for a session, as
   * GitHub's extensions make), which runs the explorer's own sign-in through `createSession`. It
   * goes when a session comes, however it was signed in.
   */
  private offerSignIn(): void {
    Promise.resolve(vscode.authentication.getSession(AUTH_PROVIDER_ID, [], { createIfNone: false })).then(undefined, () => undefined);
  }

  /** The explorer's session changed (sign-in, sign-out, a rejected token, the demo): tell VS Code what that was. */
  private tell(): void {
    const before = this.shown;
    const now = this.current();
    this.shown = now;
    if (before?.id === now?.id) return;
    this.emitter.fire({ added: now ? [now] : [], removed: before ? [before] : [], changed: [] });
  }
}
