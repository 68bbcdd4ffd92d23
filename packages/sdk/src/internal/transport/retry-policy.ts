import type { RetryOptions } from 'ky';
import type { APIError } from '../../errors/api-error.ts';

/**
 * The client's retry policy in ky's terms: timeouts, 408, 409 (judged further by
 * {@link isInFlightConflict}), 429 and 5xx are worth another attempt, and their `Retry-After` is honoured
 * up to `maxRetryAfter` (ky's 413 is left out: it can only fail again); otherwise 0.5 s doubling up to
 * 8 s, shortened by up to a quarter so that clients that failed together do not come back together.
 */
export function retryPolicy(limit: number, maxRetryAfter: number, random: () => number): RetryOptions {
  const statusCodes = [408, 409, 429, 500, 502, 503, 504];
  return {
    limit,
    statusCodes,
    afterStatusCodes: statusCodes,
    maxRetryAfter,
    backoffLimit: 8_000,
    delay: (attempt) => 250 * 2 ** attempt,
    jitter: (delay) => delay * (1 - random() * 0.25),
    retryOnTimeout: true,
  };
}

/** The longest wait ky may sleep before retry `retryCount` when the server asked none: its capped delay. */
export const longestBackoff = (retry: RetryOptions, retryCount: number): number =>
  Math.min(retry.backoffLimit ?? Number.POSITIVE_INFINITY, retry.delay?.(retryCount) ?? 0);

/**
 * True for the one 409 worth retrying: `conflict` because a request with the same idempotency key is
 * still running. Every other 409 comes back the same however often it is sent.
 */
export const isInFlightConflict = (status: number, code: string | undefined, message: string): boolean =>
  status === 409 && code === 'conflict' && /still (running|in progress)/i.test(message);

/** True for an answer worth another attempt: a status of the policy's, and of 409s the in-flight one. */
export const isRetryable = ({ status, code, message }: APIError, retry: RetryOptions): boolean =>
  (status !== 409 || isInFlightConflict(status, code, message)) &&
  retry.statusCodes?.includes(status) === true;
