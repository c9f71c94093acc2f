// What a node needs from the explorer around it. The provider implements it; nodes never reach
// for the session, the settings or the event emitter directly.
import type { SkyviaClient, SkyviaError } from '../api';
import type { ItemRef } from '../shared/refs';
import type { ItemReader } from '../state/itemReader';
import type { FactStore } from '../state/facts';
import type { RunStore } from '../state/runStore';
import type { Pin } from '../state/pins';
import type { Node } from './node';

export interface TreeContext {
  /** The signed-in client. Throws when there is none (a stale node after sign-out). */
  readonly client: SkyviaClient;
  /** What is known of items beyond their rows (schedules, automation state, tests, busy). */
  readonly facts: FactStore;
  /** Runs under way and ended in this window. */
  readonly runs: RunStore;
  /** The per-item reads (active run, schedule, state, details). */
  readonly reader: ItemReader;
  /** `take` for every paged list (setting `skyvia.pageSize`). */
  pageSize(): number;
  /** Tells VS Code that this node (its item and, if expanded, its children) changed. */
  changed(node: Node): void;
  /** This node's own row may read differently; its children are the same (told only if it does). */
  restyle(node: Node): void;
  /**
   * A 401/403 while browsing. Resolves `true` when the token itself is rejected — the whole tree
   * then turns into one "sign in again" node — and `false` when only this resource is forbidden.
   */
  tokenRejected(error: SkyviaError): Promise<boolean>;
  /** Nodes that stand for an API object register under its ref, so updates find them. */
  register(ref: ItemRef, node: Node): void;
  unregister(ref: ItemRef, node: Node): void;
  /** The account's pinned items, in the order pinned. */
  pins(): readonly Pin[];
  /** The service answers as the built-in demo service. */
  isDemoService(): boolean;
}
