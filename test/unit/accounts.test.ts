// Two accounts may hold the same workspace, item and run ids: what is keyed by refs keeps them
// apart — the keys themselves, the fact and run stores (an account signed out forgets only its
// own), and the pins (kept per account, shown only while it is signed in, moved once from the
// key an earlier version kept them under).
import * as assert from 'node:assert/strict';
import { asRef, isKeyOf, ownedBy, parseRefKey, refKey, refs } from '../../src/shared/refs';
import { FactStore } from '../../src/state/facts';
import { PinStore } from '../../src/state/pins';
import { RunStore } from '../../src/state/runStore';
import type { RunRecord } from '../../src/shared/model';
import { MapMemento } from './mapMemento';

const A = 'a1b2c3d4';
const B = 'demo';

describe('several accounts: refs and what is keyed by them', () => {
  it('keys the same ids apart by account, and reads a key back with its account', () => {
    const mine = refs.entry(A, 'run', 4210, 18234, 41706552);
    const theirs = refs.entry(B, 'run', 4210, 18234, 41706552);
    assert.notEqual(refKey(mine), refKey(theirs));
    assert.deepEqual(parseRefKey(refKey(mine)), mine);
    assert.ok(isKeyOf(A, refKey(mine)) && !isKeyOf(B, refKey(mine)));
    // An account key with a slash in it (none is made so, but a key is text) does not shift the parts.
    const odd = refs.item('x/y', 'integration', 1, 2);
    assert.deepEqual(parseRefKey(refKey(odd)), odd);
    assert.ok(!isKeyOf('x', refKey(odd)), 'a prefix of a key is not the key');
    assert.deepEqual(refs.entryOf(refs.item(B, 'backup', 7, 9), 'snapshot', 3), { account: B, kind: 'snapshot', workspaceId: 7, parentId: 9, id: '3' });
  });

  it('reads a ref that names no account as the account given, else as none', () => {
    const bare = { kind: 'integration', workspaceId: 4210, id: 18234 };
    assert.equal(asRef(bare), undefined, 'no account, none given: not a ref');
    assert.deepEqual(asRef(bare, A), { account: A, kind: 'integration', workspaceId: 4210, parentId: undefined, id: '18234' });
    assert.equal(asRef({ ...bare, account: B }, A)?.account, B, 'an account named wins');
    assert.deepEqual(ownedBy(bare, A), { ...bare, account: A });
    assert.deepEqual(ownedBy({ ref: bare, name: 'Nightly' }, A), { ref: { ...bare, account: A }, name: 'Nightly' });
    const named = { ...bare, account: B };
    assert.equal(ownedBy(named, A), named, 'a ref with its account is left as it is');
    assert.equal(ownedBy('text', A), 'text');
    assert.equal(ownedBy(bare, undefined), bare, 'no account signed in: nothing to fill in');
  });

  it('forgets one account’s facts and runs, the other’s stay', () => {
    const runs = new RunStore();
    const facts = new FactStore(runs);
    const mine = refs.item(A, 'integration', 4210, 18234);
    const theirs = refs.item(B, 'integration', 4210, 18234);
    facts.patch(mine, { pinned: true });
    facts.patch(theirs, { pinned: true });
    const record = (item: typeof mine): RunRecord => ({
      ref: refs.entryOf(item, 'run', 1),
      item,
      itemName: 'Nightly',
      state: 'Running',
      outcome: 'running',
      startedHere: true,
      seenAt: 0,
    });
    runs.observe(mine, record(mine));
    runs.observe(theirs, record(theirs));
    assert.equal(runs.watched().length, 2, 'the same ids, two runs');
    facts.clear(A);
    runs.clear(A);
    assert.equal(facts.get(mine).pinned, undefined);
    assert.equal(facts.get(theirs).pinned, true);
    assert.equal(runs.active(mine), undefined);
    assert.equal(runs.active(theirs)?.item.account, B);
    assert.deepEqual(
      runs.watched().map((r) => r.item.account),
      [B],
    );
  });

  it('keeps pins per account: shown while signed in, kept for its return, moved once from an earlier key', async () => {
    const memento = new MapMemento();
    // An earlier version kept them under "<base URL>#<fingerprint>".
    await memento.update('skyvia.pins', {
      'https://api.skyvia.com#abcd1234': [{ ref: { kind: 'integration', workspaceId: 4210, id: '18234' }, name: 'Nightly' }],
    });
    await PinStore.moveAccount(memento, 'https://api.skyvia.com#abcd1234', A);
    await PinStore.moveAccount(memento, 'https://api.skyvia.com#abcd1234', B);
    assert.deepEqual(Object.keys(memento.get<object>('skyvia.pins') ?? {}), [A], 'moved once, to the first account');

    const runs = new RunStore();
    const facts = new FactStore(runs);
    const pins = new PinStore(memento, facts);
    pins.use([A, B]);
    assert.deepEqual(
      pins.list().map((p) => refKey(p.ref)),
      [refKey(refs.item(A, 'integration', 4210, 18234))],
    );
    assert.ok(pins.pin(refs.item(B, 'integration', 4210, 18234), 'Nightly'), 'the same item in the other account is another pin');
    assert.equal(pins.list().length, 2);
    assert.equal(pins.pin(refs.item('gone', 'integration', 1, 2), 'x'), false, 'nothing is pinned in an account not signed in');

    pins.use([B]);
    assert.deepEqual(
      pins.list().map((p) => p.ref.account),
      [B],
      'signed out of A: its pin not shown',
    );
    pins.unpin(refs.item(B, 'integration', 4210, 18234));
    pins.use([A, B]);
    assert.deepEqual(
      pins.list().map((p) => p.ref.account),
      [A],
      'signed in again: A’s pin is back, B’s unpin kept',
    );
  });
});
