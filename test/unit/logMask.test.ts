// A comparison's masked logs: on the demo's failed runs of "Orders → Warehouse (hourly)" beside
// the success before each, the lines a line diff marks are those new in kind (an ERROR the success
// never had) or of a kind one log has more of than the other (one more throttled batch) — never a
// line that differs only in its figures. Read from the demo service over HTTP. (The demo throttles
// a batch here and there in every run: a warning in another place is a line a line diff marks.)
import * as assert from 'node:assert/strict';
import { SkyviaClient } from '../../src/api';
import { DEMO_FIXTURES as F, startDemoService, type DemoService } from '../../src/demo';
import { maskedLog } from '../../src/logs/logMask';
import { sinceStart } from '../../src/logs/logSinceStart';

/** The lines of `b` that a longest-common-subsequence line diff of `a` and `b` marks (indexes into `b`). */
function markedIn(a: readonly string[], b: readonly string[]): number[] {
  const n = a.length;
  const m = b.length;
  const lcs: Uint32Array[] = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--) for (let j = m - 1; j >= 0; j--) lcs[i][j] = a[i] === b[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
  const marked: number[] = [];
  let i = 0;
  let j = 0;
  while (j < m) {
    if (i < n && a[i] === b[j]) {
      i++;
      j++;
    } else if (i < n && lcs[i + 1][j] >= lcs[i][j + 1]) i++;
    else marked.push(j++);
  }
  return marked;
}

function counts(lines: readonly string[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const l of lines) m.set(l, (m.get(l) ?? 0) + 1);
  return m;
}

describe('masked comparison on the demo account', () => {
  let demo: DemoService;
  let client: SkyviaClient;

  before(async () => {
    demo = await startDemoService({ port: 0, manualClock: true });
    client = new SkyviaClient({ baseUrl: demo.url, token: demo.token });
  });
  after(() => demo.close());

  it('marks only lines new in kind, or of a kind one log has more of, on the failed runs of “Orders → Warehouse (hourly)” (figures printed)', async () => {
    const { workspaceId, integrationId } = F.integrations.bigHistory;
    const rows: Awaited<ReturnType<typeof client.listIntegrationRuns>>['data'] = [];
    for (const skip of [0, 200]) rows.push(...(await client.listIntegrationRuns(workspaceId, integrationId, { take: 200, skip })).data);
    const log = async (runId: number) => (await client.getIntegrationRun(workspaceId, integrationId, runId)).result?.replace(/\r\n?/g, '\n') ?? '';
    const pairs: [good: number, failed: number][] = [];
    rows.forEach((r, k) => {
      if (r.state !== 'Failed') return;
      const good = rows.slice(k + 1).find((o) => o.state === 'Succeeded');
      if (good) pairs.push([good.runId!, r.runId!]);
    });
    assert.ok(pairs.length >= 3, `failed runs with a success before them (${pairs.length})`);
    const figures = { pairs: pairs.length, lines: 0, rawMarked: 0, maskedMarked: 0, newInKind: 0, moreOfAKind: 0, wrong: [] as string[] };
    for (const [goodId, failedId] of pairs) {
      const [goodText, failedText] = await Promise.all([log(goodId), log(failedId)]);
      const [good, failed] = [maskedLog(goodText).split('\n'), maskedLog(failedText).split('\n')];
      // Line for line with the real logs.
      assert.equal(good.length, goodText.split('\n').length);
      assert.equal(failed.length, failedText.split('\n').length);
      figures.lines += failed.length;
      figures.rawMarked += markedIn(sinceStart(goodText).split('\n'), sinceStart(failedText).split('\n')).length;
      const [inGood, inFailed] = [counts(good), counts(failed)];
      for (const j of markedIn(good, failed)) {
        figures.maskedMarked++;
        const line = failed[j];
        if (!inGood.has(line)) figures.newInKind++;
        else if (inGood.get(line) !== inFailed.get(line)) figures.moreOfAKind++;
        else figures.wrong.push(`run ${failedId} line ${j + 1} (beside run ${goodId}): ${line}`);
      }
      // Every line new in kind is marked: the ERRORs the success never had.
      const newLines = failed.filter((l) => !inGood.has(l));
      assert.ok(
        newLines.some((l) => / ERROR /.test(l)),
        `run ${failedId}: an ERROR new in kind`,
      );
    }
    console.log(
      `      ${figures.pairs} failed runs, ${figures.lines} lines: raw (times since start) ${figures.rawMarked} marked; masked ${figures.maskedMarked} marked — ${figures.newInKind} new in kind, ${figures.moreOfAKind} of a kind one log has more of, ${figures.wrong.length} neither`,
    );
    assert.deepEqual(figures.wrong, []);
  });
});
