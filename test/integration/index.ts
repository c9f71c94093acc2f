// Entry point of the integration suite inside a VS Code extension host. It has the shape
// `@vscode/test-electron` expects of `extensionTestsPath` (`run(): Promise<void>`), and the
// code-server bridge (runner/extension.ts) calls the same function — one suite, two launchers.
import Mocha from 'mocha';
import SummaryReporter from '../summaryReporter';

export function run(): Promise<void> {
  const mocha = new Mocha({ ui: 'bdd', timeout: 30_000, slow: 2_000, color: false, reporter: SummaryReporter });
  // Tests are bundled with this file, so they are registered by requiring them after mocha has
  // put describe/it in place, not by file globbing.
  mocha.suite.emit('pre-require', globalThis, 'integration', mocha);
  /* eslint-disable @typescript-eslint/no-require-imports -- must run after pre-require */
  require('./suite/activation.test');
  require('./suite/signIn.test');
  require('./suite/tree.test');
  require('./suite/paging.test');
  require('./suite/errors.test');
  require('./suite/actions.test');
  require('./suite/watch.test');
  require('./suite/live.test');
  require('./suite/soak.test');
  require('./suite/logs.test');
  require('./suite/panels.test');
  require('./suite/history.test');
  require('./suite/failures.test');
  require('./suite/faults.test');
  require('./suite/tools.test');
  require('./suite/pins.test');
  require('./suite/security.test');
  /* eslint-enable @typescript-eslint/no-require-imports */
  const grep = process.env.SKYVIA_TEST_GREP;
  if (grep) mocha.grep(grep);
  return new Promise((resolve, reject) => {
    mocha.run((failures) => (failures ? reject(new Error(`${failures} integration test(s) failed`)) : resolve()));
  });
}
