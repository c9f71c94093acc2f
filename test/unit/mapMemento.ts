// A memento (VS Code's globalState) in a Map, for the unit tests: values stored as JSON, as VS Code stores them.
export class MapMemento {
  readonly map = new Map<string, unknown>();
  get<T>(key: string): T | undefined {
    return this.map.get(key) as T | undefined;
  }
  async update(key: string, value: unknown): Promise<void> {
    // As VS Code does, `undefined` removes the key.
    if (value === undefined) this.map.delete(key);
    else this.map.set(key, JSON.parse(JSON.stringify(value)));
  }
}
