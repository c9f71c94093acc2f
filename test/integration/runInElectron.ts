// The same integration suite under @vscode/test-electron, for a desktop with internet access
// (it downloads a VS Code build). The runs that count on build machines use runInCodeServer.ts.
import * as path from 'node:path';
import { execFileSync } from 'node:child_process';
import { runTests } from '@vscode/test-electron';
import { startDemoService } from '../../src/demo';
import { launchCa } from '../netFixtures';

async function main(): Promise<void> {
  const root = path.resolve(__dirname, '..', '..');
  execFileSync(process.execPath, [path.join(root, 'esbuild.mjs')], { cwd: root, stdio: 'inherit' });
  execFileSync(
    process.execPath,
    [
      path.join(root, 'node_modules/esbuild/bin/esbuild'),
      'test/integration/index.ts',
      '--bundle',
      '--platform=node',
      '--format=cjs',
      '--external:vscode',
      '--external:mocha',
      '--outfile=out/integration/index.js',
    ],
    { cwd: root, stdio: 'inherit' },
  );
  const demo = await startDemoService({ port: 0, manualClock: true });
  // A second account's service beside it: the same fixtures, so the two hold the same ids on purpose.
  const other = await startDemoService({ port: 0, manualClock: true });
  // A company's CA, in NODE_EXTRA_CA_CERTS from the start (the network suite's HTTPS service).
  const ca = launchCa();
  try {
    await runTests({
      version: '1.100.3',
      extensionDevelopmentPath: root,
      extensionTestsPath: path.join(root, 'out/integration/index.js'),
      launchArgs: ['--disable-extensions', '--disable-workspace-trust'],
      extensionTestsEnv: {
        SKYVIA_TEST_DEMO_URL: demo.url,
        SKYVIA_TEST_DEMO_TOKEN: demo.token,
        SKYVIA_TEST_OTHER_URL: other.url,
        SKYVIA_TEST_OTHER_TOKEN: other.token,
        ...ca.env,
        // What index.ts reads to choose and order the suites (and the tests within them).
        ...Object.fromEntries(
          ['SKYVIA_TEST_GREP', 'SKYVIA_TEST_SEED', 'SKYVIA_TEST_SUITE'].flatMap((name) => (process.env[name] ? [[name, process.env[name]]] : [])),
        ),
      },
    });
  } finally {
    await demo.close();
    await other.close();
    ca.remove();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
