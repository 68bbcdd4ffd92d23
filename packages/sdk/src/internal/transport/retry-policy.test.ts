import fc from 'fast-check';
import { expect, test } from 'vitest';
import { retryAfterMs } from '../call-answer.ts';
import { isInFlightConflict, longestBackoff, retryPolicy } from './retry-policy.ts';

/** The wait ky sleeps before retry `retry` under the policy, with `random` as the jitter's draw. */
function backoffMs(retry: number, random: () => number): number {
  const policy = retryPolicy(2, 60_000, random);
  const jitter = policy.jitter as (delay: number) => number;
  return Math.min(policy.backoffLimit ?? Number.POSITIVE_INFINITY, jitter(policy.delay?.(retry) ?? 0));
}

test('exactly 408, 409, 429, 500, 502, 503 and 504 are worth another attempt, and their Retry-After is honoured', () => {
  const policy = retryPolicy(2, 60_000, Math.random);
  expect(policy.statusCodes).toEqual([408, 409, 429, 500, 502, 503, 504]);
  expect(policy.afterStatusCodes).toEqual(policy.statusCodes);
  expect(policy).toMatchObject({ limit: 2, maxRetryAfter: 60_000, retryOnTimeout: true });
});

test('of the 409s, only the conflict of a request with the same key still running is worth another try', () => {
  const running = 'A request with this Idempotency-Key is still running: retry once it has finished.';
  expect(isInFlightConflict(409, 'conflict', running)).toBe(true);
  expect(
    isInFlightConflict(409, 'conflict', 'A request with this Idempotency-Key is still in progress.'),
  ).toBe(true);
  expect(isInFlightConflict(409, 'conflict', 'The checkout session is already paid.')).toBe(false);
  expect(isInFlightConflict(409, 'invalid_state', running)).toBe(false);
  expect(isInFlightConflict(409, undefined, running)).toBe(false);
  expect(isInFlightConflict(400, 'conflict', running)).toBe(false);
});

test('backoff starts at 0.5 s, doubles, stops at 8 s, and jitter only ever shortens it by up to a quarter', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 30 }),
      fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
      (retry, r) => {
        const base = Math.min(500 * 2 ** (retry - 1), 8_000);
        const wait = backoffMs(retry, () => r);
        expect(wait).toBeLessThanOrEqual(base);
        expect(wait).toBeGreaterThanOrEqual(base * 0.75);
        expect(
          longestBackoff(
            retryPolicy(2, 0, () => r),
            retry,
          ),
        ).toBe(base);
      },
    ),
  );
  expect([1, 2, 3, 4, 5, 6].map((retry) => backoffMs(retry, () => 0))).toEqual([
    500, 1_000, 2_000, 4_000, 8_000, 8_000,
  ]);
});

test('Retry-After in seconds, fractional seconds and HTTP dates all become milliseconds', () => {
  const now = Date.parse('2025-01-01T00:00:00Z');
  expect(retryAfterMs(429, new Headers({ 'retry-after': '7' }), now)).toBe(7_000);
  expect(retryAfterMs(503, new Headers({ 'retry-after': '1.5' }), now)).toBe(1_500);
  expect(retryAfterMs(429, new Headers({ 'retry-after': 'Wed, 01 Jan 2025 00:00:30 GMT' }), now)).toBe(
    30_000,
  );
});

test('X-RateLimit-Reset counts only on a 429, and a past reset means no wait', () => {
  const now = 1_700_000_000_000;
  const headers = new Headers({ 'x-ratelimit-reset': '1700000004' });
  expect(retryAfterMs(429, headers, now)).toBe(4_000);
  expect(retryAfterMs(503, headers, now)).toBeUndefined();
  expect(retryAfterMs(429, new Headers({ 'x-ratelimit-reset': '1600000000' }), now)).toBe(0);
});

test('an unusable hint is no hint', () => {
  expect(retryAfterMs(429, new Headers({ 'retry-after': 'soon' }), 0)).toBeUndefined();
  expect(retryAfterMs(429, new Headers(), 0)).toBeUndefined();
});
