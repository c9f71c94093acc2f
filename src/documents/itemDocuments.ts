// Read-only documents for "Show details": a Markdown page of an object's fields, from its own
// read. A TextDocumentContentProvider makes the document read-only and lets VS Code reuse the
// tab when the same object is opened again (the URI is keyed by its ref). A URI this window has
// no text for — a tab restored after a reload — is read again from the ref it carries (one
// request). Every tab closes when the session ends, so no tab shows the previous account's data.
// The details of a run under way follow it: each change the watcher sees re-renders the open
// document.
import vscode = require('vscode');
import { isSkyviaError } from '../api';
import { describeItem, titleOf, type Facts, type ItemDetails } from '../shared/describe';
import { escapeMarkdown } from '../shared/format';
import type { RunRecord } from '../shared/model';
import { refKey, refPath, type ItemRef, type Target } from '../shared/refs';
import { closeTabsOf, documentUri, refOfUri, tabsOf } from './places';
import { ITEM_SCHEME } from '../shared/contributions';

export interface ItemDocumentsDeps {
  /** The object's own read (shared with whoever else shows it). */
  read(ref: ItemRef): Promise<object>;
  /** What the explorer knows of the object beyond its read (schedule, run under way…). */
  factsOf(ref: ItemRef): Facts;
  /** Waits for the session (a reloaded window may ask before anything else); `false` when signed out. */
  signedIn(): Promise<boolean>;
}

export class ItemDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly contents = new Map<string, string>();
  /** What each open document was rendered from, to render it again as its run moves on. */
  private readonly sources = new Map<string, { target: Target; data: object; facts?: Facts }>();
  private readonly emitter = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.emitter.event;
  private readonly closing: vscode.Disposable;

  constructor(private readonly deps: ItemDocumentsDeps) {
    // Forget a document's text when its tab is closed, so the map does not grow for ever.
    this.closing = vscode.workspace.onDidCloseTextDocument((doc) => {
      if (doc.uri.scheme !== ITEM_SCHEME) return;
      this.contents.delete(doc.uri.toString());
      this.sources.delete(doc.uri.toString());
    });
  }

  provideTextDocumentContent(uri: vscode.Uri): string | Promise<string> {
    return this.contents.get(uri.toString()) ?? this.readAgain(uri);
  }

  /** The details a URI names, read again (a reloaded window); one line when they cannot be. */
  private async readAgain(uri: vscode.Uri): Promise<string> {
    const ref = refOfUri(uri);
    if (!ref) return '(Not the address of a Skyvia item.)\n';
    const name = titleOf(ref);
    if (!(await this.deps.signedIn())) return `(Sign in to Skyvia to read ${name} again.)\n`;
    try {
      const data = await this.deps.read(ref);
      const key = uri.toString();
      const facts = this.deps.factsOf(ref);
      this.sources.set(key, { target: { ref, name, data }, data, facts });
      const text = renderDetails(describeItem(ref, data, facts));
      this.contents.set(key, text);
      return text;
    } catch (e) {
      const why = isSkyviaError(e) ? e.userMessage : e instanceof Error ? e.message : String(e);
      return `(${name} (${refPath(ref)}) cannot be read by the account signed in: ${why})\n`;
    }
  }

  /** Opens (or refreshes and reveals) the details document of an object. */
  async open(target: Target, data: object, facts?: Facts): Promise<vscode.TextEditor> {
    const details = describeItem(target.ref, data, facts);
    const uri = documentUri(ITEM_SCHEME, details.title, target.ref, 'md');
    const key = uri.toString();
    const known = this.contents.has(key);
    this.contents.set(key, renderDetails(details));
    this.sources.set(key, { target, data, facts });
    if (known) this.emitter.fire(uri);
    // The same object under an older title (a run that has moved on since): one tab per object.
    const stale = tabsOf(ITEM_SCHEME).filter((t) => t.input.uri.query === uri.query && t.input.uri.toString() !== key);
    const doc = await vscode.workspace.openTextDocument(uri);
    // Keep focus in the tree, as the file explorer does on a single click, so the keyboard can move on.
    const editor = await vscode.window.showTextDocument(doc, { preview: true, preserveFocus: true });
    if (stale.length) await vscode.window.tabGroups.close(stale, true);
    return editor;
  }

  /** A watched run moved on (or ended): its open details show where it is now. */
  follow(run: RunRecord): void {
    const runKey = refKey(run.ref);
    for (const [key, source] of this.sources) {
      if (refKey(source.target.ref) !== runKey) continue;
      const data = { ...source.data, state: run.state, ...(run.successRows === undefined ? {} : { successRows: run.successRows }), ...(run.errorRows === undefined ? {} : { errorRows: run.errorRows }) };
      this.sources.set(key, { ...source, data });
      this.contents.set(key, renderDetails(describeItem(source.target.ref, data, source.facts)));
      this.emitter.fire(vscode.Uri.parse(key));
    }
  }

  /** Closes every details tab (sign-out, another account): nothing of the old session stays on screen. */
  async closeAll(): Promise<void> {
    this.contents.clear();
    this.sources.clear();
    await closeTabsOf(ITEM_SCHEME);
  }

  dispose(): void {
    this.closing.dispose();
    this.emitter.dispose();
    this.contents.clear();
  }
}

export function renderDetails(details: ItemDetails): string {
  const rows = details.rows.filter(([, v]) => v !== undefined && v !== '');
  const parts = [`# ${escapeMarkdown(details.title)}`];
  // A newline inside a value would end its table row: fold it into the cell.
  const cell = (text: string) => escapeMarkdown(text).replace(/\r?\n/g, ' ');
  if (rows.length) parts.push(['| Field | Value |', '|---|---|', ...rows.map(([k, v]) => `| ${cell(k)} | ${cell(v as string)} |`)].join('\n'));
  const json = JSON.stringify(details.data, null, 2) ?? 'null';
  // A longer fence if an API string itself holds one.
  const fence = json.includes('```') ? '````' : '```';
  parts.push('## As returned by the API', [`${fence}json`, json, fence].join('\n'));
  return `${parts.join('\n\n')}\n`;
}
