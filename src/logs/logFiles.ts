// Logs as read-only files under the extension's own scheme, titled like
// "Run 123 · Nightly Sync.log": find, Save As, the editor's own scrolling, and the log language
// (logLanguage.ts) for colours, outline, folding and errors.
//
// A file system provider, not a content provider: the editor asks for bytes, and 18.5 MB of bytes
// cross from the extension host to the editor as they are, where a content provider's string is
// written out and read back as JSON on both sides (the bench measures the two side by side).
//
// A log's URI names its entry (documents/places.ts), so a file the editor asks for that this
// window has not read yet — a tab restored after a reload — is read from the service then: one
// request, shared with whoever else shows the entry (state/entryReads.ts). Opening it again shows
// what was read unless Refresh Log asks again, or the run under way moves on (logFollower.ts).
// Every log tab closes with the session.
import vscode = require('vscode');
import { isSkyviaError } from '../api';
import { closeTabsOf, documentUri, refOfUri, titleOfUri } from '../documents/places';
import { entryName, isEntryKind, refKey, refPath, type ItemRef, type Target } from '../shared/refs';
import { LOG_FOLDER, LOG_SCHEME } from './scheme';

export interface LogFilesDeps {
  /** An entry's log, from its read shared with all who show it; `undefined` when it carries none. */
  read(ref: ItemRef): Promise<string | undefined>;
  /** Waits for the session (a reloaded window may ask for a log before anything else); `false` when signed out. */
  signedIn(): Promise<boolean>;
}

interface LogFile {
  target: Target;
  text: string;
  bytes?: Uint8Array;
  mtime: number;
}

export class LogFiles implements vscode.FileSystemProvider, vscode.Disposable {
  /** Open logs, by URI. */
  private readonly files = new Map<string, LogFile>();
  /** Reads of logs the editor asked for before this window had them. */
  private readonly reading = new Map<string, Promise<LogFile>>();
  /** The URI of each entry's open log, by its ref key. */
  private readonly byRef = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  readonly onDidChangeFile = this.changed.event;
  private readonly closing: vscode.Disposable;
  private readonly encoder = new TextEncoder();

  constructor(private readonly deps: LogFilesDeps) {
    this.closing = vscode.workspace.onDidCloseTextDocument((doc) => {
      if (doc.uri.scheme !== LOG_SCHEME) return;
      const key = doc.uri.toString();
      const file = this.files.get(key);
      this.files.delete(key);
      if (file && this.byRef.get(refKey(file.target.ref)) === key) this.byRef.delete(refKey(file.target.ref));
    });
  }

  // ---- what the editor asks

  async stat(uri: vscode.Uri): Promise<vscode.FileStat> {
    if (uri.path === LOG_FOLDER || uri.path === '/') return { type: vscode.FileType.Directory, ctime: 0, mtime: 0, size: 0, permissions: vscode.FilePermission.Readonly };
    const file = await this.file(uri);
    return { type: vscode.FileType.File, ctime: file.mtime, mtime: file.mtime, size: this.bytesOf(file).byteLength, permissions: vscode.FilePermission.Readonly };
  }

  async readFile(uri: vscode.Uri): Promise<Uint8Array> {
    return this.bytesOf(await this.file(uri));
  }

  watch(): vscode.Disposable {
    // Changes are told through onDidChangeFile whether watched or not.
    return new vscode.Disposable(() => undefined);
  }

  readDirectory(): [string, vscode.FileType][] {
    return [];
  }

  createDirectory(): never {
    throw vscode.FileSystemError.NoPermissions('Skyvia logs are read-only.');
  }

  writeFile(): never {
    throw vscode.FileSystemError.NoPermissions('Skyvia logs are read-only: Save As keeps a copy.');
  }

  delete(): never {
    throw vscode.FileSystemError.NoPermissions('Skyvia logs are read-only.');
  }

  rename(): never {
    throw vscode.FileSystemError.NoPermissions('Skyvia logs are read-only.');
  }

  // ---- what the extension does

  /** The log already read for an object, if its document is open. */
  cached(target: Target): string | undefined {
    const key = this.byRef.get(refKey(target.ref));
    return key === undefined ? undefined : this.files.get(key)?.text;
  }

  /** The object whose log is open, as it was opened; `undefined` when its log is not open. */
  openTarget(ref: ItemRef): Target | undefined {
    const key = this.byRef.get(refKey(ref));
    return key === undefined ? undefined : this.files.get(key)?.target;
  }

  /** The object an open log document shows. */
  targetOf(uri: vscode.Uri): Target | undefined {
    return this.files.get(uri.toString())?.target;
  }

  /**
   * New text for an open log (a run that moved on): the document changes in place. An editor
   * that showed the log's end keeps showing it, as a terminal follows its output. `false` when
   * the log is not open or says the same.
   */
  update(ref: ItemRef, text: string): boolean {
    const key = this.byRef.get(refKey(ref));
    const file = key === undefined ? undefined : this.files.get(key);
    if (!key || !file || file.text === asDocument(text)) return false;
    const tailing = vscode.window.visibleTextEditors.filter((e) => e.document.uri.toString() === key && e.visibleRanges.some((r) => r.end.line >= e.document.lineCount - 2));
    if (tailing.length) {
      const changed = vscode.workspace.onDidChangeTextDocument(({ document: d }) => {
        if (d.uri.toString() !== key) return;
        changed.dispose();
        for (const e of tailing) e.revealRange(d.lineAt(d.lineCount - 1).range);
      });
      setTimeout(() => changed.dispose(), 10_000);
    }
    this.put(key, file.target, text);
    this.changed.fire([{ type: vscode.FileChangeType.Changed, uri: vscode.Uri.parse(key) }]);
    return true;
  }

  async open(target: Target, itemName: string | undefined, text: string): Promise<vscode.TextEditor> {
    const uri = logUri(target, itemName);
    const key = uri.toString();
    const known = this.files.get(key);
    const file = this.put(key, target, text);
    // Open already with other text (Refresh Log): the editor reads it again.
    if (known && file !== known) this.changed.fire([{ type: vscode.FileChangeType.Changed, uri }]);
    // In a folder the log language claims by pattern (package.json), so the document opens as a
    // Skyvia log at once: relabelling it afterwards would reopen it and send the text again.
    const doc = await vscode.workspace.openTextDocument(uri);
    return vscode.window.showTextDocument(doc, { preview: false });
  }

  async closeAll(): Promise<void> {
    this.files.clear();
    this.reading.clear();
    this.byRef.clear();
    await closeTabsOf(LOG_SCHEME);
  }

  dispose(): void {
    this.closing.dispose();
    this.changed.dispose();
  }

  // ----

  /** Keeps a log's text (`shown`: a log, not a line said in its place, which no one reuses as one). */
  private put(key: string, target: Target, text: string, shown = true): LogFile {
    const previous = this.files.get(key);
    const body = asDocument(text);
    let file = previous;
    if (!file || file.text !== body) {
      // The editor re-reads a file only when its modification time moves on.
      file = { target, text: body, mtime: Math.max(Date.now(), (previous?.mtime ?? 0) + 1) };
      this.files.set(key, file);
    }
    if (shown) this.byRef.set(refKey(target.ref), key);
    return file;
  }

  private bytesOf(file: LogFile): Uint8Array {
    return (file.bytes ??= this.encoder.encode(file.text));
  }

  /** An open log, or one the editor asks for by its URI alone (a reloaded window): read now. */
  private file(uri: vscode.Uri): Promise<LogFile> {
    const key = uri.toString();
    const known = this.files.get(key);
    if (known) return Promise.resolve(known);
    let reading = this.reading.get(key);
    if (!reading) {
      reading = this.readAgain(uri).finally(() => this.reading.delete(key));
      this.reading.set(key, reading);
    }
    return reading;
  }

  private async readAgain(uri: vscode.Uri): Promise<LogFile> {
    const key = uri.toString();
    const ref = refOfUri(uri);
    if (!ref || !isEntryKind(ref.kind)) throw vscode.FileSystemError.FileNotFound(uri);
    const [, itemName] = titleOfUri(uri).split(' · ');
    const target: Target = { ref, name: entryName(ref, itemName) };
    // What is said instead of a log is one line, never taken for its text (Open Log reads again).
    const line = (text: string): LogFile => this.put(key, target, text, false);
    if (!(await this.deps.signedIn())) return line(`(Sign in to Skyvia to read the log of ${target.name} again.)`);
    try {
      const text = await this.deps.read(ref);
      // Read while the session changed (closeAll): not this window's any more.
      if (!this.reading.has(key)) return { target, text: `(The log of ${target.name} belongs to a session that has ended.)\n`, mtime: Date.now() };
      return this.put(key, target, text ?? `(The service returned no log for ${target.name}.)`);
    } catch (e) {
      const why = isSkyviaError(e) ? e.userMessage : e instanceof Error ? e.message : String(e);
      return line(`(The log of ${target.name} (${refPath(ref)}) cannot be read by the account signed in: ${why})`);
    }
  }
}

/** Where an entry's log lives: its title as the file name, its ref as the query. */
export function logUri(target: Target, itemName: string | undefined): vscode.Uri {
  const title = [target.name.replace(/ of .*$/, ''), itemName].filter(Boolean).join(' · ');
  return documentUri(LOG_SCHEME, title, target.ref, 'log', LOG_FOLDER);
}

/** A log as its document holds it: ending with a newline, as a file does. */
function asDocument(text: string): string {
  return text.endsWith('\n') ? text : `${text}\n`;
}
