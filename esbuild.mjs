// The bundles, one build each (esbuild only strips types; type checking is `tsc --noEmit`, in
// `npm run check`):
//
//   dist/extension.js  the entry point: all that activation loads (registrations and forwarders)
//   dist/core.js       the extension's body, every feature in it: required the first time the
//                      entry point needs it (the tree's first rows, a command, a restored tab…)
//   dist/int64.js      the int64-exact JSON parser, required by the first answer that needs it
//   dist/demo.js       the demo service, required when the demo account is asked for
//   dist/webview.js    the panels' page (browser), loaded by a panel
//   dist/grid.js       the runs grid's page (browser), loaded by the grid
//   dist/testApi.js    the test surface, loaded by the test harness only (it never ships)
//
// Each file stands alone: a bundle never takes a module from another by position or name, so
// every mode — `--production`, the default, `--watch` — makes bundles that work, each rebuilt
// from its own sources. The body is one file: split into parts, each part had to hand modules to
// the others, which broke under `--watch` (CONTRIBUTING, Performance, says what was measured).
import * as esbuild from 'esbuild';
import * as fs from 'node:fs';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');
/** `--outdir=DIR`: elsewhere than dist/ (the bundles' own test builds into a folder of its own). */
const outdir = process.argv.find((a) => a.startsWith('--outdir='))?.slice('--outdir='.length) ?? 'dist';

/** @type {import('esbuild').BuildOptions} */
const node = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  minify: production,
  sourcemap: production ? false : 'linked',
  sourcesContent: false,
  external: ['vscode'],
  logLevel: 'warning',
  legalComments: 'none',
  outdir,
};

/** `lossless-json` is required from dist/int64.js the first time a parse needs it (only automation answers do). */
const int64Later = {
  name: 'int64-later',
  setup(build) {
    build.onResolve({ filter: /^lossless-json$/ }, () => ({ path: 'lossless-json', namespace: 'int64-later' }));
    build.onResolve({ filter: /^\.\/int64\.js$/, namespace: 'int64-later' }, () => ({ path: './int64.js', external: true }));
    build.onLoad({ filter: /.*/, namespace: 'int64-later' }, () => ({
      contents: "exports.parse = (...args) => require('./int64.js').parse(...args);",
      loader: 'js',
    }));
  },
};

const builds = [
  { ...node, entryPoints: { extension: 'src/extension.ts' } },
  { ...node, entryPoints: { core: 'src/core.ts' }, plugins: [int64Later] },
  { ...node, entryPoints: { int64: 'src/api/int64.ts' } },
  { ...node, entryPoints: { demo: 'src/demo/index.ts' } },
  { ...node, entryPoints: { testApi: 'src/testing/testApi.ts' }, plugins: [int64Later] },
  { ...node, platform: 'browser', format: 'iife', external: [], entryPoints: { webview: 'media/src/main.ts' } },
  { ...node, platform: 'browser', format: 'iife', external: [], entryPoints: { grid: 'media/src/grid.ts' } },
];

// Bundles of an older layout (features split off the body, ES-module chunks) would stay beside these, and ship.
const OLD = /^(commands|documents|logs|panels|watch|pins|failures|tools)\.js(\.map)?$|\.mjs(\.map)?$/;
for (const file of fs.existsSync(outdir) ? fs.readdirSync(outdir) : []) if (OLD.test(file)) fs.rmSync(`${outdir}/${file}`);

if (watch) {
  // Each bundle rebuilt when one of its sources changes; "built" once a round of them is written —
  // and not before every bundle's watch has begun, or the first round is told with one bundle.
  let pending = 0;
  let watching = false;
  const told = {
    name: 'told',
    setup(b) {
      b.onStart(() => {
        pending++;
      });
      b.onEnd(() => {
        if (--pending === 0 && watching) console.log('esbuild: built');
      });
    },
  };
  for (const b of builds) await (await esbuild.context({ ...b, plugins: [...(b.plugins ?? []), told] })).watch();
  watching = true;
  if (pending === 0) console.log('esbuild: built');
  console.log('esbuild: watching');
} else {
  const results = await Promise.all(builds.map((b) => esbuild.build({ ...b, metafile: true })));
  for (const r of results) {
    for (const [file, info] of Object.entries(r.metafile.outputs)) {
      if (file.endsWith('.js')) console.log(`${file}  ${info.bytes.toLocaleString('en-US')} B`);
    }
  }
}
