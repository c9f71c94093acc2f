// Which nodes show an API object: refs to nodes, so a change of an object's facts updates exactly
// the rows that show it (usually one; an item pinned shows in its category and the Pinned group).
import { isKeyOf, refKey, type AccountId, type ItemRef } from '../shared/refs';
import type { Node } from './node';

export class RefIndex {
  private readonly index = new Map<string, Set<Node>>();

  add(ref: ItemRef, node: Node): void {
    const key = refKey(ref);
    let set = this.index.get(key);
    if (!set) this.index.set(key, (set = new Set()));
    set.add(node);
  }

  remove(ref: ItemRef, node: Node): void {
    const key = refKey(ref);
    const set = this.index.get(key);
    if (!set) return;
    set.delete(node);
    if (!set.size) this.index.delete(key);
  }

  nodesOf(ref: ItemRef): Node[] {
    return [...(this.index.get(refKey(ref)) ?? [])];
  }

  /** What the tree calls an object (its name as its row shows it), if a row of it is on show. */
  nameOf(ref: ItemRef): string | undefined {
    return this.nodesOf(ref)
      .map((n) => n.target()?.name)
      .find((name) => name !== undefined);
  }

  /** Forgets every node of one account (its root left the tree). */
  dropAccount(account: AccountId): void {
    for (const key of [...this.index.keys()]) if (isKeyOf(account, key)) this.index.delete(key);
  }

  clear(): void {
    this.index.clear();
  }
}
