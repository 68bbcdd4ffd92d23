import { HTTPError, TimeoutError as KyTimeoutError } from 'ky';
import { AbortError } from '../../errors/abort-error.ts';
import { ConnectionError } from '../../errors/connection-error.ts';
import { GlmError, type GlmErrorOptions } from '../../errors/glm-error.ts';
import { TimeoutError } from '../../errors/timeout-error.ts';
import type { CallAnswer } from '../call-answer.ts';
import { apiErrorOf } from '../make-api-error.ts';
import { type CallFacts, labelOf } from '../request-spec.ts';

/** A call's facts with its attempts so far and its per-attempt timeout: what its errors say. */
export interface CallSoFar extends CallFacts {
  readonly attempts: number;
  readonly timeout: number;
}

const optionsOf = ({ idempotencyKey, attempts }: CallSoFar, cause: unknown): GlmErrorOptions => ({
  cause,
  idempotencyKey,
  attempts,
});

/** The caller's signal aborted the call (`reason` is the signal's). */
export const abortError = (call: CallSoFar, reason: unknown): AbortError =>
  new AbortError(`${labelOf(call.spec)} was aborted by the caller's signal.`, optionsOf(call, reason));

/** A limit ran out with no complete answer; `what` says what happened, when not that (a retry past it). */
export const timeoutError = (
  call: CallSoFar,
  limit: { readonly scope: 'attempt' | 'deadline'; readonly ms: number },
  cause: unknown,
  what = `${labelOf(call.spec)} got no complete answer within`,
): TimeoutError =>
  new TimeoutError(
    `${what} its ${limit.ms}ms ${limit.scope === 'attempt' ? 'timeout' : 'deadline'}.`,
    limit.scope,
    limit.ms,
    optionsOf(call, cause),
  );

/**
 * What ky threw for an attempt, as the typed error: an `HTTPError` is the last answer read, ky's
 * `TimeoutError` the attempt's `timeout`, an error of this SDK passes as it is, and anything else (what
 * `fetch` threw, a header no request can carry) is a `ConnectionError`.
 */
export function attemptErrorOf(call: CallSoFar, thrown: unknown, answer: CallAnswer | undefined): GlmError {
  if (thrown instanceof HTTPError && answer !== undefined) return apiErrorOf(call, answer);
  if (thrown instanceof GlmError) return thrown;
  if (thrown instanceof KyTimeoutError)
    return timeoutError(call, { scope: 'attempt', ms: call.timeout }, thrown);
  return new ConnectionError(`${labelOf(call.spec)} could not reach the service.`, optionsOf(call, thrown));
}
