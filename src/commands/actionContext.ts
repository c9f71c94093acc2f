// The context an action runs in, built for each command from the live pieces: the signed-in
// client, the stores, the tree's effects, the prompter, the clipboard, and the details documents,
// logs and panels, each loaded when an action first shows one.
import vscode = require('vscode');
import type { Session } from '../auth/session';
import type { ItemDocuments } from '../documents/itemDocuments';
import type { LogFiles } from '../logs/logFiles';
import type { ItemPanels } from '../panels/itemPanels';
import { titleOf } from '../shared/describe';
import { parentRef, type ItemRef } from '../shared/refs';
import type { ItemReader } from '../state/itemReader';
import type { FactStore } from '../state/facts';
import type { RunStore } from '../state/runStore';
import type { ExplorerProvider } from '../tree/explorerProvider';
import { factsOf } from '../tree/itemView';
import type { ActionContext } from './actions/action';
import type { Prompter } from './prompter';

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
}

export function buildActionContext(d: ActionContextDeps): ActionContext {
  const nameOf = (ref: ItemRef): string => {
    for (const node of d.provider.nodesOf(ref)) {
      const t = node.target();
      if (t) return t.name;
    }
    return titleOf(ref);
  };
  return {
    client: d.session.requireClient(),
    reader: d.reader,
    facts: d.facts,
    runs: d.runs,
    prompter: d.prompter,
    tree: {
      updateItem: (ref, data) => d.provider.updateItem(ref, data),
      removeItem: (ref) => d.provider.removeItem(ref),
      reloadLists: (kind, workspaceId) => d.provider.reloadLists(kind, workspaceId),
    },
    clipboard: (text) => Promise.resolve(vscode.env.clipboard.writeText(text)),
    showDetails: async (target, data) => {
      await (await d.documents()).open(target, data, factsOf(d.provider, target.ref));
    },
    cachedLog: async (target) => (await d.logs()).cached(target),
    showLog: async (target, text) => {
      const item = parentRef(target.ref);
      await (await d.logs()).open(target, item ? nameOf(item) : undefined, text);
    },
    showPanel: async (target) => {
      await (await d.panels()).show(target);
    },
    runCommand: (id, ...args) => Promise.resolve(vscode.commands.executeCommand(id, ...args)),
    nameOf,
  };
}
