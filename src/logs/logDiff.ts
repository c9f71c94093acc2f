// Two logs in VS Code's diff editor, for Compare with Last Success: their changing figures masked
// (logMask.ts) so the lines marked are the lines new in kind — the default — or their figures as
// logged, with times since each start (logSinceStart.ts). The diff's title bar switches between
// the two: the same entries, the same title, in the same place; the views are made again from
// each entry's shared read (state/entryReads.ts), not read again from the service.
import vscode = require('vscode');
import { l10n } from 'vscode';
import type { Target } from '../shared/refs';
import type { LogFiles } from './logFiles';

/** One side of a comparison: an entry, its item's name for the title, its log. */
export interface ComparedLog {
  target: Target;
  itemName: string | undefined;
  text: string;
}

export async function openLogDiff(logs: LogFiles, left: ComparedLog, right: ComparedLog, title: string, masked = true): Promise<void> {
  const uri = (side: ComparedLog) => logs.compared(side.target, side.itemName, side.text, masked);
  await vscode.commands.executeCommand('vscode.diff', uri(left), uri(right), title, { preview: false });
}

type DiffTab = vscode.Tab & { input: vscode.TabInputTextDiff };

/** The diff tab that shows a comparison's view (VS Code hands the title bar's resource), else the active one. */
function diffTabOf(given: unknown): DiffTab | undefined {
  const isDiff = (t: vscode.Tab | undefined): t is DiffTab => t?.input instanceof vscode.TabInputTextDiff;
  if (given instanceof vscode.Uri) {
    const key = given.toString();
    const tabs = vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter(isDiff);
    const shown = tabs.filter((t) => t.input.modified.toString() === key || t.input.original.toString() === key);
    return shown.find((t) => t.isActive) ?? shown[0];
  }
  const active = vscode.window.tabGroups.activeTabGroup.activeTab;
  return isDiff(active) ? active : undefined;
}

/**
 * Shows a comparison with its figures masked, or as logged: the diff tab is replaced by the other
 * views of the same two logs. Says so, and does nothing, when the tab is no comparison of logs.
 */
export async function switchLogDiff(logs: LogFiles, given: unknown, masked: boolean): Promise<void> {
  const tab = diffTabOf(given);
  const sides = tab && [logs.comparedOf(tab.input.original), logs.comparedOf(tab.input.modified)];
  if (!tab || !sides?.[0] || !sides[1]) {
    void vscode.window.showInformationMessage(l10n.t('Compare a failed run, snapshot or execution with its last success first.'));
    return;
  }
  const [left, right] = sides;
  if (left.masked === masked && right.masked === masked) return;
  const texts = await Promise.all([left, right].map((side) => logs.read(side.target.ref)));
  const uris = [left, right].map((side, i) =>
    logs.compared(side.target, side.itemName, texts[i] ?? l10n.t('(The service returned no log for {0}.)', side.target.name), masked),
  );
  const [original, modified] = [tab.input.original.toString(), tab.input.modified.toString()];
  await vscode.commands.executeCommand('vscode.diff', uris[0], uris[1], tab.label, { preview: false, viewColumn: tab.group.viewColumn });
  // Found again: the tab objects VS Code handed before the new one opened may be stale by now.
  const old = vscode.window.tabGroups.all
    .flatMap((g) => g.tabs)
    .filter((t) => t.input instanceof vscode.TabInputTextDiff && t.input.original.toString() === original && t.input.modified.toString() === modified);
  if (old.length) await vscode.window.tabGroups.close(old, true);
}
