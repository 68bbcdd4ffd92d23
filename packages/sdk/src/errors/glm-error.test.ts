import { runInNewContext } from 'node:vm';
import { expect, test, vi } from 'vitest';
import { z } from 'zod';
import { createRequester } from '../internal/requester.ts';
import { errorAnswer, scriptedFetch, TEST_KEY, testConfig } from '../test-support/scripted-fetch.ts';
import { APIError } from './api-error.ts';
import { GlmError } from './glm-error.ts';
import { NotFoundError } from './not-found-error.ts';
import { RateLimitError } from './rate-limit-error.ts';
import { TimeoutError } from './timeout-error.ts';

function apiInit(status: number) {
  return {
    status,
    code: undefined,
    message: 'm',
    param: undefined,
    details: [],
    requestId: undefined,
    idempotencyKey: undefined,
    headers: new Headers(),
    retryAfterMs: undefined,
    method: 'GET',
    url: '/x',
  };
}

test('an error is an instance of its class and every ancestor, and of nothing else', () => {
  const error = new RateLimitError(apiInit(429));
  expect(error).toBeInstanceOf(RateLimitError);
  expect(error).toBeInstanceOf(APIError);
  expect(error).toBeInstanceOf(GlmError);
  expect(error).toBeInstanceOf(Error);
  expect(error).not.toBeInstanceOf(NotFoundError);
  expect(error).not.toBeInstanceOf(TimeoutError);
  expect(error.name).toBe('RateLimitError');
});

test('instanceof recognises errors thrown by another copy of the package', async () => {
  // A second module instance stands for the ESM and CJS builds loaded side by side, or another realm.
  vi.resetModules();
  const copy = await import('./rate-limit-error.ts');
  expect(copy.RateLimitError).not.toBe(RateLimitError);
  const foreign: unknown = new copy.RateLimitError(apiInit(429));
  expect(foreign).toBeInstanceOf(RateLimitError);
  expect(foreign).toBeInstanceOf(APIError);
  expect(foreign).toBeInstanceOf(GlmError);
  expect(foreign).not.toBeInstanceOf(NotFoundError);
});

test("instanceof recognises an error made in another realm, whose lineage array is that realm's own", () => {
  // A vm context is another realm: its Error and Array are not ours, only the registered symbol is shared.
  const foreign: unknown = runInNewContext(`
    const error = new Error('from another realm');
    Object.defineProperty(error, Symbol.for('@glm/sdk.error-lineage'), {
      value: ['NotFoundError', 'APIError', 'GlmError'],
    });
    error;
  `);
  expect(foreign instanceof Error).toBe(false);
  expect(foreign).toBeInstanceOf(NotFoundError);
  expect(foreign).toBeInstanceOf(APIError);
  expect(foreign).toBeInstanceOf(GlmError);
  expect(foreign).not.toBeInstanceOf(RateLimitError);
});

test('look-alikes without the lineage are not taken for SDK errors', () => {
  const impostor = Object.assign(new Error('x'), { name: 'RateLimitError', status: 429 });
  expect(impostor).not.toBeInstanceOf(GlmError);
  expect(null).not.toBeInstanceOf(GlmError);
  expect('RateLimitError').not.toBeInstanceOf(GlmError);
});

test('an API error message names the call, the status, the code and the request id', () => {
  const error = new APIError({
    ...apiInit(404),
    code: 'not_found',
    message: 'No such order',
    requestId: 'req_1',
    url: '/v2/orders/o',
  });
  expect(error.message).toBe('GET /v2/orders/o failed with 404 not_found: No such order (request req_1)');
});

test('JSON.stringify of an API error carries what a structured logger needs, and never the API key', async () => {
  const { fetch } = scriptedFetch([errorAnswer(409, 'invalid_state', { param: 'status' })]);
  const requester = createRequester(testConfig(fetch, { maxRetries: 0 }), 'test', 'strict', {
    Anything: z.unknown(),
  });
  const error = await requester
    .call(() => ({ method: 'POST', path: '/v2/payment-links/plink_1/cancel', body: {} }), 'Anything', {
      idempotencyKey: 'cancel-plink-1',
    })
    .catch((caught: Error) => caught);

  const logged = JSON.parse(JSON.stringify(error)) as Record<string, unknown>;
  expect(logged).toMatchObject({
    name: 'ConflictError',
    status: 409,
    code: 'invalid_state',
    param: 'status',
    requestId: 'req_409',
    idempotencyKey: 'cancel-plink-1',
    message: expect.stringContaining('409 invalid_state'),
  });
  expect(JSON.stringify(error)).not.toContain(TEST_KEY);
  expect(logged).not.toHaveProperty('headers');
});

test('JSON.stringify of a timeout says which limit ran out', () => {
  const error = new TimeoutError('GET /v2/orders timed out.', 'deadline', 5_000, {
    idempotencyKey: undefined,
  });
  expect(JSON.parse(JSON.stringify(error))).toEqual({
    name: 'TimeoutError',
    message: 'GET /v2/orders timed out.',
    scope: 'deadline',
    timeoutMs: 5_000,
  });
});
