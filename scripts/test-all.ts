// `npm test`: the unit, integration (inside a real VS Code) and end-to-end (a real browser
// driving that VS Code) tiers, in that order. A tier that fails, or that ran no test at all,
// fails the whole command: a skipped suite must never print green.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

const root = path.resolve(__dirname, '..');
const tiers = [
  { name: 'unit', script: 'test:unit' },
  { name: 'integration', script: 'test:integration' },
  { name: 'e2e', script: 'test:e2e' },
];
const only = process.argv.slice(2);

interface Summary {
  passed: number;
  failed: number;
  pending: number;
  ms: number;
}
const results: { tier: string; summary?: Summary; code: number | null; seconds: number }[] = [];

for (const tier of tiers.filter((t) => !only.length || only.includes(t.name))) {
  const summaryFile = path.join(root, 'test-results', `${tier.name}.json`);
  fs.rmSync(summaryFile, { force: true });
  console.log(`\n━━ ${tier.name} tests ━━`);
  const started = Date.now();
  const run = spawnSync('npm', ['run', '--silent', tier.script], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, SKYVIA_TEST_SUMMARY: summaryFile },
  });
  const summary = fs.existsSync(summaryFile) ? (JSON.parse(fs.readFileSync(summaryFile, 'utf8')) as Summary) : undefined;
  results.push({ tier: tier.name, summary, code: run.status, seconds: Math.round((Date.now() - started) / 1000) });
}

console.log('\n━━ summary ━━');
let passed = 0;
let failed = 0;
let ok = true;
for (const r of results) {
  const s = r.summary;
  const ran = s !== undefined && s.passed + s.failed > 0;
  const good = r.code === 0 && ran && s!.failed === 0;
  ok &&= good;
  passed += s?.passed ?? 0;
  failed += s?.failed ?? 0;
  const what = ran ? `${s!.passed} passed, ${s!.failed} failed${s!.pending ? `, ${s!.pending} pending` : ''}` : 'DID NOT RUN';
  console.log(`${good ? '✔' : '✘'} ${r.tier.padEnd(12)} ${what}  (exit ${r.code}, ${r.seconds} s)`);
}
if (!ok && failed === 0) failed = 1; // a tier that did not run is a failure, and the closing line must say so
console.log(`${passed} passed, ${failed} failed`);
process.exit(ok ? 0 : 1);
