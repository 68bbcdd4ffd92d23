import type { Input, Options, RetryOptions } from 'ky';
import type { GlmError } from '../../errors/glm-error.ts';
import { ResponseValidationError } from '../../errors/response-validation-error.ts';
import type { RequestOptions } from '../../request-options.ts';
import { Answer, NOT_JSON, type RawResult } from '../answer.ts';
import { checkApiKey } from '../check-api-key.ts';
import { checkIdempotencyKey, newIdempotencyKey } from '../idempotency-key.ts';
import { abortError, attemptErrorOf, type CallSoFar, timeoutError } from './call-errors.ts';
import { callHooks } from './call-hooks.ts';
import { deadlineOf } from './deadline.ts';
import { readBody } from './read-body.ts';
import { labelOf, type RequestSpec } from './request-spec.ts';
import { retryVerdict } from './retry-decision.ts';
import { longestBackoff } from './retry-policy.ts';
import { MAX_TIMER_MS, type Transport, type TransportSettings } from './transport.ts';

/** The call's idempotency key: the caller's (checked), else a generated one for a POST; none otherwise. */
function idempotencyKeyOf(settings: TransportSettings, spec: RequestSpec, options: RequestOptions) {
  if (spec.method !== 'POST') return undefined;
  if (options.idempotencyKey !== undefined) return checkIdempotencyKey(options.idempotencyKey);
  return settings.autoIdempotencyKeys ? newIdempotencyKey() : undefined;
}

/**
 * ky's options of one call, over the client's instance: only those the call has (ky copies its options
 * several times per call). Its own headers, key and idempotency key; a POST is retried only with a key.
 */
function kyOptionsOf(
  transport: Transport,
  spec: RequestSpec,
  options: RequestOptions,
  key: string | undefined,
) {
  const { headers, apiKey, maxRetries, timeout, fetchOptions } = options;
  const kyOptions: Options = { ...fetchOptions, method: spec.method };
  if (headers !== undefined || apiKey !== undefined || key !== undefined) {
    const authorization = `Bearer ${apiKey ?? transport.settings.apiKey}`;
    kyOptions.headers = {
      ...headers,
      authorization,
      ...(key === undefined ? {} : { 'idempotency-key': key }),
    };
  }
  if (spec.body !== undefined) kyOptions.json = spec.body;
  if (spec.query !== undefined) {
    const query = Object.entries(spec.query).filter(([, value]) => value !== undefined && value !== null);
    kyOptions.searchParams = Object.fromEntries(query) as Record<string, string | number | boolean>;
  }
  if (timeout !== undefined) kyOptions.timeout = Math.min(timeout, MAX_TIMER_MS);
  kyOptions.retry = {
    ...(maxRetries === undefined ? {} : { limit: maxRetries }),
    ...(key === undefined ? {} : { methods: ['post'] }),
  };
  return kyOptions;
}

/**
 * Sends one call through the client's ky instance, which builds the request and runs the attempts under
 * its `timeout`, `retry` and hooks. The SDK adds, on this call's own variables, what ky has no notion
 * of: the idempotency key every attempt shares, the deadline across attempts, the body read whole within
 * the attempt (so one `timeout` covers headers and body) into an {@link Answer}, the retry decisions that
 * need the body or the deadline, and the typed errors.
 */
export async function sendRequest(
  transport: Transport,
  spec: RequestSpec,
  options: RequestOptions = {},
): Promise<RawResult> {
  const { settings } = transport;
  const idempotencyKey = idempotencyKeyOf(settings, spec, options);
  if (options.apiKey !== undefined) checkApiKey(options.apiKey);
  const { signal } = options;
  const timeout = Math.min(options.timeout ?? settings.timeout, MAX_TIMER_MS);
  const deadlineMs = options.deadline ?? settings.deadline;
  const deadline = deadlineMs === undefined || signal?.aborted ? undefined : deadlineOf(deadlineMs, signal);
  let attempts = 0;
  let answer: Answer | undefined;
  // The error the retry decision chose to end the call with (a retry that would pass the deadline).
  let refusal: GlmError | undefined;
  const soFar = (count = attempts): CallSoFar => ({ spec, idempotencyKey, attempts: count, timeout });
  const errorOf = (thrown: unknown, count = attempts) => attemptErrorOf(soFar(count), thrown, answer);
  const bodies = options.hookBodies ?? settings.hookBodies ?? false;
  const hooks = callHooks([settings.hooks, options.hooks], {
    spec,
    idempotencyKey,
    bodies,
    answer: () => answer,
    errorOf,
  });

  const fetch = async (input: Input, init?: RequestInit): Promise<Response> => {
    const attempt = ++attempts;
    const request = input as Request;
    if (settings.logDebug) {
      const details = { url: request.url, headers: Object.fromEntries(request.headers), body: spec.body };
      settings.logger.debug(`${labelOf(spec)} attempt ${attempt}`, details);
    }
    const response = await (settings.fetch ?? globalThis.fetch)(request, init);
    answer = new Answer(
      { spec, idempotencyKey },
      response,
      await readBody(response, request.signal),
      attempt,
    );
    // ky hands its `afterResponse` hooks a clone, and only an unread response can be cloned.
    return hooks === undefined ? response : answer.response;
  };
  const shouldRetry = async ({ error, retryCount }: { error: Error; retryCount: number }) => {
    hooks?.failed();
    if (hooks?.thrown !== undefined || signal?.aborted || deadline?.passed.aborted) return false;
    const failure = errorOf(error);
    const { retry } = transport;
    const backoff = longestBackoff(retry, retryCount);
    const { maxRetryAfter } = settings;
    const verdict = retryVerdict(failure, {
      ...soFar(),
      deadline,
      backoff,
      maxRetryAfter,
      statusCodes: retry.statusCodes ?? [],
    });
    refusal = verdict.final;
    if (verdict.retry === false) return false;
    settings.logger.info(`${failure.message} Retry ${retryCount}.`, { idempotencyKey });
    return (await retry.shouldRetry?.({ error, retryCount })) ?? verdict.retry;
  };

  const kyOptions = kyOptionsOf(transport, spec, options, idempotencyKey);
  kyOptions.fetch = fetch;
  (kyOptions.retry as RetryOptions).shouldRetry = shouldRetry;
  if (hooks !== undefined) kyOptions.hooks = hooks.ky;
  const callSignal = deadline?.signal ?? signal;
  if (callSignal !== undefined) kyOptions.signal = callSignal;
  let thrown: unknown;
  try {
    // A call whose signal aborted or whose deadline passed before it started is not sent at all.
    if (!signal?.aborted && !deadline?.passed.aborted) {
      await transport.ky(spec.path.slice(1), kyOptions);
      return resultOf(answer as Answer, settings);
    }
  } catch (caught) {
    if (hooks?.thrown !== undefined) throw hooks.thrown.value;
    if (caught instanceof ResponseValidationError) throw caught;
    thrown = caught;
  } finally {
    deadline?.cancel();
  }
  const deadlineError = () => timeoutError(soFar(), { scope: 'deadline', ms: deadlineMs as number }, thrown);
  const error =
    refusal ??
    (signal?.aborted
      ? abortError(soFar(), signal.reason)
      : deadline?.passed.aborted
        ? deadlineError()
        : errorOf(thrown));
  if (settings.logDebug) {
    settings.logger.debug(`${labelOf(spec)} failed after ${attempts} attempt(s)`, { error: error.message });
  }
  await hooks?.onError(error, attempts);
  throw error;
}

/** The call's result: its last answer, whose 2xx body must be JSON (or empty), else a contract break. */
function resultOf(answer: Answer, settings: TransportSettings): RawResult {
  const { status } = answer.received;
  const { requestId, idempotencyKey, attempt } = answer;
  if (answer.body === NOT_JSON) {
    throw new ResponseValidationError(
      `${labelOf(answer.spec)} answered ${status} with a body that is not JSON.`,
      { issues: [], body: answer.text, requestId },
      { idempotencyKey, attempts: attempt },
    );
  }
  if (settings.logDebug) {
    settings.logger.debug(`${labelOf(answer.spec)} answered ${status}`, { attempts: attempt, requestId });
  }
  return answer;
}
