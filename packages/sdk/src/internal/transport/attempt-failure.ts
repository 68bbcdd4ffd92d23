import { HTTPError, TimeoutError as KyTimeoutError } from 'ky';
import { GlmError } from '../../errors/glm-error.ts';
import { readErrorBody } from '../error-body.ts';
import { makeAPIError } from '../make-api-error.ts';
import type { Answer } from './answer.ts';
import type { Call } from './call.ts';
import { connectionError, timeoutError } from './call-errors.ts';
import { isInFlightConflict, isRetryableStatus, retryAfterMs } from './retry-policy.ts';

/** Why an attempt failed, as the typed error the caller would get, and whether another attempt may help. */
export interface AttemptFailure {
  readonly error: GlmError;
  /** True for an answer with a retryable status (or the in-flight 409), an attempt timeout, a lost connection. */
  readonly retryable: boolean;
}

function apiFailure(call: Call, answer: Answer): AttemptFailure {
  const { status, statusText, headers } = answer.received;
  const problem = readErrorBody(answer.body);
  const message = problem?.message;
  return {
    error: makeAPIError({
      status,
      code: problem?.code,
      message: message ?? (statusText || 'the service gave no message'),
      param: problem?.param,
      details: problem?.details ?? [],
      requestId: answer.requestId,
      idempotencyKey: call.idempotencyKey,
      headers,
      retryAfterMs: retryAfterMs(status, headers, Date.now()),
      method: call.spec.method,
      url: call.spec.path,
      attempts: call.attempts,
    }),
    retryable: isRetryableStatus(status) || isInFlightConflict(status, problem?.code, message ?? ''),
  };
}

/**
 * Reads what ky threw for an attempt (before the caller's signal and the deadline, which the caller of
 * this function checks first): an `HTTPError` is the service's answer (the last one the attempt's fetch
 * read) as an `APIError`, ky's `TimeoutError` is this attempt's `timeout` running out, and anything else
 * `fetch` threw is a lost connection. An error of this SDK passes through, final.
 */
export function attemptFailureOf(call: Call, thrown: unknown): AttemptFailure {
  if (thrown instanceof HTTPError) return apiFailure(call, call.answer as Answer);
  if (thrown instanceof GlmError) return { error: thrown, retryable: false };
  return {
    error:
      thrown instanceof KyTimeoutError
        ? timeoutError(call, 'attempt', call.timeout, thrown)
        : connectionError(call, thrown),
    retryable: true,
  };
}
