// Where the extension's read-only documents live: a URI per object (a readable title as its
// file name, for the tab and Save As; the object's ref as its query, so one object is one
// document and a document can always be read again from its URI alone — after a window reload,
// say), and the editor tabs that show them.
import vscode = require('vscode');
import { cleanLine } from '../shared/plainText';
import { parseRefKey, refKey, type AccountId, type ItemRef } from '../shared/refs';

export function documentUri(scheme: string, title: string, ref: ItemRef, extension: string, folder = ''): vscode.Uri {
  // The tab shows it: no direction control may reorder it.
  const name =
    cleanLine(title, 200)
      .replace(/[\\/:*?"<>|#%]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 100) || 'item';
  return vscode.Uri.from({ scheme, path: `${folder}/${name}.${extension}`, query: encodeURIComponent(refKey(ref)) });
}

/** The object a document's URI names; `undefined` for a URI that names none. */
export function refOfUri(uri: vscode.Uri): ItemRef | undefined {
  try {
    return parseRefKey(decodeURIComponent(uri.query));
  } catch {
    return undefined;
  }
}

/** The title a document's URI shows: its file name without the extension. */
export function titleOfUri(uri: vscode.Uri): string {
  return (uri.path.split('/').pop() ?? '').replace(/\.[^.]*$/, '');
}

export type SchemeTab = vscode.Tab & { input: vscode.TabInputText };

export function tabsOf(scheme: string): SchemeTab[] {
  return vscode.window.tabGroups.all
    .flatMap((g) => g.tabs)
    .filter((t): t is SchemeTab => t.input instanceof vscode.TabInputText && t.input.uri.scheme === scheme);
}

/** Closes those of one account, or all (the account was signed out: nothing of it stays on screen). */
export async function closeTabsOf(scheme: string, account?: AccountId): Promise<void> {
  const tabs = tabsOf(scheme).filter((t) => account === undefined || refOfUri(t.input.uri)?.account === account);
  if (tabs.length) await vscode.window.tabGroups.close(tabs, true);
}
