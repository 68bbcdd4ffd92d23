import { HTTPError } from 'ky';
import { APIError } from '../../errors/api-error.ts';
import { attemptFailureOf } from './attempt-failure.ts';
import { type Call, now } from './call.ts';
import { timeoutError } from './call-errors.ts';
import { backoffMs } from './retry-policy.ts';

/**
 * ky's `retry.shouldRetry` for one call, asked after a failed attempt that ky's `limit` and `methods`
 * allow to be retried. It answers for every failure, so ky's own status list and `Retry-After` reading
 * never apply (decision 0020 says why): no retry after a hook's error, the caller's abort or the
 * deadline; none for a status other than 408, 429 and 5xx, or a 409 other than the in-flight one; none
 * when the server asks for a wait longer than `maxRetryAfter` or one that would end past the deadline
 * (never an early retry: an answer from the service is then the call's error as it is, since its status
 * says more; a failure with no answer becomes a deadline `TimeoutError`). Otherwise it sets the wait
 * (the server's hint as it is, else the jittered backoff) for ky's `retry.delay` to hand back, and says
 * yes.
 */
export function shouldRetry(call: Call, thrown: unknown, retryCount: number): boolean {
  if (call.hookFailure !== undefined) return false;
  // An answer's duration was taken when its body was read; an attempt without one ends now.
  if (call.hooked && !(thrown instanceof HTTPError)) call.attemptMs = now() - call.attemptStartedAt;
  const { config, deadline } = call;
  if (call.signal?.aborted || deadline?.passed.aborted) return false;
  const { error, retryable } = attemptFailureOf(call, thrown);
  call.failure = error;
  const hint = error instanceof APIError ? error.retryAfterMs : undefined;
  if (!retryable || (hint !== undefined && hint > config.maxRetryAfter)) {
    call.final = error;
    return false;
  }
  const wait = hint ?? backoffMs(retryCount, config.random);
  if (deadline !== undefined && Date.now() + wait >= deadline.at) {
    call.final =
      error instanceof APIError
        ? error
        : timeoutError(
            call,
            'deadline',
            deadline.ms,
            error,
            `${error.message} A retry in ${wait}ms would pass`,
          );
    return false;
  }
  call.wait = wait;
  config.logger.info(`${error.message} Retry ${retryCount} of ${call.maxRetries} in ${wait}ms.`, {
    idempotencyKey: call.idempotencyKey,
  });
  return true;
}
