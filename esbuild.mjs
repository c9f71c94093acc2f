// Bundles the extension host code. Type checking is `tsc --noEmit` (npm run check):
// esbuild only strips types.
import * as esbuild from 'esbuild';

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

const builds = [
  // The entry point: all that activation loads, so it must stay tiny (registrations and forwarders).
  { ...common, entryPoints: { extension: 'src/extension.ts' }, outdir: 'dist' },
  // The extension's body, loaded by the entry point on first use (the tree's first children, a
  // command…): what the first rows need in core.mjs, and each feature (commands, documents, logs,
  // panels, the watcher, the chat tools) in a chunk of its own that core imports the first time it
  // is used. Split chunks need ES modules; `require` (for `vscode`, which the extension host
  // serves through it) and `__dirname` are given back to each file.
  {
    ...common,
    entryPoints: { core: 'src/core.ts' },
    outdir: 'dist',
    format: 'esm',
    splitting: true,
    outExtension: { '.js': '.mjs' },
    chunkNames: '[name]-[hash]',
    banner: {
      js: [
        "import { createRequire as __createRequire } from 'node:module';",
        "import { fileURLToPath as __fileURLToPath } from 'node:url';",
        'const require = __createRequire(import.meta.url);',
        'const __dirname = __fileURLToPath(new URL(".", import.meta.url));',
      ].join(' '),
    },
  },
  // The demo service: loaded only when the user asks for the demo account.
  { ...common, entryPoints: { demo: 'src/demo/index.ts' }, outdir: 'dist' },
  // Webview-side code runs in the browser sandbox of a webview.
  ...(await exists('media/src/main.ts')
    ? [{ ...common, platform: 'browser', format: 'iife', external: [], entryPoints: { webview: 'media/src/main.ts' }, outdir: 'dist' }]
    : []),
];

async function exists(p) {
  try { await (await import('node:fs/promises')).access(p); return true; } catch { return false; }
}

if (watch) {
  for (const b of builds) await (await esbuild.context(b)).watch();
} else {
  const results = await Promise.all(builds.map((b) => esbuild.build({ ...b, metafile: true })));
  for (const r of results) {
    for (const [file, info] of Object.entries(r.metafile.outputs)) {
      if (/\.m?js$/.test(file)) console.log(`${file}  ${info.bytes.toLocaleString('en-US')} B`);
    }
  }
}
