// The TreeDataProvider of the `skyvia.explorer` view. The root depends on the session: nothing
// when signed out (the view's welcome content shows), one "Token rejected" node when the token
// was refused, else the account node. Everything below is the nodes' business.
import * as vscode from 'vscode';
import type { SkyviaClient, SkyviaError } from '../api';
import type { Session } from '../auth/session';
import { CommandId } from '../commands/ids';
import type { Node } from './node';
import { AccountNode } from './nodes/accountNode';
import { MessageNode } from './nodes/messageNode';
import type { TreeContext } from './treeContext';

const SOURCE_TEXT = { stored: 'a stored API token', env: 'a token from the environment', demo: 'the built-in demo service' } as const;

export class ExplorerProvider implements vscode.TreeDataProvider<Node>, TreeContext, vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<Node | undefined>();
  readonly onDidChangeTreeData = this.emitter.event;
  private account?: AccountNode;
  private readonly subscription: vscode.Disposable;

  constructor(
    private readonly session: Session,
    private readonly pageSizeSetting: () => number,
  ) {
    // A new session is a new tree.
    this.subscription = session.onDidChange(() => {
      this.account = undefined;
      this.emitter.fire(undefined);
    });
  }

  // ---- TreeContext ----

  get client(): SkyviaClient {
    const client = this.session.client;
    if (!client) throw new Error('Not signed in to Skyvia.');
    return client;
  }

  pageSize(): number {
    return this.pageSizeSetting();
  }

  /**
   * Tells VS Code a node changed — unless a load of its children is pending, which VS Code may be
   * waiting for. VS Code 1.100's ExtHostTreeView reads the node's cache entry before awaiting
   * `getChildren`, and the main thread merges a refresh into an expansion still in progress: a
   * change notice in that window leaves children registered under a stale entry (later "Element
   * with id … is already registered") or forgotten ("No tree item with id … found"). Nothing is
   * lost by staying quiet: whoever awaits the pending load gets the newest children (a reset
   * hands waiters the load that replaced theirs).
   */
  changed(node: Node): void {
    if (!node.pendingLoad) this.emitter.fire(node);
  }

  tokenRejected(error: SkyviaError): Promise<boolean> {
    return this.session.tokenRejected(error);
  }

  // ---- TreeDataProvider ----

  getTreeItem(node: Node): vscode.TreeItem {
    return node.treeItem();
  }

  getParent(node: Node): Node | undefined {
    return node.parent;
  }

  async getChildren(node?: Node): Promise<Node[]> {
    if (node) return node.children();
    let state;
    try {
      state = await this.session.resolve();
    } catch (e) {
      // Only the demo service can fail here (it starts on first use after a reload).
      return [
        new MessageNode(this, undefined, 'startFailed', {
          label: `Couldn't start the demo service: ${e instanceof Error ? e.message : String(e)}`,
          description: 'Retry',
          severity: 'error',
          command: { command: CommandId.refresh, title: 'Retry' },
          flags: ['retry'],
        }),
      ];
    }
    switch (state) {
      case 'signedOut':
        return [];
      case 'rejected':
        return [
          new MessageNode(this, undefined, 'rejected', {
            label: 'Token rejected — sign in again',
            tooltip: `${this.session.current().rejection ?? 'The Skyvia token was rejected.'}\n\nClick to sign in with another token.`,
            severity: 'warning',
            command: { command: CommandId.signIn, title: 'Sign In' },
            flags: ['signIn'],
          }),
        ];
      default: {
        const { baseUrl = '', source = 'stored' } = this.session.current();
        this.account ??= new AccountNode(this, { baseUrl, demo: state === 'demo', source: SOURCE_TEXT[source] }, this.session.takeCheckedWorkspaces());
        return [this.account];
      }
    }
  }

  // ---- refreshing ----

  /** Reloads one node (only it fetches again), or the whole tree when no node is given. */
  refresh(node?: Node): void {
    if (node) {
      node.reset();
      this.changed(node);
      return;
    }
    this.account = undefined;
    this.emitter.fire(undefined);
  }

  dispose(): void {
    this.subscription.dispose();
    this.emitter.dispose();
  }
}
