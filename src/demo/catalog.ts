// A kind's items in the demo account, indexed by id and by workspace.

export class Catalog<T extends { id: number; workspaceId: number }> {
  private readonly byId = new Map<number, T>();
  private readonly byWorkspace = new Map<number, T[]>();

  add(item: T): void {
    this.byId.set(item.id, item);
    let list = this.byWorkspace.get(item.workspaceId);
    if (!list) this.byWorkspace.set(item.workspaceId, (list = []));
    list.push(item);
  }

  /** The item if it exists in that workspace (an id from another workspace is "not found"). */
  get(workspaceId: number, id: number): T | undefined {
    const item = this.byId.get(id);
    return item && item.workspaceId === workspaceId ? item : undefined;
  }

  list(workspaceId: number): readonly T[] {
    return this.byWorkspace.get(workspaceId) ?? [];
  }

  get size(): number {
    return this.byId.size;
  }

  values(): IterableIterator<T> {
    return this.byId.values();
  }
}
