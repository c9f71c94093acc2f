// API text made fit to show: direction controls and control characters gone, one line where one
// is expected, bounded, and redacted after the controls are gone and before the cut.
import * as assert from 'node:assert/strict';
import { cleanBlock, cleanLine, cleanStrings, shownWith } from '../../src/shared/plainText';

/** Every character class the cleaning is for: direction controls, C0/C1 controls, DEL, odd breaks. */
const HOSTILE = 'a\u202Eb\u202Ac\u2066d\u2069e\u200Ef\u200Fg\u061Ch\u0000i\u0007j\u001Bk\u007Fl\u0080m\u009Fn';
const UNCLEAN = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

describe('plain text for display', () => {
  it('drops direction controls and control characters', () => {
    assert.equal(cleanLine('report\u202Egnp.exe'), 'reportgnp.exe');
    assert.equal(cleanLine(HOSTILE), 'abcdefghijklmn');
    assert.doesNotMatch(cleanBlock(HOSTILE), UNCLEAN);
  });

  it('finds every character it removes even when it is the only one (the first look for any)', () => {
    // What the three classes remove or turn into a line feed, one character at a time across the BMP.
    const expected = (c: string) => (/[\u0085\u2028\u2029]/.test(c) ? '\n' : UNCLEAN.test(c) ? '' : c);
    for (let code = 0; code <= 0xffff; code++) {
      const c = String.fromCharCode(code);
      if (c === '\r' || c === '\n' || c === '\t') continue;
      assert.equal(cleanBlock(`a${c}b`), `a${expected(c)}b`, `U+${code.toString(16).padStart(4, '0')}`);
    }
  });

  it('makes one line of a line, and keeps the lines of a block', () => {
    assert.equal(cleanLine('a\nb\r\nc\td\u2028e\u0085f'), 'a b c d e f');
    assert.equal(cleanBlock('a\nb\r\nc\td\u2028e'), 'a\nb\r\nc\td\ne');
  });

  it('bounds a line, saying so, without splitting a surrogate pair', () => {
    const long = cleanLine('x'.repeat(200_000));
    assert.equal(long.length, 500);
    assert.ok(long.endsWith('…'));
    const emoji = cleanLine(`${'x'.repeat(8)}😀😀`, 10);
    assert.ok(!/[\uD800-\uDBFF]…$/.test(emoji), emoji);
  });

  it('redacts after the controls are gone, and before the cut', () => {
    const shown = shownWith((t) => t.split('SECRET-KEY-123').join('«agent key»'));
    assert.equal(shown.line('Agent SECRET-\u202EKEY-123 is offline'), 'Agent «agent key» is offline', 'a control inside a secret does not hide it');
    const cut = shown.line(`${'x'.repeat(15)}SECRET-KEY-123 and more`, 20);
    assert.ok(!cut.includes('SECRET'), `no half secret: ${cut}`);
    assert.equal(shown.block('line 1\nSECRET-KEY-123\n'), 'line 1\n«agent key»\n');
  });

  it('cleans every string of a value but the keys it is told to keep', () => {
    const value = { title: 'a\u202Eb', rows: [['Comment', 'c\u0007d']], n: 3, id: 'req/\u202E1', nested: { ids: ['x\u202Ey'], text: 'e\u2066f' } };
    const clean = cleanStrings(value, (t) => cleanLine(t), new Set(['id', 'ids']));
    assert.deepEqual(clean, { title: 'ab', rows: [['Comment', 'cd']], n: 3, id: 'req/\u202E1', nested: { ids: ['x\u202Ey'], text: 'ef' } });
    assert.equal(value.title, 'a\u202Eb', 'the original is left as it was');
  });
});
