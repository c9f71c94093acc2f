// One handler per operation of the API table. The type makes a missing handler a compile error,
// so "the demo answers all 52 operations" is checked by tsc, not by hope.

import type { OperationId } from '../../api/operations';
import { accountHandlers } from './account';
import { agentHandlers, connectionHandlers } from './agentsAndConnections';
import { automationHandlers } from './automations';
import { backupHandlers } from './backups';
import { endpointHandlers } from './endpoints';
import { integrationHandlers } from './integrations';
import type { Handler } from './types';
import { workspaceHandlers } from './workspaces';

export const HANDLERS: Record<OperationId, Handler> = {
  ...accountHandlers,
  ...workspaceHandlers,
  ...integrationHandlers,
  ...backupHandlers,
  ...automationHandlers,
  ...agentHandlers,
  ...connectionHandlers,
  ...endpointHandlers,
};
