// The bundles as `npm run compile` makes them, in every mode: each builds, loads in a fresh Node
// process with a stand-in for `vscode`, and the body starts every one of its features — and
// `--watch` keeps them working when a feature starts using one more module of the body (what
// used to hand a feature `undefined`). Built in a copy of the sources, so the change made to
// one never touches the repository.
import * as assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const root = path.resolve(__dirname, '..', '..');
const probe = path.join(root, 'bench', 'activationProbe.js');

/** Loads the built entry point and body, starts every feature; what the probe says of them. */
function loadAll(out: string): { features: Record<string, string> } {
  const run = spawnSync(process.execPath, [probe, path.join(out, 'extension.js'), path.join(out, 'core.js'), '--features'], {
    encoding: 'utf8',
    env: { ...process.env, NODE_PATH: path.join(root, 'node_modules') },
  });
  assert.equal(run.status, 0, `the bundles load and start: ${run.stderr}`);
  return JSON.parse(run.stdout.trim().split('\n').pop()!) as { features: Record<string, string> };
}

const FEATURES = ['commands', 'documents', 'failures', 'logs', 'panels', 'pins', 'runsGrid', 'tools', 'watch'];

describe('the bundles', function () {
  this.timeout(120_000);
  let copy: string;

  before(() => {
    copy = fs.mkdtempSync(path.join(os.tmpdir(), 'skyvia-bundles-'));
    for (const part of ['src', 'media/src', 'esbuild.mjs', 'package.json']) fs.cpSync(path.join(root, part), path.join(copy, part), { recursive: true });
    fs.symlinkSync(path.join(root, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
  });
  after(() => fs.rmSync(copy, { recursive: true, force: true }));

  for (const mode of ['--production', '--development'] as const) {
    it(`build ${mode === '--production' ? 'for the VSIX' : 'for development'}: each loads, and the body starts every feature`, () => {
      const out = path.join(copy, `out${mode}`);
      const build = spawnSync(process.execPath, ['esbuild.mjs', `--outdir=${out}`, ...(mode === '--production' ? [mode] : [])], {
        cwd: copy,
        encoding: 'utf8',
      });
      assert.equal(build.status, 0, build.stderr);
      for (const bundle of ['extension', 'core', 'int64', 'demo', 'webview', 'grid', 'testApi'])
        assert.ok(fs.existsSync(path.join(out, `${bundle}.js`)), `${bundle}.js`);
      const { features } = loadAll(out);
      assert.deepEqual(Object.keys(features).sort(), FEATURES);
      for (const [name, started] of Object.entries(features)) assert.equal(started, 'object', `the feature ${name} started`);
    });
  }

  it('--watch: a feature that starts using one more module of the body still gets it', async () => {
    const out = path.join(copy, 'out-watch');
    const watcher = spawn(process.execPath, ['esbuild.mjs', '--watch', `--outdir=${out}`], { cwd: copy, stdio: ['ignore', 'pipe', 'pipe'] });
    const said = listen(watcher);
    try {
      await said.built(1);
      loadAll(out);
      // The Failures view now formats a count itself: one more module of the body it imports.
      const feature = path.join(copy, 'src', 'features', 'failures.ts');
      const source = fs.readFileSync(feature, 'utf8');
      const lastImport = source.lastIndexOf('\nimport ');
      const at = source.indexOf('\n', lastImport + 1) + 1;
      fs.writeFileSync(
        feature,
        `${source.slice(0, at)}import { plural as countWith } from '../shared/format';\nexport const wordOfOne = countWith(1, (c) => \`\${c} one\`, (c) => \`\${c} many\`);\n${source.slice(at)}`,
      );
      // The build that holds the change: esbuild may also build again for files it saw change
      // while it started (the copy is new), and a build's line can come before the edit's.
      for (let n = 2; !/wordOfOne/.test(fs.readFileSync(path.join(out, 'core.js'), 'utf8')); n++) await said.built(n);
      const { features } = loadAll(out);
      assert.equal(features.failures, 'object', 'the changed feature starts');
    } finally {
      // Gone before the copy is removed: a watcher still writing would leave the folder non-empty.
      if (watcher.exitCode === null && watcher.signalCode === null) {
        const exited = new Promise((resolve) => watcher.once('exit', resolve));
        watcher.kill();
        await exited;
      }
    }
  });
});

/** What a watcher prints, kept from its start: `built(n)` resolves once it has said it built `n` times. */
function listen(watcher: ChildProcess): { built(n: number): Promise<void> } {
  let said = '';
  const waiting: (() => void)[] = [];
  watcher.stdout!.on('data', (chunk: Buffer) => {
    said += chunk.toString();
    for (const check of waiting.splice(0)) check();
  });
  const count = () => (said.match(/esbuild: built/g) ?? []).length;
  return {
    built: (n) =>
      new Promise((resolve, reject) => {
        const check = () => (count() >= n ? resolve() : waiting.push(check));
        watcher.once('exit', (code) => reject(new Error(`the watcher exited (${code}): ${said}`)));
        check();
      }),
  };
}
