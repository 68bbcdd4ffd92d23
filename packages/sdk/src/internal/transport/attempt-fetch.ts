import { Answer } from './answer.ts';
import { type Call, now } from './call.ts';
import { connectionError } from './call-errors.ts';
import { runAfterResponse, runBeforeAttempt } from './call-hooks.ts';
import { readBody } from './read-body.ts';
import { labelOf } from './request-spec.ts';

/**
 * The `fetch` ky is given for one call: ky calls it for each attempt, inside its `timeout`, which races it.
 * It sets the call's headers on the request ky built, once per attempt: ky is given none, since it would
 * validate and copy each of them at its option merge, its own merge, the `Request` and its clone (about
 * 60 k instructions of a call's 990 k with the client's four headers). Each attempt is counted and, from the second, marked with
 * `x-glm-retry-count` (`1` on the first retry; absent on the first attempt). Its whole body is read here, so one limit covers the headers and the
 * body, and a stalled body is retried like slow headers. The answer is kept on the call (not in a map
 * keyed by the response: a `WeakMap` entry per call made the garbage collector's work per call a third
 * larger); ky then sees a response whose body is already read, and reads nothing more.
 *
 * The attempt's hooks run here too (`beforeRetry`, `beforeRequest`, then `afterResponse` once the body is
 * read), not as ky's hooks: ky hands each of its `afterResponse` hooks a clone of the response (a stream
 * tee) when the SDK already holds the bytes, and copies its options for every call that has hooks. So a
 * hook's time counts toward the attempt's `timeout`.
 */
export function attemptFetchOf(
  call: Call,
): (input: RequestInfo | URL, init?: RequestInit) => Promise<Response> {
  return async (input, init) => {
    const request = input as Request;
    const { config, hooked, headers } = call;
    try {
      for (const name in headers) request.headers.set(name, headers[name] as string);
    } catch (thrown) {
      // A header no request can carry (as ky's own merge would have refused it): no attempt is sent.
      throw connectionError(call, thrown);
    }
    const attempt = ++call.attempts;
    if (attempt > 1) request.headers.set('x-glm-retry-count', String(attempt - 1));
    if (hooked) await runBeforeAttempt(call, attempt);
    if (config.logDebug) {
      config.logger.debug(`${labelOf(call.spec)} attempt ${attempt}`, {
        url: request.url,
        headers: Object.fromEntries(request.headers),
        body: call.spec.body,
      });
    }
    // Durations are for hooks only: a call without them reads no clock.
    if (hooked) call.attemptStartedAt = now();
    const response = await (config.fetch ?? globalThis.fetch)(request, init);
    const bytes = await readBody(response, request.signal);
    // An attempt ky already gave up on (its timeout) may still finish reading: it is not the call's answer.
    if (call.attempts === attempt) {
      const answer = new Answer(call.spec, call.idempotencyKey, attempt, response, bytes);
      call.answer = answer;
      if (hooked) {
        call.attemptMs = now() - call.attemptStartedAt;
        await runAfterResponse(call, answer);
      }
    }
    return response;
  };
}
