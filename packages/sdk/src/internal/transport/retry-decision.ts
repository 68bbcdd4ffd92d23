import { APIError } from '../../errors/api-error.ts';
import type { GlmError } from '../../errors/glm-error.ts';
import { type CallSoFar, timeoutError } from './call-errors.ts';
import type { Deadline } from './deadline.ts';
import { isInFlightConflict } from './retry-policy.ts';

/** What the decision weighs beside the error: the deadline, the longest backoff ky may sleep, the caps. */
export interface RetryContext extends CallSoFar {
  readonly deadline: Deadline | undefined;
  readonly backoff: number;
  readonly maxRetryAfter: number;
  readonly statusCodes: readonly number[];
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
    const inFlight = status !== 409 || isInFlightConflict(status, code, message);
    if (!call.statusCodes.includes(status) || !inFlight) return { retry: false };
  }
  const hint = answered?.retryAfterMs;
  if (hint !== undefined && hint > call.maxRetryAfter) return { retry: false };
  const { deadline } = call;
  const wait = hint ?? call.backoff;
  if (deadline !== undefined && Date.now() + wait >= deadline.at) {
    const what = `${error.message} A retry in ${Math.round(wait)}ms would pass`;
    const limit = { scope: 'deadline', ms: deadline.ms } as const;
    return { retry: false, final: answered ?? timeoutError(call, limit, error, what) };
  }
  return { retry: hint === undefined ? true : undefined };
}
