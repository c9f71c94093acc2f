// The demo service's mutable world: the seeded account plus what clients changed or started.
// One instance per running service; nothing is global, so parallel services in one test process
// never see each other's runs.

import { ApiError, notFound } from './errors';
import { lazyRunFacts, lazySnapshotFacts } from './items';
import type { DemoClock } from './clock';
import type { AgentRec, AutomationRec, BackupRec, ConnectionRec, EndpointRec, IntegrationRec, RoleRec, Unusually, UserRec, WorkspaceRec } from './model';
import type { ApiRun, LiveExecution } from './runs';
import { buildSeed, type Catalog, type Seed } from './seedData';
import { Schedules } from './schedules';
import type { Shapes } from './shapes';

const HOUR = 3_600_000;

export class DemoState {
  /** The seeded account; `reset` seeds it anew. */
  seed: Seed;
  shapes: Shapes;
  /** integrationId → runs started through the API, oldest first. */
  readonly runs = new Map<number, ApiRun[]>();
  /** backupId → snapshots created through the API, oldest first. */
  readonly snapshots = new Map<number, ApiRun[]>();
  /** automationId → executions outside the lazy history (the always-executing automation's). */
  readonly executions = new Map<number, LiveExecution[]>();
  readonly counters = { runsStarted: 0, snapshotsStarted: 0 };
  /** Runs that schedules start as the clock passes their slots (off unless asked for). */
  readonly schedules = new Schedules(this);

  constructor(
    readonly clock: DemoClock,
    private readonly scale: number,
    private readonly startShapes: Shapes,
  ) {
    this.shapes = startShapes;
    this.seed = this.seeded();
  }

  /**
   * The account as the service started with it: seeded anew (what clients changed is gone),
   * nothing started, counters at zero, the shapes it started with, schedules off. The clock is
   * the caller's to set back first: the seed's dates follow its start.
   */
  reset(): void {
    this.schedules.setEnabled(false, this.clock.now());
    this.runs.clear();
    this.snapshots.clear();
    this.executions.clear();
    this.counters.runsStarted = 0;
    this.counters.snapshotsStarted = 0;
    this.shapes = this.startShapes;
    this.seed = this.seeded();
  }

  private seeded(): Seed {
    // Histories end at the start of the current hour: fresh-looking, and stable within the hour.
    const seed = buildSeed(this.scale, Math.floor(this.clock.startMs / HOUR) * HOUR);
    for (const a of seed.automations.values()) {
      if (!a.alwaysExecuting || !a.enabled) continue;
      // Started after the last item of its history (which ends before the anchor), still going.
      this.executions.set(a.id, [
        {
          executionId: a.executionIdBase + BigInt(a.history.count),
          automationId: a.id,
          startedAt: seed.anchorMs - Math.floor(a.history.intervalMs * 0.1),
          billedTasks: 2,
        },
      ]);
    }
    return seed;
  }

  now(): number {
    return this.clock.now();
  }

  // ---- lookups: each throws the service's 404 envelope when the id is unknown

  workspace(id: number): WorkspaceRec {
    const w = this.seed.workspaces.find((x) => x.id === id);
    if (!w) throw notFound('Workspace', id);
    return w;
  }

  role(id: number): RoleRec | undefined {
    return this.seed.roles.find((r) => r.id === id);
  }

  user(id: number): UserRec | undefined {
    return this.seed.users.find((u) => u.id === id);
  }

  memberships(userId: number): { workspaceId: number; role: RoleRec }[] {
    const out: { workspaceId: number; role: RoleRec }[] = [];
    for (const [workspaceId, members] of this.seed.memberships) {
      const roleId = members.get(userId);
      const role = roleId === undefined ? undefined : this.role(roleId);
      if (role) out.push({ workspaceId, role });
    }
    return out;
  }

  members(workspaceId: number): Map<number, number> {
    let m = this.seed.memberships.get(workspaceId);
    if (!m) this.seed.memberships.set(workspaceId, (m = new Map()));
    return m;
  }

  integration(workspaceId: number, id: number): IntegrationRec {
    return this.find(this.seed.integrations, 'Integration', workspaceId, id);
  }

  backup(workspaceId: number, id: number): BackupRec {
    return this.find(this.seed.backups, 'Backup', workspaceId, id);
  }

  automation(workspaceId: number, id: number): AutomationRec {
    return this.find(this.seed.automations, 'Automation', workspaceId, id);
  }

  agent(workspaceId: number, id: number): AgentRec {
    return this.find(this.seed.agents, 'Agent', workspaceId, id);
  }

  connection(workspaceId: number, id: number): ConnectionRec {
    return this.find(this.seed.connections, 'Connection', workspaceId, id);
  }

  endpoint(workspaceId: number, id: number): EndpointRec {
    return this.find(this.seed.endpoints, 'Endpoint', workspaceId, id);
  }

  private find<T extends { id: number; workspaceId: number }>(catalog: Catalog<T>, what: string, workspaceId: number, id: number): T {
    this.workspace(workspaceId);
    const item = catalog.get(workspaceId, id);
    if (!item) throw notFound(what, id);
    return item;
  }

  /**
   * Every entry made to succeed unusually, lazy or started since (what `GET /__demo/unusual`
   * lists): the ones a detector should find, and nothing else.
   */
  unusualEntries(): { kind: 'run' | 'snapshot'; workspaceId: number; itemId: number; id: number }[] {
    const out: ReturnType<DemoState['unusualEntries']> = [];
    const planted = (spec: Unusually | undefined, count: number, add: (i: number) => void) => {
      if (spec) for (let i = count - 1 - spec.offset; i >= 0; i -= spec.every) add(i);
    };
    for (const integ of this.seed.integrations.values()) {
      planted(integ.unusual, integ.history.count, (i) => {
        if (lazyRunFacts(integ, i).state === 'Succeeded') out.push({ kind: 'run', workspaceId: integ.workspaceId, itemId: integ.id, id: integ.runIdBase + i });
      });
      for (const r of this.runs.get(integ.id) ?? []) if (r.unusual) out.push({ kind: 'run', workspaceId: integ.workspaceId, itemId: integ.id, id: r.id });
    }
    for (const b of this.seed.backups.values()) {
      planted(b.unusual, b.history.count, (i) => {
        if (lazySnapshotFacts(b, i).state === 'Succeeded') out.push({ kind: 'snapshot', workspaceId: b.workspaceId, itemId: b.id, id: b.snapshotIdBase + i });
      });
      for (const r of this.snapshots.get(b.id) ?? []) if (r.unusual) out.push({ kind: 'snapshot', workspaceId: b.workspaceId, itemId: b.id, id: r.id });
    }
    return out;
  }

  /** The next run of an integration, or snapshot of a backup, succeeds unusually (0 rows; hours long). */
  makeNextUnusual(body: Record<string, unknown>): { integrationId?: number; backupId?: number } {
    const [integrationId, backupId] = [body['integrationId'], body['backupId']];
    const item =
      typeof integrationId === 'number'
        ? [...this.seed.integrations.values()].find((x) => x.id === integrationId)
        : typeof backupId === 'number'
          ? [...this.seed.backups.values()].find((x) => x.id === backupId)
          : undefined;
    if (!item) throw new ApiError(400, 'Send {"integrationId": <id>} or {"backupId": <id>} of an integration or backup of the account.');
    item.nextUnusual = true;
    return typeof integrationId === 'number' ? { integrationId } : { backupId: backupId as number };
  }

  /** The next run of an integration fails, its log's errors saying `message` (a cause no run had before). */
  makeNextFail(body: Record<string, unknown>): { integrationId: number; message: string } {
    const [integrationId, message] = [body['integrationId'], body['message']];
    const integ = typeof integrationId === 'number' ? [...this.seed.integrations.values()].find((x) => x.id === integrationId) : undefined;
    if (!integ || typeof message !== 'string' || !message.trim())
      throw new ApiError(400, 'Send {"integrationId": <id>, "message": "<what its run says>"} of an integration of the account.');
    integ.nextFailure = message;
    return { integrationId: integ.id, message };
  }

  listOf<T>(map: Map<number, T[]>, id: number): T[] {
    let list = map.get(id);
    if (!list) map.set(id, (list = []));
    return list;
  }
}
