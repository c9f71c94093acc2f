// The Failures view's grouping by cause, against the demo service over real HTTP: a week's
// failures read once each (from the row when it carries its log, else the entry's own read),
// every one under one cause, a cause of today alone marked new, none in a range that does not
// reach before today, and a log that cannot be read grouped as unknown with why.
import * as assert from 'node:assert/strict';
import { SkyviaClient } from '../../src/api';
import { startDemoService, type DemoService } from '../../src/demo';
import { scanHistories, pacedGate } from '../../src/state/accountScan';
import { KINDS, entryName } from '../../src/kinds';
import { refKey, type ItemRef } from '../../src/shared/refs';
import { causeOfEntry, groupByCause, readCauses, type RowCause } from '../../src/views/failuresCauses';
import type { FailureRow } from '../../src/views/failuresModel';
import { demoControl } from './demoControl';

describe('failures by cause on the demo account', () => {
  let demo: DemoService;
  let client: SkyviaClient;
  let rows: FailureRow[];

  before(async () => {
    demo = await startDemoService({ port: 0, manualClock: true });
    client = new SkyviaClient({ baseUrl: demo.url, token: demo.token });
    const since = new Date(Date.now() - 7 * 86_400_000);
    const scan = await scanHistories(client, {
      account: 'demo',
      kinds: ['integration', 'backup', 'automation'],
      workspaces: await client.listWorkspaces(),
      failedOnly: true,
      since,
      perItem: 100,
    });
    rows = scan.entries.flatMap((e) => (e.ref ? [{ ref: e.ref, name: entryName(e.ref, e.item.name), itemName: e.item.name, data: e.row, entry: e }] : []));
  });
  after(() => demo.close());

  const control = (path: string, body?: unknown) => demoControl(demo)(path, body);
  const read = (ref: ItemRef, signal: AbortSignal) => KINDS[ref.kind].read!(client, ref, signal);

  it('reads each failure’s cause once, and groups every failure of the week under one (figures printed)', async () => {
    const known = new Map<string, RowCause>();
    const fromRows = rows.filter((r) => causeOfEntry(r, r.data)).length;
    let requests = 0;
    const counting = client.onDidRequest(() => requests++);
    const { gate, watching } = pacedGate(client);
    try {
      await readCauses(rows, known, read, gate, new AbortController().signal, () => undefined);
      assert.equal(requests, rows.length - fromRows, 'one read per failure whose row does not carry its log');
      requests = 0;
      await readCauses(rows, known, read, gate, new AbortController().signal, () => undefined);
      assert.equal(requests, 0, 'a cause known is not read again');
    } finally {
      watching.dispose();
      counting.dispose();
    }
    const now = Date.now();
    const { groups, pending } = groupByCause('demo', rows, known, '7d', now);
    assert.equal(pending, 0);
    assert.equal(
      groups.reduce((n, g) => n + g.rows.length, 0),
      rows.length,
      'every failure once',
    );
    assert.equal(
      groups.reduce((n, g) => n + g.items.reduce((m, i) => m + i.rows.length, 0), 0),
      rows.length,
      'under its item',
    );
    for (const g of groups) for (const r of g.rows) assert.deepEqual(known.get(refKey(r.ref)), { signature: g.cause, words: g.words });
    assert.ok(!groups.some((g) => g.cause === ''), 'every log of the demo tells of an error');
    console.log(
      `      ${rows.length} failures of the week (${fromRows} causes from their rows), ${groups.length} causes, ${groups.filter((g) => g.isNew).length} new`,
    );
    // New: first seen in the last 24 hours; a 24-hour range cannot tell.
    for (const g of groups) assert.equal(g.isNew, g.first >= now - 86_400_000);
    assert.ok(groupByCause('demo', rows, known, '24h', now).groups.every((g) => !g.isNew));
  });

  it('reads each item’s newest failure before any item’s second, so every cause shows after about one read per item', async () => {
    const asked: string[] = [];
    const { gate, watching } = pacedGate(client);
    try {
      await readCauses(
        rows,
        new Map(),
        (ref, signal) => {
          asked.push(refKey(ref));
          return read(ref, signal);
        },
        gate,
        new AbortController().signal,
        () => undefined,
      );
    } finally {
      watching.dispose();
    }
    const itemOf = new Map(rows.map((r) => [refKey(r.ref), `${r.entry.item.kind}:${r.entry.item.workspaceId}:${r.entry.item.id}`]));
    const items = new Set(asked.map((k) => itemOf.get(k)));
    const firstAsks = asked.slice(0, items.size).map((k) => itemOf.get(k));
    assert.ok(rows.length > items.size, `items fail more than once in the week (${rows.length} failures, ${items.size} items)`);
    assert.equal(new Set(firstAsks).size, items.size, 'the first reads are one per item');
    const newestOf = new Map<string, string>();
    for (const r of rows) if (!newestOf.has(itemOf.get(refKey(r.ref))!)) newestOf.set(itemOf.get(refKey(r.ref))!, refKey(r.ref));
    const firstReads = asked.slice(0, items.size);
    assert.ok(
      firstReads.every((k) => newestOf.get(itemOf.get(k)!) === k),
      'each its newest failure',
    );
  });

  it('groups a failure whose entry cannot be read as unknown, with why, and leaves nothing out', async () => {
    const known = new Map<string, RowCause>();
    const some = rows.filter((r) => !causeOfEntry(r, r.data)).slice(0, 3);
    const { gate, watching } = pacedGate(client);
    // The entries' reads answer 404, as for an entry the account can no longer see.
    await control('faults', { failNext: { n: some.length, status: 404 } });
    try {
      await readCauses(some, known, read, gate, new AbortController().signal, () => undefined);
    } finally {
      await control('faults', { clear: true });
      watching.dispose();
    }
    const { groups } = groupByCause('demo', some, known, '7d', Date.now());
    const unknown = groups.find((g) => g.cause === '');
    assert.ok(unknown, 'a group of unknown causes');
    assert.equal(unknown.unknown?.length, unknown.rows.length);
    assert.match(unknown.unknown?.[0] ?? '', /its log couldn't be read: /);
    assert.equal(groups.at(-1), unknown, 'last');
  });
});
