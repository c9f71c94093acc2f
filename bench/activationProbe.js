// Loads the extension's entry point in a fresh process with a stand-in for `vscode` and prints
// how long require() and activate() took, then how long the body (dist/core.js, what the first
// rows need) takes to load and start on first use (the tree's first children, a command…). Plain
// JS so it
// runs with no loader in front of it: what is timed is the bundle, nothing else.
'use strict';
const Module = require('node:module');
const path = require('node:path');

const noop = () => {};
/** The tree data providers the entry point registered, by view id. */
const providers = {};
/** `--storage=DIR`: the extension's global storage (where the body's compiled code is kept); none: the body is required plainly. */
const storage = process.argv.find((a) => a.startsWith('--storage='))?.slice('--storage='.length);
const disposable = { dispose: noop };
const event = () => disposable;
class EventEmitter {
  constructor() {
    this.event = event;
  }
  fire() {}
  dispose() {}
}
class Stub {
  constructor(...a) {
    Object.assign(this, { args: a });
  }
}
// Anything not listed (onDid… events, register… calls) answers with a disposable.
const withDefault = (o) => new Proxy(o, { get: (t, k) => (k in t ? t[k] : () => disposable) });
const stand = {
  version: '1.100.3',
  EventEmitter,
  TreeItem: Stub,
  ThemeIcon: Stub,
  ThemeColor: Stub,
  MarkdownString: Stub,
  Uri: { parse: (s) => ({ toString: () => s }), joinPath: () => ({}) },
  Disposable: class {
    static from() {
      return disposable;
    }
    dispose() {}
  },
  TreeItemCollapsibleState: { None: 0, Collapsed: 1, Expanded: 2 },
  ConfigurationTarget: { Global: 1 },
  // Whatever a window call makes (a tree view, a status bar item…): its events are functions too.
  // Its namespaces (tabGroups) answer events the same way.
  window: new Proxy(
    {},
    {
      get: (_t, k) =>
        k === 'tabGroups'
          ? withDefault({ all: [] })
          : k === 'createTreeView'
            ? // The views' providers, kept: the first use below is the explorer asking for its first rows.
              (id, options) => {
                providers[id] = options && options.treeDataProvider;
                return withDefault({ ...disposable, reveal: async () => {} });
              }
            : () => withDefault({ ...disposable, reveal: async () => {} }),
    },
  ),
  commands: { registerCommand: () => disposable, executeCommand: async () => undefined },
  workspace: withDefault({
    getConfiguration: () => ({ get: (_k, d) => d }),
    workspaceFolders: [],
    fs: {
      stat: async () => {
        throw new Error('none');
      },
    },
  }),
  languages: withDefault({}),
  StatusBarAlignment: { Left: 1, Right: 2 },
  env: { clipboard: { writeText: async () => {} } },
  l10n: { t: (s) => s },
};
const vscode = new Proxy(stand, { get: (t, k) => (k in t ? t[k] : new Proxy(function () {}, { get: () => noop })) });

// Every top-level name VS Code's module has (about 190, from @types/vscode), so the cost of
// whatever copies the namespace at load is measured as it is in a real extension host.
const typings = require('node:fs').readFileSync(require.resolve('@types/vscode/index.d.ts'), 'utf8');
for (const [, name] of typings.matchAll(/^\texport (?:namespace|class|enum|function|const|let) (\w+)/gm)) {
  if (!(name in stand)) stand[name] = new Proxy(function () {}, { get: () => noop });
}

const load = Module._load;
Module._load = function (request, ...rest) {
  return request === 'vscode' ? vscode : load.call(this, request, ...rest);
};

const memento = { get: () => undefined, update: async () => {}, keys: () => [], setKeysForSync: () => {} };
const context = {
  subscriptions: [],
  secrets: { get: async () => undefined, store: async () => {}, delete: async () => {}, onDidChange: event },
  globalState: memento,
  workspaceState: memento,
  // The manifest as shipped: the entry point registers every command it declares.
  extension: { packageJSON: require(path.join(__dirname, '..', 'package.json')) },
  extensionMode: 1,
  logUri: { fsPath: '' },
  extensionUri: {},
  globalStorageUri: storage ? { scheme: 'file', fsPath: storage } : undefined,
  extensionPath: process.cwd(),
};

let t = performance.now();
const ext = require(process.argv[2]);
const requireMs = performance.now() - t;
t = performance.now();
ext.activate(context);
const activateMs = performance.now() - t;
// First use as VS Code makes it: the explorer asks for its first rows, and the entry point loads
// and starts the body (through the compiled-code cache when `--storage` is given). Its time is
// what runs before the first await: loading, starting, the first rows' synchronous part.
if (!process.argv.includes('--features')) {
  t = performance.now();
  void Promise.resolve(providers['skyvia.explorer'].getChildren()).catch(() => undefined);
  const firstUseMs = performance.now() - t;
  console.log(JSON.stringify({ requireMs, activateMs, firstUseMs }));
  // `--keep`: stay until the body's compiled code is written (the entry point writes it a while after); else done.
  if (!process.argv.includes('--keep')) process.exit(0);
  return;
}
t = performance.now();
const core = require(process.argv[3]);
const loadMs = performance.now() - t;
const view = stand.window.createTreeView();
const started = core.start(context, {
  treeView: view,
  activityView: view,
  failuresView: view,
  changed: {
    explorer: new EventEmitter(),
    activity: new EventEmitter(),
    failures: new EventEmitter(),
    itemDocuments: new EventEmitter(),
    logFiles: new EventEmitter(),
    sessions: new EventEmitter(),
  },
  loaded: { ms: loadMs, afterActivationMs: 0 },
});
const firstUseMs = performance.now() - t;
// `--features`: every feature of the body started as its first use would (the bundles' own test).
{
  Promise.all(Object.entries(started.features).map(async ([name, start]) => [name, typeof (await start())]))
    .then((features) => console.log(JSON.stringify({ requireMs, activateMs, firstUseMs, features: Object.fromEntries(features) })))
    .catch((e) => {
      console.error(e && e.stack ? e.stack : String(e));
      process.exit(1);
    });
}
