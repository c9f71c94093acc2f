// What an API object says to a person, by kind: a title and labelled rows. One description per
// kind, used by tooltips, "Show details" documents and palette pickers alike, whatever the
// object came from (a list row, its own read, an active-run record) and whichever spelling of
// the API sent it. Secrets (agent keys, endpoint tokens) are masked here and nowhere shown.
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
const yesNo = (v: unknown): string | undefined => (typeof v === 'boolean' ? (v ? 'yes' : 'no') : undefined);
const onOff = (v: unknown): string | undefined => (typeof v === 'boolean' ? (v ? 'on' : 'off') : undefined);

/** Schedule text: from its own read when there was one, else the list's `scheduled` flag. */
export function scheduleText(schedule: ScheduleState | undefined, scheduled: unknown): string | undefined {
  if (schedule === 'none') return 'none defined';
  if (schedule) return schedule === 'active' ? 'on' : 'off';
  return onOff(scheduled);
}

/** "Running since 10:02 (3 min ago) · 1,200 rows". */
export function activeText(run: RunRecord | null | undefined, now?: number): string | undefined {
  if (run === null) return 'none';
  if (!run) return undefined;
  // Only integration runs count rows; a start the service did not date has no "since".
  const rows = run.ref.kind === 'run' && typeof run.successRows === 'number' ? `${formatCount(run.successRows)} rows` : undefined;
  const since = whenText(run.date, now);
  return joinParts(run.state, since && `since ${since}`, rows);
}

function latestText(latest: Facts['latest'], now?: number): string | undefined {
  return latest ? joinParts(latest.state, whenText(latest.date, now)) || undefined : undefined;
}

function testText(test: TestOutcome | undefined, now?: number): string | undefined {
  if (!test) return undefined;
  const verdict = test.verdict === 'passed' ? 'passed' : test.verdict === 'failed' ? 'failed' : 'finished';
  return `${verdict} ${whenText(test.at, now) ?? ''}: ${test.message}`.trim();
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
    if (lines > 20) out[field] = `(${formatCount(lines)} lines: open the log to read them)`;
  }
  return out;
}

export function describeItem(ref: ItemRef, data: object, facts: Facts = {}): ItemDetails {
  const now = facts.now;
  const when = (v: unknown) => whenText(v as string | undefined, now);
  // A run's title says how it stands ("Run 123 · Failed"): the tab tells it without opening.
  const state = ['run', 'snapshot', 'execution'].includes(ref.kind) ? str((data as Any).state) : undefined;
  const common = (rows: ItemDetails['rows']): ItemDetails => ({ title: joinParts(titleOf(ref, data), state), rows, data: shownData(ref, data) });
  switch (ref.kind) {
    case 'account':
      return common([]);
    case 'workspace': {
      const w = data as Workspace;
      return common([
        ['Kind', w.isPersonal === undefined ? undefined : w.isPersonal ? 'personal' : 'shared'],
        ['Workspace id', ref.id],
      ]);
    }
    case 'integration': {
      const i = data as Integration;
      return common([
        ['Type', str(i.type)],
        ['Schedule', scheduleText(facts.schedule, i.scheduled)],
        ['Active run', activeText(facts.active, now)],
        ['Last run', latestText(facts.latest, now)],
        ['Created', when(i.created)],
        ['Modified', when(i.modified)],
        ['Integration id', ref.id],
      ]);
    }
    case 'backup': {
      const b = data as Backup;
      return common([
        ['Schedule', scheduleText(facts.schedule, b.scheduled)],
        ['Active snapshot', activeText(facts.active, now)],
        ['Last snapshot', latestText(facts.latest, now)],
        ['Created', when(b.created)],
        ['Modified', when(b.modified)],
        ['Backup id', ref.id],
      ]);
    }
    case 'automation': {
      const a = data as Automation;
      return common([
        ['Trigger', str(a.triggerType)],
        ['State', facts.enabled === undefined ? undefined : facts.enabled ? 'enabled' : 'disabled'],
        ['Queued', facts.queued === undefined || facts.queued < 0 ? undefined : formatCount(facts.queued)],
        ['Test mode', yesNo(facts.testMode)],
        ['Executing', activeText(facts.active, now)],
        ['Last execution', latestText(facts.latest, now)],
        ['Created', when(a.created)],
        ['Modified', when(a.modified)],
        ['Automation id', ref.id],
      ]);
    }
    case 'agent': {
      const a = data as Agent;
      return common([
        ['Key', a.key ? `${MASK} (use Copy Key)` : undefined],
        ['Last test', testText(facts.test, now)],
        ['Agent id', ref.id],
      ]);
    }
    case 'connection': {
      const c = data as ConnectionDetails;
      return common([
        ['Connector', str(c.connector)],
        ['Type', facts.connectionType ?? str(c.type)],
        ['Last test', testText(facts.test, now)],
        ['Connection id', ref.id],
      ]);
    }
    case 'endpoint': {
      const e = data as Endpoint;
      const name = endpointTypeName(e.type, facts.endpointTypes);
      const number = facts.endpointTypes && name !== undefined ? facts.endpointTypes[name] : undefined;
      return common([
        ['Type', number !== undefined ? `${name} (${number})` : name],
        ['State', e.active === undefined ? undefined : e.active ? 'active' : 'inactive'],
        ['Token', e.token ? `${MASK} (use Copy Token)` : undefined],
        ['Last request', latestText(facts.latest, now)],
        ['Created', when(e.created)],
        ['Modified', when(e.modified)],
        ['Endpoint id', ref.id],
      ]);
    }
    case 'accountUser':
    case 'workspaceUser': {
      const u = data as AccountUser & WorkspaceUser;
      return common([
        ['E-mail', str(u.email)],
        ['Role', str(u.roleName) ?? str(u.type)],
        ['Workspaces', memberships(u.workspaces)],
        ['User id', u.id != null ? String(u.id) : undefined],
      ]);
    }
    case 'invitation': {
      const i = data as AccountInvitation;
      return common([
        ['Name', str(i.fullName)],
        ['User type', str(i.type)],
        ['Invited', when(i.invitationDate)],
        ['Workspaces', memberships(i.workspaces)],
        ['Invitation id', ref.id],
      ]);
    }
    case 'run': {
      // A history row (`date`, `duration`), the run's own details (`queueTime`…) or an active run.
      const r = data as IntegrationRun & IntegrationRunResult;
      const started = r.startTime ?? r.date;
      return common([
        // The seed service adds a sub-state ("None" when there is nothing to add); the live one has none.
        ['State', joinParts(r.state, r.subState !== 'None' && r.subState)],
        ['Queued', r.queueTime ? when(r.queueTime) : undefined],
        ['Started', when(started)],
        ['Ended', when(r.endTime)],
        ['Duration', formatDuration(r.duration) || durationBetween(started, r.endTime)],
        ['Rows succeeded', formatCount(r.successRows)],
        ['Rows failed', formatCount(r.errorRows)],
        ['Run id', ref.id],
      ]);
    }
    case 'snapshot': {
      const s = data as SnapshotDetails & { date?: string; duration?: number; runId?: number };
      return common([
        ['State', str(s.state)],
        ['Queued', when(s.queueTime ?? s.date)],
        ['Started', when(s.startTime)],
        ['Ended', when(s.endTime)],
        ['Duration', durationBetween(s.startTime, s.endTime) || formatDuration(s.duration)],
        ['Started by', s.runBySchedule === undefined ? undefined : s.runBySchedule ? 'schedule' : 'a person or the API'],
        ['Snapshot id', ref.id],
      ]);
    }
    case 'execution': {
      const e = data as AutomationExecutionDetails & { date?: string };
      return common([
        ['State', str(e.state)],
        ['Started', when(e.started ?? e.date)],
        ['Executed', when(e.executed)],
        ['Billed tasks', formatCount(e.billedTasks)],
        ['Test mode', yesNo(e.testMode)],
        ['Version', str(e.version)],
        ['Comment', str(e.comment)],
        ['Execution id', ref.id],
      ]);
    }
    case 'request': {
      const r = data as EndpointRequestDetails & { failed?: boolean };
      return common([
        ['Date', when(r.date)],
        ['Method', str(r.method)],
        ['URL', str(r.url)],
        ['Remote IP', str(r.remoteIP)],
        ['User agent', str(r.userAgent)],
        ['User', str(r.user)],
        ['Size', formatBytes(r.bytes)],
        ['Rows', formatCount(r.rows)],
        ['Failed', yesNo(r.failed ?? (r.error ? true : undefined))],
        ['Error', str(r.error)],
        // The live service's own fields: whether the request came from outside, and its paging token.
        ['External', yesNo(r.external)],
        ['Page token', str(r.pageToken)],
        ['Request id', ref.id],
      ]);
    }
  }
}

/** The name of an object as a person would say it: its name, an e-mail, "Run 123". */
export function titleOf(ref: ItemRef, data?: object): string {
  const d = (data ?? {}) as Any;
  switch (ref.kind) {
    case 'account':
      return 'the account';
    case 'workspace':
      return nameOr(str(d.name), 'Workspace', ref.id);
    case 'integration':
      return nameOr(str(d.name), 'Integration', ref.id);
    case 'backup':
      return nameOr(str(d.name), 'Backup', ref.id);
    case 'automation':
      return nameOr(str(d.name), 'Automation', ref.id);
    case 'agent':
      return nameOr(str(d.name), 'Agent', ref.id);
    case 'connection':
      return nameOr(str(d.name), 'Connection', ref.id);
    case 'endpoint':
      return nameOr(str(d.name), 'Endpoint', ref.id);
    case 'accountUser':
    case 'workspaceUser':
      return (typeof d.fullName === 'string' && d.fullName.trim()) || nameOr(str(d.email), 'User', d.id != null ? String(d.id) : ref.id);
    case 'invitation':
      return nameOr(str(d.email), 'Invitation', ref.id);
    case 'run':
      return `Run ${ref.id}`;
    case 'snapshot':
      return `Snapshot ${ref.id}`;
    case 'execution':
      return `Execution ${ref.id}`;
    case 'request':
      return `${str(d.method) ?? 'Request'} ${ref.id}`;
  }
}
