// `npm run test:integration`: the integration suite inside the extension host of a real VS Code
// (code-server 1.100, provisioned on first use), with the extension loaded from this folder and a
// demo service for it to talk to. The suites run in a shuffled order (SKYVIA_TEST_SEED repeats
// one); SKYVIA_TEST_SUITE=<name> runs one suite, SKYVIA_TEST_GREP=<regexp> the tests it matches
// (see index.ts).
import * as esbuild from 'esbuild';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { execFileSync } from 'node:child_process';
import { startDemoService } from '../../src/demo';
import { runExtensionTests, startCodeServer } from '../harness/codeServer';
import { launchCa } from '../netFixtures';

const root = path.resolve(__dirname, '..', '..');

async function main(): Promise<number> {
  // The extension as a user gets it (dist/), and the suite as one bundle the extension host can load.
  execFileSync(process.execPath, [path.join(root, 'esbuild.mjs')], { cwd: root, stdio: 'inherit' });
  const testsPath = path.join(root, 'out', 'integration', 'index.js');
  await esbuild.build({
    entryPoints: [path.join(__dirname, 'index.ts')],
    outfile: testsPath,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    sourcemap: 'inline',
    external: ['vscode', 'mocha'],
    logLevel: 'warning',
  });

  // A demo service outside the extension, so tests can inject faults and move its clock over HTTP
  // without touching the one "Try the demo account" starts inside the extension host.
  const demo = await startDemoService({ port: 0, manualClock: true });
  // A second account's service beside it: the same fixtures, so the two hold the same ids on purpose.
  const other = await startDemoService({ port: 0, manualClock: true });
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'skyvia-it-folder-'));
  // A company's CA, in NODE_EXTRA_CA_CERTS from the start (the network suite's HTTPS service).
  const ca = launchCa();
  fs.writeFileSync(path.join(folder, 'README.md'), '# integration test workspace\n');
  const server = await startCodeServer({
    vsixPaths: [],
    folder,
    env: {
      SKYVIA_TEST_DEMO_URL: demo.url,
      SKYVIA_TEST_DEMO_TOKEN: demo.token,
      SKYVIA_TEST_OTHER_URL: other.url,
      SKYVIA_TEST_OTHER_TOKEN: other.token,
      ...ca.env,
      ...(process.env.SKYVIA_TEST_SUMMARY ? { SKYVIA_TEST_SUMMARY: process.env.SKYVIA_TEST_SUMMARY } : {}),
      ...passedThrough('SKYVIA_TEST_GREP', 'SKYVIA_TEST_SEED', 'SKYVIA_TEST_SUITE', 'SKYVIA_SOAK_SEED', 'SKYVIA_FAULT_DETAILS'),
    },
  });
  try {
    const result = await runExtensionTests(server, {
      extensionTestsPath: testsPath,
      extensionDevelopmentPath: root,
      echo: true,
      timeoutMs: 15 * 60_000,
    });
    console.log(`integration suite finished with exit code ${result.exitCode} in ${Math.round(result.durationMs / 1000)} s`);
    return result.exitCode;
  } catch (e) {
    console.error(String((e as Error)?.stack ?? e));
    console.error('--- code-server log ---\n' + server.logs().slice(-5000));
    return 1;
  } finally {
    await server.stop();
    await demo.close();
    await other.close();
    fs.rmSync(folder, { recursive: true, force: true });
    ca.remove();
  }
}

/** The variables of this process the suite reads inside the extension host, those that are set. */
function passedThrough(...names: string[]): Record<string, string> {
  return Object.fromEntries(names.flatMap((name) => (process.env[name] ? [[name, process.env[name]]] : [])));
}

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
