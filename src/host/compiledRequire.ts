// Loads a bundle of ours (the body, dist/core.js) with V8's code cache, kept in the extension's
// global storage. Compiling the body's 330 KB is most of what its first use costs (profiled in
// Node: 18 of 40 ms; the rest is our start and Node's own modules, which the extension host has
// loaded before any extension), and every window after the first would compile the same bytes
// again. With the cache, V8 takes the compiled code instead.
//
// The cache is V8's own (`vm.Script`'s `cachedData`): V8 checks it against its version and flags
// and refuses what does not fit — then the bundle compiles as `require` would and the cache is made
// again. Its file is named for the bundle's size and time of writing, so a rebuilt bundle
// (`--watch`, an update) never meets the code of another (V8's own check of the source is its
// length only). It is written once the body has started, a while after
// (what ran by then is compiled, and the first rows are not kept waiting for the write). Anything
// that goes wrong here falls back to a plain `require`: the cache only ever saves time.
//
// The bundle runs as Node runs a module (the same wrapper, a `require` of its own path), so its
// `require('vscode')` reaches VS Code's module interceptor as ours, by its file's path.
//
// Node's `vm` and `module` are required when the body is, not at activation.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type * as Vm from 'node:vm';
import type ModuleType = require('node:module');

/** How long after the bundle started its cache is written: the first rows drawn meanwhile, and what they ran compiled. */
const WRITE_AFTER_MS = 1_000;

export interface CompiledRequire {
  /** Whether V8 took the code from the cache. */
  cached: boolean;
  /** Writes the cache, if it was missing or refused (once the bundle has run: called by the caller once it has started). */
  keep(): void;
}

/** `require(file)` through V8's code cache in `cacheDir`; `cacheDir` undefined: a plain `require`. */
export function compiledRequire<T>(file: string, cacheDir: string | undefined): { exports: T } & CompiledRequire {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const plain = () => ({ exports: require(file) as T, cached: false, keep: () => undefined });
  if (!cacheDir) return plain();
  /* eslint-disable @typescript-eslint/no-require-imports */
  const vm = require('node:vm') as typeof Vm;
  const Module = require('node:module') as typeof ModuleType;
  /* eslint-enable @typescript-eslint/no-require-imports */
  let source: string;
  let script: Vm.Script;
  let cacheFile: string;
  try {
    const { size, mtimeMs } = fs.statSync(file);
    source = fs.readFileSync(file, 'utf8');
    cacheFile = path.join(cacheDir, `${path.basename(file)}.${size}-${Math.round(mtimeMs)}.${process.versions.v8}.v8cache`);
    let cachedData: Buffer | undefined;
    try {
      cachedData = fs.readFileSync(cacheFile);
    } catch {
      // None yet: compiled now, kept once it has run.
    }
    script = new vm.Script(Module.wrap(source), { filename: file, ...(cachedData ? { cachedData } : {}) });
  } catch {
    return plain();
  }
  // From here on the bundle runs: an error of its own is not a reason to run it twice.
  const module = { exports: {} as T, filename: file, id: file, loaded: false };
  const wrapper = script.runInThisContext() as (exports: unknown, require: NodeJS.Require, module: unknown, filename: string, dirname: string) => void;
  wrapper.call(module.exports, module.exports, Module.createRequire(file), module, file, path.dirname(file));
  module.loaded = true;
  const cached = script.cachedDataRejected === false;
  return {
    exports: module.exports,
    cached,
    keep: () => {
      if (cached) return;
      setTimeout(() => void write(script, cacheFile, cacheDir), WRITE_AFTER_MS);
    },
  };
}

/** The cache, written beside no other of the same bundle (those of older builds go). */
async function write(script: Vm.Script, cacheFile: string, cacheDir: string): Promise<void> {
  try {
    await fs.promises.mkdir(cacheDir, { recursive: true });
    const prefix = `${path.basename(cacheFile).split('.').slice(0, 2).join('.')}.`;
    for (const old of await fs.promises.readdir(cacheDir))
      if (old.startsWith(prefix) && old.endsWith('.v8cache') && old !== path.basename(cacheFile))
        await fs.promises.rm(path.join(cacheDir, old), { force: true });
    // Written whole, then renamed: a window reading it meanwhile never meets half a cache.
    const partial = `${cacheFile}.${process.pid}.part`;
    await fs.promises.writeFile(partial, script.createCachedData());
    await fs.promises.rename(partial, cacheFile);
  } catch {
    // Best effort: without it, the next window compiles the body as this one did.
  }
}
