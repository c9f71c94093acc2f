import * as assert from 'node:assert/strict';
import { SkyviaError } from '../../src/api/errors';
import { DEFAULT_RETRY, parseRetryAfter, retryDelay } from '../../src/api/retry';

const err = (kind: SkyviaError['kind'], retryAfter?: number) => new SkyviaError(kind, { method: 'GET', path: '/v1/x', retryAfter });

describe('retry policy', () => {
  it('never retries a non-idempotent operation', () => {
    for (const kind of ['network', 'server', 'rateLimited'] as const) assert.equal(retryDelay(DEFAULT_RETRY, false, err(kind), 1), undefined);
  });

  it('retries reads on network, 429 and 5xx only', () => {
    for (const kind of ['network', 'server', 'rateLimited'] as const) assert.ok(retryDelay(DEFAULT_RETRY, true, err(kind), 1)! > 0);
    for (const kind of ['auth', 'notFound', 'validation', 'badResponse', 'timeout', 'cancelled', 'http', 'proxy', 'certificate'] as const) {
      assert.equal(retryDelay(DEFAULT_RETRY, true, err(kind), 1), undefined, kind);
    }
  });

  it('stops after the last attempt', () => {
    assert.equal(retryDelay(DEFAULT_RETRY, true, err('server'), DEFAULT_RETRY.maxAttempts), undefined);
  });

  it('backs off exponentially within jitter bounds', () => {
    const at = (attempt: number, r: number) => retryDelay(DEFAULT_RETRY, true, err('server'), attempt, () => r)!;
    assert.equal(at(1, 0), 200);
    assert.equal(at(1, 1), 400);
    assert.equal(at(2, 1), 800);
    const capped = retryDelay({ ...DEFAULT_RETRY, maxAttempts: 10 }, true, err('server'), 9, () => 1);
    assert.equal(capped, DEFAULT_RETRY.maxDelayMs);
  });

  it('follows Retry-After, unless it is longer than worth waiting', () => {
    assert.equal(retryDelay(DEFAULT_RETRY, true, err('rateLimited', 3), 1), 3000);
    assert.equal(retryDelay(DEFAULT_RETRY, true, err('rateLimited', 600), 1), undefined);
  });

  it('parses Retry-After as seconds or an HTTP date', () => {
    const now = Date.parse('2026-11-21T10:00:00Z');
    assert.equal(parseRetryAfter('5', now), 5);
    assert.equal(parseRetryAfter('Sat, 21 Nov 2026 10:00:30 GMT', now), 30);
    assert.equal(parseRetryAfter('soon', now), undefined);
    assert.equal(parseRetryAfter(null, now), undefined);
  });
});
