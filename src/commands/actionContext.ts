// The context an action runs in, built for each command from the live pieces: the signed-in
// client, the stores, the tree's effects, the prompter, the clipboard, and the details documents,
// logs and panels, each loaded when an action first shows one.
import vscode = require('vscode');
import type { Session } from '../host/session';
import type { ItemDocuments } from '../documents/itemDocuments';
import type { LogFiles } from '../logs/logFiles';
import type { ItemPanels } from '../panels/itemPanels';
import { parentRef, type ItemRef, type Target } from '../shared/refs';
import type { ItemReader } from '../state/itemReader';
import type { FactStore } from '../state/facts';
import type { RunStore } from '../state/runStore';
import type { ExplorerProvider } from '../tree/explorerProvider';
import type { ActionContext } from './actions/action';
import type { Prompter } from './prompter';
import type { Shown } from '../shared/plainText';
import type { PinStore } from '../state/pins';
import { sinceStart, sinceStartLabel } from '../logs/logSinceStart';
import { titleOf } from '../kinds';

export interface ActionContextDeps {
  session: Session;
  reader: ItemReader;
  facts: FactStore;
  runs: RunStore;
  provider: ExplorerProvider;
  prompter: Prompter;
  documents(): Promise<ItemDocuments>;
  logs(): Promise<LogFiles>;
  panels(): Promise<ItemPanels>;
  shown: Shown;
  pins: PinStore;
}

export function buildActionContext(d: ActionContextDeps): ActionContext {
  const nameOf = (ref: ItemRef): string => {
    for (const node of d.provider.nodesOf(ref)) {
      const t = node.target();
      if (t) return t.name;
    }
    return titleOf(ref);
  };
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
    client: d.session.requireClient(),
    reader: d.reader,
    facts: d.facts,
    runs: d.runs,
    pins: d.pins,
    prompter: d.prompter,
    tree: {
      updateItem: (ref, data) => d.provider.updateItem(ref, data),
      removeItem: (ref) => d.provider.removeItem(ref),
      reloadLists: (kind, workspaceId) => d.provider.reloadLists(kind, workspaceId),
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
      const logs = await d.logs();
      const uri = ({ target, text }: { target: Target; text: string }) => logs.aside(target, itemNameOf(target), sinceStart(text), sinceStartLabel());
      await vscode.commands.executeCommand('vscode.diff', uri(left), uri(right), title, { preview: false });
    },
    showPanel: async (target) => {
      await (await d.panels()).show(target);
    },
    runCommand: (id, ...args) => Promise.resolve(vscode.commands.executeCommand(id, ...args)),
    nameOf,
    shown: d.shown,
    writeFile: (uri, text) => Promise.resolve(vscode.workspace.fs.writeFile(uri, Buffer.from(text, 'utf8'))),
  };
}
