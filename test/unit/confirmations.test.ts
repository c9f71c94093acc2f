// The confirmation rule of the language-model tools, step by step as VS Code drives a tool:
// prepare → (the person answers) → invoke only on "yes". Each case is a flow the chat or another
// extension can produce; the target a ticket yields is what the tool would act on.
import * as assert from 'node:assert/strict';
import { callKey, ConfirmationTickets, TICKET_TTL_MS } from '../../src/tools/confirmations';

type Target = { id: string };
const KEY = callKey('skyvia_start_run', { name: 'HubSpot ↔ Salesforce Contacts' });
const X: Target = { id: 'x' };
const Y: Target = { id: 'y' };

function tickets() {
  let now = 1_000;
  const t = new ConfirmationTickets<Target>(
    (a, b) => a.id === b.id,
    () => now,
  );
  return { t, later: (ms: number) => (now += ms) };
}

/** One preparation that finds `target` (or nothing): whether VS Code would ask. */
function prepare(t: ConfirmationTickets<Target>, target?: Target): boolean {
  return t.end(t.begin(KEY), target);
}

describe('tool confirmations', () => {
  it('acts once on an accepted question, and never twice', () => {
    const { t } = tickets();
    assert.equal(prepare(t, X), true, 'asked');
    assert.deepEqual(t.take(KEY), X);
    assert.equal(t.take(KEY), undefined, 'a ticket is used up');
  });

  it('declined, then the same call whose preparation fails: nothing to act on', () => {
    const { t } = tickets();
    prepare(t, X); // "No": invoke is never called, the ticket stays behind
    assert.equal(prepare(t, undefined), false, 'a read failed: nothing asked');
    assert.equal(t.take(KEY), undefined, 'the declined question does not stand in for it');
    assert.equal(t.size, 0);
  });

  it('declined, then the same name now ambiguous or unknown: nothing to act on', () => {
    const { t } = tickets();
    prepare(t, X);
    assert.equal(prepare(t), false);
    assert.equal(t.take(KEY), undefined);
  });

  it('declined, then asked again and accepted: acts on what the new question named', () => {
    const { t } = tickets();
    prepare(t, X);
    assert.equal(prepare(t, X), true);
    assert.deepEqual(t.take(KEY), X);
  });

  it('a question still open when the same call names another item: neither acts', () => {
    const { t } = tickets();
    prepare(t, X); // its dialog may still be open
    assert.equal(prepare(t, Y), false, 'not asked: an answer to the first would act on Y');
    assert.equal(t.take(KEY), undefined);
    assert.equal(prepare(t, Y), true, 'asked again, it is an ordinary question');
  });

  it('the same call prepared twice at once: neither acts', () => {
    const { t } = tickets();
    const a = t.begin(KEY);
    const b = t.begin(KEY);
    assert.equal(t.end(b, X), false);
    assert.equal(t.end(a, X), false);
    assert.equal(t.take(KEY), undefined);
    assert.equal(prepare(t, X), true, 'once both are over, the next call is asked as usual');
  });

  it('a preparation that throws leaves nothing', () => {
    const { t } = tickets();
    prepare(t, X);
    const p = t.begin(KEY);
    t.end(p); // what `finally` does
    assert.equal(t.take(KEY), undefined);
  });

  it('an answer later than the window acts on nothing, and stale tickets go', () => {
    const { t, later } = tickets();
    prepare(t, X);
    t.end(t.begin(callKey('skyvia_stop_run', { id: 1 })), Y);
    later(TICKET_TTL_MS + 1);
    assert.equal(t.take(KEY), undefined);
    assert.equal(t.size, 0, 'the other stale ticket went too');
  });

  it('keeps calls with other input or another tool apart, whatever the order of the fields', () => {
    const { t } = tickets();
    assert.equal(callKey('a', { x: 1, y: 2 }), callKey('a', { y: 2, x: 1 }));
    assert.notEqual(callKey('a', { x: 1 }), callKey('b', { x: 1 }));
    assert.notEqual(callKey('a', { x: 1 }), callKey('a', { x: 2 }));
    assert.equal(callKey('a', undefined), callKey('a', {}));
    prepare(t, X);
    assert.equal(t.take(callKey('skyvia_start_run', { name: 'HubSpot' })), undefined);
    assert.deepEqual(t.take(KEY), X);
  });
});
