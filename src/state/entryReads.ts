// One read of a run, snapshot, execution or request for all who show it. Its panel, its log, its
// details and a chat tool's digest each ask for the same `GET …/{id}` — for a long run, megabytes
// to fetch and parse — usually within seconds of each other: they share one request. Asks that come
// while it is out wait for it; an entry that has ended never changes, so its answer is kept a
// little while for the next one to ask. An entry still under way is shared only while its request
// is out: the next ask reads it again, as does anyone who asks for it `fresh` (Refresh Log, a log
// following its run). `drop` forgets an entry the run store says moved on or ended.
import { SkyviaError } from '../api';

export interface EntryReadsOptions {
  /** How long an answer about an ended entry is kept. */
  keepMs: number;
  /** Answers kept at most (a long run's runs to megabytes): the oldest goes first. */
  max: number;
  /** Whether an answer describes an entry that has ended (and so will not change). */
  ended(data: object): boolean;
  now?(): number;
}

interface Shared {
  promise: Promise<object>;
  /** Stops the request once every asker has given up on it. */
  controller: AbortController;
  askers: number;
}

export class EntryReads {
  private readonly out = new Map<string, Shared>();
  private readonly kept = new Map<string, { data: object; at: number }>();

  constructor(private readonly options: EntryReadsOptions) {}

  /** The entry's answer: kept, out, or read now by `fetch` (which gets a signal of its own). */
  read(key: string, fetch: (signal: AbortSignal) => Promise<object>, signal?: AbortSignal, fresh = false): Promise<object> {
    if (signal?.aborted) return Promise.reject(new SkyviaError('cancelled', { method: 'GET', path: key }));
    const kept = this.kept.get(key);
    if (!fresh && kept && this.now() - kept.at < this.options.keepMs) return Promise.resolve(kept.data);
    let shared = this.out.get(key);
    // A fresh ask wants an answer sent after it asked: one already out may predate what it knows.
    if (!shared || fresh) shared = this.start(key, fetch);
    return this.join(key, shared, signal);
  }

  /** Forgets what was kept of an entry (its run moved on or ended): the next ask reads it again. */
  drop(key: string): void {
    this.kept.delete(key);
  }

  clear(): void {
    this.dropWhere(() => true);
  }

  /** Forgets (and stops reading) the entries whose keys match: those of an account signed out. */
  dropWhere(match: (key: string) => boolean): void {
    for (const [key, shared] of this.out) {
      if (!match(key)) continue;
      shared.controller.abort();
      this.out.delete(key);
    }
    for (const key of [...this.kept.keys()]) if (match(key)) this.kept.delete(key);
  }

  private start(key: string, fetch: (signal: AbortSignal) => Promise<object>): Shared {
    const controller = new AbortController();
    const shared: Shared = { controller, askers: 0, promise: fetch(controller.signal) };
    this.out.set(key, shared);
    const settle = () => {
      if (this.out.get(key) === shared) this.out.delete(key);
    };
    shared.promise.then((data) => {
      settle();
      if (this.options.ended(data)) this.keep(key, data);
      else this.kept.delete(key);
    }, settle);
    return shared;
  }

  private keep(key: string, data: object): void {
    this.kept.delete(key);
    this.kept.set(key, { data, at: this.now() });
    for (const oldest of this.kept.keys()) {
      if (this.kept.size <= this.options.max) break;
      this.kept.delete(oldest);
    }
  }

  /** One asker of a shared read: its own signal ends its wait; the request stops when no one waits. */
  private join(key: string, shared: Shared, signal?: AbortSignal): Promise<object> {
    shared.askers++;
    if (!signal) return shared.promise;
    return new Promise<object>((resolve, reject) => {
      const onAbort = () => {
        if (--shared.askers === 0) shared.controller.abort();
        reject(new SkyviaError('cancelled', { method: 'GET', path: key }));
      };
      signal.addEventListener('abort', onAbort, { once: true });
      shared.promise.then(
        (data) => {
          signal.removeEventListener('abort', onAbort);
          resolve(data);
        },
        (e: unknown) => {
          signal.removeEventListener('abort', onAbort);
          reject(e);
        },
      );
    });
  }

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }
}
