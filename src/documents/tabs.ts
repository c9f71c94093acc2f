// The editor tabs showing documents of one of the extension's schemes.
import vscode = require('vscode');

export type SchemeTab = vscode.Tab & { input: vscode.TabInputText };

export function tabsOf(scheme: string): SchemeTab[] {
  return vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t): t is SchemeTab => t.input instanceof vscode.TabInputText && t.input.uri.scheme === scheme);
}

/** Closes them all (the session ended: nothing of it stays on screen). */
export async function closeTabsOf(scheme: string): Promise<void> {
  const tabs = tabsOf(scheme);
  if (tabs.length) await vscode.window.tabGroups.close(tabs, true);
}
