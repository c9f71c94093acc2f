// The runs grid, loaded with the first Show Runs Grid: the Failures view's reading drawn as a grid
// of items by hours or days. It reads nothing of its own (panels/runsGrid.ts).
import { RunsGrid } from '../panels/runsGrid';
import type { Features, Parts } from './parts';

export async function startRunsGrid(p: Parts, f: Features): Promise<RunsGrid> {
  const failures = await f.failures();
  const grid = new RunsGrid({
    extensionUri: p.context.extensionUri,
    failures,
    signedIn: async () => {
      await p.accounts.resolve();
      return p.accounts.usable().length > 0;
    },
    accountName: (account) => p.accounts.nameIfSeveral(account),
    openItem: async (target, slot) => (await f.panels()).panels.show(target, slot),
    shown: p.shown,
  });
  p.context.subscriptions.push(grid);
  return grid;
}
