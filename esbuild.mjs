// Bundles the extension host code. Type checking is `tsc --noEmit` (npm run check):
// esbuild only strips types.
import * as esbuild from 'esbuild';
import * as fs from 'node:fs';
import * as path from 'node:path';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');

/** @type {import('esbuild').BuildOptions} */
const common = {
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
};

/** The features of the body, each loaded the first time it is used (src/features, and the test surface). */
/**
 * Stateless modules (plain functions and constants, no class anyone tests for) that each feature
 * takes its own copy of instead of core.js handing them on: core.js keeps only what the first rows
 * use of them. Measured: these take 2.2 KB off core.js for 8.2 KB more across the features.
 */
const OWN_COPY = /^src\/(shared\/(format|outcome|plainText|contributions)|kinds\/contextValues)\.ts$/;
/**
 * Packages with state that every file must share with core.js: @vscode/l10n holds the translations
 * core.ts hands it at start, so a feature's copy would show English.
 */
const SHARED_PACKAGE = /^node_modules\/@vscode\/l10n\//;
const FEATURES = {
  commands: 'src/features/commands.ts',
  documents: 'src/features/documents.ts',
  logs: 'src/features/logs.ts',
  panels: 'src/features/panels.ts',
  watch: 'src/features/watch.ts',
  pins: 'src/features/pins.ts',
  failures: 'src/features/failures.ts',
  tools: 'src/features/tools.ts',
  testApi: 'src/testApi.ts',
};

/**
 * The extension's body in pieces: core.js holds what the tree's first rows need (src/core.ts and
 * what it imports) and hands each of those modules on; every feature is a file of its own that
 * takes them from core.js instead of holding a copy. One instance of each module — one
 * SkyviaError, one tree Node class — whichever file uses it. Plain CommonJS throughout: measured
 * in the extension host, ES-module chunks of the same code took four times as long to load.
 */
async function bodyBuilds() {
  const graph = await esbuild.build({ ...common, entryPoints: ['src/core.ts'], write: false, metafile: true, sourcemap: false, minify: false });
  const inCore = new Set(Object.keys(graph.metafile.inputs).filter((f) => f.startsWith('src/') || SHARED_PACKAGE.test(f)));
  // Which of core's modules the features import: those are handed on (numbered), no others.
  const wanted = [];
  await esbuild.build({ ...common, entryPoints: FEATURES, outdir: 'dist', write: false, sourcemap: false, minify: false, plugins: [fromCore(inCore, wanted)] });
  const core = {
    ...common,
    stdin: {
      contents: [
        "export { start } from './src/core';",
        ...wanted.map((f, i) => `import * as m${i} from './${f}';`),
        `export const modules = [${wanted.map((_, i) => `m${i}`).join(', ')}];`,
      ].join('\n'),
      resolveDir: '.',
      sourcefile: 'core-entry.ts',
      loader: 'ts',
    },
    outfile: 'dist/core.js',
  };
  const features = { ...common, entryPoints: FEATURES, outdir: 'dist', plugins: [fromCore(inCore, wanted), int64Later] };
  // The int64-exact parser (lossless-json): only automation answers need it, so it is a file of
  // its own, required by the first of them.
  const int64 = { ...common, entryPoints: { int64: 'node_modules/lossless-json/lib/esm/index.js' }, outdir: 'dist' };
  return [{ ...core, plugins: [int64Later] }, features, int64];
}

/**
 * A feature's imports of modules core.js holds become that very module, taken from core.js at run
 * time by its number in `numbered` (a module not numbered yet is added, as the first pass does).
 */
function fromCore(inCore, numbered) {
  return {
    name: 'from-core',
    setup(build) {
      build.onResolve({ filter: /^(\.|@vscode\/l10n$)/ }, async (args) => {
        if (args.pluginData === 'resolving' || args.namespace === 'core-module') return undefined;
        const found = await build.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, pluginData: 'resolving' });
        const module = path.relative(process.cwd(), found.path).split(path.sep).join('/');
        if (found.errors.length || !inCore.has(module) || OWN_COPY.test(module)) return undefined;
        if (!numbered.includes(module)) numbered.push(module);
        return { path: module, namespace: 'core-module' };
      });
      build.onResolve({ filter: /^\.\/core\.js$/, namespace: 'core-module' }, () => ({ path: './core.js', external: true }));
      build.onLoad({ filter: /.*/, namespace: 'core-module' }, (args) => ({
        contents: `module.exports = require('./core.js').modules[${numbered.indexOf(args.path)}];`,
        loader: 'js',
      }));
    },
  };
}

/** `lossless-json` as dist/int64.js, required the first time a parse needs it. */
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
  // The entry point: all that activation loads, so it must stay tiny (registrations and forwarders).
  { ...common, entryPoints: { extension: 'src/extension.ts' }, outdir: 'dist' },
  // The extension's body, loaded by the entry point on first use (the tree's first children, a command…).
  ...(await bodyBuilds()),
  // The demo service: loaded only when the user asks for the demo account.
  { ...common, entryPoints: { demo: 'src/demo/index.ts' }, outdir: 'dist' },
  // Webview-side code runs in the browser sandbox of a webview.
  ...(fs.existsSync('media/src/main.ts')
    ? [{ ...common, platform: 'browser', format: 'iife', external: [], entryPoints: { webview: 'media/src/main.ts' }, outdir: 'dist' }]
    : []),
];

// Bundles of an older layout (ES-module chunks) would stay beside these, and ship.
for (const file of fs.existsSync('dist') ? fs.readdirSync('dist') : []) {
  if (/\.mjs(\.map)?$/.test(file)) fs.rmSync(`dist/${file}`);
}

if (watch) {
  for (const b of builds) await (await esbuild.context(b)).watch();
} else {
  const results = await Promise.all(builds.map((b) => esbuild.build({ ...b, metafile: true })));
  for (const r of results) {
    for (const [file, info] of Object.entries(r.metafile.outputs)) {
      if (file.endsWith('.js')) console.log(`${file}  ${info.bytes.toLocaleString('en-US')} B`);
    }
  }
}
