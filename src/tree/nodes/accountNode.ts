// The root of a signed-in tree: the account's Users and Invitations, then one node per
// workspace (`GET /v1/workspaces`, a plain array).
import { l10n } from 'vscode';
import type * as vscode from 'vscode';
import type { Page, PageParams, Workspace } from '../../api';
import { tooltipMarkdown } from '../../shared/format';
import { refs, type AccountId, type ItemRef, type Target } from '../../shared/refs';
import { hostOf } from '../../host/accounts';
import { commandToken, contextValue } from '../../kinds/contextValues';
import { CommandId } from '../../shared/commandIds';
import { icon } from '../../host/icons';
import type { Node } from '../node';
import { PagedParent } from '../pagedParent';
import type { TreeContext } from '../treeContext';
import { treeItem } from '../treeItems';
import { AccountUsersNode } from './accountUsersNode';
import { InvitationsNode } from './invitationsNode';
import { PinnedNode } from './pinnedNode';
import { WorkspaceNode } from './workspaceNode';

/** What an account's root shows of it. */
export interface AccountShown {
  id: AccountId;
  label: string;
  baseUrl: string;
  demo: boolean;
  /** How the account was signed in, for the tooltip. */
  source: string;
  /** Other accounts are signed in beside it: its row says it is an account, and which. */
  several: boolean;
}

export class AccountNode extends PagedParent<Workspace> {
  private readonly fixed: Node[];
  /** The Pinned group, shown first while anything of this account is pinned. */
  readonly pinned: PinnedNode;

  constructor(
    ctx: TreeContext,
    public shown: AccountShown,
    /** Workspaces already fetched (by the sign-in check): shown without asking again. */
    workspaces?: Workspace[],
  ) {
    // The account's key is in the id, so another account never inherits this tree's expansion
    // state, nor its rows' ids (two accounts may hold the same workspace and item ids).
    super(ctx, undefined, `account:${shown.id}`);
    this.fixed = [new AccountUsersNode(ctx, this), new InvitationsNode(ctx, this)];
    this.pinned = new PinnedNode(ctx, this);
    if (workspaces) this.seed({ data: workspaces, hasMore: false });
  }

  override get account(): AccountId {
    return this.shown.id;
  }

  protected override leadingChildren(): Node[] {
    return this.ctx.pins(this.account).length ? [this.pinned, ...this.fixed] : this.fixed;
  }

  override dispose(): void {
    this.pinned.dispose();
    super.dispose();
  }

  /** The workspaces its expansion listed, once it has (the Failures view's first reading takes them rather than ask again). */
  get workspaces(): Workspace[] | undefined {
    const rows = this.rowNodes.flatMap((r) => (r instanceof WorkspaceNode ? [r.data] : []));
    return rows.length ? rows : undefined;
  }

  protected async fetchPage(_page: Required<PageParams>, signal: AbortSignal): Promise<Page<Workspace>> {
    return { data: await this.ctx.client(this.account).listWorkspaces({ signal }), hasMore: false };
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

  private get isDemo(): boolean {
    return this.shown.demo || this.ctx.isDemoService(this.account);
  }

  /** "demo" for the built-in demo service, however it was reached (in VS Code, `npm start`, a token). */
  protected description(): string | undefined {
    return this.isDemo ? l10n.t('demo') : undefined;
  }

  /**
   * The service says whether it is the demo one with its first answer: show it once it has. Only
   * the row reads differently (its children are the same), so it is a restyle, which waits while
   * rows just shown below it may be clicked.
   */
  protected override onFirstPage(): void {
    if (this.ctx.isDemoService(this.account) && !this.shown.demo) queueMicrotask(() => this.ctx.restyle(this));
  }

  override get ref(): ItemRef {
    return refs.account(this.account);
  }

  override target(): Target {
    return { ref: this.ref, name: this.shown.label };
  }

  treeItem(): vscode.TreeItem {
    const { baseUrl, source, label, several } = this.shown;
    const item = this.describe(
      treeItem(this, {
        label,
        tooltip: tooltipMarkdown(this.isDemo ? l10n.t('Skyvia demo account') : l10n.t('Skyvia account'), [
          ...(label !== hostOf(baseUrl) ? ([[l10n.t('Name'), label]] as [string, string][]) : []),
          ['API', baseUrl],
          [l10n.t('Signed in with'), source],
        ]),
        icon: icon('account'),
        contextValue: contextValue(
          'account',
          'refreshable',
          several && 'several',
          commandToken(CommandId.inviteUser),
          commandToken(CommandId.renameAccount),
          commandToken(CommandId.signOut),
        ),
        collapsible: 'expanded',
      }),
    );
    // Beside other accounts, a screen reader hears that the row is an account, and which (its
    // name first, as every row says its label first; the host when the name is not it).
    if (several) {
      const host = hostOf(baseUrl);
      item.accessibilityInformation = {
        label: label === host ? l10n.t('{0}, Skyvia account', label) : l10n.t('{0}, Skyvia account at {1}', label, host),
        role: 'treeitem',
      };
    }
    return item;
  }
}
