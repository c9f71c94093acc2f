// How an item node turns its spec and what the stores know into a TreeItem. Shared by the leaf
// and history item nodes so both look and behave the same.
import { l10n } from 'vscode';
import vscode = require('vscode');
import { tooltipMarkdown } from '../shared/format';
import { outcomeOf } from '../shared/outcome';
import { isEntryKind, type ItemRef, type RefKind, type Target } from '../shared/refs';
import { commandToken, contextValue, type Flag, type Kind } from '../kinds/contextValues';
import { CommandId } from '../shared/commandIds';
import { icon } from '../host/icons';
import type { ItemRecord, ItemView } from '../kinds/kind';
import type { Node } from './node';
import type { TreeContext } from './treeContext';
import { treeItem } from './treeItems';
import { commandTokens, ENTRIES, hasPanel, KINDS, describeObject, titleOf } from '../kinds';

export function viewOf<T>(ctx: TreeContext, ref: ItemRef, data: T, filterText?: string): ItemView<T> {
  const facts = ctx.reader.factsOf(ref);
  return { ref, data: (facts.row as T | undefined) ?? data, facts, busy: facts.busy, filterText, now: Date.now() };
}

export function tooltipOf<T extends object>(v: ItemView<T>): vscode.MarkdownString {
  const details = describeObject(v.ref, v.data, { ...v.facts, now: v.now });
  return new vscode.MarkdownString(tooltipMarkdown(details.title, details.rows));
}

export interface ItemRender {
  collapsible: 'none' | 'collapsed';
  /** Tokens only this node adds (history, filtered…). */
  extraFlags?: (Flag | false | undefined)[];
  command?: vscode.Command;
}

export function renderItem<T extends object>(node: Node, spec: ItemRecord<T>, v: ItemView<T>, how: ItemRender): vscode.TreeItem {
  const [id, color] = spec.icon(v);
  const item = treeItem(node, {
    label: titleOf(v.ref, v.data),
    description: v.busy ?? spec.description(v),
    // Items with per-item reads get their tooltip on hover, once those reads are in (resolveTreeItem).
    tooltip: spec.probe?.hover.length ? undefined : tooltipOf(v).value,
    icon: v.busy ? icon('loading~spin') : icon(id, color),
    meaning: meaningOf(spec.kind, v),
    contextValue: contextValue(
      spec.kind as Kind,
      ...spec.flags(v),
      ...(how.extraFlags ?? []),
      v.busy ? 'busy' : undefined,
      'hasId',
      ...commandTokens(spec.kind, spec.capabilities(v)),
      hasPanel(spec.kind) && commandToken(CommandId.openPanel),
    ),
    collapsible: how.collapsible,
    command: how.command,
  });
  return item;
}

/** What an item's icon tells (a spinner, red after a failure, greyed when disabled), in words. */
function meaningOf<T>(kind: RefKind, v: ItemView<T>): string {
  const latest = v.facts.latest?.state;
  return [
    KINDS[kind].words.title(),
    // A busy row's spinner is told by its description ("starting run…").
    !v.busy && v.facts.active && isEntryKind(v.facts.active.ref.kind)
      ? ENTRIES[v.facts.active.ref.kind].words.meaning(outcomeOf(v.facts.active.state))
      : undefined,
    !v.facts.active && outcomeOf(latest) === 'failed' ? l10n.t('last one failed') : undefined,
    v.facts.test
      ? { passed: () => l10n.t('test passed'), failed: () => l10n.t('test failed'), unclear: () => l10n.t('test unclear') }[v.facts.test.verdict]()
      : undefined,
  ]
    .filter(Boolean)
    .join(', ');
}

export function targetOf<T extends object>(ref: ItemRef, data: T): Target {
  return { ref, name: titleOf(ref, data), data };
}
