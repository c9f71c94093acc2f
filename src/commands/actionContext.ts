// The context an action runs in, built for each command from the commands' own (deps.ts): the
// accounts' clients, the stores, the tree's effects, the prompter, the clipboard, and the details
// documents, logs and panels, each loaded when an action first shows one.
import vscode = require('vscode');
import { parentRef, type ItemRef, type Target } from '../shared/refs';
import type { ActionContext } from './actions/action';
import type { CommandDeps } from './deps';
import { openLogDiff } from '../logs/logDiff';
import { titleOf } from '../kinds';

/** What an action's context is made of: the commands' own services, less those only handlers use. */
export type ActionContextDeps = Pick<
  CommandDeps,
  'accounts' | 'provider' | 'reader' | 'facts' | 'runs' | 'pins' | 'prompter' | 'documents' | 'logs' | 'panels' | 'shown'
>;

/** The context an action runs in, for one command: the signed-in client and what shows its results. */
export function buildActionContext(d: ActionContextDeps): ActionContext {
  const nameOf = (ref: ItemRef): string => d.provider.nameOf(ref) ?? titleOf(ref);
  /**
   * The name of the item a run, snapshot, execution or request belongs to, for its log's title:
   * the tree's, else the one the target was named with ("Run 123 of Nightly Sync": the Activity
   * and Failures views, a notification).
   */
  const itemNameOf = (target: Target): string | undefined => {
    const item = parentRef(target.ref);
    if (!item) return undefined;
    return d.provider.nodesOf(item).length ? nameOf(item) : (target.itemName ?? nameOf(item));
  };
  return {
    client: (account) => d.accounts.requireClient(account),
    reader: d.reader,
    facts: d.facts,
    runs: d.runs,
    pins: d.pins,
    prompter: d.prompter,
    tree: {
      updateItem: (ref, data) => d.provider.updateItem(ref, data),
      removeItem: (ref) => d.provider.removeItem(ref),
      reloadLists: (account, kind, workspaceId) => d.provider.reloadLists(account, kind, workspaceId),
    },
    clipboard: (text) => Promise.resolve(vscode.env.clipboard.writeText(text)),
    showDetails: async (target, data) => {
      await (await d.documents()).open(target, data, d.reader.factsOf(target.ref));
    },
    cachedLog: async (target) => (await d.logs()).cached(target),
    showLog: async (target, text) => {
      await (await d.logs()).open(target, itemNameOf(target), text);
    },
    showLogDiff: async (left, right, title) => {
      const side = ({ target, text }: { target: Target; text: string }) => ({ target, text, itemName: itemNameOf(target) });
      await openLogDiff(await d.logs(), side(left), side(right), title);
    },
    showPanel: async (target) => {
      await (await d.panels()).show(target);
    },
    runCommand: (id, ...args) => Promise.resolve(vscode.commands.executeCommand(id, ...args)),
    nameOf,
    shown: d.shown,
    writeFile: (uri, text) => Promise.resolve(vscode.workspace.fs.writeFile(uri, Buffer.from(text, 'utf8'))),
    fileOf: (value) => (value instanceof vscode.Uri ? value : typeof value === 'string' && value ? vscode.Uri.file(value) : undefined),
  };
}
