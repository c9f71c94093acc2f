// Entry point of the integration suite inside a VS Code extension host. It has the shape
// `@vscode/test-electron` expects of `extensionTestsPath` (`run(): Promise<void>`), and the
// code-server bridge (runner/extension.ts) calls the same function — one suite, two launchers.
//
// Every suite file stands alone (each begins from its own fresh start, see suite/helpers.ts), so
// they run in a shuffled order: a suite that leans on another's leftovers fails some day, with
// the seed printed to repeat its order. SKYVIA_TEST_SEED=<n> repeats an order;
// SKYVIA_TEST_SUITE=<name>[,<name>…] runs only those suites (file names without .test.ts), in
// that order; SKYVIA_TEST_GREP=<regexp> runs the tests whose full titles match.
import Mocha from 'mocha';
import * as vscode from 'vscode';
import SummaryReporter from '../summaryReporter';
import { hostRun } from './hostRun';

/* eslint-disable @typescript-eslint/no-require-imports -- each must run after pre-require */
// Tests are bundled with this file, so each suite is registered by requiring it (after mocha has
// put describe/it in place), not by file globbing: every file of suite/ is named here.
const SUITES: Record<string, () => unknown> = {
  activation: () => require('./suite/activation.test'),
  signIn: () => require('./suite/signIn.test'),
  tree: () => require('./suite/tree.test'),
  paging: () => require('./suite/paging.test'),
  errors: () => require('./suite/errors.test'),
  network: () => require('./suite/network.test'),
  actions: () => require('./suite/actions.test'),
  watch: () => require('./suite/watch.test'),
  live: () => require('./suite/live.test'),
  soak: () => require('./suite/soak.test'),
  logs: () => require('./suite/logs.test'),
  panels: () => require('./suite/panels.test'),
  history: () => require('./suite/history.test'),
  failures: () => require('./suite/failures.test'),
  faults: () => require('./suite/faults.test'),
  tools: () => require('./suite/tools.test'),
  pins: () => require('./suite/pins.test'),
  security: () => require('./suite/security.test'),
  accounts: () => require('./suite/accounts.test'),
  unusual: () => require('./suite/unusual.test'),
  causes: () => require('./suite/causes.test'),
  grid: () => require('./suite/grid.test'),
  kinds: () => require('./suite/kinds.test'),
  connections: () => require('./suite/connections.test'),
};
/* eslint-enable @typescript-eslint/no-require-imports */

/** The suites named in SKYVIA_TEST_SUITE, in that order; else all of them, shuffled by a seed it prints. */
export function suiteOrder(env: NodeJS.ProcessEnv = process.env, say: (line: string) => void = console.log): string[] {
  const named = (env.SKYVIA_TEST_SUITE ?? '')
    .split(',')
    .map((s) => s.trim().replace(/\.test(\.ts)?$/, ''))
    .filter(Boolean);
  if (named.length) {
    const unknown = named.filter((n) => !(n in SUITES));
    if (unknown.length) throw new Error(`SKYVIA_TEST_SUITE: no suite ${unknown.join(', ')}; the suites are ${Object.keys(SUITES).join(', ')}`);
    say(`integration: ${named.length === 1 ? 'one suite' : 'suites in the order given'}: ${named.join(', ')}`);
    return named;
  }
  const given = env.SKYVIA_TEST_SEED?.trim();
  if (given && !/^\d+$/.test(given)) throw new Error(`SKYVIA_TEST_SEED must be a whole number, not "${given}"`);
  const seed = given ? Number(given) % 2 ** 32 : Math.floor(Math.random() * 1_000_000);
  const order = shuffled(Object.keys(SUITES), seed);
  say(`integration: suites in shuffled order, seed ${seed} (SKYVIA_TEST_SEED=${seed} to repeat): ${order.join(', ')}`);
  return order;
}

/** Fisher–Yates over a small seeded generator (mulberry32): the same seed, the same order. */
function shuffled<T>(items: T[], seed: number): T[] {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

export function run(): Promise<void> {
  const mocha = new Mocha({ ui: 'bdd', timeout: 30_000, slow: 2_000, color: false, reporter: SummaryReporter });
  // Which VS Code this is: the suites run on others than the default too (SKYVIA_CODE_SERVER_VERSION).
  console.log(`integration: in VS Code ${vscode.version}`);
  let order: string[];
  try {
    order = suiteOrder();
  } catch (e) {
    return Promise.reject(e);
  }
  hostRun.suites = order;
  mocha.suite.emit('pre-require', globalThis, 'integration', mocha);
  for (const name of order) SUITES[name]();
  const grep = process.env.SKYVIA_TEST_GREP;
  if (grep) mocha.grep(grep);
  return new Promise((resolve, reject) => {
    mocha.run((failures) => (failures ? reject(new Error(`${failures} integration test(s) failed`)) : resolve()));
  });
}
