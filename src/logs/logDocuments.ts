// Logs as read-only editor documents under the extension's own scheme, titled like
// "Run 123 · Nightly Sync.log": find, Save As, the editor's own scrolling, and the log language
// (src/logs) for colours, outline, folding and errors. A log is fetched once; opening it again
// shows what was fetched unless Refresh Log asks again — or, for a run under way, until the
// watcher moves on (src/logs/logFollower.ts). Every log tab closes with the session.
import vscode = require('vscode');
import { refKey, type ItemRef, type Target } from '../shared/refs';
import { closeTabsOf, documentUri } from '../documents/places';
import { LOG_FOLDER, LOG_LANGUAGE, LOG_SCHEME } from './scheme';


export class LogDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly contents = new Map<string, string>();
  private readonly targets = new Map<string, Target>();
  /** The document of each object, by its ref key. */
  private readonly byRef = new Map<string, string>();
  /** Setting a document's language closes and reopens it: that close is not the user's. */
  private readonly relabelling = new Set<string>();
  private readonly emitter = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.emitter.event;
  private readonly closing: vscode.Disposable;

  constructor() {
    this.closing = vscode.workspace.onDidCloseTextDocument((doc) => {
      const key = doc.uri.toString();
      if (doc.uri.scheme !== LOG_SCHEME || this.relabelling.has(key)) return;
      this.contents.delete(key);
      const target = this.targets.get(key);
      if (target) this.byRef.delete(refKey(target.ref));
      this.targets.delete(key);
    });
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.contents.get(uri.toString()) ?? '(This log is no longer available: open it again from the Skyvia view.)\n';
  }

  /** The log already fetched for an object, if its document is open. */
  cached(target: Target): string | undefined {
    const key = this.byRef.get(refKey(target.ref));
    return key === undefined ? undefined : this.contents.get(key);
  }

  /** The object whose log is open, as it was opened; `undefined` when its log is not open. */
  openTarget(ref: ItemRef): Target | undefined {
    const key = this.byRef.get(refKey(ref));
    return key === undefined ? undefined : this.targets.get(key);
  }

  /**
   * New text for an open log (a run that moved on): the document changes in place. An editor
   * that showed the log's end keeps showing it, as a terminal follows its output. `false` when
   * the log is not open or says the same.
   */
  update(ref: ItemRef, text: string): boolean {
    const key = this.byRef.get(refKey(ref));
    const body = asDocument(text);
    if (!key || !this.contents.has(key) || this.contents.get(key) === body) return false;
    this.contents.set(key, body);
    const tailing = vscode.window.visibleTextEditors.filter((e) => e.document.uri.toString() === key && e.visibleRanges.some((r) => r.end.line >= e.document.lineCount - 2));
    if (tailing.length) {
      const changed = vscode.workspace.onDidChangeTextDocument(({ document: d }) => {
        if (d.uri.toString() !== key) return;
        changed.dispose();
        for (const e of tailing) e.revealRange(d.lineAt(d.lineCount - 1).range);
      });
      setTimeout(() => changed.dispose(), 10_000);
    }
    this.emitter.fire(vscode.Uri.parse(key));
    return true;
  }

  /** The object an open log document shows. */
  targetOf(uri: vscode.Uri): Target | undefined {
    return this.targets.get(uri.toString());
  }

  async open(target: Target, itemName: string | undefined, text: string): Promise<vscode.TextEditor> {
    const title = [target.name.replace(/ of .*$/, ''), itemName].filter(Boolean).join(' · ');
    // In a folder the log language claims by pattern (package.json), so the document opens as a
    // Skyvia log at once: relabelling it afterwards closes and reopens it, and sends the whole
    // text between the editor and the extension host again (18 MB for 200,000 lines).
    const uri = documentUri(LOG_SCHEME, title, target.ref, 'log', LOG_FOLDER);
    const key = uri.toString();
    const known = this.contents.has(key);
    this.contents.set(key, asDocument(text));
    this.targets.set(key, target);
    this.byRef.set(refKey(target.ref), key);
    if (known) this.emitter.fire(uri);
    let doc = await vscode.workspace.openTextDocument(uri);
    if (doc.languageId !== LOG_LANGUAGE) {
      this.relabelling.add(key);
      try {
        doc = await vscode.languages.setTextDocumentLanguage(doc, LOG_LANGUAGE);
      } finally {
        this.relabelling.delete(key);
      }
    }
    return vscode.window.showTextDocument(doc, { preview: false });
  }

  async closeAll(): Promise<void> {
    this.contents.clear();
    this.targets.clear();
    this.byRef.clear();
    await closeTabsOf(LOG_SCHEME);
  }

  dispose(): void {
    this.closing.dispose();
    this.emitter.dispose();
  }
}

/** A log as its document holds it: ending with a newline, as a file does. */
function asDocument(text: string): string {
  return text.endsWith('\n') ? text : `${text}\n`;
}
