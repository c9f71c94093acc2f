// Read-only files under one of the extension's schemes: the details pages and the logs. A file
// system provider, not a content provider, for two reasons:
//   - the editor asks it for bytes, and a log's bytes (megabytes of them) cross from the extension
//     host to the editor as they are, where a content provider's string is written out and read
//     back as JSON (the bench compares the two);
//   - VS Code saves and restores the tabs of files across a window reload, and drops those of a
//     content provider's documents (it keeps no serializer for them).
// A file's URI names its object (places.ts), so a file the editor asks for that this window has
// no text for — a tab restored after a reload — is read from the service then, by `load`.
import vscode = require('vscode');
import { l10n } from 'vscode';
import { isSkyviaError } from '../api';
import type { Shown } from '../shared/plainText';
import { isKeyOf, refKey, refPath, type AccountId, type ItemRef, type Target } from '../shared/refs';
import { closeTabsOf, refOfUri } from './places';

interface ShownFile {
  target: Target;
  text: string;
  bytes?: Uint8Array;
  mtime: number;
}

export abstract class ReadOnlyFiles implements vscode.FileSystemProvider, vscode.Disposable {
  /** Open files, by URI. */
  protected readonly files = new Map<string, ShownFile>();
  /** Reads of files the editor asked for before this window had them. */
  private readonly reading = new Map<string, Promise<ShownFile>>();
  /** The URI of each object's file, by its ref key. */
  private readonly byRef = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  readonly onDidChangeFile = this.changed.event;
  private readonly closing: vscode.Disposable;

  /**
   * `shown`: the object's text is kept as the service sent it (a log follower compares it, Save
   * As… gets what the editor shows); what the editor reads is cleaned and redacted.
   */
  constructor(
    private readonly scheme: string,
    private readonly shown: Shown,
  ) {
    this.closing = vscode.workspace.onDidCloseTextDocument((doc) => {
      if (doc.uri.scheme !== scheme) return;
      const key = doc.uri.toString();
      const file = this.files.get(key);
      this.files.delete(key);
      if (file && this.byRef.get(refKey(file.target.ref)) === key) {
        this.byRef.delete(refKey(file.target.ref));
        this.closed(file.target.ref);
      }
    });
  }

  /** An object's file was closed: what was kept to show it may go. */
  protected closed(_ref: ItemRef): void {}

  /**
   * What a file the window has no text for holds, read from the object its URI names; `said`
   * when it is a line told in the object's place (it cannot be read), never taken for its text.
   */
  protected abstract load(uri: vscode.Uri): Promise<{ target: Target; text: string; said?: boolean }>;

  // ---- what the editor asks

  async stat(uri: vscode.Uri): Promise<vscode.FileStat> {
    if (!uri.path.includes('.')) return { type: vscode.FileType.Directory, ctime: 0, mtime: 0, size: 0, permissions: vscode.FilePermission.Readonly };
    const file = await this.file(uri);
    return {
      type: vscode.FileType.File,
      ctime: file.mtime,
      mtime: file.mtime,
      size: this.bytesOf(file).byteLength,
      permissions: vscode.FilePermission.Readonly,
    };
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

  // The editor shows these messages to a person who tried.
  createDirectory(): never {
    throw vscode.FileSystemError.NoPermissions(l10n.t('Skyvia documents are read-only.'));
  }

  writeFile(): never {
    throw vscode.FileSystemError.NoPermissions(l10n.t('Skyvia documents are read-only: Save As keeps a copy.'));
  }

  delete(): never {
    throw vscode.FileSystemError.NoPermissions(l10n.t('Skyvia documents are read-only.'));
  }

  rename(): never {
    throw vscode.FileSystemError.NoPermissions(l10n.t('Skyvia documents are read-only.'));
  }

  // ---- what the extension does

  /** The text of an object's open file. */
  protected textOf(ref: ItemRef): string | undefined {
    const key = this.byRef.get(refKey(ref));
    return key === undefined ? undefined : this.files.get(key)?.text;
  }

  /** The object whose file is open, as it was opened; `undefined` when none is. */
  openTarget(ref: ItemRef): Target | undefined {
    const key = this.byRef.get(refKey(ref));
    return key === undefined ? undefined : this.files.get(key)?.target;
  }

  /** The object an open file shows. */
  targetOf(uri: vscode.Uri): Target | undefined {
    return this.files.get(uri.toString())?.target;
  }

  /**
   * Keeps a file's text (`shown`: the object's own, not a line said in its place, which no one
   * takes for it); the editor is told when an open file changed. `false` when it says the same.
   */
  protected put(uri: vscode.Uri, target: Target, text: string, shown = true): boolean {
    const key = uri.toString();
    const previous = this.files.get(key);
    const body = text.endsWith('\n') ? text : `${text}\n`;
    if (shown) this.byRef.set(refKey(target.ref), key);
    if (previous?.text === body) {
      previous.target = target;
      return false;
    }
    // The editor reads a file again only when its modification time moves on, and when told: told
    // also of a file forgotten here (its tab closed, its session ended) whose document VS Code still holds.
    this.files.set(key, { target, text: body, mtime: Math.max(Date.now(), (previous?.mtime ?? 0) + 1) });
    if (previous || vscode.workspace.textDocuments.some((d) => d.uri.toString() === key)) this.changed.fire([{ type: vscode.FileChangeType.Changed, uri }]);
    return true;
  }

  /** The open file of an object, by its ref. */
  protected uriOf(ref: ItemRef): vscode.Uri | undefined {
    const key = this.byRef.get(refKey(ref));
    return key === undefined ? undefined : vscode.Uri.parse(key);
  }

  /**
   * One line said in place of an object that cannot be read: `say` makes the whole sentence (a
   * details page and a log say it differently) from the object's path and why.
   */
  protected cannotRead(ref: ItemRef, e: unknown, say: (path: string, why: string) => string): string {
    const why = isSkyviaError(e) ? e.userMessage : e instanceof Error ? e.message : String(e);
    return say(refPath(ref), why);
  }

  /** Closes the files of one account (signed out of it), or every file. */
  async closeAll(account?: AccountId): Promise<void> {
    const mine = (uri: string) => account === undefined || refOfUri(vscode.Uri.parse(uri))?.account === account;
    for (const map of [this.files, this.reading]) for (const key of [...map.keys()]) if (mine(key)) map.delete(key);
    for (const key of [...this.byRef.keys()]) if (account === undefined || isKeyOf(account, key)) this.byRef.delete(key);
    await closeTabsOf(this.scheme, account);
  }

  dispose(): void {
    this.closing.dispose();
    this.changed.dispose();
  }

  private bytesOf(file: ShownFile): Uint8Array {
    // Node's Buffer writes UTF-8 in about half the time TextEncoder takes, which counts for a log of
    // many megabytes; the extension runs only in Node's extension host.
    return (file.bytes ??= Buffer.from(this.shown.block(file.text), 'utf8'));
  }

  /** An open file, or one the editor asks for by its URI alone (a reloaded window): loaded now. */
  private file(uri: vscode.Uri): Promise<ShownFile> {
    const key = uri.toString();
    const known = this.files.get(key);
    if (known) return Promise.resolve(known);
    let reading = this.reading.get(key);
    if (!reading) {
      reading = this.loadFile(uri).finally(() => this.reading.delete(key));
      this.reading.set(key, reading);
    }
    return reading;
  }

  private async loadFile(uri: vscode.Uri): Promise<ShownFile> {
    const key = uri.toString();
    const { target, text, said } = await this.load(uri);
    // Loaded while its account was signed out (closeAll): not this window's any more.
    if (!this.reading.has(key)) return { target, text: `${l10n.t('(This belongs to a session that has ended.)')}\n`, mtime: Date.now() };
    this.put(uri, target, text, !said);
    return this.files.get(key)!;
  }
}
