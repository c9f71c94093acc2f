// The paged categories of a workspace, as data: what to list and what node each row becomes.
// (Workspace users are a plain, searchable array: see workspaceUsersNode.ts.)
import type { Agent, Automation, Backup, Connection, Endpoint, Integration } from '../../api';
import { AgentNode } from './agentNode';
import { AutomationNode } from './automationNode';
import { BackupNode } from './backupNode';
import type { CategorySpec } from './categoryNode';
import { ConnectionNode } from './connectionNode';
import { EndpointNode } from './endpointNode';
import { IntegrationNode } from './integrationNode';

export const INTEGRATIONS: CategorySpec<Integration> = {
  kind: 'integrations',
  label: 'Integrations',
  icon: 'sync',
  list: (client, ws, page, signal) => client.listIntegrations(ws, page, { signal }),
  idOf: (i) => i.id,
  create: (ctx, parent, key, ws, i) => new IntegrationNode(ctx, parent, key, ws, i),
};

export const BACKUPS: CategorySpec<Backup> = {
  kind: 'backups',
  label: 'Backups',
  icon: 'archive',
  list: (client, ws, page, signal) => client.listBackups(ws, page, { signal }),
  idOf: (b) => b.id,
  create: (ctx, parent, key, ws, b) => new BackupNode(ctx, parent, key, ws, b),
};

export const AUTOMATIONS: CategorySpec<Automation> = {
  kind: 'automations',
  label: 'Automations',
  icon: 'zap',
  list: (client, ws, page, signal) => client.listAutomations(ws, page, { signal }),
  idOf: (a) => a.id,
  create: (ctx, parent, key, ws, a) => new AutomationNode(ctx, parent, key, ws, a),
};

export const AGENTS: CategorySpec<Agent> = {
  kind: 'agents',
  label: 'Agents',
  icon: 'server',
  list: (client, ws, page, signal) => client.listAgents(ws, page, { signal }),
  idOf: (a) => a.id,
  create: (ctx, parent, key, ws, a) => new AgentNode(ctx, parent, key, ws, a),
};

export const CONNECTIONS: CategorySpec<Connection> = {
  kind: 'connections',
  label: 'Connections',
  icon: 'plug',
  list: (client, ws, page, signal) => client.listConnections(ws, page, { signal }),
  idOf: (c) => c.id,
  create: (ctx, parent, key, ws, c) => new ConnectionNode(ctx, parent, key, ws, c),
};

export const ENDPOINTS: CategorySpec<Endpoint> = {
  kind: 'endpoints',
  label: 'Endpoints',
  icon: 'globe',
  list: (client, ws, page, signal) => client.listEndpoints(ws, page, { signal }),
  idOf: (e) => e.id,
  create: (ctx, parent, key, ws, e) => new EndpointNode(ctx, parent, key, ws, e),
};
