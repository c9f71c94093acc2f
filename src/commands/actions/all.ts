// Every action, by the command that runs it: the one list the command table, panels' and
// notifications' buttons and the chat tools find an action in.
import type { AnyAction } from './action';
import { deleteInvitation, inviteUser, removeAccountUser, resendInvitation } from './account';
import { exportHistory } from './exportHistory';
import { compareWithLastSuccess } from './compare';
import { pinItem, unpinItem } from './pins';
import { openPanel } from './panels';
import { copyAgentKey, copyEndpointToken, copyId, copyJson, openItem } from './items';
import { cancelRun, createSnapshot, killRun, runIntegration, showActiveRun } from './runs';
import { testAgent, testConnection } from './tests';
import { disableAutomation, disableEndpoint, disableSchedule, enableAutomation, enableEndpoint, enableSchedule } from './toggles';
import { addWorkspaceUser, removeWorkspaceUser } from './workspaces';
import { openLog } from './openLog';

/** Every action, by the command that runs it. */
export const ACTIONS: readonly AnyAction[] = [
  runIntegration,
  cancelRun,
  killRun,
  showActiveRun,
  enableSchedule,
  disableSchedule,
  createSnapshot,
  enableAutomation,
  disableAutomation,
  enableEndpoint,
  disableEndpoint,
  copyEndpointToken,
  testAgent,
  copyAgentKey,
  testConnection,
  inviteUser,
  resendInvitation,
  deleteInvitation,
  removeAccountUser,
  addWorkspaceUser,
  removeWorkspaceUser,
  openItem,
  copyId,
  copyJson,
  openLog,
  openPanel,
  exportHistory,
  compareWithLastSuccess,
  pinItem,
  unpinItem,
];
