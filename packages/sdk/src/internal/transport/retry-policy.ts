import type { RetryOptions } from 'ky';
import { APIError } from '../../errors/api-error.ts';
import type { GlmError } from '../../errors/glm-error.ts';
import { type CallSoFar, timeoutError } from './call-errors.ts';
import type { Deadline } from './deadline.ts';

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

/** What the decision weighs beside the error: the deadline, ky's retry options and count, the cap. */
export interface RetryContext extends CallSoFar {
  readonly deadline: Deadline | undefined;
  readonly retry: RetryOptions;
  readonly retryCount: number;
  readonly maxRetryAfter: number;
}

/**
 * ky's `shouldRetry` answer for a failed attempt ky may retry: no for a status the service answers the
 * same way again, a wait asked beyond `maxRetryAfter` or one that would end past the deadline (never an
 * early retry: the answer is then the call's error, and a failure with no answer becomes a deadline
 * `TimeoutError`, `final`). Otherwise ky's rules choose the wait: the server's `Retry-After` when it sent
 * one (`undefined`), else the backoff (`true`; ky would read a rate-limit reset on a 5xx as a wait).
 */
export function retryVerdict(
  error: GlmError,
  call: RetryContext,
): { retry: boolean | undefined; final?: GlmError } {
  const answered = error instanceof APIError ? error : undefined;
  if (answered !== undefined) {
    const { status, code, message } = answered;
    const stale = status === 409 && !isInFlightConflict(status, code, message);
    if (stale || !call.retry.statusCodes?.includes(status)) return { retry: false };
  }
  const hint = answered?.retryAfterMs;
  if (hint !== undefined && hint > call.maxRetryAfter) return { retry: false };
  const { deadline } = call;
  const wait = hint ?? longestBackoff(call.retry, call.retryCount);
  if (deadline !== undefined && Date.now() + wait >= deadline.at) {
    const what = `${error.message} A retry in ${Math.round(wait)}ms would pass`;
    const limit = { scope: 'deadline', ms: deadline.ms } as const;
    return { retry: false, final: answered ?? timeoutError(call, limit, error, what) };
  }
  return { retry: hint === undefined ? true : undefined };
}
