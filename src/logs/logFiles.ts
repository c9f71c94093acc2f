// Logs as read-only files under the extension's own scheme, titled like
// "Run 123 · Nightly Sync.log": find, Save As, the editor's own scrolling, and the log language
// (logLanguage.ts) for colours, outline, folding and errors. Why files and not a content
// provider's documents, and how a file is read again from its URI: documents/readOnlyFiles.ts.
//
// A log is read once for all who show its entry (state/entryReads.ts); opening it again shows
// what was read unless Refresh Log asks again, or the run under way moves on (logFollower.ts).
// Every log tab closes with the session.
import vscode = require('vscode');
import { l10n } from 'vscode';
import { documentUri, refOfUri, titleOfUri } from '../documents/places';
import { ReadOnlyFiles } from '../documents/readOnlyFiles';
import type { Shown } from '../shared/plainText';
import { isEntryKind, type AccountId, type ItemRef, type Target } from '../shared/refs';
import { sinceStart, sinceStartLabel } from './logSinceStart';
import { maskedLabel, maskedLog } from './logMask';
import { LOG_FOLDER, LOG_SCHEME, MASKED_LOG_FOLDER } from './scheme';
import { entryName } from '../kinds';

export interface LogFilesDeps {
  /** An entry's log, from its read shared with all who show it; `undefined` when it carries none. */
  read(ref: ItemRef): Promise<string | undefined>;
  /** Waits for the session (a reloaded window may ask for a log before anything else); `false` when signed out. */
  signedIn(account: AccountId): Promise<boolean>;
  /** Cleaning and redaction of what the editor reads. */
  shown: Shown;
  /** An account's name when more than one is signed in: a log's tab and breadcrumb then say whose it is. */
  accountName?(account: AccountId): string | undefined;
}

export class LogFiles extends ReadOnlyFiles {
  constructor(private readonly deps: LogFilesDeps) {
    super(LOG_SCHEME, deps.shown);
  }

  /** The log already read for an object, if its document is open. */
  cached(target: Target): string | undefined {
    return this.textOf(target.ref);
  }

  /**
   * New text for an open log (a run that moved on): the document changes in place. An editor
   * that showed the log's end keeps showing it, as a terminal follows its output. `false` when
   * the log is not open or says the same.
   */
  update(ref: ItemRef, text: string): boolean {
    const uri = this.uriOf(ref);
    const target = this.openTarget(ref);
    if (!uri || !target) return false;
    const key = uri.toString();
    const tailing = vscode.window.visibleTextEditors.filter(
      (e) => e.document.uri.toString() === key && e.visibleRanges.some((r) => r.end.line >= e.document.lineCount - 2),
    );
    if (!this.put(uri, target, text)) return false;
    if (tailing.length) {
      const changed = vscode.workspace.onDidChangeTextDocument(({ document: d }) => {
        if (d.uri.toString() !== key) return;
        changed.dispose();
        for (const e of tailing) e.revealRange(d.lineAt(d.lineCount - 1).range);
      });
      setTimeout(() => changed.dispose(), 10_000);
    }
    return true;
  }

  async open(target: Target, itemName: string | undefined, text: string): Promise<vscode.TextEditor> {
    const uri = logUri(target, itemName, this.deps.accountName?.(target.ref.account));
    // Open already with other text (Refresh Log): the editor reads it again.
    this.put(uri, target, text);
    // In a folder the log language claims by pattern (package.json), so the document opens as a
    // Skyvia log at once: relabelling it afterwards would reopen it and send the text again.
    const doc = await vscode.workspace.openTextDocument(uri);
    return vscode.window.showTextDocument(doc, { preview: false });
  }

  /**
   * A view of a log for a comparison: its changing figures masked (logMask.ts), or its times since
   * its start (logSinceStart.ts), each labelled so in its title. A file of its own, never taken
   * for the log by Open Log or the log follower. Not shown here: its URI is.
   */
  compared(target: Target, itemName: string | undefined, text: string, masked: boolean): vscode.Uri {
    const account = this.deps.accountName?.(target.ref.account);
    const uri = masked ? logUri(target, itemName, account, maskedLabel(), MASKED_LOG_FOLDER) : logUri(target, itemName, account, sinceStartLabel());
    this.put(uri, target, masked ? maskedLog(text) : sinceStart(text), false);
    return uri;
  }

  /** A comparison's view of a log: its entry, its item's name as its title says it, and whether it is masked; `undefined` for any other file. */
  comparedOf(uri: vscode.Uri): { target: Target; itemName?: string; masked: boolean } | undefined {
    const target = this.targetOf(uri);
    const masked = isMaskedLog(uri);
    const label = ` (${masked ? maskedLabel() : sinceStartLabel()})`;
    const title = titleOfUri(uri);
    if (!target || !title.endsWith(label)) return undefined;
    const [, itemName] = title.slice(0, -label.length).split(' · ');
    return { target, itemName: itemName || undefined, masked };
  }

  /** An entry's log as its shared read has it (a comparison's views are made from it again). */
  read(ref: ItemRef): Promise<string | undefined> {
    return this.deps.read(ref);
  }

  protected async load(uri: vscode.Uri): Promise<{ target: Target; text: string; said?: boolean }> {
    const ref = refOfUri(uri);
    if (!ref || !isEntryKind(ref.kind)) throw vscode.FileSystemError.FileNotFound(uri);
    // "Run 123 · Nightly Sync · Client B (since start)": the entry, its item, whose (beside other
    // accounts), and a comparison's view of a log (`aside`) says so at the end, in the words of the
    // language it was opened in: a tab kept over a change of language reads as the log itself.
    const title = titleOfUri(uri);
    const masked = isMaskedLog(uri);
    const label = ` (${masked ? maskedLabel() : sinceStartLabel()})`;
    const aside = title.endsWith(label);
    const [, titled = ''] = (aside ? title.slice(0, -label.length) : title).split(' · ');
    const itemName = titled || undefined;
    const target: Target = { ref, name: entryName(ref, itemName), itemName };
    if (!(await this.deps.signedIn(ref.account)))
      return { target, text: l10n.t('(Sign in to the Skyvia account of {0} to read its log again.)', target.name), said: true };
    try {
      const text = await this.deps.read(ref);
      if (text === undefined) return { target, text: l10n.t('(The service returned no log for {0}.)', target.name), said: aside };
      return { target, text: masked ? maskedLog(text) : aside ? sinceStart(text) : text, said: aside };
    } catch (e) {
      return {
        target,
        text: this.cannotRead(ref, e, (path, why) =>
          l10n.t({
            message: '(The log of {0} ({1}) cannot be read by the account signed in: {2})',
            args: [target.name, path, why],
            comment: [
              '{0} names a run, snapshot, execution or request, such as "Run 123 of Nightly Sync"; {1} is its path, such as "run/4210/18234/12"; {2} says why',
            ],
          }),
        ),
        said: true,
      };
    }
  }
}

/** Where an entry's log lives: its title as the file name (whose it is, beside other accounts), its ref as the query. */
export function logUri(target: Target, itemName: string | undefined, account?: string, label?: string, folder = LOG_FOLDER): vscode.Uri {
  const title = [entryName(target.ref), itemName, account].filter(Boolean).join(' · ') + (label ? ` (${label})` : '');
  return documentUri(LOG_SCHEME, title, target.ref, 'log', folder);
}

/** A comparison's masked view of a log, by where it lives. */
export function isMaskedLog(uri: vscode.Uri): boolean {
  return uri.scheme === LOG_SCHEME && uri.path.startsWith(`${MASKED_LOG_FOLDER}/`);
}
