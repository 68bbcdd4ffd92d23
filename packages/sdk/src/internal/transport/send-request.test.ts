import fc from 'fast-check';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { AbortError } from '../../errors/abort-error.ts';
import { APIError } from '../../errors/api-error.ts';
import { ConnectionError } from '../../errors/connection-error.ts';
import { GlmError } from '../../errors/glm-error.ts';
import { InternalServerError } from '../../errors/internal-server-error.ts';
import { RateLimitError } from '../../errors/rate-limit-error.ts';
import { ResponseValidationError } from '../../errors/response-validation-error.ts';
import { TimeoutError } from '../../errors/timeout-error.ts';
import { errorAnswer, json, scriptedFetch, TEST_KEY, testConfig } from '../../test-support/scripted-fetch.ts';
import { sendRequest } from './send-request.ts';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

/** Captures a settled promise's outcome, so fake time can run while it is pending. */
function settle<T>(promise: Promise<T>): { readonly outcome: { value?: T; error?: unknown; done: boolean } } {
  const outcome: { value?: T; error?: unknown; done: boolean } = { done: false };
  promise.then(
    (value) => Object.assign(outcome, { value, done: true }),
    (error: unknown) => Object.assign(outcome, { error, done: true }),
  );
  return { outcome };
}

test('a GET sends the bearer key and the query without empty values, and answers the body with its meta', async () => {
  const { fetch, seen } = scriptedFetch([
    json(
      200,
      { id: 1 },
      { 'x-ratelimit-limit': '100', 'x-ratelimit-remaining': '99', 'x-ratelimit-reset': '1700000000' },
    ),
  ]);
  const result = await sendRequest(testConfig(fetch), {
    method: 'GET',
    path: '/api/v2/products',
    query: { limit: 5, status: undefined, hsa_fsa_eligible: false, starting_after: null },
  });
  expect(result.body).toEqual({ id: 1 });
  expect(result.meta).toMatchObject({
    requestId: 'req_200',
    attempts: 1,
    idempotencyKey: undefined,
    rateLimit: { limit: 100, remaining: 99, reset: 1_700_000_000 },
  });
  expect(seen[0]?.url.href).toBe('https://api.test/api/v2/products?limit=5&hsa_fsa_eligible=false');
  expect(seen[0]?.headers.get('authorization')).toBe(`Bearer ${TEST_KEY}`);
  expect(seen[0]?.headers.has('idempotency-key')).toBe(false);
});

test("one call's own headers and idempotency key do not stay on the client's next calls", async () => {
  const { fetch, seen } = scriptedFetch([json(200, {}), json(200, {}), json(200, {}), json(200, {})]);
  const config = testConfig(fetch, { headers: { 'x-team': 'payments' } });
  await sendRequest(config, { method: 'GET', path: '/v2/orders' });
  await sendRequest(config, { method: 'GET', path: '/v2/orders' }, { headers: { 'x-trace': 't-1' } });
  await sendRequest(config, { method: 'POST', path: '/api/v2/products', body: {} });
  await sendRequest(config, { method: 'GET', path: '/v2/orders' });
  expect(seen[1]?.headers.get('x-trace')).toBe('t-1');
  expect(seen[2]?.headers.get('idempotency-key')).toMatch(UUID_V4);
  for (const request of [seen[0], seen[3]]) {
    expect(request?.headers.get('x-team')).toBe('payments');
    expect(request?.headers.get('authorization')).toBe(`Bearer ${TEST_KEY}`);
    expect(request?.headers.has('x-trace')).toBe(false);
    expect(request?.headers.has('idempotency-key')).toBe(false);
  }
});

test('every query value reaches the service as written, whatever characters it holds', async () => {
  vi.useRealTimers();
  await fc.assert(
    fc.asyncProperty(
      fc.dictionary(fc.string({ minLength: 1 }), fc.oneof(fc.string(), fc.integer(), fc.boolean()), {
        maxKeys: 4,
      }),
      async (query) => {
        const { fetch, seen } = scriptedFetch([json(200, {})]);
        await sendRequest(testConfig(fetch), { method: 'GET', path: '/v2/orders', query });
        const sent = seen[0]?.url;
        expect(sent?.pathname).toBe('/v2/orders');
        expect([...(sent?.searchParams ?? [])]).toEqual(
          Object.entries(query).map(([name, value]) => [name, String(value)]),
        );
      },
    ),
    { numRuns: 50 },
  );
});

test('a POST carries a generated UUID v4 idempotency key and the same key on every retry', async () => {
  const { fetch, seen } = scriptedFetch([
    errorAnswer(503, 'internal_error'),
    new TypeError('socket hang up'),
    json(201, { id: 'x' }),
  ]);
  const { outcome } = settle(
    sendRequest(testConfig(fetch), { method: 'POST', path: '/v2/payment-links', body: { a: 1 } }),
  );
  await vi.runAllTimersAsync();
  expect(outcome.error).toBeUndefined();
  const keys = seen.map((request) => request.headers.get('idempotency-key'));
  expect(keys).toHaveLength(3);
  expect(keys[0]).toMatch(UUID_V4);
  expect(new Set(keys).size).toBe(1);
  expect(outcome.value?.meta).toMatchObject({ attempts: 3, idempotencyKey: keys[0] });
  expect(seen.map((request) => request.body)).toEqual(Array(3).fill('{"a":1}'));
});

test('two POSTs get two different idempotency keys', async () => {
  const { fetch, seen } = scriptedFetch([json(200, {})]);
  await sendRequest(testConfig(fetch), { method: 'POST', path: '/x', body: {} });
  await sendRequest(testConfig(fetch), { method: 'POST', path: '/x', body: {} });
  expect(seen[0]?.headers.get('idempotency-key')).not.toBe(seen[1]?.headers.get('idempotency-key'));
});

test("a caller's idempotency key is sent as given and reported on the error", async () => {
  const { fetch, seen } = scriptedFetch([errorAnswer(400, 'invalid_amount', { param: 'amount_cents' })]);
  const error = await sendRequest(
    testConfig(fetch),
    { method: 'POST', path: '/x', body: {} },
    { idempotencyKey: 'order-42' },
  ).catch((caught: unknown) => caught);
  expect(seen[0]?.headers.get('idempotency-key')).toBe('order-42');
  expect(error).toBeInstanceOf(APIError);
  expect(error).toMatchObject({ idempotencyKey: 'order-42', code: 'invalid_amount', param: 'amount_cents' });
});

test('an idempotency key the service would refuse is refused before any request', async () => {
  const { fetch, seen } = scriptedFetch([json(200, {})]);
  await expect(
    sendRequest(
      testConfig(fetch),
      { method: 'POST', path: '/x', body: {} },
      { idempotencyKey: 'é'.repeat(3) },
    ),
  ).rejects.toThrow(/printable ASCII/);
  expect(seen).toHaveLength(0);
});

test('an empty idempotency key is an error at the call, not a silent fallback to a generated key', async () => {
  const { fetch, seen } = scriptedFetch([json(200, {})]);
  await expect(
    sendRequest(testConfig(fetch), { method: 'POST', path: '/x', body: {} }, { idempotencyKey: '' }),
  ).rejects.toThrow(/empty string is not a key/);
  expect(seen).toHaveLength(0);
});

test('a 409 for a state the resource forbids is thrown at once, after one request and no wait', async () => {
  const { fetch, seen } = scriptedFetch([
    json(409, { error: { code: 'invalid_state', message: 'The payment link is already cancelled.' } }),
    json(409, { error: { code: 'conflict', message: 'The checkout session is already paid.' } }),
  ]);
  for (const expected of ['invalid_state', 'conflict']) {
    const { outcome } = settle(sendRequest(testConfig(fetch), { method: 'POST', path: '/x', body: {} }));
    await vi.advanceTimersByTimeAsync(0);
    expect(outcome).toMatchObject({ done: true, error: { status: 409, code: expected } });
  }
  expect(seen).toHaveLength(2);
});

test('the 409 of a request with the same key still running is retried with backoff and the same key', async () => {
  const { fetch, seen } = scriptedFetch([
    json(409, {
      error: {
        code: 'conflict',
        message: 'A request with this Idempotency-Key is still running: retry once it has finished.',
      },
    }),
    json(201, { id: 'plink_1' }),
  ]);
  const { outcome } = settle(sendRequest(testConfig(fetch), { method: 'POST', path: '/x', body: {} }));
  await vi.advanceTimersByTimeAsync(499);
  expect(seen).toHaveLength(1);
  await vi.advanceTimersByTimeAsync(1);
  expect(outcome).toMatchObject({ done: true, value: { body: { id: 'plink_1' }, meta: { attempts: 2 } } });
  expect(seen[1]?.headers.get('idempotency-key')).toBe(seen[0]?.headers.get('idempotency-key'));
});

test('a POST without an idempotency key is never retried, even on a retryable answer', async () => {
  const { fetch, seen } = scriptedFetch([errorAnswer(503, 'internal_error'), json(200, {})]);
  const config = testConfig(fetch, { autoIdempotencyKeys: false });
  await expect(sendRequest(config, { method: 'POST', path: '/x', body: {} })).rejects.toBeInstanceOf(
    InternalServerError,
  );
  expect(seen).toHaveLength(1);
  expect(seen[0]?.headers.has('idempotency-key')).toBe(false);
});

test('Retry-After is honoured: the retry is not sent a millisecond early', async () => {
  const { fetch, seen } = scriptedFetch([
    errorAnswer(429, 'rate_limit_exceeded', { headers: { 'retry-after': '3' } }),
    json(200, {}),
  ]);
  const { outcome } = settle(sendRequest(testConfig(fetch), { method: 'GET', path: '/x' }));
  await vi.advanceTimersByTimeAsync(2_999);
  expect(seen).toHaveLength(1);
  await vi.advanceTimersByTimeAsync(1);
  expect(seen).toHaveLength(2);
  expect(outcome.value?.meta.attempts).toBe(2);
});

test('X-RateLimit-Reset stands in for a missing Retry-After on a 429', async () => {
  // ky reads a reset before 2024 as seconds to wait rather than a time: the clock is set after it.
  vi.setSystemTime(1_800_000_000_000);
  const { fetch, seen } = scriptedFetch([
    errorAnswer(429, 'rate_limit_exceeded', { headers: { 'x-ratelimit-reset': '1800000010' } }),
    json(200, {}),
  ]);
  settle(sendRequest(testConfig(fetch), { method: 'GET', path: '/x' }));
  await vi.advanceTimersByTimeAsync(9_999);
  expect(seen).toHaveLength(1);
  await vi.advanceTimersByTimeAsync(1);
  expect(seen).toHaveLength(2);
});

test('a Retry-After beyond the cap throws a RateLimitError at once, carrying the wait', async () => {
  const { fetch, seen } = scriptedFetch([
    errorAnswer(429, 'rate_limit_exceeded', { headers: { 'retry-after': '120' } }),
  ]);
  const error = await sendRequest(testConfig(fetch), { method: 'GET', path: '/x' }).catch(
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(RateLimitError);
  expect(error).toMatchObject({ status: 429, code: 'rate_limit_exceeded', retryAfterMs: 120_000 });
  expect(seen).toHaveLength(1);
});

test('a Retry-After that would end past the deadline throws at once instead of retrying early', async () => {
  const { fetch, seen } = scriptedFetch([
    errorAnswer(429, 'rate_limit_exceeded', { headers: { 'retry-after': '5' } }),
  ]);
  const error = await sendRequest(testConfig(fetch, { deadline: 4_000 }), {
    method: 'GET',
    path: '/x',
  }).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(RateLimitError);
  expect(error).toMatchObject({ retryAfterMs: 5_000 });
  expect(seen).toHaveLength(1);
});

test('backoff waits 0.5 s then 1 s (at no jitter) between retries', async () => {
  const { fetch, seen } = scriptedFetch([errorAnswer(500, 'internal_error')]);
  const { outcome } = settle(sendRequest(testConfig(fetch), { method: 'GET', path: '/x' }));
  await vi.advanceTimersByTimeAsync(499);
  expect(seen).toHaveLength(1);
  await vi.advanceTimersByTimeAsync(1);
  expect(seen).toHaveLength(2);
  await vi.advanceTimersByTimeAsync(999);
  expect(seen).toHaveLength(2);
  await vi.advanceTimersByTimeAsync(1);
  expect(seen).toHaveLength(3);
  expect(outcome.error).toBeInstanceOf(InternalServerError);
});

test('a non-retryable status is thrown after one attempt', async () => {
  const { fetch, seen } = scriptedFetch([errorAnswer(404, 'not_found', { param: 'id' })]);
  await expect(
    sendRequest(testConfig(fetch), { method: 'GET', path: '/v2/orders/ord_x' }),
  ).rejects.toMatchObject({
    status: 404,
    code: 'not_found',
    param: 'id',
    requestId: 'req_404',
  });
  expect(seen).toHaveLength(1);
});

test('network errors are retried maxRetries times, then thrown as a ConnectionError with the cause', async () => {
  const cause = new TypeError('fetch failed');
  const { fetch, seen } = scriptedFetch([cause]);
  const { outcome } = settle(
    sendRequest(testConfig(fetch, { maxRetries: 3 }), { method: 'GET', path: '/x' }),
  );
  await vi.runAllTimersAsync();
  expect(seen).toHaveLength(4);
  expect(outcome.error).toBeInstanceOf(ConnectionError);
  expect((outcome.error as ConnectionError).cause).toBe(cause);
});

test('an attempt whose headers do not come in time is a TimeoutError, and is retried', async () => {
  const { fetch, seen } = scriptedFetch(['hang', json(200, { ok: true })]);
  const { outcome } = settle(
    sendRequest(testConfig(fetch, { timeout: 1_000 }), { method: 'GET', path: '/x' }),
  );
  await vi.advanceTimersByTimeAsync(1_000);
  expect(seen).toHaveLength(1);
  await vi.runAllTimersAsync();
  expect(seen).toHaveLength(2);
  expect(outcome.value?.body).toEqual({ ok: true });
});

test('a body that stalls after the headers times out like slow headers', async () => {
  const stalled = (): Response =>
    new Response(
      new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"partial":'));
        },
      }),
      { status: 200 },
    );
  const { fetch, seen } = scriptedFetch([stalled]);
  const { outcome } = settle(
    sendRequest(testConfig(fetch, { timeout: 1_000, maxRetries: 0 }), { method: 'GET', path: '/x' }),
  );
  await vi.advanceTimersByTimeAsync(999);
  expect(outcome.done).toBe(false);
  await vi.advanceTimersByTimeAsync(1);
  expect(outcome.error).toBeInstanceOf(TimeoutError);
  expect(outcome.error).toMatchObject({ scope: 'attempt', timeoutMs: 1_000 });
  expect(seen).toHaveLength(1);
});

test('aborting during a backoff sleep ends the call at once with an AbortError and sends nothing more', async () => {
  const { fetch, seen } = scriptedFetch([errorAnswer(503, 'internal_error')]);
  const controller = new AbortController();
  const { outcome } = settle(
    sendRequest(testConfig(fetch), { method: 'POST', path: '/x', body: {} }, { signal: controller.signal }),
  );
  await vi.advanceTimersByTimeAsync(100);
  expect(seen).toHaveLength(1);
  controller.abort(new Error('user left'));
  await vi.advanceTimersByTimeAsync(0);
  expect(outcome.error).toBeInstanceOf(AbortError);
  expect((outcome.error as AbortError).idempotencyKey).toBe(seen[0]?.headers.get('idempotency-key'));
  await vi.runAllTimersAsync();
  expect(seen).toHaveLength(1);
});

test('aborting a request in flight is an AbortError, not a timeout or a connection error', async () => {
  const { fetch } = scriptedFetch(['hang']);
  const controller = new AbortController();
  const { outcome } = settle(
    sendRequest(testConfig(fetch), { method: 'GET', path: '/x' }, { signal: controller.signal }),
  );
  await vi.advanceTimersByTimeAsync(10);
  controller.abort();
  await vi.advanceTimersByTimeAsync(0);
  expect(outcome.error).toBeInstanceOf(AbortError);
});

test('an already-aborted signal sends nothing', async () => {
  const { fetch, seen } = scriptedFetch([json(200, {})]);
  await expect(
    sendRequest(testConfig(fetch), { method: 'GET', path: '/x' }, { signal: AbortSignal.abort() }),
  ).rejects.toBeInstanceOf(AbortError);
  expect(seen).toHaveLength(0);
});

test('the deadline bounds the whole call: a hanging attempt cut short by it is a final deadline TimeoutError', async () => {
  const { fetch, seen } = scriptedFetch(['hang']);
  const { outcome } = settle(
    sendRequest(testConfig(fetch, { timeout: 10_000, deadline: 2_500 }), { method: 'GET', path: '/x' }),
  );
  await vi.advanceTimersByTimeAsync(2_500);
  expect(outcome.error).toBeInstanceOf(TimeoutError);
  expect(outcome.error).toMatchObject({ scope: 'deadline', timeoutMs: 2_500 });
  await vi.runAllTimersAsync();
  expect(seen).toHaveLength(1);
});

test('a backoff that would outlast the deadline after an attempt timeout gives up with a deadline TimeoutError', async () => {
  const { fetch, seen } = scriptedFetch(['hang']);
  const { outcome } = settle(
    sendRequest(testConfig(fetch, { timeout: 1_000, deadline: 1_300 }), { method: 'GET', path: '/x' }),
  );
  await vi.advanceTimersByTimeAsync(1_000);
  expect(outcome.error).toBeInstanceOf(TimeoutError);
  expect(outcome.error).toMatchObject({ scope: 'deadline', timeoutMs: 1_300 });
  expect((outcome.error as TimeoutError).cause).toMatchObject({ scope: 'attempt', timeoutMs: 1_000 });
  expect((outcome.error as TimeoutError).message).toMatch(/would pass its 1300ms deadline/);
  expect(seen).toHaveLength(1);
});

test('a backoff that would outlast the deadline is not slept: the last error is thrown', async () => {
  const { fetch, seen } = scriptedFetch([errorAnswer(502, 'internal_error')]);
  const error = await sendRequest(testConfig(fetch, { deadline: 400 }), { method: 'GET', path: '/x' }).catch(
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(InternalServerError);
  expect(seen).toHaveLength(1);
});

test('a 2xx answer that is not JSON is a ResponseValidationError', async () => {
  const { fetch } = scriptedFetch([new Response('<html>', { status: 200 })]);
  await expect(sendRequest(testConfig(fetch), { method: 'GET', path: '/x' })).rejects.toBeInstanceOf(
    ResponseValidationError,
  );
});

test('an error answer that is not in the error shape still maps by status, with no code', async () => {
  const { fetch } = scriptedFetch([new Response('Bad Gateway', { status: 502, statusText: 'Bad Gateway' })]);
  const error = await sendRequest(testConfig(fetch, { maxRetries: 0 }), { method: 'GET', path: '/x' }).catch(
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(InternalServerError);
  expect(error).toMatchObject({
    status: 502,
    code: undefined,
    message: expect.stringContaining('Bad Gateway'),
  });
});

test('the raw response handed back is unread, so callers can still read it', async () => {
  const { fetch } = scriptedFetch([json(200, { id: 7 })]);
  const result = await sendRequest(testConfig(fetch), { method: 'GET', path: '/x' });
  expect(await result.response.json()).toEqual({ id: 7 });
});

test('the raw response keeps the answer as sent: status, headers, url, redirect flag and the exact body bytes', async () => {
  // A BOM, which text() drops: the raw body must still start with it.
  const sent = Uint8Array.from([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('{"id":"é"}')]);
  const { fetch } = scriptedFetch([
    () => {
      const answer = new Response(sent, {
        status: 201,
        statusText: 'Made',
        headers: { 'x-request-id': 'req_raw' },
      });
      Object.defineProperty(answer, 'url', { value: 'https://api.example/x?page=2' });
      Object.defineProperty(answer, 'redirected', { value: true });
      return answer;
    },
  ]);
  const ok = await sendRequest(testConfig(fetch), { method: 'GET', path: '/x' });
  expect(ok.body).toEqual({ id: 'é' });
  const raw = ok.response;
  expect(raw).toBeInstanceOf(Response);
  expect(raw).toBe(ok.response);
  expect(raw).toMatchObject({
    status: 201,
    statusText: 'Made',
    url: 'https://api.example/x?page=2',
    redirected: true,
  });
  expect(raw.type).toBe('default');
  expect(raw.headers.get('x-request-id')).toBe('req_raw');
  expect(raw.bodyUsed).toBe(false);
  expect(new Uint8Array(await raw.arrayBuffer())).toEqual(sent);
});

test('the raw response of a 204 has no body, as the answer had none', async () => {
  const { fetch } = scriptedFetch([new Response(null, { status: 204 })]);
  const result = await sendRequest(testConfig(fetch), { method: 'DELETE', path: '/x' });
  expect(result.body).toBeUndefined();
  expect(result.response.status).toBe(204);
  expect(result.response.body).toBeNull();
});

test('retries are numbered: no x-glm-retry-count on the first attempt, then 1 and 2 on the retries', async () => {
  const { fetch, seen } = scriptedFetch([
    errorAnswer(503, 'internal_error'),
    new TypeError('socket hang up'),
    json(200, {}),
  ]);
  const { outcome } = settle(sendRequest(testConfig(fetch), { method: 'GET', path: '/v2/orders' }));
  await vi.runAllTimersAsync();
  expect(outcome.value?.meta.attempts).toBe(3);
  expect(seen.map((request) => request.headers.get('x-glm-retry-count'))).toEqual([null, '1', '2']);
});

test('every request says which client sent it, in x-glm-client and User-Agent', async () => {
  const { fetch, seen } = scriptedFetch([json(200, {})]);
  await sendRequest(testConfig(fetch), { method: 'GET', path: '/v2/orders' });
  await sendRequest(
    testConfig(fetch),
    { method: 'POST', path: '/v2/payment-links', body: {} },
    { headers: { 'x-team': 'payments' } },
  );
  const identity = /^@glm\/sdk\/\d+\.\d+\.\d+(-[\w.]+)? \(node\/\d+\.\d+\.\d+\)$/;
  for (const request of seen) {
    expect(request.headers.get('x-glm-client')).toMatch(identity);
    expect(request.headers.get('user-agent')).toBe(request.headers.get('x-glm-client'));
  }
});

test('every error of a call says how many attempts it made: 1, all of them after retries, 0 when nothing was sent', async () => {
  const notFound = await sendRequest(testConfig(scriptedFetch([errorAnswer(404, 'not_found')]).fetch), {
    method: 'GET',
    path: '/v2/orders/ord_x',
  }).catch((caught: unknown) => caught);
  expect(notFound).toMatchObject({ status: 404, attempts: 1 });

  const { outcome } = settle(
    sendRequest(testConfig(scriptedFetch([new TypeError('fetch failed')]).fetch), {
      method: 'GET',
      path: '/x',
    }),
  );
  await vi.runAllTimersAsync();
  expect(outcome.error).toBeInstanceOf(ConnectionError);
  expect(outcome.error).toMatchObject({ attempts: 3 });

  const aborted = await sendRequest(
    testConfig(scriptedFetch([json(200, {})]).fetch),
    { method: 'GET', path: '/x' },
    { signal: AbortSignal.abort() },
  ).catch((caught: unknown) => caught);
  expect(aborted).toBeInstanceOf(AbortError);
  expect(aborted).toMatchObject({ attempts: 0 });

  const { outcome: timedOut } = settle(
    sendRequest(testConfig(scriptedFetch(['hang']).fetch, { timeout: 1_000, deadline: 1_300 }), {
      method: 'GET',
      path: '/x',
    }),
  );
  await vi.runAllTimersAsync();
  expect(timedOut.error).toMatchObject({ scope: 'deadline', attempts: 1 });
});

test('a 503 with X-RateLimit-Reset but no Retry-After waits the backoff, not the rate-limit window', async () => {
  vi.setSystemTime(1_700_000_000_000);
  const { fetch, seen } = scriptedFetch([
    errorAnswer(503, 'internal_error', { headers: { 'x-ratelimit-reset': '1700000050' } }),
    json(200, {}),
  ]);
  const { outcome } = settle(sendRequest(testConfig(fetch), { method: 'GET', path: '/x' }));
  await vi.advanceTimersByTimeAsync(499);
  expect(seen).toHaveLength(1);
  await vi.advanceTimersByTimeAsync(1);
  expect(seen).toHaveLength(2);
  expect(outcome.value?.meta.attempts).toBe(2);
});

test("a call's own key replaces the client's for that call only, and a malformed one sends nothing", async () => {
  const { fetch, seen } = scriptedFetch([json(200, {})]);
  const config = testConfig(fetch);
  const other = 'glm_test_ZyXwVuTs87654321.aNoThEr012345678abcdefghijKLMNOP';
  await sendRequest(config, { method: 'GET', path: '/v2/orders' }, { apiKey: other });
  await sendRequest(config, { method: 'GET', path: '/v2/orders' });
  expect(seen.map((request) => request.headers.get('authorization'))).toEqual([
    `Bearer ${other}`,
    `Bearer ${TEST_KEY}`,
  ]);
  const refused = await sendRequest(
    config,
    { method: 'GET', path: '/v2/orders' },
    { apiKey: 'sk_nope' },
  ).catch((caught: unknown) => caught);
  expect(refused).toBeInstanceOf(GlmError);
  expect((refused as Error).message).toMatch(/API key is malformed/);
  expect((refused as Error).message).not.toContain('sk_nope');
  expect(seen).toHaveLength(2);
});

test('a header no request can carry sends nothing and is not retried: a ConnectionError after 0 attempts', async () => {
  const { fetch, seen } = scriptedFetch([json(200, {}), json(200, {}), json(200, {})]);
  const refused = await sendRequest(
    testConfig(fetch),
    { method: 'GET', path: '/v2/orders' },
    { headers: { 'x-trace': 'one\ntwo' } },
  ).catch((caught: unknown) => caught);
  expect(refused).toBeInstanceOf(ConnectionError);
  expect(refused).toMatchObject({ attempts: 0 });
  expect((refused as Error).cause).toBeInstanceOf(TypeError);
  expect(seen).toHaveLength(0);
});

test('with maxRetries 0 each failure is thrown after its one attempt; a call may still ask for retries', async () => {
  const once = async (answer: Parameters<typeof scriptedFetch>[0][number]) => {
    const { fetch, seen } = scriptedFetch([answer, json(200, {})]);
    const { outcome } = settle(
      sendRequest(testConfig(fetch, { maxRetries: 0, timeout: 1_000 }), { method: 'GET', path: '/x' }),
    );
    await vi.runAllTimersAsync();
    expect(seen).toHaveLength(1);
    return outcome.error;
  };
  expect(await once(errorAnswer(503, 'internal_error'))).toMatchObject({ status: 503, attempts: 1 });
  expect(await once(new TypeError('fetch failed'))).toBeInstanceOf(ConnectionError);
  expect(await once('hang')).toMatchObject({ scope: 'attempt', attempts: 1 });

  const { fetch, seen } = scriptedFetch([errorAnswer(503, 'internal_error'), json(200, { ok: true })]);
  const { outcome } = settle(
    sendRequest(testConfig(fetch, { maxRetries: 0 }), { method: 'GET', path: '/x' }, { maxRetries: 1 }),
  );
  await vi.runAllTimersAsync();
  expect(seen).toHaveLength(2);
  expect(outcome.value?.meta.attempts).toBe(2);
});

test("fetchOptions reach fetch: a request option on the request, any other (undici's dispatcher) as fetch's own", async () => {
  const inits: (RequestInit | undefined)[] = [];
  const requests: Request[] = [];
  const dispatcher = { dispatch: () => true };
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    requests.push(input as Request);
    inits.push(init);
    return json(200, {});
  };
  const config = testConfig(fetch, { fetchOptions: { dispatcher, keepalive: true } });
  await sendRequest(config, { method: 'GET', path: '/v2/orders' });
  await sendRequest(config, { method: 'GET', path: '/v2/orders' }, { fetchOptions: { cache: 'no-store' } });
  expect((inits[0] as { dispatcher?: unknown }).dispatcher).toBe(dispatcher);
  expect(requests[0]?.keepalive).toBe(true);
  expect(requests[1]?.cache).toBe('no-store');
  expect((inits[1] as { dispatcher?: unknown }).dispatcher).toBe(dispatcher);
});

test("retry takes ky's form: its limit, statusCodes and delay replace the client's policy", async () => {
  const { fetch, seen } = scriptedFetch([errorAnswer(404, 'not_found'), json(200, { ok: true })]);
  const config = testConfig(fetch, {
    retry: { limit: 1, statusCodes: [404], delay: () => 50 },
    maxRetries: 1,
  });
  const { outcome } = settle(sendRequest(config, { method: 'GET', path: '/x' }));
  await vi.advanceTimersByTimeAsync(49);
  expect(seen).toHaveLength(1);
  await vi.advanceTimersByTimeAsync(1);
  expect(seen).toHaveLength(2);
  expect(outcome.value?.meta.attempts).toBe(2);
});

test("a shouldRetry of the retry option decides after the client's own refusals", async () => {
  const asked: number[] = [];
  const { fetch, seen } = scriptedFetch([errorAnswer(503, 'internal_error')]);
  const shouldRetry = ({ retryCount }: { retryCount: number }) => {
    asked.push(retryCount);
    return false;
  };
  const error = await sendRequest(testConfig(fetch, { retry: { shouldRetry } }), {
    method: 'GET',
    path: '/x',
  }).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(InternalServerError);
  expect(asked).toEqual([1]);
  expect(seen).toHaveLength(1);
});
