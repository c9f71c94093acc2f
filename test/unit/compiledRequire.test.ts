// The body's loader (host/compiledRequire.ts): a bundle runs as Node runs a module — its exports,
// its own `require` relative to its file, `__filename` and `__dirname` — compiled by V8 the first
// time and taken from the kept code the next; a rebuilt bundle never meets another's code, and a
// cache V8 refuses (damaged, another V8) costs only the compile. Real files in a folder of their own.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { spawnSync } from 'node:child_process';
import { compiledRequire } from '../../src/host/compiledRequire';

const LOADER = path.join(__dirname, '..', '..', 'src', 'host', 'compiledRequire.ts');

/**
 * The bundle loaded in a process of its own, as a new window loads it (V8 also keeps compiled
 * scripts in memory: loads in one process would say nothing of the kept file). `keep`: the process
 * stays until the code is written, as a window stays open.
 */
function loadInAnotherProcess(bundle: string, cacheDir: string, keep = false): { cached: boolean; answer: string[] } {
  const script = `const { compiledRequire } = require(${JSON.stringify(LOADER)});
const m = compiledRequire(${JSON.stringify(bundle)}, ${JSON.stringify(cacheDir)});
console.log(JSON.stringify({ cached: m.cached, answer: m.exports.answer() }));
${keep ? 'm.keep();' : ''}`;
  const out = spawnSync(process.execPath, ['--import', 'tsx', '-e', script], { encoding: 'utf8' });
  assert.equal(out.status, 0, out.stderr);
  return JSON.parse(out.stdout.trim().split('\n').pop()!) as { cached: boolean; answer: string[] };
}

const caches = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.v8cache')) : []);

describe('the body’s loader, with V8’s compiled code kept', () => {
  let root: string;
  let bundle: string;
  let cacheDir: string;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'skyvia-compiled-'));
    bundle = path.join(root, 'dist', 'core.js');
    cacheDir = path.join(root, 'storage');
    fs.mkdirSync(path.dirname(bundle));
    fs.mkdirSync(cacheDir);
    fs.writeFileSync(path.join(root, 'dist', 'sibling.js'), 'exports.word = "beside";');
    fs.writeFileSync(bundle, 'const s = require("./sibling.js"); exports.answer = () => [s.word, __filename, __dirname, typeof module.exports];');
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  const load = (keep = false) => loadInAnotherProcess(bundle, cacheDir, keep);

  it('runs the bundle as a module: its exports, its own require, its file and folder', () => {
    const first = compiledRequire<{ answer(): string[] }>(bundle, cacheDir);
    assert.deepEqual(first.exports.answer(), ['beside', bundle, path.dirname(bundle), 'object']);
    assert.equal(first.cached, false, 'nothing kept yet');
  });

  it('keeps the compiled code once asked, and the next window takes it', () => {
    assert.equal(load(true).cached, false, 'the first window compiles');
    assert.equal(caches(cacheDir).length, 1, 'and keeps the code once it ran');
    const next = load(true);
    assert.equal(next.cached, true, 'V8 took the kept code');
    assert.equal(next.answer[0], 'beside');
    assert.equal(caches(cacheDir).length, 1, 'kept code is not written again');
  });

  it('a rebuilt bundle compiles afresh, and its code replaces the old', () => {
    load(true);
    const [old] = caches(cacheDir);
    // Another build: other bytes (and another size), as `--watch` or an update writes it.
    fs.writeFileSync(bundle, 'exports.answer = () => ["rebuilt", "one"];');
    const rebuilt = load(true);
    assert.equal(rebuilt.cached, false, 'another build’s code is never used');
    assert.deepEqual(rebuilt.answer, ['rebuilt', 'one']);
    assert.equal(caches(cacheDir).length, 1, 'one kept');
    assert.notEqual(caches(cacheDir)[0], old, 'the new build’s, in place of the old');
    assert.equal(load().cached, true);
  });

  it('a damaged cache costs only the compile, and is written again', () => {
    load(true);
    const file = path.join(cacheDir, caches(cacheDir)[0]);
    fs.writeFileSync(file, Buffer.from('not what V8 wrote'));
    const loaded = load(true);
    assert.equal(loaded.cached, false, 'refused');
    assert.equal(loaded.answer[0], 'beside');
    assert.ok(fs.statSync(file).size > 100, 'written again');
    assert.equal(load().cached, true);
  });

  it('without a place to keep it, is a plain require', () => {
    const plain = compiledRequire<{ answer(): string[] }>(bundle, undefined);
    assert.equal(plain.cached, false);
    assert.deepEqual(plain.exports.answer()[0], 'beside');
  });
});
