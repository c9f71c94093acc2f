// Mocha reporter used by every tier: the usual spec output, plus a small JSON summary written to
// $SKYVIA_TEST_SUMMARY so `npm test` can tell a tier that passed from a tier that never ran.
import * as fs from 'node:fs';
import * as path from 'node:path';
import Mocha from 'mocha';

const { EVENT_RUN_END, EVENT_TEST_FAIL } = Mocha.Runner.constants;

class SummaryReporter extends Mocha.reporters.Spec {
  constructor(runner: Mocha.Runner, options?: Mocha.MochaOptions) {
    super(runner, options);
    const failures: { title: string; error: string }[] = [];
    runner.on(EVENT_TEST_FAIL, (test, err: Error) => failures.push({ title: test.fullTitle(), error: String(err?.stack ?? err) }));
    runner.once(EVENT_RUN_END, () => {
      const file = process.env.SKYVIA_TEST_SUMMARY;
      if (!file) return;
      const s = runner.stats ?? { passes: 0, failures: 0, pending: 0, tests: 0, duration: 0 };
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, JSON.stringify({ passed: s.passes, failed: s.failures, pending: s.pending, ms: s.duration, failures }, null, 2));
    });
  }
}

export = SummaryReporter;
