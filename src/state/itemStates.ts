// What is known about an item beyond its list row, from its own reads and from actions: the
// schedule of an integration or backup, an automation's trigger and queue, the last test of an
// agent or connection, a connection's type, and "a request is out" while an action runs.
//
// Nodes read it in `treeItem()`; the per-item reads (itemReader.ts) and the actions write it.
// Nothing here asks the service or shows anything: a store and its change events.
import { Emitter, type Event } from '../shared/events';
import type { ScheduleState, TestOutcome } from '../shared/model';
import { refKey, type ItemRef } from '../shared/refs';

export type { ScheduleState, TestOutcome };

export interface ItemState {
  schedule?: ScheduleState;
  /** The backup schedule record as the service sent it: its shape is not documented. */
  scheduleRecord?: unknown;
  /** An automation's trigger is enabled. */
  enabled?: boolean;
  /** Executions waiting in an automation's queue. */
  queued?: number;
  /** The automation runs in test mode. */
  testMode?: boolean;
  /** The latest test of an agent or connection. */
  test?: TestOutcome;
  /** A connection's type (`Direct`, `Agent`) from its details. */
  connectionType?: string;
  /** What is under way for this item right now ("starting run…"); shown in place of the description. */
  busy?: string;
  /** When the per-item reads last answered (ms since epoch). */
  readAt?: number;
}

export class ItemStates {
  private readonly states = new Map<string, ItemState>();
  private readonly emitter = new Emitter<ItemRef>();
  /** Fires with the ref whose state changed. */
  readonly onDidChange: Event<ItemRef> = this.emitter.event;

  get(ref: ItemRef): Readonly<ItemState> {
    return this.states.get(refKey(ref)) ?? {};
  }

  /** Merges `patch` (an `undefined` value clears that field) and fires if anything changed. */
  patch(ref: ItemRef, patch: Partial<ItemState>): void {
    const key = refKey(ref);
    const before = this.states.get(key) ?? {};
    const next: ItemState = { ...before };
    let changed = false;
    for (const [field, value] of Object.entries(patch) as [keyof ItemState, unknown][]) {
      if (value === undefined) {
        if (field in next) {
          delete next[field];
          changed = true;
        }
      } else if (!sameValue(next[field], value)) {
        (next as Record<string, unknown>)[field] = value;
        changed = true;
      }
    }
    if (!changed) return;
    this.states.set(key, next);
    // A read timestamp alone changes nothing anyone sees.
    if (Object.keys(patch).some((k) => k !== 'readAt')) this.emitter.fire(ref);
  }

  /** Marks an item busy for the length of `work`, then restores its description. */
  async busyWhile<T>(ref: ItemRef, what: string, work: () => Promise<T>): Promise<T> {
    this.patch(ref, { busy: what });
    try {
      return await work();
    } finally {
      this.patch(ref, { busy: undefined });
    }
  }

  /** Everything is forgotten (sign-out, another account). Listeners are not told: the tree is rebuilt. */
  clear(): void {
    this.states.clear();
  }

  dispose(): void {
    this.emitter.dispose();
  }
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  return typeof a === 'object' && typeof b === 'object' && JSON.stringify(a) === JSON.stringify(b);
}
