import type { Input, Options, RetryOptions } from 'ky';
import { APIError } from '../../errors/api-error.ts';
import type { GlmError } from '../../errors/glm-error.ts';
import { ResponseValidationError } from '../../errors/response-validation-error.ts';
import type { RequestOptions } from '../../request-options.ts';
import { CallAnswer, type RawResult } from '../call-answer.ts';
import { checkApiKey } from '../check-api-key.ts';
import { idempotencyKeyFor } from '../idempotency-key.ts';
import { labelOf, type RequestSpec } from '../request-spec.ts';
import { abortError, attemptErrorOf, type CallSoFar, timeoutError } from './call-errors.ts';
import { callHooks } from './call-hooks.ts';
import { deadlineOf } from './deadline.ts';
import { readBody } from './read-body.ts';
import { isRetryable, longestBackoff } from './retry-policy.ts';
import { MAX_TIMER_MS, type Transport } from './transport.ts';

/** The query without its `null` and `undefined` values (ky leaves out only `undefined`). */
const queryOf = (query: RequestSpec['query']) =>
  query &&
  (Object.fromEntries(Object.entries(query).filter(([, value]) => value != null)) as Record<string, string>);

/**
 * The headers a call sets itself: none unless its options carry headers or a key, or it has an idempotency
 * key (the instance's `beforeRequest` sets the client's). Its own headers never replace the key.
 */
function ownHeaders(options: RequestOptions, clientKey: string, idempotencyKey: string | undefined) {
  const { headers, apiKey } = options;
  if (headers === undefined && apiKey === undefined && idempotencyKey === undefined) return undefined;
  const key = idempotencyKey === undefined ? {} : { 'idempotency-key': idempotencyKey };
  return { ...headers, authorization: `Bearer ${apiKey ?? clientKey}`, ...key };
}

/**
 * Sends one call through the client's ky instance, which builds the request and runs the attempts under
 * its `timeout`, `retry` and hooks. The SDK adds, on the call's own variables, what ky has no notion of:
 * the idempotency key every attempt shares, the deadline across attempts, the body read whole within the
 * attempt (one `timeout` covers headers and body) into a {@link CallAnswer}, the retry refusals that need
 * the body or the deadline, and the typed errors. ky is handed only the options the call has.
 */
export async function sendRequest(
  transport: Transport,
  spec: RequestSpec,
  options: RequestOptions = {},
): Promise<RawResult> {
  const { settings } = transport;
  const { signal, maxRetries } = options;
  const idempotencyKey = idempotencyKeyFor(spec.method, options.idempotencyKey, settings.autoIdempotencyKeys);
  if (options.apiKey !== undefined) checkApiKey(options.apiKey);
  const timeout = Math.min(options.timeout ?? settings.timeout, MAX_TIMER_MS);
  const deadlineMs = options.deadline ?? settings.deadline;
  const deadline = deadlineMs === undefined || signal?.aborted ? undefined : deadlineOf(deadlineMs, signal);
  let attempts = 0;
  let answer: CallAnswer | undefined;
  let refusal: GlmError | undefined; // The error a retry refused for the deadline ends the call with.
  const soFar = (): CallSoFar => ({ spec, idempotencyKey, attempts, timeout });
  const errorOf = (thrown: unknown) => attemptErrorOf(soFar(), thrown, answer);
  const bodies = options.hookBodies ?? settings.hookBodies;
  const hooks = callHooks([settings.hooks, options.hooks], { spec, idempotencyKey, bodies, errorOf });
  const { retry } = transport;
  const limit = maxRetries ?? retry.limit;
  // A POST is retried only with a key.
  const methods = idempotencyKey === undefined ? retry.methods : ['post'];

  const fetch = async (input: Input, init?: RequestInit): Promise<Response> => {
    const request = input as Request;
    const attempt = ++attempts;
    if (settings.logDebug) {
      const details = { url: request.url, headers: Object.fromEntries(request.headers), body: spec.body };
      settings.logger.debug(`${labelOf(spec)} attempt ${attempt}`, details);
    }
    const response = await (settings.fetch ?? globalThis.fetch)(request, init);
    const bytes = await readBody(response, request.signal);
    answer = new CallAnswer({ spec, idempotencyKey }, response, bytes, attempt);
    await hooks?.answered(answer);
    return response;
  };
  // ky asks this before each retry it would make. It refuses what needs the body or the deadline: a hook
  // that threw, an abort, a status the service answers the same way again, a wait asked beyond
  // `maxRetryAfter`, or one that would end past the deadline (never an early retry: the call then ends
  // with the answer's error, or a deadline `TimeoutError`). Else ky chooses the wait: the server's when it
  // asked one (`undefined`), the backoff otherwise (`true`: ky would read a rate-limit reset on a 5xx).
  const shouldRetry = async ({ error, retryCount }: { error: Error; retryCount: number }) => {
    hooks?.failed();
    if (hooks?.thrown !== undefined || signal?.aborted || deadline?.passed.aborted) return false;
    const failure = errorOf(error);
    const answered = failure instanceof APIError ? failure : undefined;
    if (answered !== undefined && !isRetryable(answered, retry)) return false;
    const hint = answered?.retryAfterMs;
    if (hint !== undefined && hint > settings.maxRetryAfter) return false;
    const wait = hint ?? longestBackoff(retry, retryCount);
    if (deadline !== undefined && Date.now() + wait >= deadline.at) {
      const what = `${failure.message} A retry in ${Math.round(wait)}ms would pass`;
      refusal = answered ?? timeoutError(soFar(), { scope: 'deadline', ms: deadline.ms }, failure, what);
      return false;
    }
    settings.logger.info(`${failure.message} Retry ${retryCount}.`, { idempotencyKey });
    return (await retry.shouldRetry?.({ error, retryCount })) ?? (hint === undefined ? true : undefined);
  };

  const kyOptions: Options = {
    ...options.fetchOptions,
    method: spec.method,
    timeout,
    fetch,
    // 0 when the call may not retry: ky would copy and normalize a policy object on every call.
    retry: limit === 0 ? 0 : ({ ...retry, limit, methods, shouldRetry } as RetryOptions),
  };
  // ky is handed only the options the call has: its merge copies the options object once per key given.
  const query = queryOf(spec.query);
  const callSignal = deadline?.signal ?? signal;
  if (spec.body !== undefined) kyOptions.json = spec.body;
  if (query !== undefined) kyOptions.searchParams = query;
  if (callSignal !== undefined) kyOptions.signal = callSignal;
  const headers = ownHeaders(options, settings.apiKey, idempotencyKey);
  if (headers !== undefined) kyOptions.headers = headers;
  if (hooks !== undefined) kyOptions.hooks = hooks.ky;
  let thrown: unknown;
  try {
    // A call whose signal aborted or whose deadline passed before it started is not sent at all.
    if (!signal?.aborted && !deadline?.passed.aborted) {
      await transport.ky(spec.path.slice(1), kyOptions);
      const result = (answer as CallAnswer).asResult();
      if (settings.logDebug) settings.logger.debug(`${labelOf(spec)} answered`, { ...result.meta });
      return result;
    }
  } catch (caught) {
    if (hooks?.thrown !== undefined) throw hooks.thrown.value;
    if (caught instanceof ResponseValidationError) throw caught;
    thrown = caught;
  } finally {
    deadline?.cancel();
  }
  const error =
    refusal ??
    (signal?.aborted
      ? abortError(soFar(), signal.reason)
      : deadline?.passed.aborted
        ? timeoutError(soFar(), { scope: 'deadline', ms: deadline.ms }, thrown)
        : errorOf(thrown));
  if (settings.logDebug)
    settings.logger.debug(`${labelOf(spec)} failed after ${attempts} attempt(s)`, { error });
  await hooks?.onError(error, attempts);
  throw error;
}
