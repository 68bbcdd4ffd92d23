import ky, { type Options, type RetryOptions } from 'ky';
import type { GlmError } from '../../errors/glm-error.ts';
import { ResponseValidationError } from '../../errors/response-validation-error.ts';
import type { RequestOptions } from '../../request-options.ts';
import { checkApiKey } from '../check-api-key.ts';
import { checkIdempotencyKey, newIdempotencyKey } from '../idempotency-key.ts';
import { type Answer, NOT_JSON, type RawResult } from './answer.ts';
import { attemptFailureOf } from './attempt-failure.ts';
import { attemptFetchOf } from './attempt-fetch.ts';
import { type Call, errorOptions, now } from './call.ts';
import { abortError, timeoutError } from './call-errors.ts';
import { headersFor } from './call-headers.ts';
import { hasHooks, nextCallId, runOnError } from './call-hooks.ts';
import { urlOf } from './call-url.ts';
import { deadlineOf } from './deadline.ts';
import { labelOf, type RequestSpec } from './request-spec.ts';
import { shouldRetry } from './retry-decision.ts';
import type { TransportConfig } from './transport-config.ts';

// ky refuses a `timeout` above what `setTimeout` can hold.
const MAX_TIMER_MS = 2_147_483_647;

// The methods ky may retry: its default (the idempotent ones), and a POST when it carries an idempotency
// key (without one, an attempt that looked failed but landed would be applied twice).
const RETRY_METHODS_WITH_POST: NonNullable<RetryOptions['methods']> = ['get', 'put', 'delete', 'post'];

/** The record of a call whose options were accepted, before its first attempt. */
function planCall(config: TransportConfig, spec: RequestSpec, options: RequestOptions): Call {
  const { signal } = options;
  // The caller's key (checked), else a generated one for a POST; none for other methods.
  const idempotencyKey =
    spec.method !== 'POST'
      ? undefined
      : options.idempotencyKey !== undefined
        ? checkIdempotencyKey(options.idempotencyKey)
        : config.autoIdempotencyKeys
          ? newIdempotencyKey()
          : undefined;
  if (options.apiKey !== undefined) checkApiKey(options.apiKey);
  const deadlineMs = options.deadline ?? config.deadline;
  const hooked = hasHooks(config.hooks) || hasHooks(options.hooks);
  return {
    config,
    spec,
    signal,
    idempotencyKey,
    headers: headersFor(config, options.headers, options.apiKey, idempotencyKey),
    maxRetries: options.maxRetries ?? config.maxRetries,
    timeout: Math.min(options.timeout ?? config.timeout, MAX_TIMER_MS),
    deadline: deadlineMs === undefined || signal?.aborted ? undefined : deadlineOf(deadlineMs, signal),
    hooks: options.hooks,
    hooked,
    id: hooked ? nextCallId() : '',
    startedAt: hooked ? now() : 0,
    attempts: 0,
    attemptStartedAt: 0,
    attemptMs: 0,
    wait: 0,
  };
}

/**
 * ky's options for a call: its attempts, their limit and methods, and the retry decision. The headers
 * are not among them: the attempt's fetch sets them on the request ky built (see {@link attemptFetchOf}).
 */
function kyOptionsOf(call: Call): Options {
  const { spec, maxRetries } = call;
  const options: Options = {
    method: spec.method,
    timeout: call.timeout,
    // A call with no retry gives ky a limit of 0, which ky never asks `shouldRetry` past: ky normalizes
    // a retry object that has a `shouldRetry` on every call, which costs about 3 µs (0.1 µs for a number).
    retry: maxRetries,
    fetch: attemptFetchOf(call),
  };
  if (maxRetries > 0) {
    const retry: RetryOptions = {
      limit: maxRetries,
      shouldRetry: ({ error, retryCount }) => shouldRetry(call, error, retryCount),
      // The wait `shouldRetry` chose; ky adds no jitter to it and caps it at nothing.
      delay: () => call.wait,
    };
    // ky lower-cases `methods` on every call, so the list is passed only when ky's default will not do:
    // a call with an idempotency key is a POST.
    if (call.idempotencyKey !== undefined) retry.methods = RETRY_METHODS_WITH_POST;
    options.retry = retry;
  }
  // Only the options a call has: ky copies its options key by key, several times, on every call.
  const signal = call.deadline?.signal ?? call.signal;
  if (signal !== undefined) options.signal = signal;
  if (spec.body !== undefined) options.json = spec.body;
  return options;
}

/** The error a failed call rejects with, from what ky threw and what the call recorded on the way. */
function finalErrorOf(call: Call, thrown: unknown): GlmError {
  const { deadline } = call;
  if (thrown instanceof ResponseValidationError) return thrown;
  return (
    call.final ??
    (call.signal?.aborted
      ? abortError(call)
      : deadline?.passed.aborted
        ? timeoutError(call, 'deadline', deadline.ms, thrown)
        : attemptFailureOf(call, thrown).error)
  );
}

/** The call's result: its last answer, whose 2xx body must be JSON (or empty), else a contract break. */
function resultOf(call: Call): RawResult {
  const answer = call.answer as Answer;
  const { spec } = call;
  const { status } = answer.received;
  if (answer.body === NOT_JSON) {
    throw new ResponseValidationError(
      `${labelOf(spec)} answered ${status} with a body that is not JSON.`,
      { issues: [], body: answer.text, requestId: answer.requestId },
      errorOptions(call),
    );
  }
  if (call.config.logDebug) {
    call.config.logger.debug(`${labelOf(spec)} answered ${status}`, {
      attempts: call.attempts,
      requestId: answer.requestId,
    });
  }
  return answer;
}

/**
 * Sends one call through ky: ky builds the request and runs the attempts (its `retry`: `limit`,
 * `methods`, the sleep between attempts, which the caller's signal cuts short) under its per-attempt
 * `timeout`, each through the attempt's fetch ({@link attemptFetchOf}, which also runs the attempt's
 * hooks). On top, this module keeps what ky cannot know: the idempotency key shared by every attempt,
 * the whole call's deadline, which failures are worth another attempt and how long to wait
 * (`shouldRetry`), and the typed errors.
 */
export async function sendRequest(
  config: TransportConfig,
  spec: RequestSpec,
  options: RequestOptions = {},
): Promise<RawResult> {
  const call = planCall(config, spec, options);
  const { deadline } = call;
  let thrown: unknown;
  try {
    // A call whose signal aborted or whose deadline passed before it started is not sent at all.
    if (!call.signal?.aborted && !deadline?.passed.aborted) {
      await ky(urlOf(config.baseUrl, spec), kyOptionsOf(call));
      return resultOf(call);
    }
  } catch (caught) {
    if (call.hookFailure !== undefined) throw call.hookFailure.thrown;
    thrown = caught;
  } finally {
    deadline?.cancel();
  }
  const error = finalErrorOf(call, thrown);
  if (config.logDebug) {
    config.logger.debug(`${labelOf(spec)} failed after ${call.attempts} attempt(s)`, {
      error: error.message,
    });
  }
  if (call.hooked) await runOnError(call, error);
  throw error;
}
