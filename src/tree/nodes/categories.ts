// The paged categories of a workspace, as data: what to list (the kind's record says how) and
// what node each row becomes.
// (Workspace users are a plain, searchable array: see workspaceUsersNode.ts.)
import * as l10n from '@vscode/l10n';
import type { Agent, Automation, Backup, Connection, Endpoint, Integration } from '../../api';
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
  label: () => l10n.t('Integrations'),
  empty: () => l10n.t('No integrations'),
  icon: 'sync',
  list: INTEGRATION.listItems,
  create: (ctx, parent, key, ref, row) => new HistoryItemNode(ctx, parent, key, ref, row, INTEGRATION),
};

export const BACKUPS: CategorySpec<Backup> = {
  kind: 'backups',
  itemKind: 'backup',
  label: () => l10n.t('Backups'),
  empty: () => l10n.t('No backups'),
  icon: 'archive',
  list: BACKUP.listItems,
  create: (ctx, parent, key, ref, row) => new HistoryItemNode(ctx, parent, key, ref, row, BACKUP),
};

export const AUTOMATIONS: CategorySpec<Automation> = {
  kind: 'automations',
  itemKind: 'automation',
  label: () => l10n.t('Automations'),
  empty: () => l10n.t('No automations'),
  icon: 'zap',
  list: AUTOMATION.listItems,
  create: (ctx, parent, key, ref, row) => new HistoryItemNode(ctx, parent, key, ref, row, AUTOMATION),
};

export const AGENTS: CategorySpec<Agent> = {
  kind: 'agents',
  itemKind: 'agent',
  label: () => l10n.t('Agents'),
  empty: () => l10n.t('No agents'),
  icon: 'server',
  list: AGENT.listItems,
  create: (ctx, parent, key, ref, row) => new ItemNode(ctx, parent, key, ref, row, AGENT),
};

export const CONNECTIONS: CategorySpec<Connection> = {
  kind: 'connections',
  itemKind: 'connection',
  label: () => l10n.t('Connections'),
  empty: () => l10n.t('No connections'),
  icon: 'plug',
  list: CONNECTION.listItems,
  create: (ctx, parent, key, ref, row) => new ItemNode(ctx, parent, key, ref, row, CONNECTION),
};

export const ENDPOINTS: CategorySpec<Endpoint> = {
  kind: 'endpoints',
  itemKind: 'endpoint',
  label: () => l10n.t('Endpoints'),
  empty: () => l10n.t('No endpoints'),
  icon: 'globe',
  list: ENDPOINT.listItems,
  create: (ctx, parent, key, ref, row) => new HistoryItemNode(ctx, parent, key, ref, row, ENDPOINT),
};

