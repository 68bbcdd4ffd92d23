import { rawResponse } from './answer.ts';
import type { AttemptAnswer } from './attempt-answer.ts';
import { type Call, now } from './call.ts';
import { readBody } from './read-body.ts';
import { labelOf } from './request-spec.ts';

/** The header that numbers a retry: absent on a call's first attempt, `1` on the first retry, and so on. */
const RETRY_COUNT_HEADER = 'x-glm-retry-count';

/** The answer behind a response the call's attempts handed to ky: the last attempt's. */
export function answerOf(call: Call, response: Response): AttemptAnswer | undefined {
  const { answer } = call;
  return answer !== undefined && answer.handed === response ? answer : undefined;
}

/**
 * The `fetch` ky is given for one call. Each attempt is counted and, from the second, marked with
 * {@link RETRY_COUNT_HEADER}; its whole body is read here, inside ky's `timeout` (which races this
 * function), so one limit covers the headers and the body, and a stalled body is retried like slow
 * headers. The answer is kept on the call (not in a map keyed by the response: a `WeakMap` entry per
 * call made the garbage collector's work per call a third larger). ky then sees a response whose body is
 * already read: nothing in ky reads it, except the clone it hands each `afterResponse` hook, so when the
 * call has those hooks ky is given a copy built from the bytes instead.
 */
export function attemptFetchOf(
  call: Call,
): (input: RequestInfo | URL, init?: RequestInit) => Promise<Response> {
  return async (input, init) => {
    const request = input as Request;
    const attempt = ++call.attempts;
    if (attempt > 1) request.headers.set(RETRY_COUNT_HEADER, String(attempt - 1));
    const { config } = call;
    if (config.logDebug) {
      config.logger.debug(`${labelOf(call.spec)} attempt ${attempt}`, {
        url: call.url,
        headers: Object.fromEntries(request.headers),
        query: call.query ?? {},
        body: call.spec.body,
      });
    }
    // Durations are for hooks only: a call without them reads no clock.
    const timed = call.hooks !== undefined;
    if (timed) call.attemptStartedAt = now();
    const response = await (config.fetch ?? globalThis.fetch)(request, init);
    const bytes = await readBody(response, request.signal);
    if (timed) call.attemptMs = now() - call.attemptStartedAt;
    const handed = (call.hooks?.afterResponse.length ?? 0) > 0 ? rawResponse(response, bytes) : response;
    // An attempt ky already gave up on (its timeout) may still finish reading: it is not the call's answer.
    if (call.attempts === attempt) call.answer = { response, handed, bytes, json: undefined };
    return handed;
  };
}
