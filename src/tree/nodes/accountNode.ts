// The root of a signed-in tree: the account's Users and Invitations, then one node per
// workspace (`GET /v1/workspaces`, a plain array).
import { l10n } from 'vscode';
import type * as vscode from 'vscode';
import type { Page, PageParams, Workspace } from '../../api';
import { tooltipMarkdown } from '../../shared/format';
import { refs, type ItemRef, type Target } from '../../shared/refs';
import { contextValue } from '../../kinds/contextValues';
import { icon } from '../../host/icons';
import type { Node } from '../node';
import { PagedParent } from '../pagedParent';
import type { TreeContext } from '../treeContext';
import { treeItem } from '../treeItems';
import { AccountUsersNode } from './accountUsersNode';
import { InvitationsNode } from './invitationsNode';
import { PinnedNode } from './pinnedNode';
import { WorkspaceNode } from './workspaceNode';

export interface AccountInfo {
  baseUrl: string;
  demo: boolean;
  /** How the session was found, for the tooltip. */
  source: string;
}

export class AccountNode extends PagedParent<Workspace> {
  private readonly fixed: Node[];
  /** The Pinned group, shown first while anything is pinned. */
  readonly pinned: PinnedNode;

  constructor(
    ctx: TreeContext,
    readonly account: AccountInfo,
    /** Workspaces already fetched (by the sign-in check): shown without asking again. */
    workspaces?: Workspace[],
  ) {
    // The base URL is in the id so a different service never inherits this tree's expansion state.
    super(ctx, undefined, `account:${account.baseUrl}`);
    this.fixed = [new AccountUsersNode(ctx, this), new InvitationsNode(ctx, this)];
    this.pinned = new PinnedNode(ctx, this);
    if (workspaces) this.seed({ data: workspaces, hasMore: false });
  }

  protected override leadingChildren(): Node[] {
    return this.ctx.pins().length ? [this.pinned, ...this.fixed] : this.fixed;
  }

  override dispose(): void {
    this.pinned.dispose();
    super.dispose();
  }

  protected async fetchPage(_page: Required<PageParams>, signal: AbortSignal): Promise<Page<Workspace>> {
    return { data: await this.ctx.client.listWorkspaces({ signal }), hasMore: false };
  }

  protected keyOf(workspace: Workspace, index: number): string {
    return workspace.id != null ? `ws:${workspace.id}` : `row:${index}`;
  }

  protected createChild(workspace: Workspace, key: string): WorkspaceNode {
    return new WorkspaceNode(this.ctx, this, key, workspace);
  }

  protected emptyLabel(): string {
    return l10n.t('No workspaces');
  }

  /** "demo" for the built-in demo service, however it was reached (in VS Code, `npm start`, a token). */
  protected description(): string | undefined {
    return this.account.demo || this.ctx.isDemoService() ? l10n.t('demo') : undefined;
  }

  /**
   * The service says whether it is the demo one with its first answer: show it once it has. Only
   * the row reads differently (its children are the same), so it is a restyle, which waits while
   * rows just shown below it may be clicked.
   */
  protected override onFirstPage(): void {
    if (this.ctx.isDemoService() && !this.account.demo) queueMicrotask(() => this.ctx.restyle(this));
  }

  override get ref(): ItemRef {
    return refs.account();
  }

  override target(): Target {
    return { ref: refs.account(), name: `the account at ${this.host}` };
  }

  private get host(): string {
    try {
      return new URL(this.account.baseUrl).host;
    } catch {
      return this.account.baseUrl;
    }
  }

  treeItem(): vscode.TreeItem {
    const { baseUrl, demo, source } = this.account;
    return this.describe(
      treeItem(this, {
        label: this.host,
        tooltip: tooltipMarkdown(demo || this.ctx.isDemoService() ? l10n.t('Skyvia demo account') : l10n.t('Skyvia account'), [
          ['API', baseUrl],
          [l10n.t('Signed in with'), source],
        ]),
        icon: icon('account'),
        contextValue: contextValue('account', 'refreshable', 'canInvite'),
        collapsible: 'expanded',
      }),
    );
  }
}
