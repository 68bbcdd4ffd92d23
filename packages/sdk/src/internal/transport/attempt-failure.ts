import { HTTPError, TimeoutError as KyTimeoutError } from 'ky';
import type { APIError } from '../../errors/api-error.ts';
import { ConnectionError } from '../../errors/connection-error.ts';
import { GlmError } from '../../errors/glm-error.ts';
import { TimeoutError } from '../../errors/timeout-error.ts';
import { readErrorBody } from '../error-body.ts';
import { makeAPIError } from '../make-api-error.ts';
import { bodyRequestId } from './answer.ts';
import { jsonOf } from './attempt-answer.ts';
import { answerOf } from './attempt-fetch.ts';
import type { Call } from './call.ts';
import { labelOf } from './request-spec.ts';
import { isInFlightConflict, isRetryableStatus, retryAfterMs } from './retry-policy.ts';

/** Why an attempt failed, as the typed error the caller would get, and whether another attempt may help. */
export interface AttemptFailure {
  readonly error: GlmError;
  /** True for an answer with a retryable status (or the in-flight 409), an attempt timeout, a lost connection. */
  readonly retryable: boolean;
}

function apiFailure(call: Call, error: HTTPError): AttemptFailure {
  const { response } = error;
  const answer = answerOf(call, response);
  const parsed = answer === undefined ? undefined : jsonOf(answer).parsed;
  const body = parsed?.ok === true ? parsed.value : undefined;
  const problem = readErrorBody(body);
  const { spec } = call;
  const apiError: APIError = makeAPIError({
    status: response.status,
    code: problem?.code,
    message:
      problem?.message ?? (response.statusText === '' ? 'the service gave no message' : response.statusText),
    param: problem?.param,
    details: problem?.details ?? [],
    requestId: response.headers.get('x-request-id') ?? bodyRequestId(body),
    idempotencyKey: call.idempotencyKey,
    headers: response.headers,
    retryAfterMs: retryAfterMs(response.status, response.headers, Date.now()),
    method: spec.method,
    url: spec.path,
    attempts: call.attempts,
  });
  const retryable =
    isRetryableStatus(response.status) ||
    isInFlightConflict(response.status, problem?.code, problem?.message ?? '');
  return { error: apiError, retryable };
}

/**
 * Reads what ky threw for an attempt (before the caller's signal and the deadline, which the caller of
 * this function checks first): an `HTTPError` is the service's answer as an `APIError`, ky's
 * `TimeoutError` is this attempt's `timeout` running out, and anything else `fetch` threw is a lost
 * connection. An error of this SDK passes through, final.
 */
export function attemptFailureOf(call: Call, thrown: unknown): AttemptFailure {
  if (thrown instanceof HTTPError) return apiFailure(call, thrown);
  const { idempotencyKey, attempts } = call;
  if (thrown instanceof KyTimeoutError) {
    return {
      error: new TimeoutError(
        `${labelOf(call.spec)} got no complete answer within its ${call.timeout}ms timeout.`,
        'attempt',
        call.timeout,
        { cause: thrown, idempotencyKey, attempts },
      ),
      retryable: true,
    };
  }
  if (thrown instanceof GlmError) return { error: thrown, retryable: false };
  return {
    error: new ConnectionError(`${labelOf(call.spec)} could not reach the service.`, {
      cause: thrown,
      idempotencyKey,
      attempts,
    }),
    retryable: true,
  };
}
