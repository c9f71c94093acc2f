import * as assert from 'node:assert/strict';
import { RefMap } from '../../src/shared/refMap';
import { refs } from '../../src/shared/refs';

describe('RefMap', () => {
  it('finds an object by any ref equal to the one it was kept under', () => {
    const map = new RefMap<string>();
    map.set(refs.item('a', 'integration', 1, 7), 'seven');
    assert.equal(map.get(refs.item('a', 'integration', 1, '7')), 'seven', 'the same object, a ref made again');
    assert.equal(map.get(refs.item('a', 'integration', 2, 7)), undefined, 'another workspace');
    assert.equal(map.get(refs.item('a', 'backup', 1, 7)), undefined, 'another kind');
    assert.equal(map.get(refs.entry('a', 'run', 1, 7, 7)), undefined, 'a run of that id');
    assert.equal(map.get(refs.item('b', 'integration', 1, 7)), undefined, 'another account');
    map.set(refs.item('a', 'integration', 1, 7), 'again');
    assert.equal(map.get(refs.item('a', 'integration', 1, 7)), 'again', 'set twice: the newer');
    map.delete(refs.item('a', 'integration', 1, 7));
    assert.equal(map.get(refs.item('a', 'integration', 1, 7)), undefined);
  });

  it('forgets one account, even one whose key begins like another’s, or all', () => {
    const map = new RefMap<number>();
    for (const account of ['acct', 'acct/2', 'acct2']) {
      map.set(refs.item(account, 'integration', 1, 1), 1);
      map.set(refs.accountUser(account, 'x@y.z'), 2);
    }
    map.clear('acct');
    assert.equal(map.get(refs.item('acct', 'integration', 1, 1)), undefined);
    assert.equal(map.get(refs.accountUser('acct', 'x@y.z')), undefined);
    assert.equal(map.get(refs.item('acct/2', 'integration', 1, 1)), 1, 'an account whose key begins with it stays');
    assert.equal(map.get(refs.item('acct2', 'integration', 1, 1)), 1);
    map.clear();
    assert.equal(map.get(refs.item('acct2', 'integration', 1, 1)), undefined);
  });
});
