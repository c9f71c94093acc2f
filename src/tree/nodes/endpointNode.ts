// A published endpoint (OData or SQL); its children are the requests it served, newest first.
import type * as vscode from 'vscode';
import type { Endpoint, EndpointRequest, Page, PageParams } from '../../api';
import { joinParts, nameOr, tooltipMarkdown, whenText } from '../../util/format';
import { contextValue } from '../contextValues';
import { HistoryParent } from '../filters';
import { icon } from '../icons';
import type { ItemDetails, ItemNode, Node } from '../node';
import type { TreeContext } from '../treeContext';
import { treeItem } from '../treeItems';
import { EndpointRequestNode } from './endpointRequestNode';

export class EndpointNode extends HistoryParent<EndpointRequest> implements ItemNode<Endpoint> {
  protected readonly historyNoun = 'requests';

  constructor(
    ctx: TreeContext,
    parent: Node,
    key: string,
    readonly workspaceId: number,
    private endpoint: Endpoint,
  ) {
    super(ctx, parent, key);
  }

  get data(): Endpoint {
    return this.endpoint;
  }

  update(endpoint: Endpoint): void {
    this.endpoint = endpoint;
  }

  protected fetchPage(page: Required<PageParams>, signal: AbortSignal): Promise<Page<EndpointRequest>> {
    return this.ctx.client.listEndpointRequests(this.workspaceId, this.endpoint.id, this.historyQuery(page), { signal });
  }

  protected keyOf(request: EndpointRequest, index: number): string {
    return request.executionId ? `request:${request.executionId}` : `row:${index}`;
  }

  protected createChild(request: EndpointRequest, key: string): EndpointRequestNode {
    return new EndpointRequestNode(this.ctx, this, key, request);
  }

  private activeText(): string | undefined {
    return this.endpoint.active === undefined ? undefined : this.endpoint.active ? 'active' : 'inactive';
  }

  protected description(): string {
    return joinParts(this.filterText(), this.endpoint.type, this.activeText());
  }

  treeItem(): vscode.TreeItem {
    const e = this.endpoint;
    const details = this.details();
    return this.describe(
      treeItem(this, {
        label: details.title,
        tooltip: tooltipMarkdown(details.title, details.rows),
        icon: icon('globe', e.active === false ? 'disabledForeground' : undefined),
        contextValue: contextValue('endpoint', e.active === true && 'active', e.active === false && 'inactive', 'history', 'refreshable', this.filtered && 'filtered', 'hasId'),
        collapsible: 'collapsed',
      }),
    );
  }

  override copyableId(): string {
    return String(this.endpoint.id);
  }

  override details(): ItemDetails {
    const e = this.endpoint;
    // The endpoint token is a secret: never in a tooltip or a document, only behind an explicit Copy.
    const { token: _token, ...shown } = e;
    return {
      title: nameOr(e.name, 'Endpoint', e.id),
      rows: [
        ['Type', e.type],
        ['State', this.activeText()],
        ['Last request', this.latest ? whenText(this.latest.date) : undefined],
        ['Created', whenText(e.created)],
        ['Modified', whenText(e.modified)],
        ['Endpoint id', String(e.id)],
      ],
      data: shown,
    };
  }
}
