// The demo service's mutable world: the seeded account plus what clients changed or started.
// One instance per running service; nothing is global, so parallel services in one test process
// never see each other's runs.

import { notFound } from './errors';
import type { DemoClock } from './clock';
import type { AnyKind, DemoItem, DemoKind, EntryId } from './kinds';
import type { RoleRec, UserRec, WorkspaceRec } from './model';
import { buildSeed, type Seed } from './seedData';
import { seedTools, HOUR } from './seedTools';
import { Schedules } from './schedules';
import type { Shapes } from './shapes';
import { KindStore } from './store';

export class DemoState {
  /** The seeded account's people and workspaces; `reset` seeds it anew. */
  seed!: Seed;
  shapes: Shapes;
  /** Every kind's items and the entries they gained since the seed (store.ts). */
  readonly kinds: KindStore;
  /** Runs that schedules start as the clock passes their slots (off unless asked for). */
  readonly schedules = new Schedules(this);

  constructor(
    readonly clock: DemoClock,
    private readonly scale: number,
    private readonly startShapes: Shapes,
    kinds: readonly AnyKind[],
  ) {
    this.shapes = startShapes;
    this.kinds = new KindStore(kinds);
    this.seeded();
  }

  /**
   * The account as the service started with it: seeded anew (what clients changed is gone),
   * nothing started by any kind, counters at zero, the shapes it started with, schedules off. The
   * clock is the caller's to set back first: the seed's dates follow its start.
   */
  reset(): void {
    this.schedules.setEnabled(false, this.clock.now());
    this.shapes = this.startShapes;
    this.seeded();
  }

  private seeded(): void {
    // Histories end at the start of the current hour: fresh-looking, and stable within the hour.
    const anchorMs = Math.floor(this.clock.startMs / HOUR) * HOUR;
    this.seed = buildSeed(this.scale, anchorMs);
    this.kinds.seed(seedTools(this.scale, anchorMs));
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

  /** An item of a kind in a workspace (one of another workspace is not found in this one). */
  item<R extends DemoItem, S, I extends EntryId>(kind: DemoKind<R, S, I>, workspaceId: number, id: number): R {
    this.workspace(workspaceId);
    const item = this.kinds.catalog(kind).get(workspaceId, id);
    if (!item) throw notFound(kind.noun, id);
    return item;
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
}
