// `npm run test:e2e`: Playwright driving the real VS Code UI (code-server in headless Chromium)
// with the packaged extension installed. Builds dist/skyvia-explorer.vsix once (skip with
// SKYVIA_E2E_SKIP_BUILD=1), then runs mocha on test/e2e/*.e2e.ts with the summary reporter
// (it writes $SKYVIA_TEST_SUMMARY). Screenshots land in test-results/e2e/.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { provisionVSCode } from '../harness/codeServer';

const root = path.resolve(__dirname, '..', '..');
const resultsDir = path.join(root, 'test-results', 'e2e');

async function main(): Promise<number> {
  const started = Date.now();
  if (process.env.SKYVIA_E2E_SKIP_BUILD !== '1') {
    console.log('e2e: building the VSIX (npm run package)…');
    const build = spawnSync('npm', ['run', '--silent', 'package'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) {
      console.error(`e2e: npm run package failed (exit ${build.status ?? build.signal})`);
      return 1;
    }
  }
  // Provision code-server here (a no-op once cached) so its first build does not eat a hook's timeout.
  await provisionVSCode();

  // Fresh artifacts each run: an old screenshot must never pass for a new one.
  fs.rmSync(resultsDir, { recursive: true, force: true });
  fs.mkdirSync(resultsDir, { recursive: true });

  const mocha = path.join(root, 'node_modules', 'mocha', 'bin', 'mocha.js');
  const args = [mocha, '--config', path.join(__dirname, '.mocharc.json'), ...process.argv.slice(2)];
  const run = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit', env: process.env });
  console.log(
    `e2e: mocha exited ${run.status ?? run.signal} after ${Math.round((Date.now() - started) / 1000)} s in all; screenshots in ${path.relative(root, resultsDir)}/`,
  );
  return run.status ?? 1;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
