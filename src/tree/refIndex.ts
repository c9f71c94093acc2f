// Which nodes show an API object: refs to nodes, so a change of an object's facts updates exactly
// the rows that show it (usually one; an item pinned shows in its category and the Pinned group).
import type { AccountId, ItemRef } from '../shared/refs';
import { RefMap } from '../shared/refMap';
import type { Node } from './node';

export class RefIndex {
  /** Its node, or its nodes when more than one shows it: 10,000 rows are 10,000 entries, not 10,000 sets. */
  private readonly index = new RefMap<Node | Set<Node>>();

  add(ref: ItemRef, node: Node): void {
    const known = this.index.get(ref);
    if (!known || known === node) this.index.set(ref, node);
    else if (known instanceof Set) known.add(node);
    else this.index.set(ref, new Set([known, node]));
  }

  remove(ref: ItemRef, node: Node): void {
    const known = this.index.get(ref);
    if (known === node) this.index.delete(ref);
    else if (known instanceof Set) {
      known.delete(node);
      if (known.size === 1) this.index.set(ref, [...known][0]);
    }
  }

  nodesOf(ref: ItemRef): Node[] {
    const known = this.index.get(ref);
    return known instanceof Set ? [...known] : known ? [known] : [];
  }

  /** What the tree calls an object (its name as its row shows it), if a row of it is on show. */
  nameOf(ref: ItemRef): string | undefined {
    return this.nodesOf(ref)
      .map((n) => n.target()?.name)
      .find((name) => name !== undefined);
  }

  /** Forgets every node of one account (its root left the tree). */
  dropAccount(account: AccountId): void {
    this.index.clear(account);
  }

  clear(): void {
    this.index.clear();
  }
}
