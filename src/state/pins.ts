// The items pinned to the top of the explorer: integrations, backups, automations and endpoints,
// kept per account (under its key: the ids of one account mean nothing in another) across windows
// and restarts; those of every account signed in are shown, each under its account.
// Being pinned is a fact of the item (`pinned` in the fact store), so its menus offer Unpin, its
// panel says so, and every view hears of it through the fact store's one event; this store keeps
// the list, its order and the names to show before anything is read.
//
// Only the ref, the name and the newest entry seen are kept: never a row, which for an endpoint
// holds its token.
//
// The pins follow the user to every machine (Settings Sync: the key is among `SYNCED_KEYS`, which
// the body gives `globalState.setKeysForSync`). So the stored value may change under this store —
// another machine's pins synced in, another window's — and VS Code tells no event for that:
//   - every write applies only its own change (a pin added, one removed, one's newest entry seen)
//     to the value stored now, so what was synced meanwhile is kept, for the accounts signed in
//     here and for every other;
//   - `reread()` takes what is stored now; the body calls it when the window gains focus, when
//     the view is shown and on Refresh. A re-read is an in-memory read of the memento (VS Code has
//     already handed a synced value to the extension host) and a compare: nothing when unchanged.
// "The value stored now" is not always what the memento answers: VS Code hands every write of the
// extension's global state back to its extension host, and each such echo puts that value back in
// the memento — in code-server 1.100 two writes 3 ms apart read 1, 2, 1, 2 — and the echo of
// another key's write (an account's) brings back the whole of the extension's state as it was
// then, pins included; the next write of any key then saves that old value for good. So every value
// this store writes carries a mark of its own (`WRITTEN`: this store's random id and a count), and
// the store remembers every value it held (written or taken). The memento answering one of those
// again is an echo, never news: the store keeps to what it knows and, once its own writes are
// confirmed, writes it again so what VS Code saves is right. A value written anywhere else — another
// machine, another window — carries another mark, so it is news even when its pins equal an old
// value of ours (another machine may well pin what this one unpinned).
// A pin of an account not signed in here is never dropped: it waits under its account's key,
// shown when that account signs in (the same token at the same service has the same key on every
// machine); a refused account's root says how many wait for it (`waiting`).
import { Emitter, type Event } from '../shared/events';
import { asRef, refKey, type AccountId, type ItemRef } from '../shared/refs';
import type { FactStore } from './facts';

export interface Pin {
  ref: ItemRef;
  name: string;
  /** The id of the newest entry of its history the watcher has seen: what is newer is news. */
  seen?: string;
  /** When that entry ran, as the service says: how far back a look reads when more came after it. */
  seenDate?: string;
}

/** Where pins are kept: VS Code's global state (a Memento), or a map in the tests. */
export interface PinMemento {
  get<T>(key: string): T | undefined;
  update(key: string, value: unknown): Thenable<void> | Promise<void>;
}

export const PINS_KEY = 'skyvia.pins';
/** The keys of global state that Settings Sync carries to the user's other machines. */
export const SYNCED_KEYS: readonly string[] = [PINS_KEY];
/** The key, beside the accounts', of the mark a store puts on each value it writes (see the top of this file). */
export const WRITTEN = '$written';
/** How many values a store remembers having held: an echo comes back within a few writes. */
const REMEMBERED = 64;

type Stored = Record<string, unknown>;

export class PinStore {
  /** The accounts signed in: only their pins are shown, watched and written. */
  private accounts: readonly AccountId[] = [];
  private pins: Pin[] = [];
  /** The value stored as this store knows it: last written here, or taken from elsewhere. */
  private stored: Stored = {};
  /** The same as JSON: a re-read that finds the same does nothing. */
  private seenText = JSON.stringify({});
  /** The values this store has held before the one it holds now (written or taken), as JSON: the memento answering one of them is an echo. */
  private readonly held: string[] = [];
  /** This store's mark, and how many values it has written: no other writer's value is the same. */
  private readonly writer = Math.random().toString(36).slice(2, 10);
  private writes = 0;
  /** Writes VS Code has not confirmed yet. */
  private readonly writing = new Set<Promise<void>>();
  /** What the views show of it (see `take`), as JSON. */
  private shown = '';
  private readonly emitter = new Emitter<void>();
  /** The list changed (pinned, unpinned, an account came or went, another machine's pins synced in). */
  readonly onDidChange: Event<void> = this.emitter.event;

  constructor(
    private readonly memento: PinMemento,
    private readonly facts: FactStore,
  ) {}

  /** The accounts signed in now: their pins read (each account's under its key) and told to the fact store. */
  use(accounts: readonly AccountId[]): void {
    this.accounts = [...accounts];
    // Read afresh: an account's pins may have moved to its key since (an earlier version's, on upgrade).
    this.take(this.current());
    this.repairIfEchoed();
    for (const p of this.pins) this.facts.patch(p.ref, { pinned: true });
    this.emitter.fire();
  }

  /** Takes what is stored now (synced from another machine, written by another window); `true` when the pins shown changed. */
  reread(): boolean {
    const text = JSON.stringify(this.read());
    if (text === this.seenText) return false;
    // An echo of a value this store held before is not news.
    if (this.held.includes(text)) {
      this.repairIfEchoed();
      return false;
    }
    const changed = this.take(this.current());
    if (changed) this.emitter.fire();
    return changed;
  }

  /** Resolves when VS Code has confirmed every write made so far (and handed each back: no echo is still to come). */
  async flushed(): Promise<void> {
    while (this.writing.size) await Promise.all(this.writing);
  }

  /** The pins of every account signed in, or of one. */
  list(account?: AccountId): readonly Pin[] {
    return account === undefined ? this.pins : this.pins.filter((p) => p.ref.account === account);
  }

  /** How many pins wait in storage for an account that is not signed in here (or whose token was refused). */
  waiting(account: AccountId): number {
    return this.accounts.includes(account) ? 0 : waitingIn(this.current(), account);
  }

  has(ref: ItemRef): boolean {
    return this.pins.some((p) => refKey(p.ref) === refKey(ref));
  }

  /** Pins an item (at the end of its account's list); `false` when it was pinned already. */
  pin(ref: ItemRef, name: string): boolean {
    if (this.has(ref) || !this.accounts.includes(ref.account)) return false;
    const pin = { ref: { kind: ref.kind, workspaceId: ref.workspaceId, id: ref.id }, name };
    void this.write(ref.account, (list) => (list.some(sameAs(ref)) ? list : [...list, pin]));
    return true;
  }

  unpin(ref: ItemRef): boolean {
    if (!this.has(ref)) return false;
    void this.write(ref.account, (list) => list.filter((p) => !sameAs(ref)(p)));
    return true;
  }

  /** The newest entry of a pinned item's history seen so far, and when it ran. */
  seen(ref: ItemRef): { id: string; date?: string } | undefined {
    const pin = this.find(ref);
    return pin?.seen === undefined ? undefined : { id: pin.seen, ...(pin.seenDate ? { date: pin.seenDate } : {}) };
  }

  markSeen(ref: ItemRef, id: string, date?: string): void {
    const pin = this.find(ref);
    if (!pin || (pin.seen === id && pin.seenDate === date)) return;
    void this.write(ref.account, (list) =>
      list.map((p) => {
        if (!sameAs(ref)(p)) return p;
        const { seenDate: _dropped, ...rest } = p as Pin;
        return { ...rest, seen: id, ...(date ? { seenDate: date } : {}) };
      }),
    );
  }

  /** Pins kept under an earlier key of an account (before accounts had keys of their own) move to its key, once. */
  static async moveAccount(memento: PinMemento, from: string, to: AccountId): Promise<void> {
    const stored = memento.get<Record<string, unknown>>(PINS_KEY);
    if (!stored || typeof stored !== 'object' || !(from in stored) || to in stored) return;
    const { [from]: moved, ...rest } = stored;
    await memento.update(PINS_KEY, { ...rest, [to]: moved });
  }

  private find(ref: ItemRef): Pin | undefined {
    return this.pins.find((p) => refKey(p.ref) === refKey(ref));
  }

  dispose(): void {
    this.emitter.dispose();
  }

  /**
   * One change to one account's list, applied to what is stored now — not to what this store read
   * earlier, which another machine's pins may have overtaken — and every other account's as stored.
   */
  private write(account: AccountId, edit: (list: readonly unknown[]) => readonly unknown[]): Promise<void> {
    const stored = this.current();
    const list = stored[account];
    const next = { ...stored, [account]: edit(Array.isArray(list) ? list : []), [WRITTEN]: `${this.writer}:${++this.writes}` };
    const saved = this.save(next);
    if (this.take(next)) this.emitter.fire();
    return saved;
  }

  private save(value: Stored): Promise<void> {
    const saving = Promise.resolve(this.memento.update(PINS_KEY, value));
    const done: Promise<void> = saving.then(
      () => undefined,
      () => undefined,
    );
    this.writing.add(done);
    void done.then(() => {
      this.writing.delete(done);
      this.repairIfEchoed();
    });
    return saving;
  }

  /**
   * Once every write is confirmed (every echo of them come), the memento should answer what this
   * store holds; an earlier value there means VS Code saved an echo over it: it is written again.
   */
  private repairIfEchoed(): void {
    if (this.writing.size) return;
    const text = JSON.stringify(this.read());
    if (text !== this.seenText && this.held.includes(text)) void this.save(this.stored);
  }

  /** The value stored now: the memento's, unless it is an echo of a value this store held before (see the top of this file). */
  private current(): Stored {
    const value = this.read();
    const text = JSON.stringify(value);
    return text !== this.seenText && this.held.includes(text) ? this.stored : value;
  }

  /**
   * The pins of the accounts signed in, from a stored value; each one that came or went told to
   * the fact store. `true` when what the views show changed: the pins shown (their order and
   * names), or how many wait for an account not signed in here (its refused root counts them).
   */
  private take(stored: Stored): boolean {
    const before = this.pins;
    const shownBefore = this.shown;
    const text = JSON.stringify(stored);
    if (text !== this.seenText) {
      this.held.push(this.seenText);
      if (this.held.length > REMEMBERED) this.held.shift();
    }
    this.stored = stored;
    this.seenText = text;
    this.pins = this.accounts.flatMap((account) => {
      const list = stored[account];
      return Array.isArray(list) ? list.flatMap((p) => pinOf(p, account)) : [];
    });
    const keys = new Set(this.pins.map((p) => refKey(p.ref)));
    const had = new Set(before.map((p) => refKey(p.ref)));
    for (const p of before) if (!keys.has(refKey(p.ref))) this.facts.patch(p.ref, { pinned: undefined });
    for (const p of this.pins) if (!had.has(refKey(p.ref))) this.facts.patch(p.ref, { pinned: true });
    const waiting = Object.keys(stored)
      .filter((account) => account !== WRITTEN && !this.accounts.includes(account))
      .map((account) => [account, waitingIn(stored, account)]);
    this.shown = JSON.stringify([this.pins.map((p) => [refKey(p.ref), p.name]), waiting]);
    return this.shown !== shownBefore;
  }

  /** Every account's pins as the memento answers (from memory: a write is read back at once). */
  private read(): Stored {
    const stored = this.memento.get<unknown>(PINS_KEY);
    return stored && typeof stored === 'object' && !Array.isArray(stored) ? (stored as Stored) : {};
  }
}

/** A stored pin, kept under its account's key: it names that account, whatever its ref says. */
function pinOf(p: unknown, account: AccountId): Pin[] {
  const ref = isPin(p) ? asRef({ ...(p.ref as object), account }) : undefined;
  return ref && isPin(p)
    ? [
        {
          ref,
          name: p.name,
          ...(typeof p.seen === 'string' ? { seen: p.seen } : {}),
          ...(typeof p.seenDate === 'string' ? { seenDate: p.seenDate } : {}),
        },
      ]
    : [];
}

/** How many pins a stored value keeps for an account. */
function waitingIn(stored: Stored, account: AccountId): number {
  const list = stored[account];
  return Array.isArray(list) ? list.filter(isPin).length : 0;
}

/** Whether a stored pin (of `ref`'s account's list) is `ref`'s. */
function sameAs(ref: ItemRef): (p: unknown) => boolean {
  const key = refKey(ref);
  return (p) => pinOf(p, ref.account).some((pin) => refKey(pin.ref) === key);
}

function isPin(value: unknown): value is Pin {
  return !!value && typeof value === 'object' && !!(value as Pin).ref && typeof (value as Pin).ref === 'object' && typeof (value as Pin).name === 'string';
}
