// How the Failures view's rows look: a failure (the same row, menu and panel as the explorer's),
// a note, an account's group, the group of unusual successes, a cause and a cause's item — and the
// sentences they say, each whole per range and count.
import vscode = require('vscode');
import { l10n } from 'vscode';
import { formatCount, joinParts, plural, relativeTime, tooltipMarkdown, whenText } from '../shared/format';
import { CommandId } from '../shared/commandIds';
import { stateWord } from '../shared/words';
import { refKey, type AccountId, type HistoryItemKind } from '../shared/refs';
import { contextValue } from '../kinds/contextValues';
import { icon, outcomeIcon, unusualIcon } from '../host/icons';
import { unusualLine, unusualWords } from '../kinds/unusual';
import { entryTokens, HISTORIES } from '../kinds';
import type { CauseGroup, CauseItem, FailureGroup, FailureNote, FailureRow, FailureWindow, UnusualGroup, UnusualRow } from './failuresModel';

/** A failure, or a success that was not as usual: its item, what the entry says, its workspace. */
export function rowItem(row: FailureRow | UnusualRow, now: number): vscode.TreeItem {
  const { entry } = row;
  const spec = HISTORIES[entry.item.kind as HistoryItemKind].entry;
  const unusual = 'unusual' in row ? row.unusual : undefined;
  const item = new vscode.TreeItem(entry.item.name, vscode.TreeItemCollapsibleState.None);
  item.id = `${unusual ? 'unusual' : 'failure'}:${refKey(row.ref)}`;
  item.description = joinParts(unusual && unusualLine(spec, unusual), spec.description(entry.row, now), entry.item.workspace);
  item.iconPath = unusual ? unusualIcon() : outcomeIcon(entry.outcome);
  item.contextValue = contextValue(
    entry.kind,
    unusual ? 'succeeded' : 'failed',
    !!unusual && 'unusual',
    'hasId',
    ...entryTokens(entry.kind, entry.row as object, !!unusual),
  );
  item.command = { command: CommandId.openPanel, title: l10n.t('Open Panel'), arguments: [row] };
  return item;
}

/**
 * A row's tooltip, made when it is hovered: a week of a large account is thousands of rows, and
 * every tooltip made up front went to the window with them.
 */
export function rowTooltip(row: FailureRow | UnusualRow, now: number, cause?: string): vscode.MarkdownString {
  const { entry } = row;
  const spec = HISTORIES[entry.item.kind as HistoryItemKind].entry;
  const unusual = 'unusual' in row ? row.unusual : undefined;
  return new vscode.MarkdownString(
    tooltipMarkdown(row.name, [
      [l10n.t('Unusual'), unusual && unusualWords(spec, unusual)],
      [l10n.t('State'), entry.state && stateWord(entry.state)],
      [l10n.t('When'), whenText(entry.date, now)],
      [l10n.t('Details'), spec.description(entry.row)],
      [l10n.t('Cause'), cause],
      [l10n.t('Workspace'), entry.item.workspace],
    ]),
  );
}

/** "Succeeded, but not as usual": its count, expanded. */
export function unusualGroupItem(group: UnusualGroup, window: FailureWindow, n: number): vscode.TreeItem {
  const item = new vscode.TreeItem(l10n.t('Succeeded, but not as usual'), vscode.TreeItemCollapsibleState.Expanded);
  item.id = `unusual:${group.unusualOf}`;
  item.description = unusualText(window, n);
  item.iconPath = unusualIcon();
  item.tooltip = l10n.t('Succeeded, with a figure far from their item’s usual (0 rows, three times as long…). Setting: skyvia.unusual.enabled.');
  item.accessibilityInformation = { label: l10n.t('Succeeded, but not as usual: {0}', unusualText(window, n)) };
  item.contextValue = contextValue('message');
  return item;
}

/** An account's group: its name, and how many failed in it. */
export function groupItem(group: FailureGroup, window: FailureWindow, n: number): vscode.TreeItem {
  const item = new vscode.TreeItem(group.label, vscode.TreeItemCollapsibleState.Expanded);
  item.id = `group:${group.group}`;
  item.description = failedText(window, n);
  item.iconPath = icon('account');
  item.tooltip = `${group.label}\n${failedText(window, n)}`;
  item.accessibilityInformation = { label: l10n.t('{0}, Skyvia account: {1}', group.label, failedText(window, n)) };
  item.contextValue = contextValue('message');
  return item;
}

/** "14 failures in 6 integrations · first 5 d ago · last 1 h ago": a cause's count, its items' and when it was seen. */
export function causeDescription(group: CauseGroup, now: number): string {
  const byKind = new Map<HistoryItemKind, number>();
  for (const i of group.items) {
    const kind = i.rows[0].entry.item.kind as HistoryItemKind;
    byKind.set(kind, (byKind.get(kind) ?? 0) + 1);
  }
  const items = [...byKind].map(([kind, n]) => HISTORIES[kind].words.count(n)).join(', ');
  const failures = failuresCount(group.rows.length);
  const seen = l10n.t('{0} in {1} · first {2} · last {3}', failures, items, relativeTime(group.first, now), relativeTime(group.last, now));
  return group.isNew ? l10n.t('new · {0}', seen) : seen;
}

/** A cause: its plain words, and how often, where and when; "Cause unknown" and why for failures whose log could not be read. */
export function causeItem(group: CauseGroup, now: number): vscode.TreeItem {
  const unknown = group.cause === '';
  const item = new vscode.TreeItem(unknown ? l10n.t('Cause unknown') : group.words, vscode.TreeItemCollapsibleState.Collapsed);
  item.id = `cause:${group.account}:${group.cause}`;
  item.description = causeDescription(group, now);
  item.iconPath = unknown ? icon('question') : group.isNew ? icon('sparkle', 'list.warningForeground') : icon('error', 'list.errorForeground');
  const why = unknown ? [...new Set(group.unknown ?? [])].slice(0, 10).join('\n') : undefined;
  item.tooltip = joinLines(unknown ? l10n.t('Cause unknown') : group.words, item.description, why);
  item.accessibilityInformation = {
    label: group.isNew
      ? l10n.t('New cause: {0}, {1}', unknown ? l10n.t('Cause unknown') : group.words, item.description)
      : l10n.t('Cause: {0}, {1}', unknown ? l10n.t('Cause unknown') : group.words, item.description),
  };
  item.contextValue = contextValue('message');
  return item;
}

/** An item under a cause: its name, how many of its failures have the cause, its workspace. */
export function causeItemItem(c: CauseItem): vscode.TreeItem {
  const item = new vscode.TreeItem(c.name, vscode.TreeItemCollapsibleState.Expanded);
  item.id = `causeItem:${c.causeOf.account}:${c.causeOf.cause}:${c.causeItem}`;
  item.description = joinParts(failuresCount(c.rows.length), c.workspace);
  item.iconPath = icon(HISTORIES[c.rows[0].entry.item.kind as HistoryItemKind].category.icon);
  item.tooltip = joinLines(c.name, c.workspace);
  item.contextValue = contextValue('message');
  return item;
}

function joinLines(...lines: (string | undefined)[]): string {
  return lines.filter(Boolean).join('\n');
}

/** "3 failures". */
export function failuresCount(n: number): string {
  return plural(
    n,
    (c) => l10n.t({ message: '{0} failure', args: [c], comment: ['{0} is a count the language says with its singular ("1")'] }),
    (c) => l10n.t('{0} failures', c),
  );
}

/** The progress row's description while causes are read: "12 of 40 failures". */
export function causesRead(read: number, total: number): string {
  return plural(
    total,
    (c) => l10n.t('{0} of {1} failure', read, c),
    (c) => l10n.t('{0} of {1} failures', read, c),
  );
}

/** "2 succeeded unusually in the last 24 hours": a whole sentence per range and count. */
export function unusualText(window: FailureWindow, n: number): string {
  if (window === '24h')
    return plural(
      n,
      (c) =>
        l10n.t({ message: '{0} succeeded unusually in the last 24 hours', args: [c], comment: ['{0} is a count the language says with its singular ("1")'] }),
      (c) => l10n.t('{0} succeeded unusually in the last 24 hours', c),
    );
  if (window === '30d')
    return plural(
      n,
      (c) =>
        l10n.t({ message: '{0} succeeded unusually in the last 30 days', args: [c], comment: ['{0} is a count the language says with its singular ("1")'] }),
      (c) => l10n.t('{0} succeeded unusually in the last 30 days', c),
    );
  return plural(
    n,
    (c) => l10n.t({ message: '{0} succeeded unusually in the last 7 days', args: [c], comment: ['{0} is a count the language says with its singular ("1")'] }),
    (c) => l10n.t('{0} succeeded unusually in the last 7 days', c),
  );
}

/** "3 failed in the last 24 hours": a whole sentence per range and count. */
export function failedText(window: FailureWindow, n: number): string {
  if (window === '24h')
    return n === 0
      ? l10n.t('Nothing failed in the last 24 hours')
      : plural(
          n,
          (c) => l10n.t({ message: '{0} failed in the last 24 hours', args: [c], comment: ['{0} is a count the language says with its singular ("1")'] }),
          (c) => l10n.t('{0} failed in the last 24 hours', c),
        );
  if (window === '30d')
    return n === 0
      ? l10n.t('Nothing failed in the last 30 days')
      : plural(
          n,
          (c) => l10n.t({ message: '{0} failed in the last 30 days', args: [c], comment: ['{0} is a count the language says with its singular ("1")'] }),
          (c) => l10n.t('{0} failed in the last 30 days', c),
        );
  return n === 0
    ? l10n.t('Nothing failed in the last 7 days')
    : plural(
        n,
        (c) => l10n.t({ message: '{0} failed in the last 7 days', args: [c], comment: ['{0} is a count the language says with its singular ("1")'] }),
        (c) => l10n.t('{0} failed in the last 7 days', c),
      );
}

/** "40 items in 3 workspaces": how much the reading covered. */
export function itemsRead(items: number, workspaces: number): string {
  if (workspaces === 1)
    return plural(
      items,
      (c) => l10n.t('{0} item in 1 workspace', c),
      (c) => l10n.t('{0} items in 1 workspace', c),
    );
  return plural(
    items,
    (c) => l10n.t('{0} item in {1} workspaces', c, workspaces),
    (c) => l10n.t('{0} items in {1} workspaces', c, workspaces),
  );
}

export function noteItem(note: FailureNote): vscode.TreeItem {
  const item = new vscode.TreeItem(note.label, vscode.TreeItemCollapsibleState.None);
  item.id = `note:${note.account ?? ''}:${note.note}`;
  item.description = note.description;
  item.tooltip = note.tooltip ?? note.label;
  // Read out as shown (a tooltip given as text would be read instead).
  item.accessibilityInformation = { label: [note.label, note.description].filter(Boolean).join(' ') };
  item.iconPath =
    note.note === 'progress'
      ? icon('loading~spin')
      : note.note === 'more'
        ? icon('ellipsis')
        : note.severity === 'warning'
          ? icon('warning', 'list.warningForeground')
          : icon('info');
  item.contextValue = contextValue('message', note.severity === 'warning' && 'retry');
  if (note.severity === 'warning') item.command = { command: CommandId.refreshFailures, title: l10n.t('Refresh') };
  if (note.note === 'more') item.command = { command: CommandId.failuresShowMore, title: l10n.t('Show More'), arguments: [note.account] };
  return item;
}

/** Entries the service sent for the range that are not of it (dated before it, or undated): said, not counted as failures. */
export function leftOutNote(account: AccountId, n: number, since: Date): FailureNote {
  return {
    note: 'leftOut',
    account,
    label: plural(
      n,
      (c) =>
        l10n.t({
          message: '{0} entry without a date or outside the range was left out',
          args: [c],
          comment: ['{0} is a count the language says with its singular ("1")'],
        }),
      (c) => l10n.t('{0} entries without a date or outside the range were left out', c),
    ),
    tooltip: plural(
      n,
      (c) =>
        l10n.t({
          message:
            'The service sent {0} entry dated before {1}, or without a date (0001-01-01, its “no date”). It is not of this range, and not counted among its failures.',
          args: [c, since.toLocaleString()],
          comment: ['{0} is a count the language says with its singular ("1"); {1} is a date and time'],
        }),
      (c) =>
        l10n.t(
          'The service sent {0} entries dated before {1}, or without a date (0001-01-01, its “no date”). They are not of this range, and not counted among its failures.',
          c,
          since.toLocaleString(),
        ),
    ),
    severity: 'info',
  };
}

/** The row after the failures shown: how many more, and a click shows the next of them. */
export function moreNote(account: AccountId, more: number, page: number): FailureNote {
  return {
    note: 'more',
    account,
    label: l10n.t('Show more…'),
    description: plural(
      more,
      (c) => l10n.t({ message: '{0} more failed', args: [c], comment: ['{0} is a count the language says with its singular ("1")'] }),
      (c) => l10n.t('{0} more failed', c),
    ),
    tooltip: l10n.t('Show the next {0} failures, newest first.', formatCount(Math.min(more, page))),
    severity: 'info',
  };
}
