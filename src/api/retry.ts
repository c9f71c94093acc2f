// When to send a request again, and how long to wait first.
//
// Only idempotent reads are retried, and only when the failure says nothing about the request
// itself: no answer, 429, 5xx. A POST that starts a run or a snapshot has no idempotency key —
// sending it twice would start two runs — so writes are never retried here.
import { SkyviaError } from './errors';

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** A `Retry-After` longer than this is not waited out: the error goes to the caller. */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { maxAttempts: 3, baseDelayMs: 400, maxDelayMs: 5_000, maxRetryAfterMs: 30_000 };

const RETRYABLE = new Set(['network', 'rateLimited', 'server']);

/** Milliseconds to wait before the next attempt, or `undefined` to give up. */
export function retryDelay(
  policy: RetryPolicy,
  idempotent: boolean,
  error: SkyviaError,
  attempt: number,
  random: () => number = Math.random,
): number | undefined {
  if (!idempotent || !RETRYABLE.has(error.kind) || attempt >= policy.maxAttempts) return undefined;
  if (error.retryAfter !== undefined) {
    const ms = error.retryAfter * 1000;
    return ms <= policy.maxRetryAfterMs ? ms : undefined;
  }
  // Exponential backoff with "full jitter" so clients that failed together do not retry together.
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** `Retry-After` as seconds: delta-seconds or an HTTP date. */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

/** A cancellable sleep; the client takes it as a parameter so tests never really wait. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export const sleep: Sleep = (ms, signal) =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
