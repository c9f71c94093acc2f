// A typed event emitter with the shape of `vscode.Event`, for the layers that must not import
// `vscode` (stores, the watcher's core) so they are unit-tested in plain Node. Listeners are
// called in order; one that throws does not stop the others.

export interface Disposable {
  dispose(): void;
}

export type Event<T> = (listener: (value: T) => unknown) => Disposable;

export class Emitter<T> implements Disposable {
  private listeners: ((value: T) => unknown)[] = [];

  readonly event: Event<T> = (listener) => {
    this.listeners.push(listener);
    return {
      dispose: () => {
        this.listeners = this.listeners.filter((l) => l !== listener);
      },
    };
  };

  fire(value: T): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(value);
      } catch (e) {
        console.error('[skyvia] an event listener failed:', e);
      }
    }
  }

  dispose(): void {
    this.listeners = [];
  }
}
