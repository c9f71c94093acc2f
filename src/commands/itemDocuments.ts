// Read-only documents for "Show details" (and a click on a history entry): a markdown page
// built from what the list already returned — no request. A TextDocumentContentProvider makes the
// document read-only and lets VS Code reuse the tab when the same item is opened again.
import * as vscode from 'vscode';
import type { ItemDetails } from '../tree/node';
import { escapeMarkdown } from '../util/format';

export const ITEM_SCHEME = 'skyvia-item';

export class ItemDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly contents = new Map<string, string>();
  private readonly emitter = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.emitter.event;
  private readonly closing: vscode.Disposable;

  constructor() {
    // Forget a document's text when its tab is closed, so the map does not grow for ever.
    this.closing = vscode.workspace.onDidCloseTextDocument((doc) => {
      if (doc.uri.scheme === ITEM_SCHEME) this.contents.delete(doc.uri.toString());
    });
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.contents.get(uri.toString()) ?? '(These details are no longer available: open the item again from the Skyvia view.)\n';
  }

  /** Opens (or refreshes and reveals) the document of a node's details. */
  async open(nodeId: string, details: ItemDetails): Promise<vscode.TextEditor> {
    const uri = vscode.Uri.from({ scheme: ITEM_SCHEME, path: `/${fileName(details.title)}.md`, query: encodeURIComponent(nodeId) });
    const key = uri.toString();
    const known = this.contents.has(key);
    this.contents.set(key, renderDetails(details));
    if (known) this.emitter.fire(uri);
    const doc = await vscode.workspace.openTextDocument(uri);
    // Keep focus in the tree, as the file explorer does on a single click, so the keyboard can move on.
    return vscode.window.showTextDocument(doc, { preview: true, preserveFocus: true });
  }

  dispose(): void {
    this.closing.dispose();
    this.emitter.dispose();
    this.contents.clear();
  }
}

function fileName(title: string): string {
  return title.replace(/[\\/:*?"<>|#%]+/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 80) || 'item';
}

export function renderDetails(details: ItemDetails): string {
  const rows = details.rows.filter(([, v]) => v !== undefined && v !== '');
  const parts = [`# ${escapeMarkdown(details.title)}`];
  if (rows.length) parts.push(['| | |', '|---|---|', ...rows.map(([k, v]) => `| ${escapeMarkdown(k)} | ${escapeMarkdown(v as string)} |`)].join('\n'));
  const json = JSON.stringify(details.data, null, 2) ?? 'null';
  // A longer fence if an API string itself holds one.
  const fence = json.includes('```') ? '````' : '```';
  parts.push('## As returned by the API', [`${fence}json`, json, fence].join('\n'));
  return `${parts.join('\n\n')}\n`;
}
