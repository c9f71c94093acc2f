// How an item node turns its spec and what the stores know into a TreeItem. Shared by the leaf
// and history item nodes so both look and behave the same.
import vscode = require('vscode');
import { describeItem, type Facts } from '../shared/describe';
import { tooltipMarkdown } from '../shared/format';
import type { ItemRef, Target } from '../shared/refs';
import { titleOf } from '../shared/describe';
import { contextValue, type Flag, type Kind } from './contextValues';
import { icon } from './icons';
import type { ItemSpec, ItemView } from './itemSpec';
import type { Node } from './node';
import type { TreeContext } from './treeContext';
import { treeItem } from './treeItems';

/** What the stores know of an item, plus its history's newest entry. */
export function factsOf(ctx: TreeContext, ref: ItemRef, latest?: Facts['latest']): Facts {
  const { schedule, enabled, queued, testMode, connectionType, test } = ctx.states.get(ref);
  // Without a loaded history, a run this window saw end is the latest known.
  const ended = latest ? undefined : ctx.runs.lastEnded(ref);
  return { schedule, enabled, queued, testMode, connectionType, test, active: ctx.runs.active(ref), latest: latest ?? (ended && { state: ended.state, date: ended.date }), endpointTypes: ctx.reader.knownEndpointTypes() };
}

export function viewOf<T>(ctx: TreeContext, ref: ItemRef, data: T, latest?: Facts['latest'], filterText?: string): ItemView<T> {
  return { ref, data, facts: factsOf(ctx, ref, latest), busy: ctx.states.get(ref).busy, filterText, now: Date.now() };
}

export function tooltipOf<T extends object>(v: ItemView<T>): vscode.MarkdownString {
  const details = describeItem(v.ref, v.data, { ...v.facts, now: v.now });
  return new vscode.MarkdownString(tooltipMarkdown(details.title, details.rows));
}

export interface ItemRender {
  collapsible: 'none' | 'collapsed';
  /** Tokens only this node adds (history, filtered…). */
  extraFlags?: (Flag | false | undefined)[];
  command?: vscode.Command;
}

export function renderItem<T extends object>(node: Node, spec: ItemSpec<T>, v: ItemView<T>, how: ItemRender): vscode.TreeItem {
  const [id, color] = spec.icon(v);
  const item = treeItem(node, {
    label: titleOf(v.ref, v.data),
    description: v.busy ?? spec.description(v),
    // Items with per-item reads get their tooltip on hover, once those reads are in (resolveTreeItem).
    tooltip: spec.readsOnHover ? undefined : tooltipOf(v).value,
    icon: v.busy ? icon('loading~spin') : icon(id, color),
    contextValue: contextValue(spec.kind as Kind, ...spec.flags(v), ...(how.extraFlags ?? []), v.busy ? 'busy' : undefined, 'hasId'),
    collapsible: how.collapsible,
    command: how.command,
  });
  return item;
}

export function targetOf<T extends object>(ref: ItemRef, data: T): Target {
  return { ref, name: titleOf(ref, data), data };
}
