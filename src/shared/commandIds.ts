// Command ids, shared by the registration table (commands/index.ts), the tree nodes that attach
// commands to items, notifications, and package.json (made by scripts/contributions.ts). A
// command that one kind runs its own way (its start, its stops, its toggle, its test, its secret)
// is named in that kind's record instead (src/kinds/), and contributed and registered from there.
export const CommandId = {
  // Accounts.
  signIn: 'skyvia.signIn',
  addAccount: 'skyvia.addAccount',
  renameAccount: 'skyvia.renameAccount',
  signOut: 'skyvia.signOut',
  tryDemo: 'skyvia.tryDemo',
  showLog: 'skyvia.showLog',
  // The tree.
  refresh: 'skyvia.refresh',
  refreshNode: 'skyvia.refreshNode',
  loadMore: 'skyvia.loadMore',
  filter: 'skyvia.filter',
  filterHistory: 'skyvia.filterHistory',
  clearFilter: 'skyvia.clearFilter',
  // Any item.
  openItem: 'skyvia.openItem',
  copyId: 'skyvia.copyId',
  copyJson: 'skyvia.copyJson',
  // Runs: starting and stopping them, what runs now.
  showActiveRun: 'skyvia.showActiveRun',
  showRunning: 'skyvia.showRunning',
  // Histories and their entries: logs, panels, export, compare.
  openLog: 'skyvia.openLog',
  openPanel: 'skyvia.openPanel',
  keepPanelOpen: 'skyvia.keepPanelOpen',
  exportHistory: 'skyvia.exportHistory',
  compareWithLastSuccess: 'skyvia.compareWithLastSuccess',
  // Pinned items.
  pin: 'skyvia.pin',
  unpin: 'skyvia.unpin',
  showPinned: 'skyvia.showPinned',
  // The Failures view.
  refreshFailures: 'skyvia.refreshFailures',
  cancelFailures: 'skyvia.cancelFailures',
  failuresLast24Hours: 'skyvia.failuresLast24Hours',
  failuresLast7Days: 'skyvia.failuresLast7Days',
  failuresShowMore: 'skyvia.failuresShowMore',
  failuresGroupByCause: 'skyvia.failuresGroupByCause',
  failuresListEach: 'skyvia.failuresListEach',
  failuresLast30Days: 'skyvia.failuresLast30Days',
  showRunsGrid: 'skyvia.showRunsGrid',
  // A log's title bar.
  refreshLog: 'skyvia.refreshLog',
  goToFirstError: 'skyvia.goToFirstError',
  // A comparison's title bar: its logs with their changing figures masked, or as logged.
  compareRawLogs: 'skyvia.compareRawLogs',
  compareMaskedLogs: 'skyvia.compareMaskedLogs',
  // Account.
  inviteUser: 'skyvia.inviteUser',
  resendInvitation: 'skyvia.resendInvitation',
  deleteInvitation: 'skyvia.deleteInvitation',
  removeAccountUser: 'skyvia.removeAccountUser',
  // Workspaces.
  addWorkspaceUser: 'skyvia.addWorkspaceUser',
  removeWorkspaceUser: 'skyvia.removeWorkspaceUser',
} as const;

/** A command a kind's record names (`skyvia.runIntegration`): contributed and registered from the record. */
export type KindCommandId = `skyvia.${string}`;

export type CommandId = (typeof CommandId)[keyof typeof CommandId] | KindCommandId;
