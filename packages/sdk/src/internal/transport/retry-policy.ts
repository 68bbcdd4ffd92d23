import { rateLimitHeader } from './rate-limit-header.ts';

/** Statuses worth another attempt: timeouts, throttling, 5xx. A 409 is judged by `isInFlightConflict`. */
const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([408, 429, 500, 502, 503, 504]);

/** How the service words the 409 it gives while a request with the same key is still running. */
const IN_FLIGHT_MESSAGE = /still (running|in progress)/i;

const INITIAL_BACKOFF_MS = 500;
const MAX_BACKOFF_MS = 8_000;

/** True when an answer with this status may succeed if sent again (a 409 never does by its status alone). */
export function isRetryableStatus(status: number): boolean {
  return RETRYABLE_STATUSES.has(status);
}

/**
 * True for the one 409 worth retrying: `conflict` because a request with the same idempotency key is
 * still running. Every other 409 (a state that forbids the change, a kept answer replayed) comes back the
 * same however often it is sent, so it is thrown at once.
 */
export function isInFlightConflict(status: number, code: string | undefined, message: string): boolean {
  return status === 409 && code === 'conflict' && IN_FLIGHT_MESSAGE.test(message);
}

/**
 * The wait before retry number `retry` (1-based): 0.5 s doubling up to 8 s, scaled by a jitter in
 * (0.75, 1] so that clients that failed together do not come back together.
 */
export function backoffMs(retry: number, random: () => number): number {
  const base = Math.min(INITIAL_BACKOFF_MS * 2 ** (retry - 1), MAX_BACKOFF_MS);
  return Math.round(base * (1 - random() * 0.25));
}

/**
 * How long the server asked us to wait, in ms: `Retry-After` (seconds or an HTTP date), else, on a 429,
 * `X-RateLimit-Reset` (Unix seconds). Undefined when the answer gives no usable hint.
 */
export function retryAfterMs(status: number, headers: Headers, now: number): number | undefined {
  const retryAfter = headers.get('retry-after')?.trim();
  if (retryAfter !== undefined && retryAfter !== '') {
    if (/^\d+(\.\d+)?$/.test(retryAfter)) return Math.ceil(Number(retryAfter) * 1000);
    const date = Date.parse(retryAfter);
    if (!Number.isNaN(date)) return Math.max(0, date - now);
  }
  const reset = rateLimitHeader(headers, 'reset');
  if (status === 429 && reset !== undefined) return Math.max(0, reset * 1000 - now);
  return undefined;
}
