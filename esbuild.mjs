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
  // The extension's body: loaded by the entry point on first use (the tree's first children, a command…).
  { ...common, entryPoints: { core: 'src/core.ts' }, outdir: 'dist' },
  // The test surface: loaded only under a test harness (ExtensionMode.Test), never shipped.
  { ...common, entryPoints: { testApi: 'src/testApi.ts' }, outdir: 'dist' },
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
      if (file.endsWith('.js')) console.log(`${file}  ${info.bytes.toLocaleString('en-US')} B`);
    }
  }
}
