// The paged categories of a workspace, as data: what to list and what node each row becomes.
// (Workspace users are a plain, searchable array: see workspaceUsersNode.ts.)
import type { Agent, Automation, Backup, Connection, Endpoint, Integration } from '../../api';
import type { WorkspaceItemKind } from '../../shared/refs';
import { AUTOMATION } from '../../kinds/automations';
import { BACKUP } from '../../kinds/backups';
import { AGENT, CONNECTION } from '../../kinds/agentsAndConnections';
import { ENDPOINT } from '../../kinds/endpoints';
import { INTEGRATION } from '../../kinds/integrations';
import type { CategorySpec } from './categoryNode';
import { HistoryItemNode } from './historyItemNode';
import { ItemNode } from './itemNode';

export const INTEGRATIONS: CategorySpec<Integration> = {
  kind: 'integrations',
  itemKind: 'integration',
  label: 'Integrations',
  icon: 'sync',
  list: (client, ws, page, signal) => client.listIntegrations(ws, page, { signal }),
  create: (ctx, parent, key, ref, row) => new HistoryItemNode(ctx, parent, key, ref, row, INTEGRATION),
};

export const BACKUPS: CategorySpec<Backup> = {
  kind: 'backups',
  itemKind: 'backup',
  label: 'Backups',
  icon: 'archive',
  list: (client, ws, page, signal) => client.listBackups(ws, page, { signal }),
  create: (ctx, parent, key, ref, row) => new HistoryItemNode(ctx, parent, key, ref, row, BACKUP),
};

export const AUTOMATIONS: CategorySpec<Automation> = {
  kind: 'automations',
  itemKind: 'automation',
  label: 'Automations',
  icon: 'zap',
  list: (client, ws, page, signal) => client.listAutomations(ws, page, { signal }),
  create: (ctx, parent, key, ref, row) => new HistoryItemNode(ctx, parent, key, ref, row, AUTOMATION),
};

export const AGENTS: CategorySpec<Agent> = {
  kind: 'agents',
  itemKind: 'agent',
  label: 'Agents',
  icon: 'server',
  list: (client, ws, page, signal) => client.listAgents(ws, page, { signal }),
  create: (ctx, parent, key, ref, row) => new ItemNode(ctx, parent, key, ref, row, AGENT),
};

export const CONNECTIONS: CategorySpec<Connection> = {
  kind: 'connections',
  itemKind: 'connection',
  label: 'Connections',
  icon: 'plug',
  list: (client, ws, page, signal) => client.listConnections(ws, page, { signal }),
  create: (ctx, parent, key, ref, row) => new ItemNode(ctx, parent, key, ref, row, CONNECTION),
};

export const ENDPOINTS: CategorySpec<Endpoint> = {
  kind: 'endpoints',
  itemKind: 'endpoint',
  label: 'Endpoints',
  icon: 'globe',
  list: (client, ws, page, signal) => client.listEndpoints(ws, page, { signal }),
  create: (ctx, parent, key, ref, row) => new HistoryItemNode(ctx, parent, key, ref, row, ENDPOINT),
};

/** Each kind of workspace item and its category: how pickers and tools list them. */
export const CATEGORIES: Record<WorkspaceItemKind, CategorySpec<{ id?: number | null; name?: string | null }>> = {
  integration: INTEGRATIONS,
  backup: BACKUPS,
  automation: AUTOMATIONS,
  agent: AGENTS,
  connection: CONNECTIONS,
  endpoint: ENDPOINTS,
} as Record<WorkspaceItemKind, CategorySpec<{ id?: number | null; name?: string | null }>>;
