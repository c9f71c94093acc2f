// The `when` clause reader of scripts/contributions.ts: it must read clauses as VS Code does, or a
// menu it approves shows where VS Code would not (or the reverse).
import * as assert from 'node:assert/strict';
import { evaluate, keysOf, parseWhen, WhenError } from '../../scripts/contributions/whenClause';

const holds = (clause: string, context: Record<string, unknown>) => evaluate(parseWhen(clause), context);

describe('when clauses', () => {
  it('reads equality, regular expressions, negation and bare keys', () => {
    const row = { view: 'skyvia.explorer', viewItem: 'integration scheduled hasId runIntegration', 'skyvia.state': 'demo' };
    assert.equal(holds('view == skyvia.explorer && viewItem =~ /\\brunIntegration\\b/', row), true);
    assert.equal(holds('view == skyvia.explorer && viewItem =~ /\\bcancelRun\\b/', row), false);
    assert.equal(holds('view != skyvia.failures', row), true);
    assert.equal(holds("skyvia.state == 'demo'", row), true);
    assert.equal(holds('skyvia.state =~ /^(signedIn|demo)$/', row), true);
    assert.equal(holds('!skyvia.failuresLoading', row), true);
    assert.equal(holds('skyvia.failuresLoading', { 'skyvia.failuresLoading': true }), true);
    assert.equal(holds('false', row), false);
  });

  it('binds && tighter than ||, and honours parentheses', () => {
    assert.equal(holds('a || b && c', { a: true }), true);
    assert.equal(holds('(a || b) && c', { a: true }), false);
    assert.equal(holds('!(a && b)', { a: true, b: true }), false);
  });

  it('matches a regular expression with `/` escaped and its flags', () => {
    assert.equal(holds('resource =~ /a\\/b$/i', { resource: 'X/A/B' }), true);
    assert.equal(holds('view =~ /^skyvia\\.(explorer|activity|failures)$/', { view: 'skyvia.activity' }), true);
    assert.equal(holds('view =~ /^skyvia\\.(explorer|activity|failures)$/', { view: 'skyvia.activityX' }), false);
  });

  it('reads `in`, `not in` and comparisons', () => {
    assert.equal(holds('x in list', { x: 'b', list: ['a', 'b'] }), true);
    assert.equal(holds('x not in list', { x: 'c', list: ['a', 'b'] }), true);
    assert.equal(holds('n >= 2 && n < 3', { n: 2 }), true);
  });

  it('names every key it reads', () => {
    assert.deepEqual(keysOf(parseWhen('view == a && (viewItem =~ /x/ || !skyvia.state)')), ['view', 'viewItem', 'skyvia.state']);
  });

  for (const broken of ['view ==', 'viewItem =~ /(/', 'a && (b', '&& a', 'a b', 'viewItem =~ x']) {
    it(`refuses "${broken}" with a reason`, () => {
      assert.throws(() => parseWhen(broken), WhenError);
    });
  }
});
