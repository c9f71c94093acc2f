// The "Activity" view under the explorer: the runs started or watched in this window and how
// they ended, newest first, failures marked — one place to see what happened while you were
// coding. Its badge counts the failures seen since the view was last on screen. With more than
// one account signed in, the runs are grouped by account, each group named.
import vscode = require('vscode');
import { l10n } from 'vscode';
import { CommandId } from '../shared/commandIds';
import { activeText } from '../shared/describe';
import { joinParts, plural, relativeTime, tooltipMarkdown, whenText } from '../shared/format';
import { stateWord } from '../shared/words';
import type { RunRecord } from '../shared/model';
import { isActive } from '../shared/outcome';
import { refKey, type AccountId, type Target } from '../shared/refs';
import type { RunStore } from '../state/runStore';
import { commandToken, contextValue } from '../kinds/contextValues';
import { icon, outcomeIcon, unusualIcon } from '../host/icons';
import { unusualLine, unusualWords } from '../kinds/unusual';
import { shownTreeItem } from '../tree/treeItems';
import { entryOf, entryTokens, historyOf, runTarget } from '../kinds';

/** An Activity row is a Target, so every item command (Show Details, Copy ID) takes it as it is. */
export interface ActivityEntry extends Target {
  readonly data: RunRecord;
}

/** One account's runs, when more than one account is signed in. */
export interface ActivityGroup {
  readonly group: AccountId;
  readonly label: string;
}

export type ActivityElement = ActivityEntry | ActivityGroup;

export class ActivityView implements vscode.TreeDataProvider<ActivityElement>, vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<undefined>();
  readonly onDidChangeTreeData = this.emitter.event;
  private view?: vscode.TreeView<ActivityElement>;
  private unseenFailures = 0;
  private readonly subscriptions: vscode.Disposable[];

  constructor(
    private readonly runs: RunStore,
    /** An account's name when more than one is signed in (the runs are then grouped by account). */
    private readonly accountName: (account: AccountId) => string | undefined = () => undefined,
  ) {
    this.subscriptions = [runs.onDidChange(() => this.emitter.fire(undefined)), runs.onDidEnd((run) => this.told(run))];
  }

  /** A run ended (the run store's word, or one that came before the view was loaded). */
  told(run: RunRecord): void {
    if (run.outcome === 'failed' && !this.view?.visible) this.unseenFailures++;
    this.emitter.fire(undefined);
    this.updateBadge();
  }

  attach(view: vscode.TreeView<ActivityElement>): vscode.Disposable {
    this.view = view;
    return view.onDidChangeVisibility(({ visible }) => {
      if (visible) {
        this.unseenFailures = 0;
        this.updateBadge();
      }
    });
  }

  getChildren(element?: ActivityElement): ActivityElement[] {
    const entries = this.runs.activity().map((run): ActivityEntry => ({ ...runTarget(run), data: run }));
    if (element) return 'group' in element ? entries.filter((e) => e.ref.account === element.group) : [];
    // Beside other accounts, each account's runs under its name, in the order of their newest run.
    const groups = [...new Set(entries.map((e) => e.ref.account))].flatMap((account): ActivityGroup[] => {
      const label = this.accountName(account);
      return label ? [{ group: account, label }] : [];
    });
    return groups.length ? groups : entries;
  }

  getTreeItem(element: ActivityElement): vscode.TreeItem {
    if ('group' in element) return this.groupItem(element);
    const entry = element;
    const run = entry.data;
    const item = new vscode.TreeItem(run.itemName, vscode.TreeItemCollapsibleState.None);
    // Two accounts may hold the same ids: the ref's key names the account.
    item.id = `activity:${refKey(run.ref)}`;
    const when = run.endedAt ?? run.seenAt;
    // Succeeded, but not as usual: said first, with a warning, and compared as a failure is.
    const record = entryOf(run.ref.kind);
    const unusual = run.outcome === 'succeeded' && run.unusual && record ? run.unusual : undefined;
    item.description = joinParts(
      unusual && record && unusualLine(record, unusual),
      stateWord(run.state),
      isActive(run.outcome) ? run.date && l10n.t('started {0}', relativeTime(run.date)) : l10n.t('ended {0}', relativeTime(when)),
      run.startedHere && l10n.t('started here'),
    );
    item.iconPath = unusual ? unusualIcon() : outcomeIcon(run.outcome);
    item.tooltip = new vscode.MarkdownString(
      tooltipMarkdown(entry.name, [
        [l10n.t('Unusual'), unusual && record && unusualWords(record, unusual)],
        [l10n.t('State'), stateWord(run.state)],
        [l10n.t('Progress'), isActive(run.outcome) ? activeText(run) : undefined],
        [l10n.t('Started'), whenText(run.date)],
        [l10n.t('Ended'), run.endedAt ? whenText(run.endedAt) : undefined],
        [l10n.t('Error'), run.error],
        [l10n.t('Started from'), run.startedHere ? l10n.t('this window') : l10n.t('elsewhere (seen while browsing)')],
      ]),
    );
    // While it runs, its item's Cancel (where the item's record can stop it).
    const cancel = isActive(run.outcome) ? historyOf(run.item.kind)?.stop?.cancel.command : undefined;
    item.contextValue = contextValue(
      run.ref.kind,
      run.outcome !== 'unknown' && (isActive(run.outcome) ? 'running' : run.outcome),
      !!unusual && 'unusual',
      'hasId',
      cancel && commandToken(cancel),
      ...entryTokens(run.ref.kind, run, !!unusual),
    );
    item.command = { command: CommandId.openItem, title: l10n.t('Show Details'), arguments: [entry] };
    return shownTreeItem(item);
  }

  private groupItem(group: ActivityGroup): vscode.TreeItem {
    const runs = this.runs.activity().filter((r) => r.ref.account === group.group);
    const running = runs.filter((r) => isActive(r.outcome)).length;
    const failed = runs.filter((r) => r.outcome === 'failed').length;
    const item = new vscode.TreeItem(group.label, vscode.TreeItemCollapsibleState.Expanded);
    item.id = `activity-account:${group.group}`;
    item.iconPath = icon('account');
    item.description = joinParts(running > 0 && l10n.t('{0} running', running), failed > 0 && l10n.t('{0} failed', failed));
    item.accessibilityInformation = { label: joinParts(l10n.t('{0}, Skyvia account', group.label), item.description) };
    item.contextValue = contextValue('message');
    return shownTreeItem(item);
  }

  private updateBadge(): void {
    if (!this.view) return;
    const n = this.unseenFailures;
    this.view.badge = n
      ? {
          value: n,
          tooltip: plural(
            n,
            (c) => l10n.t('{0} failed while you were away', c),
            (c) => l10n.t('{0} failed while you were away', c),
          ),
        }
      : undefined;
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
    this.emitter.dispose();
  }
}
