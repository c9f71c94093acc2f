// What an API object says to a person, by kind: a title and labelled rows. One description per
// kind, used by tooltips, "Show details" documents and palette pickers alike, whatever the
// object came from (a list row, its own read, an active-run record) and whichever spelling of
// the API sent it. Secrets (agent keys, endpoint tokens) are masked here and nowhere shown.
// Labels and the words of values are in the user's language, made when described (never at
// load); what the service sent (names, states, messages) is shown as it came.
import * as l10n from '@vscode/l10n';
import type {
  AccountInvitation,
  AccountUser,
  Agent,
  Automation,
  AutomationExecutionDetails,
  Backup,
  ConnectionDetails,
  Endpoint,
  EndpointRequestDetails,
  EndpointTypeMap,
  Integration,
  IntegrationRun,
  IntegrationRunResult,
  SnapshotDetails,
  Workspace,
  WorkspaceUser,
} from '../api/types';
import { durationBetween, formatBytes, formatCount, formatDuration, joinParts, nameOr, whenText } from './format';
import type { ItemFacts, RunRecord, ScheduleState, TestOutcome } from './model';
import { entryName, rowCount, stateWord } from './nouns';
import type { ItemRef } from './refs';

export interface ItemDetails {
  title: string;
  rows: [label: string, value: string | undefined][];
  /** The object as the API sent it, secrets masked and long texts summarised. */
  data: unknown;
}

/** What is known about an item besides its own fields: its facts, and what labels need. */
export interface Facts extends ItemFacts {
  endpointTypes?: EndpointTypeMap;
  now?: number;
}

export const MASK = '••••••••';

type Any = Record<string, unknown>;
const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : undefined);

/** A flag as a field's value. */
function yesNo(v: unknown): string | undefined {
  if (typeof v !== 'boolean') return undefined;
  return v ? l10n.t({ message: 'yes', comment: ['A field\'s value: true'] }) : l10n.t({ message: 'no', comment: ['A field\'s value: false'] });
}

/** How a schedule stands: from its own read when there was one, else the list's `scheduled` flag. */
export function scheduleState(schedule: ScheduleState | undefined, scheduled: unknown): 'on' | 'off' | 'none' | undefined {
  if (schedule === 'none') return 'none';
  if (schedule) return schedule === 'active' ? 'on' : 'off';
  return typeof scheduled === 'boolean' ? (scheduled ? 'on' : 'off') : undefined;
}

/** Schedule text for a field: "on", "off", "none defined". */
export function scheduleText(schedule: ScheduleState | undefined, scheduled: unknown): string | undefined {
  switch (scheduleState(schedule, scheduled)) {
    case 'on': return l10n.t({ message: 'on', comment: ['The "Schedule" field: the schedule is enabled'] });
    case 'off': return l10n.t({ message: 'off', comment: ['The "Schedule" field: the schedule is disabled'] });
    case 'none': return l10n.t({ message: 'none defined', comment: ['The "Schedule" field: the item has no schedule'] });
    default: return undefined;
  }
}

/** "Running since 10:02 (3 min ago) · 1,200 rows". */
export function activeText(run: RunRecord | null | undefined, now?: number): string | undefined {
  if (run === null) return l10n.t({ message: 'none', comment: ['The "Active run" field: nothing is running now'] });
  if (!run) return undefined;
  // Only integration runs count rows; a start the service did not date has no "since".
  const n = run.ref.kind === 'run' ? run.successRows : undefined;
  const rows = typeof n === 'number' ? rowCount(n) : undefined;
  const since = whenText(run.date, now);
  return joinParts(stateWord(run.state), since && l10n.t('since {0}', since), rows);
}

function latestText(latest: Facts['latest'], now?: number): string | undefined {
  return latest ? joinParts(latest.state && stateWord(latest.state), whenText(latest.date, now)) || undefined : undefined;
}

/** "passed 2026-11-01 10:02:00 (3 min ago): Connection is OK": the verdict, when, and the service's words. */
function testText(test: TestOutcome | undefined, now?: number): string | undefined {
  if (!test) return undefined;
  const when = whenText(test.at, now);
  const message = test.message;
  switch (test.verdict) {
    case 'passed': return when ? l10n.t('passed {0}: {1}', when, message) : l10n.t('passed: {0}', message);
    case 'failed': return when ? l10n.t('failed {0}: {1}', when, message) : l10n.t('failed: {0}', message);
    default: return when ? l10n.t('finished {0}: {1}', when, message) : l10n.t('finished: {0}', message);
  }
}

function memberships(w: unknown): string | undefined {
  if (!Array.isArray(w) || !w.length) return undefined;
  return w.map((x: Any) => joinParts(`#${str(x.workspaceId) ?? '?'}`, str(x.roleName))).join(', ');
}

/** An endpoint type as a name, whether the service sent the name or its number. */
export function endpointTypeName(type: unknown, types?: EndpointTypeMap): string | undefined {
  if (typeof type === 'string') return type;
  if (typeof type === 'number' && types) return Object.entries(types).find(([, n]) => n === type)?.[0] ?? String(type);
  return str(type);
}

/** Replaces secrets and summarises long texts, for documents and "Copy as JSON". */
export function shownData(ref: ItemRef, data: object): unknown {
  const out: Any = { ...(data as Any) };
  if (ref.kind === 'agent' && out.key) out.key = MASK;
  if (ref.kind === 'endpoint' && out.token) out.token = MASK;
  for (const field of ['log', 'result', 'error', 'errorDetails'] as const) {
    const v = out[field];
    const lines = typeof v === 'string' ? v.split('\n').length : Array.isArray(v) ? v.length : 0;
    if (lines > 20) out[field] = l10n.t('({0} lines: open the log to read them)', formatCount(lines));
  }
  return out;
}

export function describeItem(ref: ItemRef, data: object, facts: Facts = {}): ItemDetails {
  const now = facts.now;
  const when = (v: unknown) => whenText(v as string | undefined, now);
  // A run's title says how it stands ("Run 123 · Failed"): the tab tells it without opening.
  const state = ['run', 'snapshot', 'execution'].includes(ref.kind) ? str((data as Any).state) : undefined;
  const common = (rows: ItemDetails['rows']): ItemDetails => ({ title: joinParts(titleOf(ref, data), state && stateWord(state)), rows, data: shownData(ref, data) });
  switch (ref.kind) {
    case 'account':
      return common([]);
    case 'workspace': {
      const w = data as Workspace;
      return common([
        [l10n.t('Kind'), w.isPersonal === undefined ? undefined : w.isPersonal ? l10n.t({ message: 'personal', comment: ['The "Kind" of a workspace'] }) : l10n.t({ message: 'shared', comment: ['The "Kind" of a workspace'] })],
        [l10n.t('Workspace id'), ref.id],
      ]);
    }
    case 'integration': {
      const i = data as Integration;
      return common([
        [l10n.t('Type'), str(i.type)],
        [l10n.t('Schedule'), scheduleText(facts.schedule, i.scheduled)],
        [l10n.t('Active run'), activeText(facts.active, now)],
        [l10n.t('Last run'), latestText(facts.latest, now)],
        [l10n.t('Created'), when(i.created)],
        [l10n.t('Modified'), when(i.modified)],
        [l10n.t('Integration id'), ref.id],
      ]);
    }
    case 'backup': {
      const b = data as Backup;
      return common([
        [l10n.t('Schedule'), scheduleText(facts.schedule, b.scheduled)],
        [l10n.t('Active snapshot'), activeText(facts.active, now)],
        [l10n.t('Last snapshot'), latestText(facts.latest, now)],
        [l10n.t('Created'), when(b.created)],
        [l10n.t('Modified'), when(b.modified)],
        [l10n.t('Backup id'), ref.id],
      ]);
    }
    case 'automation': {
      const a = data as Automation;
      return common([
        [l10n.t('Trigger'), str(a.triggerType)],
        [l10n.t('State'), facts.enabled === undefined ? undefined : facts.enabled ? l10n.t({ message: 'enabled', comment: ['The "State" of an automation'] }) : l10n.t({ message: 'disabled', comment: ['The "State" of an automation'] })],
        [l10n.t('Queued'), facts.queued === undefined || facts.queued < 0 ? undefined : formatCount(facts.queued)],
        [l10n.t('Test mode'), yesNo(facts.testMode)],
        [l10n.t('Executing'), activeText(facts.active, now)],
        [l10n.t('Last execution'), latestText(facts.latest, now)],
        [l10n.t('Created'), when(a.created)],
        [l10n.t('Modified'), when(a.modified)],
        [l10n.t('Automation id'), ref.id],
      ]);
    }
    case 'agent': {
      const a = data as Agent;
      return common([
        [l10n.t('Key'), a.key ? l10n.t('{0} (use Copy Key)', MASK) : undefined],
        [l10n.t('Last test'), testText(facts.test, now)],
        [l10n.t('Agent id'), ref.id],
      ]);
    }
    case 'connection': {
      const c = data as ConnectionDetails;
      return common([
        [l10n.t('Connector'), str(c.connector)],
        [l10n.t('Type'), facts.connectionType ?? str(c.type)],
        [l10n.t('Last test'), testText(facts.test, now)],
        [l10n.t('Connection id'), ref.id],
      ]);
    }
    case 'endpoint': {
      const e = data as Endpoint;
      const name = endpointTypeName(e.type, facts.endpointTypes);
      const number = facts.endpointTypes && name !== undefined ? facts.endpointTypes[name] : undefined;
      return common([
        [l10n.t('Type'), number !== undefined ? `${name} (${number})` : name],
        [l10n.t('State'), e.active === undefined ? undefined : e.active ? l10n.t({ message: 'active', comment: ['The "State" of an endpoint'] }) : l10n.t({ message: 'inactive', comment: ['The "State" of an endpoint'] })],
        [l10n.t('Token'), e.token ? l10n.t('{0} (use Copy Token)', MASK) : undefined],
        [l10n.t('Last request'), latestText(facts.latest, now)],
        [l10n.t('Created'), when(e.created)],
        [l10n.t('Modified'), when(e.modified)],
        [l10n.t('Endpoint id'), ref.id],
      ]);
    }
    case 'accountUser':
    case 'workspaceUser': {
      const u = data as AccountUser & WorkspaceUser;
      return common([
        [l10n.t('E-mail'), str(u.email)],
        [l10n.t('Role'), str(u.roleName) ?? str(u.type)],
        [l10n.t('Workspaces'), memberships(u.workspaces)],
        [l10n.t('User id'), u.id != null ? String(u.id) : undefined],
      ]);
    }
    case 'invitation': {
      const i = data as AccountInvitation;
      return common([
        [l10n.t('Name'), str(i.fullName)],
        [l10n.t('User type'), str(i.type)],
        [l10n.t('Invited'), when(i.invitationDate)],
        [l10n.t('Workspaces'), memberships(i.workspaces)],
        [l10n.t('Invitation id'), ref.id],
      ]);
    }
    case 'run': {
      // A history row (`date`, `duration`), the run's own details (`queueTime`…) or an active run.
      const r = data as IntegrationRun & IntegrationRunResult;
      const started = r.startTime ?? r.date;
      return common([
        // The seed service adds a sub-state ("None" when there is nothing to add); the live one has none.
        [l10n.t('State'), joinParts(r.state && stateWord(r.state), r.subState !== 'None' && r.subState)],
        [l10n.t('Queued'), r.queueTime ? when(r.queueTime) : undefined],
        [l10n.t('Started'), when(started)],
        [l10n.t('Ended'), when(r.endTime)],
        [l10n.t('Duration'), formatDuration(r.duration) || durationBetween(started, r.endTime)],
        [l10n.t('Rows succeeded'), formatCount(r.successRows)],
        [l10n.t('Rows failed'), formatCount(r.errorRows)],
        [l10n.t('Run id'), ref.id],
      ]);
    }
    case 'snapshot': {
      const s = data as SnapshotDetails & { date?: string; duration?: number; runId?: number };
      return common([
        [l10n.t('State'), s.state && stateWord(s.state)],
        [l10n.t('Queued'), when(s.queueTime ?? s.date)],
        [l10n.t('Started'), when(s.startTime)],
        [l10n.t('Ended'), when(s.endTime)],
        [l10n.t('Duration'), durationBetween(s.startTime, s.endTime) || formatDuration(s.duration)],
        [l10n.t('Started by'), s.runBySchedule === undefined ? undefined : s.runBySchedule ? l10n.t({ message: 'schedule', comment: ['A snapshot "Started by" its schedule'] }) : l10n.t({ message: 'a person or the API', comment: ['A snapshot "Started by" whom'] })],
        [l10n.t('Snapshot id'), ref.id],
      ]);
    }
    case 'execution': {
      const e = data as AutomationExecutionDetails & { date?: string };
      return common([
        [l10n.t('State'), e.state && stateWord(e.state)],
        [l10n.t('Started'), when(e.started ?? e.date)],
        [l10n.t('Executed'), when(e.executed)],
        [l10n.t('Billed tasks'), formatCount(e.billedTasks)],
        [l10n.t('Test mode'), yesNo(e.testMode)],
        [l10n.t('Version'), str(e.version)],
        [l10n.t('Comment'), str(e.comment)],
        [l10n.t('Execution id'), ref.id],
      ]);
    }
    case 'request': {
      const r = data as EndpointRequestDetails & { failed?: boolean };
      return common([
        [l10n.t('Date'), when(r.date)],
        [l10n.t('Method'), str(r.method)],
        [l10n.t('URL'), str(r.url)],
        [l10n.t('Remote IP'), str(r.remoteIP)],
        [l10n.t('User agent'), str(r.userAgent)],
        [l10n.t('User'), str(r.user)],
        [l10n.t('Size'), formatBytes(r.bytes)],
        [l10n.t('Rows'), formatCount(r.rows)],
        [l10n.t('Failed'), yesNo(r.failed ?? (r.error ? true : undefined))],
        [l10n.t('Error'), str(r.error)],
        // The live service's own fields: whether the request came from outside, and its paging token.
        [l10n.t('External'), yesNo(r.external)],
        [l10n.t('Page token'), str(r.pageToken)],
        [l10n.t('Request id'), ref.id],
      ]);
    }
  }
}

/** The name of an object as a person would say it: its name, an e-mail, "Run 123". */
export function titleOf(ref: ItemRef, data?: object): string {
  const d = (data ?? {}) as Any;
  switch (ref.kind) {
    case 'account':
      return l10n.t('the account');
    case 'workspace':
      return nameOr(str(d.name), 'workspace', ref.id);
    case 'integration':
      return nameOr(str(d.name), 'integration', ref.id);
    case 'backup':
      return nameOr(str(d.name), 'backup', ref.id);
    case 'automation':
      return nameOr(str(d.name), 'automation', ref.id);
    case 'agent':
      return nameOr(str(d.name), 'agent', ref.id);
    case 'connection':
      return nameOr(str(d.name), 'connection', ref.id);
    case 'endpoint':
      return nameOr(str(d.name), 'endpoint', ref.id);
    case 'accountUser':
    case 'workspaceUser':
      return (typeof d.fullName === 'string' && d.fullName.trim()) || nameOr(str(d.email), 'user', d.id != null ? String(d.id) : ref.id);
    case 'invitation':
      return nameOr(str(d.email), 'invitation', ref.id);
    case 'run':
    case 'snapshot':
    case 'execution':
      return entryName(ref);
    case 'request': {
      // "GET 7f3a…": the method (the service's word) says more than "Request" does.
      const method = str(d.method);
      return method ? `${method} ${ref.id}` : entryName(ref);
    }
  }
}
