// `npm run test:integration:alone` (or `npx tsx scripts/each-suite-alone.ts [suite…]`): every
// integration suite run alone, each in a code-server of its own (the integration runner with
// SKYVIA_TEST_SUITE), to show that none leans on another. Prints a table of suite → result and
// time, keeps each suite's output in test-results/alone/<suite>.log, and exits non-zero if any
// suite failed or ran no test. Too slow for `npm test`, which runs them all in one host, shuffled.
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

const root = path.resolve(__dirname, '..');
const suiteDir = path.join(root, 'test', 'integration', 'suite');
const outDir = path.join(root, 'test-results', 'alone');

interface Summary {
  passed: number;
  failed: number;
  pending: number;
  ms: number;
  failures?: { title: string; error: string }[];
}
interface Result {
  suite: string;
  code: number | null;
  summary?: Summary;
  seconds: number;
}

const all = fs
  .readdirSync(suiteDir)
  .filter((f) => f.endsWith('.test.ts'))
  .map((f) => f.replace(/\.test\.ts$/, ''))
  .sort();
const asked = process.argv.slice(2);
const unknown = asked.filter((s) => !all.includes(s));
if (unknown.length) {
  console.error(`each-suite-alone: no suite ${unknown.join(', ')}; the suites are ${all.join(', ')}`);
  process.exit(2);
}
const suites = asked.length ? asked : all;

/** One suite in its own code-server; its output to a file, a line of progress to the console. */
function runAlone(suite: string): Promise<Result> {
  const summaryFile = path.join(outDir, `${suite}.json`);
  const logFile = path.join(outDir, `${suite}.log`);
  fs.rmSync(summaryFile, { force: true });
  const log = fs.createWriteStream(logFile);
  const started = Date.now();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'test', 'integration', 'runInCodeServer.ts')], {
    cwd: root,
    env: { ...process.env, SKYVIA_TEST_SUITE: suite, SKYVIA_TEST_SUMMARY: summaryFile, SKYVIA_TEST_GREP: '', SKYVIA_TEST_SEED: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(log, { end: false });
  child.stderr.pipe(log, { end: false });
  return new Promise((resolve) => {
    child.once('close', (code) => {
      log.end();
      const summary = fs.existsSync(summaryFile) ? (JSON.parse(fs.readFileSync(summaryFile, 'utf8')) as Summary) : undefined;
      resolve({ suite, code, summary, seconds: Math.round((Date.now() - started) / 100) / 10 });
    });
  });
}

function verdict(r: Result): 'passed' | 'failed' {
  const s = r.summary;
  return r.code === 0 && s !== undefined && s.passed > 0 && s.failed === 0 ? 'passed' : 'failed';
}

async function main(): Promise<number> {
  fs.mkdirSync(outDir, { recursive: true });
  console.log(`each suite alone, each in its own code-server: ${suites.join(', ')}`);
  const results: Result[] = [];
  for (const suite of suites) {
    const r = await runAlone(suite);
    results.push(r);
    const s = r.summary;
    console.log(
      `  ${verdict(r) === 'passed' ? '✔' : '✘'} ${suite}: ${s ? `${s.passed} passed, ${s.failed} failed` : 'did not run'} in ${r.seconds} s (exit ${r.code})`,
    );
    for (const f of s?.failures ?? []) console.log(`      ${f.title}\n        ${f.error.split('\n')[0]}`);
    if (!s || (r.code !== 0 && !s.failures?.length)) console.log(`      see ${path.relative(root, path.join(outDir, `${suite}.log`))}`);
  }

  const width = Math.max(5, ...results.map((r) => r.suite.length));
  const line = (a: string, b: string, c: string, d: string) => `| ${a.padEnd(width)} | ${b.padEnd(6)} | ${c.padStart(5)} | ${d.padStart(8)} |`;
  console.log(`\n${line('suite', 'result', 'tests', 'time (s)')}`);
  console.log(`|${'-'.repeat(width + 2)}|--------|-------|----------|`);
  for (const r of results) console.log(line(r.suite, verdict(r), String((r.summary?.passed ?? 0) + (r.summary?.failed ?? 0)), r.seconds.toFixed(1)));
  const failed = results.filter((r) => verdict(r) === 'failed');
  const total = results.reduce((t, r) => t + r.seconds, 0);
  console.log(
    `\n${results.length - failed.length} of ${results.length} suites passed alone${failed.length ? `; failed: ${failed.map((r) => r.suite).join(', ')}` : ''} (${Math.round(total)} s in all)`,
  );
  return failed.length ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
