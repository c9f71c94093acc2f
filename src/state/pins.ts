// The items pinned to the top of the explorer: integrations, backups, automations and endpoints,
// kept per account (under its key: the ids of one account mean nothing in another) across windows
// and restarts; those of every account signed in are shown, each under its account.
// Being pinned is a fact of the item (`pinned` in the fact store), so its menus offer Unpin, its
// panel says so, and every view hears of it through the fact store's one event; this store keeps
// the list, its order and the names to show before anything is read.
//
// Only the ref, the name and the newest entry seen are kept: never a row, which for an endpoint
// holds its token.
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

const KEY = 'skyvia.pins';

export class PinStore {
  /** The accounts signed in: only their pins are shown, watched and written. */
  private accounts: readonly AccountId[] = [];
  private pins: Pin[] = [];
  private stored?: Record<string, unknown>;
  private readonly emitter = new Emitter<void>();
  /** The list changed (pinned, unpinned, an account came or went). */
  readonly onDidChange: Event<void> = this.emitter.event;

  constructor(
    private readonly memento: PinMemento,
    private readonly facts: FactStore,
  ) {}

  /** The accounts signed in now: their pins read (each account's under its key) and told to the fact store. */
  use(accounts: readonly AccountId[]): void {
    this.accounts = [...accounts];
    // Read afresh: an account's pins may have moved to its key since (an earlier version's, on upgrade).
    this.stored = undefined;
    const all = this.all();
    this.pins = this.accounts.flatMap((account) => {
      const stored = all[account];
      return Array.isArray(stored)
        ? stored.flatMap((p): Pin[] => {
            // Kept under its account's key: a pin names that account, whatever its ref says.
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
          })
        : [];
    });
    for (const p of this.pins) this.facts.patch(p.ref, { pinned: true });
    this.emitter.fire();
  }

  /** The pins of every account signed in, or of one. */
  list(account?: AccountId): readonly Pin[] {
    return account === undefined ? this.pins : this.pins.filter((p) => p.ref.account === account);
  }

  has(ref: ItemRef): boolean {
    return this.pins.some((p) => refKey(p.ref) === refKey(ref));
  }

  /** Pins an item (at the end of its account's list); `false` when it was pinned already. */
  pin(ref: ItemRef, name: string): boolean {
    if (this.has(ref) || !this.accounts.includes(ref.account)) return false;
    this.pins = [...this.pins, { ref: { account: ref.account, kind: ref.kind, workspaceId: ref.workspaceId, id: ref.id }, name }];
    this.changed(ref, true);
    return true;
  }

  unpin(ref: ItemRef): boolean {
    if (!this.has(ref)) return false;
    this.pins = this.pins.filter((p) => refKey(p.ref) !== refKey(ref));
    this.changed(ref, false);
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
    pin.seen = id;
    if (date) pin.seenDate = date;
    else delete pin.seenDate;
    void this.save();
  }

  /** Pins kept under an earlier key of an account (before accounts had keys of their own) move to its key, once. */
  static async moveAccount(memento: PinMemento, from: string, to: AccountId): Promise<void> {
    const stored = memento.get<Record<string, unknown>>(KEY);
    if (!stored || typeof stored !== 'object' || !(from in stored) || to in stored) return;
    const { [from]: moved, ...rest } = stored;
    await memento.update(KEY, { ...rest, [to]: moved });
  }

  private find(ref: ItemRef): Pin | undefined {
    return this.pins.find((p) => refKey(p.ref) === refKey(ref));
  }

  dispose(): void {
    this.emitter.dispose();
  }

  private changed(ref: ItemRef, pinned: boolean): void {
    this.facts.patch(ref, { pinned: pinned || undefined });
    void this.save();
    this.emitter.fire();
  }

  /** Writes the pins of the accounts signed in; those of accounts signed out stay as they were, for their return. */
  private save(): Thenable<void> | Promise<void> {
    const mine = Object.fromEntries(
      this.accounts.map((account) => [account, this.list(account).map((p) => ({ ref: p.ref, name: p.name, seen: p.seen, seenDate: p.seenDate }))]),
    );
    this.stored = { ...this.all(), ...mine };
    return this.memento.update(KEY, this.stored);
  }

  /** Every account's pins, read once and written through: a quick second write must not start from an older read. */
  private all(): Record<string, unknown> {
    if (!this.stored) {
      const stored = this.memento.get<unknown>(KEY);
      this.stored = stored && typeof stored === 'object' && !Array.isArray(stored) ? (stored as Record<string, unknown>) : {};
    }
    return this.stored;
  }
}

function isPin(value: unknown): value is Pin {
  return !!value && typeof value === 'object' && !!(value as Pin).ref && typeof (value as Pin).ref === 'object' && typeof (value as Pin).name === 'string';
}
