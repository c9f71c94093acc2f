// Command ids, shared by the registration table (commands/index.ts), the tree nodes that attach
// commands to items, and package.json (checked by test/unit/manifest.test.ts).
export const CommandId = {
  signIn: 'skyvia.signIn',
  signOut: 'skyvia.signOut',
  tryDemo: 'skyvia.tryDemo',
  refresh: 'skyvia.refresh',
  refreshNode: 'skyvia.refreshNode',
  loadMore: 'skyvia.loadMore',
  filter: 'skyvia.filter',
  filterHistory: 'skyvia.filterHistory',
  clearFilter: 'skyvia.clearFilter',
  copyId: 'skyvia.copyId',
  openItem: 'skyvia.openItem',
  showLog: 'skyvia.showLog',
} as const;

export type CommandId = (typeof CommandId)[keyof typeof CommandId];
