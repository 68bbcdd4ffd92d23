import { HTTPError } from 'ky';
import { APIError } from '../../errors/api-error.ts';
import type { GlmError } from '../../errors/glm-error.ts';
import { TimeoutError } from '../../errors/timeout-error.ts';
import { attemptFailureOf } from './attempt-failure.ts';
import { type Call, now } from './call.ts';
import { labelOf } from './request-spec.ts';
import { backoffMs } from './retry-policy.ts';

/**
 * The error for a call that gives up because its next wait would pass the deadline. An answer from
 * the service (an `APIError`) is kept as it is, since its status says more; a failure with no answer
 * (an attempt timeout, a lost connection) becomes a deadline `TimeoutError` caused by it.
 */
function pastDeadline(call: Call, error: GlmError, wait: number, deadlineMs: number): GlmError {
  if (error instanceof APIError) return error;
  return new TimeoutError(
    `${labelOf(call.spec)} gave up: the next attempt, ${wait}ms away, would pass its ${deadlineMs}ms deadline (last failure: ${error.message})`,
    'deadline',
    deadlineMs,
    { cause: error, idempotencyKey: call.idempotencyKey, attempts: call.attempts },
  );
}

/**
 * ky's `retry.shouldRetry` for one call, asked after a failed attempt that ky's `limit` and `methods`
 * allow to be retried. It answers for every failure, so ky's own status list and `Retry-After` reading
 * never apply (decision 0018 says why): no retry after the caller's abort, the deadline or a hook's
 * error; none for a status other than 408, 429 and 5xx, or a 409 other than the in-flight one; none when
 * the server asks for a wait longer than `maxRetryAfter` or one that would end past the deadline (never
 * an early retry). Otherwise it sets the wait (the server's hint as it is, else the jittered backoff) for
 * ky's `retry.delay` to hand back, and says yes.
 */
export function shouldRetry(call: Call, thrown: unknown, retryCount: number): boolean {
  if (call.hookFailure !== undefined || call.signal?.aborted === true || call.deadline?.passed === true) {
    return false;
  }
  const { config } = call;
  // An answer's duration was taken when its body was read; an attempt without one ends now.
  if (call.hooks !== undefined && !(thrown instanceof HTTPError))
    call.attemptMs = now() - call.attemptStartedAt;
  const { error, retryable } = attemptFailureOf(call, thrown);
  call.lastThrown = thrown;
  call.lastError = error;
  if (!retryable) return false;
  const hint = error instanceof APIError ? error.retryAfterMs : undefined;
  if (hint !== undefined && hint > config.maxRetryAfter) return false;
  const wait = hint ?? backoffMs(retryCount, config.random);
  const { deadline } = call;
  if (deadline !== undefined && Date.now() + wait >= deadline.at) {
    call.final = pastDeadline(call, error, wait, deadline.ms);
    return false;
  }
  call.wait = wait;
  config.logger.info(
    `${labelOf(call.spec)} failed (${error.message}); retry ${retryCount} of ${call.maxRetries} in ${wait}ms`,
    { idempotencyKey: call.idempotencyKey },
  );
  return true;
}
