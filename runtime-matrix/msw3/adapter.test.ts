import { createRequire } from 'node:module';
import { createMockService } from '@glm/mock-server';
import { mockHandlers } from '@glm/mock-server/msw';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import { checkoutRequest, THERMOMETER } from '../fixtures.mjs';

const baseUrl = 'https://api.glm.test';
const mock = createMockService({ seed: { products: [THERMOMETER] } });
const server = setupServer(...mockHandlers(mock, { baseUrl }));

// msw 3 renamed msw 2's `onUnhandledRequest` to `onUnhandledFrame`.
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  server.resetHandlers();
  mock.reset();
});
afterAll(() => server.close());

const call = (path: string, init: RequestInit = {}) =>
  fetch(`${baseUrl}${path}`, {
    ...init,
    headers: {
      authorization: `Bearer ${mock.keys.test}`,
      'content-type': 'application/json',
      ...init.headers,
    },
  });

test('the msw in use here is msw 3', () => {
  const { version } = createRequire(import.meta.url)('msw/package.json') as { version: string };
  expect(version).toMatch(/^3\./);
});

test('a checkout created through the adapter under msw 3 can be paid and its order read back', async () => {
  const created = await call('/api/v2/checkout', {
    method: 'POST',
    headers: { 'idempotency-key': 'msw3-checkout' },
    body: JSON.stringify(checkoutRequest('msw3-cart')),
  });
  expect(created.status).toBe(201);
  const { data } = (await created.json()) as { data: { checkout_id: string } };
  const { order } = await mock.payCheckout(data.checkout_id);
  const read = await call(`/v2/orders/${order?.id ?? ''}`);
  expect(read.status).toBe(200);
  expect(await read.json()).toMatchObject({ id: order?.id, checkout_id: data.checkout_id });
});

test('errors keep their status, shape and headers through msw 3', async () => {
  const response = await call('/v2/orders/ord_missing');
  expect(response.status).toBe(404);
  expect(response.headers.get('x-request-id')).toMatch(/^req_/);
  expect(await response.json()).toMatchObject({ error: { code: 'not_found' } });
});

test('a request outside the base URL is not answered by the adapter: msw 3 fails it as unhandled', async () => {
  // msw 3's `error` strategy answers an unhandled request with a 500 (msw 2 rejected the fetch).
  const response = await fetch('https://other.test/ping');
  expect(response.status).toBe(500);
  expect(mock.requests()).toHaveLength(0);
});

test('a request outside the base URL reaches the handler that owns it', async () => {
  server.use(http.get('https://other.test/ping', () => HttpResponse.json({ pong: true })));
  const response = await fetch('https://other.test/ping');
  expect(await response.json()).toEqual({ pong: true });
  expect(mock.requests()).toHaveLength(0);
});
