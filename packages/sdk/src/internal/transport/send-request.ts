import ky, { type Options, type RetryOptions } from 'ky';
import { AbortError } from '../../errors/abort-error.ts';
import type { GlmError } from '../../errors/glm-error.ts';
import { ResponseValidationError } from '../../errors/response-validation-error.ts';
import { TimeoutError } from '../../errors/timeout-error.ts';
import type { RequestOptions } from '../../request-options.ts';
import { checkApiKey } from '../check-api-key.ts';
import { checkIdempotencyKey, newIdempotencyKey } from '../idempotency-key.ts';
import { Answer, type RawResult } from './answer.ts';
import { jsonOf } from './attempt-answer.ts';
import { attemptFailureOf } from './attempt-failure.ts';
import { answerOf, attemptFetchOf } from './attempt-fetch.ts';
import type { Call } from './call.ts';
import { now } from './call.ts';
import { headersFor } from './call-headers.ts';
import { callHooksOf, kyHooksOf, nextCallId, runOnError } from './call-hooks.ts';
import { urlOf } from './call-url.ts';
import { Deadline } from './deadline.ts';
import { labelOf, type RequestSpec } from './request-spec.ts';
import { shouldRetry } from './retry-decision.ts';
import type { TransportConfig } from './transport-config.ts';

// ky refuses a `timeout` above what `setTimeout` can hold.
const MAX_TIMER_MS = 2_147_483_647;

// The methods ky may retry: its default (the idempotent ones), and a POST when it carries an idempotency
// key (without one, an attempt that looked failed but landed would be applied twice).
const RETRY_METHODS_WITH_POST: NonNullable<RetryOptions['methods']> = ['get', 'put', 'delete', 'post'];

function abortError(call: Call): AbortError {
  return new AbortError(`${labelOf(call.spec)} was aborted by the caller's signal.`, {
    cause: call.signal?.reason,
    idempotencyKey: call.idempotencyKey,
    attempts: call.attempts,
  });
}

function deadlineError(call: Call, deadlineMs: number, cause: unknown): TimeoutError {
  return new TimeoutError(
    `${labelOf(call.spec)} got no complete answer within its ${deadlineMs}ms deadline.`,
    'deadline',
    deadlineMs,
    {
      cause,
      idempotencyKey: call.idempotencyKey,
      attempts: call.attempts,
    },
  );
}

/** The error a failed call rejects with, from what ky threw and what the call recorded on the way. */
function finalErrorOf(call: Call, thrown: unknown): GlmError {
  if (call.final !== undefined) return call.final;
  if (call.signal?.aborted === true) return abortError(call);
  const { deadline } = call;
  if (deadline?.passed === true) return deadlineError(call, deadline.ms, thrown);
  // The failure the retry decision already read, unless a later attempt threw the same object again.
  const { lastError } = call;
  if (thrown === call.lastThrown && lastError !== undefined && lastError.attempts === call.attempts) {
    return lastError;
  }
  return attemptFailureOf(call, thrown).error;
}

/** The idempotency key of a call: the caller's (checked), else a generated one for a POST, else none. */
function idempotencyKeyOf(
  config: TransportConfig,
  spec: RequestSpec,
  options: RequestOptions,
): string | undefined {
  if (spec.method !== 'POST') return undefined;
  if (options.idempotencyKey !== undefined) return checkIdempotencyKey(options.idempotencyKey);
  return config.autoIdempotencyKeys ? newIdempotencyKey() : undefined;
}

/** The record of a call whose options were accepted, before its first attempt. */
function planCall(config: TransportConfig, spec: RequestSpec, options: RequestOptions): Call {
  const idempotencyKey = idempotencyKeyOf(config, spec, options);
  if (options.apiKey !== undefined) checkApiKey(options.apiKey);
  const deadlineMs = options.deadline ?? config.deadline;
  const { url, query } = urlOf(config.baseUrl, spec);
  const hooks = callHooksOf(config.hooks, options.hooks);
  return {
    config,
    spec,
    url,
    query,
    headers: headersFor(config, options.headers, options.apiKey, idempotencyKey),
    signal: options.signal,
    idempotencyKey,
    maxRetries: options.maxRetries ?? config.maxRetries,
    timeout: Math.min(options.timeout ?? config.timeout, MAX_TIMER_MS),
    deadline:
      deadlineMs === undefined || options.signal?.aborted === true
        ? undefined
        : new Deadline(deadlineMs, options.signal),
    hooks,
    id: hooks === undefined ? '' : nextCallId(),
    startedAt: hooks === undefined ? 0 : now(),
    attempts: 0,
    attemptStartedAt: 0,
    answer: undefined,
    attemptMs: 0,
    lastThrown: undefined,
    lastError: undefined,
    wait: 0,
    final: undefined,
    hookFailure: undefined,
  };
}

/** ky's options for a call: its attempts, their limit and methods, the retry decision and the hooks. */
function kyOptionsOf(call: Call): Options {
  const retry: RetryOptions = {
    limit: call.maxRetries,
    shouldRetry: ({ error, retryCount }) => shouldRetry(call, error, retryCount),
    // The wait `shouldRetry` chose; ky adds no jitter to it and caps it at nothing.
    delay: () => call.wait,
  };
  // ky lower-cases `methods` on every call, so the list is passed only when ky's default will not do.
  if (call.spec.method === 'POST' && call.idempotencyKey !== undefined)
    retry.methods = RETRY_METHODS_WITH_POST;
  const options: Options = {
    method: call.spec.method,
    headers: call.headers,
    timeout: call.timeout,
    retry,
    fetch: attemptFetchOf(call),
  };
  const signal = call.deadline?.signal ?? call.signal;
  if (signal !== undefined) options.signal = signal;
  if (call.spec.body !== undefined) options.json = call.spec.body;
  if (call.hooks !== undefined) options.hooks = kyHooksOf(call, call.hooks);
  return options;
}

/** Turns a successful attempt's answer into the call's result; a 2xx body that is not JSON is a contract break. */
function resultOf(call: Call, response: Response): RawResult {
  const answer = answerOf(call, response);
  // Every response ky returns was handed to it by the call's own fetch, which recorded it.
  if (answer === undefined) throw new TypeError('ky returned a response the SDK did not fetch.');
  const { text, parsed } = jsonOf(answer);
  const { spec, idempotencyKey, attempts } = call;
  if (!parsed.ok) {
    throw new ResponseValidationError(
      `${labelOf(spec)} answered ${response.status} with a body that is not JSON.`,
      { issues: [], body: text, requestId: response.headers.get('x-request-id') ?? undefined },
      { idempotencyKey, attempts },
    );
  }
  const result = new Answer(answer.response, answer.bytes, parsed.value, spec, idempotencyKey, attempts);
  if (call.config.logDebug) {
    call.config.logger.debug(`${labelOf(spec)} answered ${response.status}`, {
      attempts,
      requestId: result.meta.requestId,
    });
  }
  return result;
}

/**
 * Sends one call through ky: ky builds the request, runs the attempts (its `retry`: `limit`, `methods`,
 * the sleep between attempts, which the caller's signal cuts short) under its per-attempt `timeout`, and
 * calls the hooks. On top, this module keeps what ky cannot know: the idempotency key shared by every
 * attempt, the whole call's deadline, which failures are worth another attempt and how long to wait
 * (`shouldRetry`), and the typed errors.
 */
export async function sendRequest(
  config: TransportConfig,
  spec: RequestSpec,
  options: RequestOptions = {},
): Promise<RawResult> {
  const call = planCall(config, spec, options);
  const { deadline } = call;
  let error: GlmError;
  try {
    if (call.signal?.aborted === true) error = abortError(call);
    else if (deadline !== undefined && deadline.ms <= 0) error = deadlineError(call, deadline.ms, undefined);
    else return resultOf(call, await ky(call.url, kyOptionsOf(call)));
  } catch (thrown) {
    if (call.hookFailure !== undefined) throw call.hookFailure.thrown;
    error = thrown instanceof ResponseValidationError ? thrown : finalErrorOf(call, thrown);
  } finally {
    deadline?.cancel();
  }
  if (config.logDebug) {
    config.logger.debug(`${labelOf(spec)} failed after ${call.attempts} attempt(s)`, {
      error: error.message,
    });
  }
  if (call.hooks !== undefined && call.hooks.onError.length > 0) await runOnError(call, call.hooks, error);
  throw error;
}
