// A status bar item while anything is pinned: "$(pass) 5 pinned", or "$(error) 1 of 5 failed"
// when the newest run of some pinned item failed. Its tooltip names each with its newest run; a
// click reveals the Pinned group (the first failed item in it, if any). Drawn from the fact store:
// what the Pinned group shows, it shows.
import vscode = require('vscode');
import { l10n } from 'vscode';
import { CommandId } from '../shared/commandIds';
import { inertMarkdown, joinParts, relativeTime } from '../shared/format';
import { stateWord } from '../shared/words';
import { outcomeOf } from '../shared/outcome';
import { refKey, type AccountId } from '../shared/refs';
import type { FactStore } from '../state/facts';
import type { Pin, PinStore } from '../state/pins';

export class PinStatusBar implements vscode.Disposable {
  private item?: vscode.StatusBarItem;
  private readonly subscriptions: vscode.Disposable[];

  constructor(
    private readonly pins: PinStore,
    private readonly facts: FactStore,
    private readonly signedIn: () => boolean,
    /** An account's name, when more than one is signed in (the tooltip then says whose each pin is). */
    private readonly accountName: (account: AccountId) => string | undefined = () => undefined,
  ) {
    this.subscriptions = [
      pins.onDidChange(() => this.update()),
      facts.onDidChange((ref) => {
        if (pins.has(ref)) this.update();
      }),
    ];
  }

  /** What it shows now (tests read it): `undefined` when hidden. */
  get text(): string | undefined {
    return this.item && this.pins.list().length && this.signedIn() ? this.item.text : undefined;
  }

  /** The pinned items whose newest run failed, in the order pinned. */
  failed(): Pin[] {
    return this.pins.list().filter((p) => outcomeOf(this.facts.get(p.ref).latest?.state) === 'failed');
  }

  /** The pinned items whose newest run succeeded, but not as usual. */
  unusual(): Pin[] {
    return this.pins.list().filter((p) => {
      const latest = this.facts.get(p.ref).latest;
      return outcomeOf(latest?.state) === 'succeeded' && !!latest?.unusual;
    });
  }

  update(): void {
    const pins = this.pins.list();
    if (!pins.length || !this.signedIn()) {
      this.item?.hide();
      return;
    }
    const failed = this.failed();
    const unusual = this.unusual();
    const item = (this.item ??= vscode.window.createStatusBarItem('skyvia.pinned', vscode.StatusBarAlignment.Left, 49));
    item.name = l10n.t('Skyvia: pinned items');
    // A failure first; else a success not as usual, as a warning; else all is well.
    item.text = failed.length
      ? `$(error) ${l10n.t('{0} of {1} failed', failed.length, pins.length)}`
      : unusual.length
        ? `$(warning) ${l10n.t('{0} of {1} unusual', unusual.length, pins.length)}`
        : `$(pass) ${l10n.t('{0} pinned', pins.length)}`;
    item.backgroundColor = failed.length
      ? new vscode.ThemeColor('statusBarItem.errorBackground')
      : unusual.length
        ? new vscode.ThemeColor('statusBarItem.warningBackground')
        : undefined;
    const failedKeys = new Set(failed.map((p) => refKey(p.ref)));
    const unusualKeys = new Set(unusual.map((p) => refKey(p.ref)));
    item.tooltip = new vscode.MarkdownString(
      [
        `**${l10n.t('Skyvia: pinned')}**`,
        '',
        ...pins.map((p) => {
          const latest = this.facts.get(p.ref).latest;
          const odd = unusualKeys.has(refKey(p.ref));
          const said = latest
            ? joinParts(
                latest.state && stateWord(latest.state),
                relativeTime(latest.date),
                odd && l10n.t({ message: 'unusual', comment: ['The newest run succeeded, but not as usual'] }),
              )
            : l10n.t('not read yet');
          const account = this.accountName(p.ref.account);
          const mark = failedKeys.has(refKey(p.ref)) ? '$(error) ' : odd ? '$(warning) ' : '';
          return `- ${mark}${inertMarkdown(account ? `${p.name} (${account})` : p.name)} — ${inertMarkdown(said)}`;
        }),
      ].join('\n'),
      true,
    );
    item.command = CommandId.showPinned;
    item.show();
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
    this.item?.dispose();
  }
}
