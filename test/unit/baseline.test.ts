// The bench's baseline (bench/baseline.ts): a run's figures against the last accepted ones — worse
// or better beyond each figure's noise, which way is better, new figures — and --accept's merge.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { accept, compare, readBaseline, report, unmeasured, wantsColour, writeBaseline, type Baseline, type Measured } from '../../bench/baseline';

const baseline: Baseline = {
  figures: {
    'browser.firstRows': { figure: 'view opened → first rows', value: 390, unit: 'ms', better: 'lower', noisePct: 20 },
    'sizes.vsix': { figure: 'VSIX', value: 250_000, unit: 'B', better: 'lower', noisePct: 1 },
    'client.throughput': { figure: 'items a second', value: 1000, unit: 'items/s', better: 'higher', noisePct: 10 },
    'vscode.idle': { figure: 'idle requests', value: 0, unit: 'req', better: 'lower', noisePct: 0 },
  },
};
const m = (id: string, value: number, unit = baseline.figures[id]?.unit ?? 'ms'): Measured => ({ id, figure: id, value, unit });
const one = (measured: Measured) => compare(baseline, [measured])[0];

describe('bench baseline', () => {
  it('flags a figure worse than its baseline by more than its noise, with both values and the change', () => {
    const c = one(m('browser.firstRows', 1900));
    assert.equal(c.verdict, 'worse');
    assert.equal(c.baseline, 390);
    assert.equal(c.value, 1900);
    assert.ok(Math.abs(c.changePct! - 387.2) < 0.1, String(c.changePct));
    assert.equal(one(m('sizes.vsix', 252_600)).verdict, 'worse', '1.04 % over a 1 % noise');
  });

  it('does not flag a figure within its noise, either way', () => {
    assert.equal(one(m('browser.firstRows', 460)).verdict, 'same', '+18 % within 20 %');
    assert.equal(one(m('browser.firstRows', 320)).verdict, 'same', '−18 % within 20 %');
    assert.equal(one(m('browser.firstRows', 468)).verdict, 'same', 'exactly at the noise is still the same');
    assert.equal(one(m('sizes.vsix', 252_400)).verdict, 'same');
    assert.equal(one(m('vscode.idle', 0)).verdict, 'same');
  });

  it('flags a figure better than its baseline by more than its noise as better', () => {
    const c = one(m('browser.firstRows', 200));
    assert.equal(c.verdict, 'better');
    assert.ok(c.changePct! < -48 && c.changePct! > -49, String(c.changePct));
  });

  it('takes the baseline’s direction: higher is better for some figures', () => {
    assert.equal(one(m('client.throughput', 800)).verdict, 'worse', 'fewer items a second is worse');
    assert.equal(one(m('client.throughput', 1200)).verdict, 'better');
    assert.equal(one(m('client.throughput', 950)).verdict, 'same');
    assert.equal(one(m('browser.firstRows', 800)).verdict, 'worse', 'more milliseconds is worse');
  });

  it('a count from 0 is worse at 1, its change told as up from 0', () => {
    const c = one(m('vscode.idle', 1));
    assert.equal(c.verdict, 'worse');
    assert.equal(c.changePct, Infinity);
    assert.match(report([c], { colour: false }), /vscode\.idle.*0 → 1 req \(up from 0; noise ±0 %\)/);
  });

  it('a figure that can sit near 0 keeps an absolute noise too: the larger of the two decides', () => {
    const near0: Baseline = { figures: { 'vscode.heap': { figure: 'heap', value: -62, unit: 'KiB', better: 'lower', noisePct: 20, noiseAbs: 1024 } } };
    assert.equal(compare(near0, [m('vscode.heap', 721, 'KiB')])[0].verdict, 'same', 'within a megabyte');
    const c = compare(near0, [m('vscode.heap', 1100, 'KiB')])[0];
    assert.equal(c.verdict, 'worse');
    assert.match(report([c], { colour: false }), /noise ±20 %, at least ±1,024 KiB/);
    assert.equal(accept(near0, [{ ...m('vscode.heap', 500, 'KiB'), noiseAbs: 1024 }]).figures['vscode.heap'].noiseAbs, 1024);
    assert.equal('noiseAbs' in accept(near0, [m('vscode.heap', 500, 'KiB')]).figures['vscode.heap'], false, 'only when the bench says one');
  });

  it('reports a figure missing from the baseline (or in another unit) as new', () => {
    assert.equal(one(m('network.open', 2, 'RT')).verdict, 'new');
    const c = one(m('sizes.vsix', 244, 'KB'));
    assert.equal(c.verdict, 'new');
    assert.equal(c.why, 'was in B');
    assert.match(report([c], { colour: false }), /1 figure\(s\) new.*\n- new: sizes\.vsix/);
  });

  it('compares only what a run measured, and names the baseline figures its parts no longer make', () => {
    const measured = [m('sizes.vsix', 250_000)];
    assert.equal(compare(baseline, measured).length, 1);
    assert.deepEqual(unmeasured(baseline, measured, ['sizes']), []);
    assert.deepEqual(unmeasured(baseline, [], ['sizes', 'vscode']), ['sizes.vsix', 'vscode.idle']);
  });

  it('--accept writes the figures measured, keeps the others, sorted by id', () => {
    const merged = accept(baseline, [
      { id: 'browser.firstRows', figure: 'view opened → first rows (median of 4)', value: 1900, unit: 'ms', noisePct: 40 },
      { id: 'activation.require', figure: 'cold require()', value: 0.81666, unit: 'ms' },
      { id: 'vscode.heap', figure: 'heap', value: 7_700, unit: 'KiB', better: 'lower' },
      { id: 'network.open', figure: 'open', value: 1, unit: 'RT' },
    ]);
    assert.deepEqual(Object.keys(merged.figures), [
      'activation.require',
      'browser.firstRows',
      'client.throughput',
      'network.open',
      'sizes.vsix',
      'vscode.heap',
      'vscode.idle',
    ]);
    assert.deepEqual(merged.figures['browser.firstRows'], {
      figure: 'view opened → first rows (median of 4)',
      value: 1900,
      unit: 'ms',
      better: 'lower',
      noisePct: 40,
    });
    assert.equal(merged.figures['activation.require'].noisePct, 20, 'a time without a noise of its own: the default');
    assert.equal(merged.figures['activation.require'].value, 0.82, 'to the hundredth');
    assert.equal(merged.figures['network.open'].noisePct, 0, 'a count is exact');
    assert.deepEqual(merged.figures['client.throughput'], baseline.figures['client.throughput'], 'not measured: kept');
    assert.equal(baseline.figures['browser.firstRows'].value, 390, 'the baseline given is left as it was');
    assert.equal(compare(merged, [m('browser.firstRows', 1900)])[0].verdict, 'same', 'accepted: no longer a regression');
  });

  it('writes and reads the file back, and reads a missing one as empty', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skyvia-baseline-'));
    try {
      const file = path.join(dir, 'baseline.json');
      assert.deepEqual(readBaseline(file), { figures: {} });
      writeBaseline(file, baseline);
      assert.deepEqual(readBaseline(file), baseline);
      assert.ok(fs.readFileSync(file, 'utf8').endsWith('}\n'));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('prints regressions in red and improvements in green only with colour; the words say it either way', () => {
    const cs = compare(baseline, [m('browser.firstRows', 1900), m('sizes.vsix', 200_000), m('vscode.idle', 0)]);
    const plain = report(cs, { colour: false });
    assert.doesNotMatch(plain, /\x1b\[/);
    assert.match(plain, /WORSE.*\n- worse: browser\.firstRows  browser\.firstRows: 390 → 1,900 ms \(\+387\.2 %; noise ±20 %\)/);
    assert.match(plain, /- better: sizes\.vsix  sizes\.vsix: 250,000 → 200,000 B \(−20\.0 %; noise ±1 %\)/);
    assert.match(plain, /1 figure\(s\) the same within their noise/);
    assert.match(plain, /--accept/);
    const coloured = report(cs, { colour: true });
    assert.match(coloured, /\x1b\[31m- worse: browser\.firstRows.*\x1b\[0m/);
    assert.match(coloured, /\x1b\[32m- better: sizes\.vsix.*\x1b\[0m/);
  });

  it('colours a terminal, or any output FORCE_COLOR asks for; never with NO_COLOR', () => {
    assert.equal(wantsColour(true, {}), true);
    assert.equal(wantsColour(false, {}), false);
    assert.equal(wantsColour(undefined, { FORCE_COLOR: '1' }), true);
    assert.equal(wantsColour(undefined, { FORCE_COLOR: '' }), true);
    assert.equal(wantsColour(true, { FORCE_COLOR: '0' }), false);
    assert.equal(wantsColour(true, { NO_COLOR: '1' }), false);
  });
});
