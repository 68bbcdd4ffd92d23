import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { InternalServerError } from '../../errors/internal-server-error.ts';
import { NotFoundError } from '../../errors/not-found-error.ts';
import { TimeoutError } from '../../errors/timeout-error.ts';
import type { HookContext, Hooks } from '../../hooks.ts';
import { errorAnswer, json, scriptedFetch, TEST_KEY, testConfig } from '../../test-support/scripted-fetch.ts';
import { sendRequest } from './send-request.ts';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

/** Hooks of every kind that record `[name, context]`, tagged with `tag`. */
function recording(tag: string, seen: [string, HookContext & Record<string, unknown>][]): Hooks {
  const record =
    (name: string) =>
    (context: HookContext): void => {
      seen.push([`${tag}.${name}`, context as HookContext & Record<string, unknown>]);
    };
  return {
    beforeRequest: [record('beforeRequest')],
    afterResponse: [record('afterResponse')],
    beforeRetry: [record('beforeRetry')],
    onError: [record('onError')],
  };
}

test('a retried call runs the hooks in order, the client’s before the call’s, each told the attempt and its outcome', async () => {
  const seen: [string, HookContext & Record<string, unknown>][] = [];
  const { fetch } = scriptedFetch([errorAnswer(503, 'internal_error'), json(201, { id: 'plink_1' })]);
  const call = sendRequest(
    testConfig(fetch, { hooks: recording('client', seen) }),
    { method: 'POST', path: '/v2/payment-links', body: { amount_cents: 1_000 } },
    { hooks: recording('call', seen), idempotencyKey: 'link-1' },
  );
  await vi.runAllTimersAsync();
  const result = await call;

  expect(seen.map(([name, context]) => `${name}#${context.attempt}`)).toEqual([
    'client.beforeRequest#1',
    'call.beforeRequest#1',
    'client.afterResponse#1',
    'call.afterResponse#1',
    'client.beforeRetry#1',
    'call.beforeRetry#1',
    'client.beforeRequest#2',
    'call.beforeRequest#2',
    'client.afterResponse#2',
    'call.afterResponse#2',
  ]);
  const common = {
    callId: expect.stringMatching(/^call_\d+$/),
    method: 'POST',
    path: '/v2/payment-links',
    idempotencyKey: 'link-1',
  };
  expect(new Set(seen.map(([, context]) => context.callId)).size).toBe(1);
  expect(seen[0]?.[1]).toEqual({
    ...common,
    attempt: 1,
    requestId: undefined,
    status: undefined,
    durationMs: undefined,
  });
  expect(seen[2]?.[1]).toEqual({
    ...common,
    attempt: 1,
    requestId: 'req_503',
    status: 503,
    durationMs: expect.any(Number),
  });
  expect(seen[4]?.[1]).toMatchObject({
    ...common,
    attempt: 1,
    requestId: 'req_503',
    status: 503,
    delayMs: 500,
  });
  expect(seen[4]?.[1]['error']).toBeInstanceOf(InternalServerError);
  expect(seen[8]?.[1]).toMatchObject({ ...common, attempt: 2, requestId: 'req_201', status: 201 });
  expect(result.meta.attempts).toBe(2);
});

test('onError runs once, with the error the call rejects with, the attempts made and the whole duration', async () => {
  const seen: [string, HookContext & Record<string, unknown>][] = [];
  const { fetch } = scriptedFetch([errorAnswer(404, 'not_found')]);
  const error = await sendRequest(testConfig(fetch, { hooks: recording('client', seen) }), {
    method: 'GET',
    path: '/v2/orders/ord_x',
  }).catch((caught: unknown) => caught);

  expect(error).toBeInstanceOf(NotFoundError);
  expect(seen.map(([name]) => name)).toEqual([
    'client.beforeRequest',
    'client.afterResponse',
    'client.onError',
  ]);
  expect(seen[2]?.[1]).toEqual({
    callId: seen[0]?.[1].callId,
    method: 'GET',
    path: '/v2/orders/ord_x',
    attempt: 1,
    idempotencyKey: undefined,
    requestId: 'req_404',
    status: 404,
    durationMs: expect.any(Number),
    error,
  });
});

test('an attempt that got no answer has no afterResponse: beforeRetry and onError carry its TimeoutError', async () => {
  const seen: [string, HookContext & Record<string, unknown>][] = [];
  const { fetch } = scriptedFetch(['hang']);
  const call = sendRequest(
    testConfig(fetch, { timeout: 1_000, maxRetries: 1 }),
    { method: 'GET', path: '/x' },
    {
      hooks: recording('call', seen),
    },
  ).catch((caught: unknown) => caught);
  await vi.runAllTimersAsync();
  const error = await call;

  expect(error).toBeInstanceOf(TimeoutError);
  expect(seen.map(([name, context]) => `${name}#${context.attempt}`)).toEqual([
    'call.beforeRequest#1',
    'call.beforeRetry#1',
    'call.beforeRequest#2',
    'call.onError#2',
  ]);
  expect(seen[1]?.[1]).toMatchObject({
    status: undefined,
    requestId: undefined,
    delayMs: 500,
    durationMs: 1_000,
  });
  expect(seen[3]?.[1]).toMatchObject({ attempt: 2, error, status: undefined });
});

test('hooks are never told the API key, the headers, the query or the body, where card numbers travel', async () => {
  const seen: [string, HookContext & Record<string, unknown>][] = [];
  const { fetch, seen: sent } = scriptedFetch([
    errorAnswer(502, 'internal_error'),
    json(200, { order: { id: 'ord_1', card_last4: '4242' } }),
  ]);
  const call = sendRequest(testConfig(fetch, { hooks: recording('client', seen) }), {
    method: 'POST',
    path: '/v2/test_helpers/checkout/cs_1/pay',
    query: { email: 'ada@example.com' },
    body: { card_number: '4242424242424242' },
  });
  await vi.runAllTimersAsync();
  await call;

  expect(sent[0]?.body).toContain('4242424242424242');
  const told = JSON.stringify(
    seen.map(([, context]) => ({ ...context, error: context['error'] && String(context['error']) })),
  );
  expect(told).not.toContain(TEST_KEY);
  expect(told).not.toContain('sEcReT');
  expect(told).not.toContain('4242424242424242');
  expect(told).not.toContain('ada@example.com');
  expect(new Set(seen.flatMap(([, context]) => Object.keys(context)))).toEqual(
    new Set([
      'callId',
      'method',
      'path',
      'attempt',
      'idempotencyKey',
      'requestId',
      'status',
      'durationMs',
      'error',
      'delayMs',
    ]),
  );
});

test('a hook is awaited: the request waits for beforeRequest to finish', async () => {
  const { fetch, seen } = scriptedFetch([json(200, {})]);
  let written = false;
  const call = sendRequest(
    testConfig(fetch),
    { method: 'GET', path: '/x' },
    {
      hooks: {
        beforeRequest: [
          () =>
            new Promise<void>((resolve) =>
              setTimeout(() => {
                written = true;
                resolve();
              }, 50),
            ),
        ],
      },
    },
  );
  await vi.advanceTimersByTimeAsync(49);
  expect(seen).toHaveLength(0);
  await vi.advanceTimersByTimeAsync(1);
  await call;
  expect(written).toBe(true);
  expect(seen).toHaveLength(1);
});

test('a hook that throws ends the call with what it threw: no retry, no onError', async () => {
  const onError = vi.fn();
  const refusal = new Error('audit log unavailable');
  const { fetch, seen } = scriptedFetch([errorAnswer(503, 'internal_error'), json(200, {})]);
  const afterResponse = vi.fn(() => {
    throw refusal;
  });
  const call = sendRequest(
    testConfig(fetch),
    { method: 'GET', path: '/x' },
    {
      hooks: { afterResponse: [afterResponse], onError: [onError] },
    },
  ).catch((caught: unknown) => caught);
  await vi.runAllTimersAsync();

  expect(await call).toBe(refusal);
  expect(seen).toHaveLength(1);
  expect(afterResponse).toHaveBeenCalledTimes(1);
  expect(onError).not.toHaveBeenCalled();

  const beforeRequest = vi.fn(async () => {
    throw refusal;
  });
  const refused = await sendRequest(
    testConfig(fetch),
    { method: 'GET', path: '/x' },
    {
      hooks: { beforeRequest: [beforeRequest], onError: [onError] },
    },
  ).catch((caught: unknown) => caught);
  expect(refused).toBe(refusal);
  expect(seen).toHaveLength(1);
  expect(onError).not.toHaveBeenCalled();
});

test('afterResponse reads the request id from the checkout envelope when the answer has no x-request-id header', async () => {
  const requestIds: (string | undefined)[] = [];
  const { fetch } = scriptedFetch([
    new Response(
      JSON.stringify({ success: true, message: 'ok', data: {}, metadata: { request_id: 'req_env' } }),
      {
        status: 201,
      },
    ),
  ]);
  const result = await sendRequest(
    testConfig(fetch),
    { method: 'POST', path: '/api/v2/checkout', body: {} },
    {
      hooks: { afterResponse: [(context) => void requestIds.push(context.requestId)] },
    },
  );
  expect(requestIds).toEqual(['req_env']);
  // The raw response is still the answer as sent.
  expect(await result.response.json()).toMatchObject({ metadata: { request_id: 'req_env' } });
});

test('with hookBodies, hooks get the bodies with secrets and card numbers removed; without it, none', async () => {
  const seen: [string, HookContext & Record<string, unknown>][] = [];
  const { fetch } = scriptedFetch([json(200, { order: { id: 'ord_1', card_number: '4242424242424242' } })]);
  const spec = {
    method: 'POST',
    path: '/v2/test_helpers/checkout/cs_1/pay',
    body: { card_number: '4242 4242 4242 4242', note: `key ${TEST_KEY}`, amount_cents: 1_000 },
  } as const;
  await sendRequest(testConfig(fetch, { hooks: recording('client', seen), hookBodies: true }), spec);
  expect(seen[0]?.[1]['requestBody']).toEqual({
    card_number: '[redacted]',
    note: 'key glm_test_[redacted]',
    amount_cents: 1_000,
  });
  expect(seen[1]?.[1]['responseBody']).toEqual({ order: { id: 'ord_1', card_number: '[redacted]' } });
  expect(JSON.stringify(seen)).not.toMatch(/4242 ?4242|sEcReT/);

  seen.length = 0;
  await sendRequest(testConfig(fetch, { hooks: recording('client', seen) }), spec);
  expect(seen.flatMap(([, context]) => Object.keys(context))).not.toContain('requestBody');
  expect(seen.flatMap(([, context]) => Object.keys(context))).not.toContain('responseBody');
});
