// The extension's exports (`activate()`'s return value): a small API for the integration tests
// running inside VS Code, and for benchmarks. Get it with
//
//   const api = vscode.extensions.getExtension<SkyviaExplorerApi>('skyvia-explorer.skyvia-explorer')!;
//   const explorer = api.isActive ? api.exports : await api.activate();
//
// It drives the same objects the UI uses (the view's TreeDataProvider, the session), so what a
// test sees is what the view shows. Tree commands take nodes returned here as their argument:
//
//   const [account] = await explorer.tree.getChildren();
//   const runs = await explorer.tree.find('Integrations', /Salesforce/);   // by labels, below the account
//   await vscode.commands.executeCommand('skyvia.loadMore', runs);        // resolves when the page is shown
//
// It never exposes a token.
import type * as vscode from 'vscode';
import type { DemoService } from './auth/demoLauncher';
import type { Session, SessionInfo, SessionState, SignInResult } from './auth/session';
import type { ExplorerProvider } from './tree/explorerProvider';
import { Node } from './tree/node';
import { PagedParent } from './tree/pagedParent';

/** A node of the explorer, opaque to tests: look at it through `tree.getTreeItem`. */
export type TreeNode = Node;

export interface SkyviaExplorerApi {
  tree: {
    /** Children as the view gets them (the root when `node` is omitted). One request per first expansion. */
    getChildren(node?: TreeNode): Promise<TreeNode[]>;
    getTreeItem(node: TreeNode): vscode.TreeItem;
    getParent(node: TreeNode): TreeNode | undefined;
    /**
     * Walks down by labels (a string matches exactly, a RegExp tests the label), expanding as it
     * goes; the first label is looked up among the account's children. `undefined` if a step has no match.
     */
    find(...labels: (string | RegExp)[]): Promise<TreeNode | undefined>;
    /** Appends the next page to a paged node (same as clicking "Load more…"). */
    loadMore(node: TreeNode): Promise<void>;
    /** Reloads one node, or the whole tree; the next `getChildren` fetches again. */
    refresh(node?: TreeNode): void;
    /** Fires when VS Code is told a node (or, with `undefined`, the whole tree) changed. */
    onDidChange: vscode.Event<TreeNode | undefined>;
  };
  session: {
    /** State (`undefined` until resolved), source and base URL; never the token. */
    current(): SessionInfo;
    /** Resolves the session as the tree's first expansion does (stored token, env, demo flag). */
    resolve(): Promise<SessionState>;
    /** Checks the token with one request and stores it only if accepted. */
    signInWithToken(baseUrl: string, token: string): Promise<SignInResult>;
    signOut(): Promise<void>;
    /** Starts the in-process demo service and connects to it; its handle gives `faults`, `advance()`, `stats`… */
    startDemo(): Promise<DemoService>;
    /** The demo service the extension runs, if any. */
    demoService(): Promise<DemoService | undefined>;
  };
  /** HTTP attempts (retries included) since activation: "one request per expansion" is checkable. */
  requestCount(): number;
}

export function createTestApi(session: Session, provider: ExplorerProvider): SkyviaExplorerApi {
  const labelOf = (node: Node): string => {
    const label = node.treeItem().label;
    return typeof label === 'string' ? label : (label?.label ?? '');
  };
  const matches = (node: Node, want: string | RegExp) => (typeof want === 'string' ? labelOf(node) === want : want.test(labelOf(node)));
  return {
    tree: {
      getChildren: async (node) => provider.getChildren(node),
      getTreeItem: (node) => provider.getTreeItem(node),
      getParent: (node) => provider.getParent(node),
      async find(...labels) {
        let current: Node | undefined = (await provider.getChildren())[0];
        for (const want of labels) {
          if (!current) return undefined;
          current = (await provider.getChildren(current)).find((child) => matches(child, want));
        }
        return current;
      },
      loadMore: async (node) => {
        if (node instanceof PagedParent) await node.loadMore();
      },
      refresh: (node) => provider.refresh(node),
      onDidChange: provider.onDidChangeTreeData,
    },
    session: {
      current: () => session.current(),
      resolve: () => session.resolve(),
      signInWithToken: (baseUrl, token) => session.signInWithToken(baseUrl, token),
      signOut: () => session.signOut(),
      startDemo: () => session.startDemo(),
      demoService: () => session.demoService(),
    },
    requestCount: () => session.requestCount,
  };
}
