// Pins on every machine: two PinStores over one memento stand for two machines (or profiles) whose
// global state Settings Sync keeps as one. Each store caches what it shows; what the other wrote
// shows after a re-read, concurrent changes merge, and pins of an account not signed in survive.
import * as assert from 'node:assert/strict';
import { refKey, refs, type AccountId } from '../../src/shared/refs';
import { FactStore } from '../../src/state/facts';
import { PINS_KEY, PinStore, SYNCED_KEYS } from '../../src/state/pins';
import { RunStore } from '../../src/state/runStore';
import { MapMemento } from './mapMemento';

const A: AccountId = 'a1b2c3d4';
const B: AccountId = 'e5f6a7b8';
const nightly = refs.item(A, 'integration', 4210, 18234);
const archive = refs.item(A, 'integration', 4210, 18240);
const backup = refs.item(A, 'backup', 4210, 77);

/**
 * A memento as VS Code's extension host has it (measured in code-server 1.100): every write is
 * handed back before it is confirmed, and that echo puts the written value back in the memento —
 * so after two quick writes it answers the first again until the second's echo comes.
 */
class EchoingMemento extends MapMemento {
  private readonly echoes: { value: unknown; confirm: () => void }[] = [];
  override update(key: string, value: unknown): Promise<void> {
    void super.update(key, value);
    return new Promise((confirm) => this.echoes.push({ value: JSON.parse(JSON.stringify(value)), confirm }));
  }
  /** The oldest write not yet handed back comes back, and is confirmed. */
  async echo(): Promise<void> {
    const { value, confirm } = this.echoes.shift()!;
    this.map.set(PINS_KEY, value);
    confirm();
    await new Promise((resolve) => setImmediate(resolve));
  }
  /** The oldest write is confirmed but was lost: VS Code saved an earlier echo over it. */
  async lose(): Promise<void> {
    this.echoes.shift()!.confirm();
    await new Promise((resolve) => setImmediate(resolve));
  }
  get pending(): number {
    return this.echoes.length;
  }
}

const names = (memento: MapMemento) => (memento.get<Record<string, { name: string }[]>>(PINS_KEY)?.[A] ?? []).map((p) => p.name);

/** A store that pinned two items in quick succession over a memento that echoes, the first write handed back. */
async function twoQuickPins() {
  const memento = new EchoingMemento();
  const here = machine(memento);
  here.pins.pin(nightly, 'Nightly');
  here.pins.pin(archive, 'Archive');
  await memento.echo();
  return { memento, here };
}

/** One machine's store over the shared memento, with its own facts. */
function machine(memento: MapMemento, accounts: AccountId[] = [A]) {
  const facts = new FactStore(new RunStore());
  const pins = new PinStore(memento, facts);
  let changes = 0;
  pins.onDidChange(() => changes++);
  pins.use(accounts);
  changes = 0;
  return { pins, facts, changes: () => changes, keys: () => pins.list().map((p) => refKey(p.ref)) };
}

describe('pins on every machine (one synced memento, two stores)', () => {
  it('syncs the pins’ key with Settings Sync', () => {
    assert.deepEqual(SYNCED_KEYS, [PINS_KEY]);
  });

  it('shows a pin made in profile A in profile B once B re-reads, not before', () => {
    const memento = new MapMemento();
    const one = machine(memento);
    const two = machine(memento);
    assert.ok(one.pins.pin(nightly, 'Nightly'));
    assert.deepEqual(two.keys(), [], 'B shows what it read until it reads again');
    assert.equal(two.pins.reread(), true);
    assert.deepEqual(two.keys(), [refKey(nightly)]);
    assert.equal(two.pins.list()[0].name, 'Nightly');
    assert.equal(two.facts.get(nightly).pinned, true, 'pinned is a fact of the item in B too: its menus offer Unpin');
    assert.equal(two.changes(), 1, 'B’s views told once');
    assert.equal(two.pins.reread(), false, 'nothing new: nothing told');
    assert.equal(two.changes(), 1);

    assert.ok(one.pins.unpin(nightly));
    assert.equal(two.pins.reread(), true);
    assert.deepEqual(two.keys(), []);
    assert.equal(two.facts.get(nightly).pinned, undefined, 'unpinned elsewhere: no longer a fact here');
  });

  it('merges pins made on both before either re-read, and an unpin with a pin', () => {
    const memento = new MapMemento();
    const one = machine(memento);
    const two = machine(memento);
    one.pins.pin(nightly, 'Nightly');
    two.pins.pin(archive, 'Archive');
    assert.deepEqual(two.keys(), [refKey(nightly), refKey(archive)], 'B’s write took A’s pin along, and B shows it');
    one.pins.reread();
    assert.deepEqual(one.keys(), [refKey(nightly), refKey(archive)]);

    // A unpins one while B, not yet knowing, pins another: both changes stand.
    one.pins.unpin(nightly);
    two.pins.pin(backup, 'Backup');
    one.pins.reread();
    assert.deepEqual(one.keys(), [refKey(archive), refKey(backup)]);
    assert.deepEqual(two.keys(), [refKey(archive), refKey(backup)]);
  });

  it('keeps another machine’s pin when this one marks a run seen from an older read', () => {
    const memento = new MapMemento();
    const one = machine(memento);
    const two = machine(memento);
    one.pins.pin(nightly, 'Nightly');
    two.pins.reread();
    one.pins.pin(archive, 'Archive');
    two.pins.markSeen(nightly, '901', '2026-11-20T10:00:00Z');
    one.pins.reread();
    assert.deepEqual(one.keys(), [refKey(nightly), refKey(archive)]);
    assert.deepEqual(one.pins.seen(nightly), { id: '901', date: '2026-11-20T10:00:00Z' }, 'what B saw is what A sees');
    two.pins.markSeen(nightly, '902');
    assert.deepEqual(two.pins.seen(nightly), { id: '902' }, 'an entry with no date drops the older date');
  });

  it('never drops the pins of an account not signed in here, and counts them as waiting', () => {
    const memento = new MapMemento();
    // Signed in to B elsewhere, which pinned two of B's items; this machine has A only.
    const elsewhere = machine(memento, [B]);
    elsewhere.pins.pin(refs.item(B, 'integration', 4210, 18234), 'Their nightly');
    elsewhere.pins.pin(refs.item(B, 'backup', 4210, 77), 'Their backup');
    const here = machine(memento, [A]);
    assert.deepEqual(here.pins.list(), [], 'B’s pins are not shown where B is not signed in');
    assert.equal(here.pins.waiting(B), 2);
    assert.equal(here.pins.waiting(A), 0, 'an account signed in waits for nothing');
    here.pins.pin(nightly, 'Nightly');
    here.pins.markSeen(nightly, '901');
    here.pins.unpin(nightly);
    here.pins.pin(archive, 'Archive');
    const stored = memento.get<Record<string, { name: string }[]>>(PINS_KEY) ?? {};
    assert.deepEqual(
      stored[B].map((p) => p.name),
      ['Their nightly', 'Their backup'],
      'every write here kept B’s pins as they were',
    );
    here.pins.use([A, B]);
    assert.deepEqual(
      here.pins.list().map((p) => p.name),
      ['Archive', 'Their nightly', 'Their backup'],
      'B signed in here: its pins show, under B',
    );
    assert.ok(here.pins.list(B).every((p) => p.ref.account === B));
  });

  it('keeps to its own last write while VS Code hands its earlier writes back', async () => {
    const { memento, here } = await twoQuickPins();
    assert.equal(memento.get<Record<string, unknown[]>>(PINS_KEY)?.[A]?.length, 1, 'the memento answers the first write again');
    assert.equal(here.pins.reread(), false, 'an echo is not news');
    assert.deepEqual(here.keys(), [refKey(nightly), refKey(archive)]);
    here.pins.pin(backup, 'Backup');
    while (memento.pending) await memento.echo();
    assert.deepEqual(names(memento), ['Nightly', 'Archive', 'Backup'], 'a write made meanwhile started from what this store knew, not from the echo');
    await here.pins.flushed();
    assert.equal(memento.pending, 0, 'nothing written again');
  });

  it('writes its last value again when VS Code saved an echo over it', async () => {
    const { memento } = await twoQuickPins();
    await memento.lose();
    assert.equal(memento.pending, 1, 'written again');
    await memento.echo();
    assert.deepEqual(names(memento), ['Nightly', 'Archive']);
  });

  it('takes the value before its writes, brought back with another key’s echo, for an echo too', async () => {
    const memento = new EchoingMemento();
    const here = machine(memento);
    here.pins.pin(nightly, 'Nightly');
    while (memento.pending) await memento.echo();
    const before = memento.get(PINS_KEY);
    here.pins.pin(archive, 'Archive');
    // An account's write flushed the whole state a moment before: its echo holds the pins of then.
    memento.map.set(PINS_KEY, before);
    assert.equal(here.pins.reread(), false);
    here.pins.markSeen(nightly, '901');
    await memento.lose();
    await memento.echo();
    assert.deepEqual(names(memento), ['Nightly', 'Archive']);
    assert.deepEqual(here.pins.seen(nightly), { id: '901' });
  });

  it('takes the same pins written by another machine as news, though they equal an old write of its own', async () => {
    const memento = new EchoingMemento();
    const here = machine(memento);
    here.pins.pin(nightly, 'Nightly');
    here.pins.unpin(nightly);
    while (memento.pending) await memento.echo();
    // Another machine pins what this one unpinned: the same pins as this one's first write.
    const synced = new MapMemento();
    machine(synced).pins.pin(nightly, 'Nightly');
    memento.map.set(PINS_KEY, synced.get(PINS_KEY));
    assert.equal(here.pins.reread(), true);
    assert.deepEqual(here.keys(), [refKey(nightly)]);
  });

  it('takes an old value of its own, brought back after its writes were confirmed, for an echo, and writes its own again', async () => {
    const memento = new EchoingMemento();
    const here = machine(memento);
    here.pins.pin(nightly, 'Nightly');
    while (memento.pending) await memento.echo();
    const before = memento.get(PINS_KEY);
    here.pins.pin(archive, 'Archive');
    while (memento.pending) await memento.echo();
    await here.pins.flushed();
    // Later, an account's write saves the whole state an echo had put back: the pins of before.
    memento.map.set(PINS_KEY, before);
    assert.equal(here.pins.reread(), false, 'not news');
    assert.deepEqual(here.keys(), [refKey(nightly), refKey(archive)]);
    assert.equal(memento.pending, 1, 'its own written again');
    await memento.echo();
    assert.deepEqual(names(memento), ['Nightly', 'Archive']);
    // The same when an account signs out and in meanwhile (the store reads afresh).
    memento.map.set(PINS_KEY, before);
    here.pins.use([]);
    here.pins.use([A]);
    assert.deepEqual(here.keys(), [refKey(nightly), refKey(archive)], 'its pins back with the account');
  });

  it('tells its views when pins wait for another account, and not when only a newest run seen moved', () => {
    const memento = new MapMemento();
    const here = machine(memento, [A]);
    here.pins.pin(nightly, 'Nightly');
    const elsewhere = machine(memento, [B]);
    elsewhere.pins.pin(refs.item(B, 'integration', 4210, 18234), 'Their nightly');
    const told = here.changes();
    assert.equal(here.pins.reread(), true, 'one more pin waits for B: a refused B’s row would count it');
    assert.equal(here.changes(), told + 1);
    assert.equal(here.pins.waiting(B), 1);
    here.pins.markSeen(nightly, '901');
    elsewhere.pins.reread();
    const toldThere = elsewhere.changes();
    here.pins.markSeen(nightly, '902');
    assert.equal(elsewhere.pins.reread(), false, 'a newest run seen is kept, but changes nothing on show');
    assert.equal(elsewhere.changes(), toldThere);
    assert.equal(here.changes(), told + 1, 'marking seen tells nothing either');
  });
});
