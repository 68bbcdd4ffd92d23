import { AbortError } from '../../errors/abort-error.ts';
import { ConnectionError } from '../../errors/connection-error.ts';
import { TimeoutError } from '../../errors/timeout-error.ts';
import { type Call, errorOptions } from './call.ts';
import { labelOf } from './request-spec.ts';

/** The caller's signal aborted the call (`cause` is its reason). */
export const abortError = (call: Call): AbortError =>
  new AbortError(
    `${labelOf(call.spec)} was aborted by the caller's signal.`,
    errorOptions(call, call.signal?.reason),
  );

/**
 * A time limit ran out with no complete answer: one attempt's `timeout`, or the whole call's deadline.
 * `what` says what happened, when it is not that the limit passed (a retry that would end past it).
 */
export const timeoutError = (
  call: Call,
  scope: 'attempt' | 'deadline',
  ms: number,
  cause: unknown,
  what = `${labelOf(call.spec)} got no complete answer within`,
): TimeoutError =>
  new TimeoutError(
    `${what} its ${ms}ms ${scope === 'attempt' ? 'timeout' : 'deadline'}.`,
    scope,
    ms,
    errorOptions(call, cause),
  );

/** `fetch` threw: no HTTP answer at all. */
export const connectionError = (call: Call, cause: unknown): ConnectionError =>
  new ConnectionError(`${labelOf(call.spec)} could not reach the service.`, errorOptions(call, cause));
