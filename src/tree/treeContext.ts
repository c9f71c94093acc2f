// What a node needs from the explorer around it. The provider implements it; nodes never reach
// for the session, the settings or the event emitter directly.
import type { SkyviaClient, SkyviaError } from '../api';
import type { AccountId, ItemRef } from '../shared/refs';
import type { ItemReader } from '../state/itemReader';
import type { FactStore } from '../state/facts';
import type { RunStore } from '../state/runStore';
import type { Pin } from '../state/pins';
import type { Node } from './node';

export interface TreeContext {
  /** An account's client. Throws when it is not signed in (a stale node after its sign-out). */
  client(account: AccountId): SkyviaClient;
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
   * A 401/403 while browsing an account. Resolves `true` when its token itself is rejected — that
   * account's root then turns into "sign in again" — and `false` when only this resource is forbidden.
   */
  tokenRejected(account: AccountId, error: SkyviaError): Promise<boolean>;
  /** Nodes that stand for an API object register under its ref, so updates find them. */
  register(ref: ItemRef, node: Node): void;
  unregister(ref: ItemRef, node: Node): void;
  /** An account's pinned items, in the order pinned. */
  pins(account: AccountId): readonly Pin[];
  /** The account's service answers as the built-in demo service. */
  isDemoService(account: AccountId): boolean;
}
