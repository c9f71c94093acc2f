// Command ids, shared by the registration table (commands/index.ts), the tree nodes that attach
// commands to items, notifications, and package.json (checked by test/unit/manifest.test.ts).
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
  runIntegration: 'skyvia.runIntegration',
  cancelRun: 'skyvia.cancelRun',
  killRun: 'skyvia.killRun',
  showActiveRun: 'skyvia.showActiveRun',
  showRunning: 'skyvia.showRunning',
  // Histories and their entries: logs, panels, export, compare.
  openLog: 'skyvia.openLog',
  openPanel: 'skyvia.openPanel',
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
  // A log's title bar.
  refreshLog: 'skyvia.refreshLog',
  goToFirstError: 'skyvia.goToFirstError',
  // A comparison's title bar: its logs with their changing figures masked, or as logged.
  compareRawLogs: 'skyvia.compareRawLogs',
  compareMaskedLogs: 'skyvia.compareMaskedLogs',
  // Schedules of integrations and backups.
  enableSchedule: 'skyvia.enableSchedule',
  disableSchedule: 'skyvia.disableSchedule',
  // Backups.
  createSnapshot: 'skyvia.createSnapshot',
  // Automations.
  enableAutomation: 'skyvia.enableAutomation',
  disableAutomation: 'skyvia.disableAutomation',
  // Endpoints.
  enableEndpoint: 'skyvia.enableEndpoint',
  disableEndpoint: 'skyvia.disableEndpoint',
  copyEndpointToken: 'skyvia.copyEndpointToken',
  // Agents and connections.
  testAgent: 'skyvia.testAgent',
  copyAgentKey: 'skyvia.copyAgentKey',
  testConnection: 'skyvia.testConnection',
  // Account.
  inviteUser: 'skyvia.inviteUser',
  resendInvitation: 'skyvia.resendInvitation',
  deleteInvitation: 'skyvia.deleteInvitation',
  removeAccountUser: 'skyvia.removeAccountUser',
  // Workspaces.
  addWorkspaceUser: 'skyvia.addWorkspaceUser',
  removeWorkspaceUser: 'skyvia.removeWorkspaceUser',
} as const;

export type CommandId = (typeof CommandId)[keyof typeof CommandId];
