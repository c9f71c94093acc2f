// A map from API objects (by ref) to what is kept for each, without a key string of its own per
// object: an account's 10,000 items are 10,000 entries keyed by the id strings their refs already
// hold, under one entry per account, kind, workspace and parent — a `refKey` per object would be a
// string of its own in every such map (the fact store's, the tree's ref index) for every row.
import { isKeyOf, type AccountId, type ItemRef } from './refs';

export class RefMap<V> {
  private readonly scopes = new Map<string, Map<string, V>>();

  get(ref: ItemRef): V | undefined {
    return this.scopes.get(scopeOf(ref))?.get(ref.id);
  }

  set(ref: ItemRef, value: V): void {
    const scope = scopeOf(ref);
    let within = this.scopes.get(scope);
    if (!within) this.scopes.set(scope, (within = new Map()));
    within.set(ref.id, value);
  }

  delete(ref: ItemRef): void {
    const scope = scopeOf(ref);
    const within = this.scopes.get(scope);
    if (within?.delete(ref.id) && !within.size) this.scopes.delete(scope);
  }

  /** Forgets one account's objects, or every object. */
  clear(account?: AccountId): void {
    if (account === undefined) return this.scopes.clear();
    for (const scope of [...this.scopes.keys()]) if (isKeyOf(account, scope)) this.scopes.delete(scope);
  }
}

/** What a `refKey` says before the id: the same spelling, so `isKeyOf` reads it alike. */
function scopeOf(ref: ItemRef): string {
  return `${encodeURIComponent(ref.account)}/${ref.kind}/${ref.workspaceId ?? ''}/${ref.parentId ?? ''}`;
}
