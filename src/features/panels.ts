// Item panels, loaded with the first Open Panel (or a click on a history entry) or a panel VS Code
// restores after a reload. Their buttons act through the commands' runner, loaded when pressed.
import type * as vscode from 'vscode';
import { ItemPanels } from '../panels/itemPanels';
import { panelSerializer } from '../panels/panelPage';
import type { ItemRef } from '../shared/refs';
import type { Features, Parts } from './parts';

export interface Panels {
  panels: ItemPanels;
  serializer: vscode.WebviewPanelSerializer;
}

/** `causeSeen`: what the Failures view read of a failure's cause, if it was started (it is not started for it). */
export function startPanels(p: Parts, f: Features, causeSeen?: (ref: ItemRef) => string | undefined): Panels {
  const panels = new ItemPanels({
    extensionUri: p.context.extensionUri,
    client: (account) => p.accounts.client(account),
    accountName: (account) => p.accounts.nameIfSeveral(account),
    reader: p.reader,
    runs: p.runs,
    facts: p.facts,
    tree: p.provider,
    nameOf: (ref) => p.provider.nameOf(ref),
    act: async (command, target, given) => (await f.commands()).act(command, target, given),
    shown: p.shown,
    causeSeen,
  });
  p.context.subscriptions.push(
    panels,
    p.accountEnded((account) => panels.closeAll(account)),
    p.accounts.onDidChange(() => panels.retitle()),
  );
  const firstAccount = async () => {
    await p.accounts.resolve().catch(() => undefined);
    return p.accounts.usable()[0];
  };
  return { panels, serializer: panelSerializer(panels, p.signedIn, firstAccount) };
}
