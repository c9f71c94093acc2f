// Pure formatting used by the tree, documents and the log (src/shared/format.ts).
import assert from 'node:assert/strict';
import {
  durationBetween,
  escapeMarkdown,
  formatBytes,
  formatCount,
  formatDate,
  formatDateTime,
  formatDuration,
  formatRequestLine,
  joinParts,
  nameOr,
  parseSince,
  relativeTime,
  tooltipMarkdown,
  whenText,
} from '../../src/shared/format';
import { outcomeOf } from '../../src/shared/outcome';
import { BACKUP } from '../../src/kinds/backups';
import { INTEGRATION } from '../../src/kinds/integrations';
import { ACCOUNT_USER } from '../../src/kinds/people';

const NOW = new Date(2026, 10, 15, 12, 0, 0).getTime(); // 2026-11-15 12:00 local
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('format', () => {
  describe('relativeTime', () => {
    it('says "just now" under 45 seconds, either way', () => {
      assert.equal(relativeTime(ago(10_000), NOW), 'just now');
      assert.equal(relativeTime(ago(-10_000), NOW), 'just now');
    });
    it('counts minutes, hours and days', () => {
      assert.equal(relativeTime(ago(50_000), NOW), '1 min ago');
      assert.equal(relativeTime(ago(5 * MIN), NOW), '5 min ago');
      assert.equal(relativeTime(ago(3 * HOUR), NOW), '3 h ago');
      assert.equal(relativeTime(ago(3 * HOUR + 20 * MIN), NOW), '3 h ago');
      assert.equal(relativeTime(ago(30 * HOUR), NOW), 'yesterday');
      assert.equal(relativeTime(ago(4 * DAY), NOW), '4 d ago');
    });
    it('means the previous calendar day by "yesterday", not 24 to 48 hours ago', () => {
      const early = new Date(2026, 10, 15, 0, 10).getTime();
      assert.equal(relativeTime(new Date(2026, 10, 14, 23, 50), early), '20 min ago', 'minutes say more than the day');
      assert.equal(relativeTime(new Date(2026, 10, 14, 22, 0), early), 'yesterday', 'two hours ago, but before midnight');
      assert.equal(relativeTime(new Date(2026, 10, 15, 0, 5), early), '5 min ago');
      const morning = new Date(2026, 10, 15, 6, 0).getTime();
      assert.equal(relativeTime(new Date(2026, 10, 13, 18, 0), morning), '2 d ago', '36 hours ago is the day before yesterday');
      assert.equal(relativeTime(new Date(2026, 10, 15, 1, 0), morning), '5 h ago', 'earlier today');
      const late = new Date(2026, 10, 15, 23, 0).getTime();
      assert.equal(relativeTime(new Date(2026, 10, 14, 0, 30), late), 'yesterday', '46 hours ago, still yesterday by the calendar');
    });
    it('speaks of the future with "in"', () => {
      assert.equal(relativeTime(ago(-5 * MIN), NOW), 'in 5 min');
      assert.equal(relativeTime(ago(-3 * DAY), NOW), 'in 3 d');
    });
    it('gives tooltips the time and, while it says more, the relative form', () => {
      assert.equal(whenText(ago(3 * HOUR), NOW), `${formatDateTime(ago(3 * HOUR))} (3 h ago)`);
      assert.equal(whenText(new Date(2026, 8, 1, 9, 0), NOW), '2026-09-01 09:00:00');
    });
    it('falls back to the date after a month', () => {
      assert.equal(relativeTime(new Date(2026, 8, 1, 9, 0), NOW), '2026-09-01');
    });
    it('is empty for a missing or unreadable time', () => {
      assert.equal(relativeTime(undefined, NOW), '');
      assert.equal(relativeTime(null, NOW), '');
      assert.equal(relativeTime('not a date', NOW), '');
    });
  });

  it('formats local dates and times unambiguously', () => {
    const d = new Date(2026, 10, 1, 4, 3, 2);
    assert.equal(formatDate(d), '2026-11-01');
    assert.equal(formatDateTime(d), '2026-11-01 04:03:02');
    assert.equal(formatDateTime(d, false), '2026-11-01 04:03');
    assert.equal(formatDateTime(undefined), '');
  });

  it('formats durations in seconds', () => {
    assert.equal(formatDuration(0), '0 s');
    assert.equal(formatDuration(45), '45 s');
    assert.equal(formatDuration(120), '2 min');
    assert.equal(formatDuration(200), '3 min 20 s');
    assert.equal(formatDuration(3600), '1 h');
    assert.equal(formatDuration(3900), '1 h 5 min');
    assert.equal(formatDuration(undefined), '');
    assert.equal(formatDuration(-1), '');
    assert.equal(durationBetween('2026-11-01T10:00:00Z', '2026-11-01T10:01:30Z'), '1 min 30 s');
    assert.equal(durationBetween('2026-11-01T10:00:00Z', null), '');
  });

  it('formats counts and sizes', () => {
    assert.equal(formatCount(1234567), '1,234,567');
    assert.equal(formatCount(undefined), '');
    assert.equal(formatBytes(512), '512 B');
    assert.equal(formatBytes(1536), '1.5 KB');
    assert.equal(formatBytes(20 * 1024 * 1024), '20 MB');
    assert.equal(formatBytes(undefined), '');
  });

  it('classifies run states, including ones it has never seen', () => {
    assert.equal(outcomeOf('Succeeded'), 'succeeded');
    assert.equal(outcomeOf('Failed'), 'failed');
    assert.equal(outcomeOf('Canceled'), 'canceled');
    assert.equal(outcomeOf('Running'), 'running');
    assert.equal(outcomeOf('Executing'), 'running');
    assert.equal(outcomeOf('Canceling'), 'running');
    assert.equal(outcomeOf('Queued'), 'queued');
    assert.equal(outcomeOf('New'), 'queued');
    assert.equal(outcomeOf('SomethingNew'), 'unknown');
    assert.equal(outcomeOf(undefined), 'unknown');
  });

  it('gives null names a fallback label', () => {
    assert.equal(nameOr(null, INTEGRATION.words, 42), 'Integration #42');
    assert.equal(nameOr('   ', BACKUP.words, 7), 'Backup #7');
    assert.equal(nameOr(' Nightly ', BACKUP.words, 7), 'Nightly');
    assert.equal(nameOr(undefined, ACCOUNT_USER.words, null), '(unnamed user)');
  });

  it('joins only the parts that are present', () => {
    assert.equal(joinParts('dataflow', undefined, '', false, 'schedule on', null), 'dataflow · schedule on');
    assert.equal(joinParts(), '');
  });

  it('escapes markdown so API strings cannot inject links', () => {
    assert.equal(escapeMarkdown('[x](command:evil)'), '\\[x\\](command:evil)');
    assert.equal(escapeMarkdown('<img src=x> a|b `c` 2026-11-01 (1 h ago)'), '\\<img src=x\\> a\\|b \\`c\\` 2026-11-01 (1 h ago)');
    const md = tooltipMarkdown('Run *1*', [
      ['State', 'Failed'],
      ['Rows', undefined],
      ['Note', ''],
    ]);
    assert.equal(md, '**Run \\*1\\***\n\n**State:** Failed');
    assert.equal(tooltipMarkdown('Only a title', []), '**Only a title**');
  });

  describe('parseSince', () => {
    it('reads ages', () => {
      assert.deepEqual(parseSince('7d', NOW), { date: new Date(NOW - 7 * DAY) });
      assert.deepEqual(parseSince('12h', NOW), { date: new Date(NOW - 12 * HOUR) });
      assert.deepEqual(parseSince(' 30m ', NOW), { date: new Date(NOW - 30 * MIN) });
      assert.deepEqual(parseSince('2w', NOW), { date: new Date(NOW - 14 * DAY) });
    });
    it('reads a date as local midnight', () => {
      assert.deepEqual(parseSince('2026-11-01', NOW), { date: new Date(2026, 10, 1) });
    });
    it('reads an ISO date-time', () => {
      assert.deepEqual(parseSince('2026-11-01T10:00:00Z', NOW), { date: new Date('2026-11-01T10:00:00Z') });
    });
    it('explains what it cannot read', () => {
      for (const bad of ['yesterday', '2026-13-01', '2026-02-30', '0d', '']) {
        const result = parseSince(bad, NOW);
        assert.ok('error' in result, bad);
      }
    });
  });

  it('writes request log lines with method, path, status and time', () => {
    assert.equal(formatRequestLine({ method: 'GET', path: '/v1/workspaces', status: 200, ms: 12, attempt: 1 }), 'GET /v1/workspaces → 200 (12 ms)');
    assert.equal(
      formatRequestLine({
        method: 'GET',
        path: '/v1/workspaces/1/integrations?take=50&skip=0',
        status: 503,
        ms: 8,
        attempt: 1,
        error: 'server',
        retryInMs: 400,
      }),
      'GET /v1/workspaces/1/integrations?take=50&skip=0 → 503 server (8 ms, retrying in 400 ms)',
    );
    assert.equal(
      formatRequestLine({ method: 'GET', path: '/v1/workspaces', ms: 3, attempt: 2, error: 'network' }),
      'GET /v1/workspaces → network (3 ms, attempt 2)',
    );
    assert.equal(
      formatRequestLine({
        method: 'GET',
        path: '/v1/workspaces',
        ms: 2,
        attempt: 1,
        error: 'network',
        reason: 'connect ECONNREFUSED 127.0.0.1:3128',
        retryInMs: 400,
      }),
      'GET /v1/workspaces → network (2 ms, retrying in 400 ms) — connect ECONNREFUSED 127.0.0.1:3128',
    );
  });
});

describe('hostile API text', () => {
  it('keeps a URL in a name from becoming a link in a tooltip', async () => {
    const { tooltipMarkdown } = await import('../../src/shared/format');
    const md = tooltipMarkdown('Sync https://evil.example/x', [['Note', 'see www.evil.example']]);
    assert.ok(!/https:\/\//.test(md) && !/www\./.test(md), md);
    assert.match(md, /evil\.example/);
  });

  it('cleans names: no direction controls, one line, bounded', async () => {
    const { nameOr, tooltipMarkdown } = await import('../../src/shared/format');
    assert.equal(nameOr('report\u202Egnp.exe\nnext', INTEGRATION.words, 1), 'reportgnp.exe next');
    assert.equal(nameOr('x'.repeat(5_000_000), INTEGRATION.words, 1).length, 200);
    assert.doesNotMatch(tooltipMarkdown('a\u202Eb', [['Comment', 'c\u2066d\u0007']]), /[\u202E\u2066\u0007]/);
  });

  it('puts a name a person must read exactly in a code span: as it is, whatever backticks it holds', async () => {
    const { codeSpan } = await import('../../src/shared/format');
    assert.equal(
      codeSpan('Scratch <img src="x"> https://evil.example/x **bold** [run](command:skyvia.signOut)'),
      '`Scratch <img src="x"> https://evil.example/x **bold** [run](command:skyvia.signOut)`',
    );
    assert.equal(codeSpan('<b>bold-ep</b>'), '`<b>bold-ep</b>`');
    assert.equal(codeSpan('a `b` c'), '``a `b` c``');
    assert.equal(codeSpan('`x``'), '``` `x`` ```');
    assert.equal(codeSpan('a\u202Eb\nc'), '`ab c`');
    assert.equal(codeSpan('  '), '(no name)');
    assert.notEqual(codeSpan('<img src=x>'), codeSpan('<img src="x">'), 'two different names never look alike');
  });

  it('reads .NET minimum dates as unknown, not as year 1', async () => {
    const { formatDateTime, relativeTime, whenText } = await import('../../src/shared/format');
    assert.equal(formatDateTime('0001-01-01T00:00:00'), '');
    assert.equal(relativeTime('0001-01-01T00:00:00Z'), '');
    assert.equal(whenText('0001-01-01T00:00:00'), undefined);
  });
});
