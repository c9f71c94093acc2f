// "Skyvia: Show Running Items" (and a click on the status bar item): the runs under way in a
// quick pick (each with its account's name when more than one is signed in); choosing one
// reveals its item in the Skyvia view, its button opens its details.
import vscode = require('vscode');
import { l10n } from 'vscode';
import { CommandId } from '../shared/commandIds';
import { joinParts, relativeTime } from '../shared/format';
import type { RunRecord } from '../shared/model';
import type { AccountId } from '../shared/refs';
import { stateWord } from '../shared/words';
import type { RunStore } from '../state/runStore';
import type { Node } from '../tree/node';
import { entryName, runTarget } from '../kinds';

export interface RunningPickerDeps {
  runs: RunStore;
  nodesOf(ref: RunRecord['item']): Node[];
  treeView: vscode.TreeView<Node>;
  /** An account's name when more than one is signed in. */
  accountName?(account: AccountId): string | undefined;
}

export async function showRunning({ runs, nodesOf, treeView, accountName }: RunningPickerDeps): Promise<void> {
  const watched = runs.watched();
  if (!watched.length) {
    void vscode.window.showInformationMessage(l10n.t('Nothing is running in Skyvia that this window knows of.'));
    return;
  }
  const detailsButton: vscode.QuickInputButton = { iconPath: new vscode.ThemeIcon('go-to-file'), tooltip: l10n.t('Show Details') };
  type Item = vscode.QuickPickItem & { run: RunRecord };
  const qp = vscode.window.createQuickPick<Item>();
  qp.title = l10n.t('Skyvia: running now');
  qp.placeholder = l10n.t('Reveal in the Skyvia view (or open its details with the button)');
  qp.items = watched.map((run) => ({
    label: `$(sync~spin) ${run.itemName}`,
    description: joinParts(accountName?.(run.ref.account), stateWord(run.state), run.date && l10n.t('started {0}', relativeTime(run.date))),
    detail: entryName(run.ref),
    buttons: [detailsButton],
    run,
  }));
  const details = (run: RunRecord) => vscode.commands.executeCommand(CommandId.openItem, runTarget(run));
  qp.onDidTriggerItemButton(({ item }) => {
    qp.hide();
    void details(item.run);
  });
  qp.onDidAccept(() => {
    const run = qp.selectedItems[0]?.run;
    qp.hide();
    if (!run) return;
    const node = nodesOf(run.item)[0];
    if (node) void treeView.reveal(node, { select: true, focus: true, expand: true });
    else void details(run);
  });
  qp.onDidHide(() => qp.dispose());
  qp.show();
}
