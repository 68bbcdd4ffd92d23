import type { Input, Options, RetryOptions } from 'ky';
import type { GlmError } from '../../errors/glm-error.ts';
import { ResponseValidationError } from '../../errors/response-validation-error.ts';
import type { RequestOptions } from '../../request-options.ts';
import { Answer, type RawResult } from '../answer.ts';
import { checkApiKey } from '../check-api-key.ts';
import { idempotencyKeyFor } from '../idempotency-key.ts';
import { abortError, attemptErrorOf, type CallSoFar, timeoutError } from './call-errors.ts';
import { callHooks } from './call-hooks.ts';
import { deadlineOf } from './deadline.ts';
import { readBody } from './read-body.ts';
import { labelOf, type RequestSpec } from './request-spec.ts';
import { retryVerdict } from './retry-policy.ts';
import { MAX_TIMER_MS, type Transport } from './transport.ts';

/**
 * ky's options of one call over the client's instance: its headers with its key and idempotency key, its
 * body and query, its `fetch` options and retries; a POST is retried only with a key.
 */
function kyOptionsOf(
  transport: Transport,
  spec: RequestSpec,
  options: RequestOptions,
  key: string | undefined,
) {
  const { headers, apiKey, maxRetries, fetchOptions } = options;
  const retry: RetryOptions = key === undefined ? {} : { methods: ['post'] };
  if (maxRetries !== undefined) retry.limit = maxRetries;
  const kyOptions: Options = {
    ...fetchOptions,
    method: spec.method,
    headers: {
      ...headers,
      authorization: `Bearer ${apiKey ?? transport.settings.apiKey}`,
      ...(key && { 'idempotency-key': key }),
    },
    json: spec.body,
    retry,
  };
  if (spec.query !== undefined) {
    const query = Object.entries(spec.query).filter(([, value]) => value !== undefined && value !== null);
    kyOptions.searchParams = Object.fromEntries(query) as Record<string, string | number | boolean>;
  }
  return kyOptions;
}

/**
 * Sends one call through the client's ky instance, which builds the request and runs the attempts under
 * its `timeout`, `retry` and hooks. The SDK adds, on the call's own variables, what ky has no notion of:
 * the idempotency key every attempt shares, the deadline across attempts, the body read whole within the
 * attempt (one `timeout` covers headers and body) into an {@link Answer}, the retry refusals that need
 * the body or the deadline, and the typed errors.
 */
export async function sendRequest(
  transport: Transport,
  spec: RequestSpec,
  options: RequestOptions = {},
): Promise<RawResult> {
  const { settings } = transport;
  const { signal, hooks: ownHooks, hookBodies } = options;
  const idempotencyKey = idempotencyKeyFor(spec.method, options.idempotencyKey, settings.autoIdempotencyKeys);
  if (options.apiKey !== undefined) checkApiKey(options.apiKey);
  const timeout = Math.min(options.timeout ?? settings.timeout, MAX_TIMER_MS);
  const deadlineMs = options.deadline ?? settings.deadline;
  const deadline = deadlineMs === undefined || signal?.aborted ? undefined : deadlineOf(deadlineMs, signal);
  let attempts = 0;
  let answer: Answer | undefined;
  let refusal: GlmError | undefined; // The error a retry refused for the deadline ends the call with.
  const soFar = (count = attempts): CallSoFar => ({ spec, idempotencyKey, attempts: count, timeout });
  const errorOf = (thrown: unknown, count = attempts) => attemptErrorOf(soFar(count), thrown, answer);
  const bodies = hookBodies ?? settings.hookBodies;
  const hooks = callHooks([settings.hooks, ownHooks], {
    spec,
    idempotencyKey,
    bodies,
    errorOf,
  });

  const fetch = async (input: Input, init?: RequestInit): Promise<Response> => {
    const [request, attempt] = [input as Request, ++attempts];
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
    await hooks?.answered(answer);
    return response;
  };
  const shouldRetry = async ({ error, retryCount }: { error: Error; retryCount: number }) => {
    hooks?.failed();
    if (hooks?.thrown !== undefined || signal?.aborted || deadline?.passed.aborted) return false;
    const [failure, { retry }, { maxRetryAfter }] = [errorOf(error), transport, settings];
    const verdict = retryVerdict(failure, { ...soFar(), deadline, retry, retryCount, maxRetryAfter });
    refusal = verdict.final;
    if (verdict.retry === false) return false;
    settings.logger.info(`${failure.message} Retry ${retryCount}.`, { idempotencyKey });
    return (await retry.shouldRetry?.({ error, retryCount })) ?? verdict.retry;
  };

  const kyOptions = kyOptionsOf(transport, spec, options, idempotencyKey);
  Object.assign(
    kyOptions,
    { fetch, timeout },
    hooks && { hooks: hooks.ky },
    deadline || signal ? { signal: deadline?.signal ?? signal } : {},
  );
  (kyOptions.retry as RetryOptions).shouldRetry = shouldRetry;
  let thrown: unknown;
  try {
    // A call whose signal aborted or whose deadline passed before it started is not sent at all.
    if (!signal?.aborted && !deadline?.passed.aborted) {
      await transport.ky(spec.path.slice(1), kyOptions);
      const result = (answer as Answer).asResult();
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
