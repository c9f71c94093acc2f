// Every action, by the command that runs it: the one list the command table, panels' and
// notifications' buttons and the chat tools find an action in.
import type { AnyAction } from './action';
import { deleteInvitation, inviteUser, removeAccountUser, resendInvitation } from './account';
import { exportHistory } from './exportHistory';
import { compareWithLastSuccess } from './compare';
import { pinItem, unpinItem } from './pins';
import { openPanel } from './panels';
import { copyId, copyJson, openItem, SECRET_ACTIONS } from './items';
import { showActiveRun, START_ACTIONS, STOP_ACTIONS } from './runs';
import { TEST_ACTIONS } from './tests';
import { TOGGLE_ACTIONS } from './toggles';
import { addWorkspaceUser, removeWorkspaceUser } from './workspaces';
import { openLog } from './openLog';

/** Every action, by the command that runs it. */
export const ACTIONS: readonly AnyAction[] = [
  ...START_ACTIONS,
  ...STOP_ACTIONS,
  showActiveRun,
  ...TOGGLE_ACTIONS,
  ...SECRET_ACTIONS,
  ...TEST_ACTIONS,
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
