// The root of a signed-in tree: the account's Users and Invitations, then one node per
// workspace (`GET /v1/workspaces`, a plain array).
import type * as vscode from 'vscode';
import type { Page, PageParams, Workspace } from '../../api';
import { tooltipMarkdown } from '../../util/format';
import { contextValue } from '../contextValues';
import { icon } from '../icons';
import type { Node } from '../node';
import { PagedParent } from '../pagedParent';
import type { TreeContext } from '../treeContext';
import { treeItem } from '../treeItems';
import { AccountUsersNode } from './accountUsersNode';
import { InvitationsNode } from './invitationsNode';
import { WorkspaceNode } from './workspaceNode';

export interface AccountInfo {
  baseUrl: string;
  demo: boolean;
  /** How the session was found, for the tooltip. */
  source: string;
}

export class AccountNode extends PagedParent<Workspace> {
  private readonly fixed: Node[];

  constructor(
    ctx: TreeContext,
    readonly account: AccountInfo,
    /** Workspaces already fetched (by the sign-in check): shown without asking again. */
    workspaces?: Workspace[],
  ) {
    // The base URL is in the id so a different service never inherits this tree's expansion state.
    super(ctx, undefined, `account:${account.baseUrl}`);
    this.fixed = [new AccountUsersNode(ctx, this), new InvitationsNode(ctx, this)];
    if (workspaces) this.seed({ data: workspaces, hasMore: false });
  }

  protected override leadingChildren(): Node[] {
    return this.fixed;
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
    return 'No workspaces';
  }

  protected description(): string | undefined {
    return this.account.demo ? 'demo' : undefined;
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
        tooltip: tooltipMarkdown(demo ? 'Skyvia demo account' : 'Skyvia account', [
          ['API', baseUrl],
          ['Signed in with', source],
        ]),
        icon: icon('account'),
        contextValue: contextValue('account', 'refreshable'),
        collapsible: 'expanded',
      }),
    );
  }
}
