// Every kind's record against the demo service over HTTP, made from the records: each lists its
// items in some workspace, reads one, and — with a history — lists its history, reads an entry and
// its log, asks what runs now, starts a run and stops it, as its record says it can. A kind added
// to the records and to the demo is exercised here with no test written for it; one whose record
// and demo handler disagree fails here, named.
import * as assert from 'node:assert/strict';
import { SkyviaClient, SkyviaError } from '../../src/api';
import { startDemoService, type DemoService } from '../../src/demo';
import { entryLog, HISTORIES, STOPPABLE_KINDS, WORKSPACE_ITEMS } from '../../src/kinds';
import type { Listed } from '../../src/kinds/kind';
import { refs, WORKSPACE_ITEM_KINDS, type ItemRef } from '../../src/shared/refs';

describe('every kind’s record against the demo service', () => {
  let demo: DemoService;
  let client: SkyviaClient;
  const signal = new AbortController().signal;

  before(async () => {
    demo = await startDemoService({ port: 0, manualClock: true });
    client = new SkyviaClient({ baseUrl: demo.url, token: demo.token });
  });
  after(() => demo.close());

  /** What the service answered, or its refusal of this item's state (a 4xx): either way its handler answered the record's request. */
  async function answered<T>(request: Promise<T>): Promise<T | SkyviaError> {
    try {
      return await request;
    } catch (e) {
      if (e instanceof SkyviaError && e.status !== undefined && e.status >= 400 && e.status < 500 && e.status !== 404) return e;
      throw e;
    }
  }

  /** The first item of the kind in any workspace, with its row. */
  async function firstItem(kind: (typeof WORKSPACE_ITEM_KINDS)[number]): Promise<{ ref: ItemRef; row: Listed }> {
    for (const w of await client.listWorkspaces()) {
      const page = await WORKSPACE_ITEMS[kind].listItems(client, w.id, { skip: 0, take: 20 }, signal);
      const row = page.data.find((r) => typeof r.id === 'number');
      if (row) return { ref: refs.item('demo', kind, w.id, row.id!), row };
    }
    throw new Error(`no ${kind} in any workspace of the demo`);
  }

  for (const kind of WORKSPACE_ITEM_KINDS) {
    it(`${kind}: lists its items and reads one on its own`, async () => {
      const { ref, row } = await firstItem(kind);
      const record = WORKSPACE_ITEMS[kind];
      assert.ok(record.title(ref, row as never), 'a title from its row');
      if (record.read) assert.ok(await record.read(client, ref, signal), 'its own read');
      if (record.test) assert.ok((await record.test.send(client, ref, signal)) !== undefined, 'its test');
    });
  }

  for (const kind of Object.keys(HISTORIES) as (keyof typeof HISTORIES)[]) {
    it(`${kind}: lists its history, reads an entry and its log, its schedule or state, turns on and off, starts and stops, as its record says`, async () => {
      const record = HISTORIES[kind];
      const { ref, row } = await firstItem(kind);
      const name = record.title(ref, row as never);
      const history = await record.list(client, ref, { take: 5, sortOrder: 'desc' }, signal);
      assert.ok(Array.isArray(history.data), 'a page of its history');
      const entry = history.data.find((e) => record.entry.idOf(e as never) !== undefined);
      if (entry && record.entry.read) {
        const entryRef = refs.entryOf(ref, record.entry.kind, record.entry.idOf(entry as never)!);
        const read = await record.entry.read(client, entryRef, signal);
        assert.ok(read, 'its entry read on its own');
        assert.equal(typeof (entryLog(record.entry.kind, read) ?? ''), 'string');
      }
      if (record.schedule) assert.ok(await record.schedule(client, ref, signal), 'its schedule, as facts');
      if (record.state) assert.ok(await record.state(client, ref, name, signal), 'its state, as facts');
      if (record.toggle)
        for (const enable of [false, true]) assert.ok(await answered(record.toggle.send(client, ref, enable, row, signal)), `turned ${enable ? 'on' : 'off'}`);
      if (record.active) assert.notEqual(await record.active(client, ref, name, signal), undefined, 'what runs now: a run or null');
      if (record.start) {
        const started = await record.start.send(client, ref, name, signal);
        assert.equal(started.ref.kind, record.entry.kind, 'a start answers with its entry');
        if ((STOPPABLE_KINDS as readonly string[]).includes(kind)) {
          await record.stop!.cancel.send(client, ref, signal);
          await record.stop!.kill.send(client, ref, signal);
        }
      }
    });
  }
});
