// The demo's log lines write their times and counts by hand (it is most of what answering a run
// costs): the same text as the Date's ISO form and the grouped digits they replace, at every
// kind of moment — day and year boundaries, before 1970, a leap day, fractions of a millisecond.
import * as assert from 'node:assert/strict';
import { formatCount, formatTimestamp } from '../../src/demo/logs';

const isoWay = (ms: number) => new Date(ms).toISOString().replace('T', ' ').replace('Z', '');
const regexWay = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

describe('demo log times and counts', () => {
  it('writes every moment as its ISO text does, "YYYY-MM-DD hh:mm:ss.mmm"', () => {
    const moments = [
      0,
      -1,
      1,
      999,
      1000,
      86_399_999,
      86_400_000,
      -86_400_000,
      -86_400_001,
      1.7,
      -1.7,
      Date.UTC(2024, 1, 29, 23, 59, 59, 999),
      Date.UTC(2026, 11, 31, 23, 59, 59, 999),
      Date.UTC(2027, 0, 1),
      Date.UTC(1969, 11, 31, 12, 5, 7, 9),
    ];
    let seed = 42;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31);
    // Runs of lines a few ms to hours apart, across many days, as logs are.
    for (let i = 0, t = Date.UTC(2025, 0, 1); i < 20_000; i++) moments.push((t += next() % (i % 50 ? 5_000 : 40_000_000)));
    for (const ms of moments) assert.equal(formatTimestamp(ms), isoWay(ms), `at ${ms}`);
  });

  it('refuses a moment that is no date, as the Date does', () => {
    assert.throws(() => formatTimestamp(NaN), RangeError);
    assert.throws(() => formatTimestamp(Infinity), RangeError);
  });

  it('groups digits by thousands as before, below a thousand as they are', () => {
    for (const n of [0, 7, 999, 1000, -999, -1000, 12_345, 1_234_567, 999_999_999, 1.5, 1234.5, -98_765]) assert.equal(formatCount(n), regexWay(n), `for ${n}`);
  });
});
