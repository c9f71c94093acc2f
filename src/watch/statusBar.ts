// A status bar item while runs are under way: "$(sync~spin) 2 running", hidden when none.
// Clicking it lists them to reveal one in the tree or open its details. Created on the first
// run, never at activation.
import vscode = require('vscode');
import { l10n } from 'vscode';
import { CommandId } from '../shared/commandIds';
import { inertMarkdown, joinParts, relativeTime } from '../shared/format';
import { stateWord } from '../shared/words';
import type { RunStore } from '../state/runStore';
import type { AccountId } from '../shared/refs';

export class RunStatusBar implements vscode.Disposable {
  private item?: vscode.StatusBarItem;
  private readonly subscription: vscode.Disposable;

  constructor(
    private readonly runs: RunStore,
    /** An account's name when more than one is signed in (the tooltip then says whose each run is). */
    private readonly accountName: (account: AccountId) => string | undefined = () => undefined,
  ) {
    this.subscription = runs.onDidChange(() => this.update());
  }

  /** What it shows now (tests read it): `undefined` when hidden. */
  get text(): string | undefined {
    return this.runs.watched().length ? this.item?.text : undefined;
  }

  /** Shows what runs now (at every change, and once when created late). */
  update(): void {
    const watched = this.runs.watched();
    if (!watched.length) {
      this.item?.hide();
      return;
    }
    const item = (this.item ??= vscode.window.createStatusBarItem('skyvia.running', vscode.StatusBarAlignment.Left, 50));
    item.name = l10n.t('Skyvia: running');
    item.text = `$(sync~spin) ${l10n.t('{0} running', watched.length)}`;
    item.tooltip = new vscode.MarkdownString(
      [
        `**${l10n.t('Skyvia: under way')}**`,
        '',
        ...watched.map(
          (r) =>
            `- ${inertMarkdown(r.itemName)} — ${inertMarkdown(joinParts(this.accountName(r.ref.account), stateWord(r.state), r.date && l10n.t('started {0}', relativeTime(r.date))))}`,
        ),
      ].join('\n'),
    );
    item.command = CommandId.showRunning;
    item.show();
  }

  dispose(): void {
    this.subscription.dispose();
    this.item?.dispose();
  }
}
