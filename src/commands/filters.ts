// "Filter…" on Users, "Filter history…" on items with a history, "Clear filter". Applying a
// filter reloads only that node, and expands it so the result is seen.
import vscode = require('vscode');
import { l10n } from 'vscode';
import { HistoryParent, SearchableParent, isFilterable, type HistoryFilterState } from '../tree/filteredParents';
import type { Node } from '../tree/node';
import { parseSince } from '../shared/format';
import type { CommandDeps } from './deps';

/** What showing a filtered node takes. */
type ShowDeps = Pick<CommandDeps, 'provider' | 'treeView'>;

/** `mask` skips the prompt (tests, keybindings): `executeCommand('skyvia.filter', node, 'priya')`. */
export async function filter(deps: ShowDeps, node: unknown, given?: unknown): Promise<void> {
  if (!(node instanceof SearchableParent)) return;
  const mask =
    typeof given === 'string'
      ? given
      : await vscode.window.showInputBox({
          title: l10n.t('Filter users'),
          prompt: l10n.t('Show users whose name contains this text (leave empty for all)'),
          value: node.searchMask ?? '',
        });
  if (mask === undefined) return;
  node.setSearchMask(mask);
  show(deps, node);
}

/** A filter given as an argument skips the prompts: `{ failedOnly: true, since: '7d' }`. */
export interface HistoryFilterArg {
  failedOnly?: boolean;
  /** A date (`2026-11-01`) or an age (`7d`); empty or absent for none. */
  since?: string;
}

export async function filterHistory(deps: ShowDeps, node: unknown, given?: unknown): Promise<void> {
  if (!(node instanceof HistoryParent)) return;
  const next = given && typeof given === 'object' ? fromArg(given as HistoryFilterArg) : await askHistoryFilter(node.historyFilter);
  if (!next) return;
  node.setHistoryFilter(next);
  show(deps, node);
}

function fromArg(arg: HistoryFilterArg): HistoryFilterState {
  const next: HistoryFilterState = { failedOnly: arg.failedOnly === true };
  const text = arg.since?.trim();
  if (text) {
    const parsed = parseSince(text);
    if ('error' in parsed) throw new Error(parsed.error);
    next.since = { text, date: parsed.date };
  }
  return next;
}

/** Quick pick "All / Failed only", then an optional "since"; `undefined` if the user backs out. */
async function askHistoryFilter(current: HistoryFilterState): Promise<HistoryFilterState | undefined> {
  const all = { label: l10n.t('All'), description: l10n.t('every entry'), failedOnly: false };
  const failed = { label: l10n.t('Failed only'), description: l10n.t('only entries that failed'), failedOnly: true };
  const pick = await new Promise<typeof all | undefined>((resolve) => {
    // createQuickPick to preselect the current choice (showQuickPick cannot).
    const qp = vscode.window.createQuickPick<typeof all>();
    qp.title = l10n.t('Filter history (1/2)');
    qp.placeholder = l10n.t('Which entries?');
    qp.items = [all, failed];
    qp.activeItems = [current.failedOnly ? failed : all];
    let chosen: typeof all | undefined;
    qp.onDidAccept(() => {
      chosen = qp.selectedItems[0] ?? qp.activeItems[0];
      qp.hide();
    });
    qp.onDidHide(() => {
      qp.dispose();
      resolve(chosen);
    });
    qp.show();
  });
  if (!pick) return undefined;
  const sinceText = await vscode.window.showInputBox({
    title: l10n.t('Filter history (2/2)'),
    prompt: l10n.t('Since (optional): a date like 2026-11-01 or an age like 7d, 12h, 2w'),
    placeHolder: l10n.t('empty: no start date'),
    value: current.since?.text ?? '',
    validateInput: (text) => {
      if (!text.trim()) return undefined;
      const parsed = parseSince(text);
      return 'error' in parsed ? parsed.error : undefined;
    },
  });
  if (sinceText === undefined) return undefined;
  return fromArg({ failedOnly: pick.failedOnly, since: sinceText });
}

export function clearFilter(deps: ShowDeps, node: unknown): void {
  if (!isFilterable(node)) return;
  node.clearFilter();
  show(deps, node);
}

/** Re-renders the (already reset) node and, when the view is on screen, expands it. */
function show({ provider, treeView }: ShowDeps, node: Node): void {
  provider.changed(node);
  // Only when visible: `reveal` would open a hidden view (and start loading it) as a side effect.
  // It can fail for a node VS Code has not rendered yet; that is harmless.
  if (treeView.visible) treeView.reveal(node, { expand: true, focus: false, select: false }).then(undefined, () => undefined);
}

/** The history filter a node shows its entries with, as an action's given input (Export History…). */
export function givenFilterOf(node: unknown): { failedOnly?: boolean; since?: Date } {
  if (!(node instanceof HistoryParent)) return {};
  const f = node.historyFilter;
  return { failedOnly: f.failedOnly, since: f.since?.date };
}
