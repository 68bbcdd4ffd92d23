import { ApiKeyWithKey, CheckoutSessionEnvelope } from '@glm/domain';
import { MockSnapshot, RequestList, ResetResult } from '@glm/domain/test-helpers';
import { describe, expect, test } from 'vitest';
import { createMockService } from '../../src/index.ts';
import { checkoutRequest, eligibleProduct } from '../support/fixtures.ts';
import { errorOf, TRANSPORTS, useHarness } from '../support/harness.ts';
import { storeSnapshot } from '../support/store-snapshot.ts';

// D33: control and inspection over HTTP.

/** The store as {@link storeSnapshot} shows it, events by type only (a reset mints new event ids). */
const stateOf = (service: Parameters<typeof storeSnapshot>[0]): unknown => {
  const state = JSON.parse(storeSnapshot(service)) as { events: { type: string }[] };
  return { ...state, events: state.events.map((event) => event.type) };
};

describe.each(TRANSPORTS)('control over %s', (transport) => {
  const harness = useHarness(transport, {
    seed: { products: [eligibleProduct()] },
    faults: [{ match: { path: '/v2/orders' }, fault: { status: 503 }, times: 2 }],
  });

  test('reset returns to the seed, keeps every key, clears the journal and reinstalls the starting faults with full counts', async () => {
    const h = harness();
    const start = stateOf(h.service);
    const created = await h.request('POST', '/v2/test_helpers/api_keys', {
      body: { mode: 'test', name: 'CI' },
    });
    const ciKey = ApiKeyWithKey.parse(created.body).key;
    await h.request('POST', '/v2/checkout', { body: checkoutRequest(['sku-ibuprofen']) });
    expect((await h.request('GET', '/v2/orders')).status).toBe(503);
    await h.request('POST', '/v2/test_helpers/faults', { body: { fault: { status: 500 }, times: null } });
    await h.request('POST', '/v2/test_helpers/clock/advance', { body: { seconds: 3600 } });

    const reset = await h.request('POST', '/v2/test_helpers/reset', { key: { raw: ciKey } });
    expect(reset.status).toBe(200);
    expect(ResetResult.parse(reset.body).now).toBe('2025-03-01T12:00:00.000Z');
    expect(stateOf(h.service)).toEqual(start);
    expect(h.service.faults.list().map((rule) => rule.remaining)).toEqual([2]);
    // The journal starts again with the reset itself.
    expect(h.service.requests().map((entry) => entry.operation)).toEqual(['testReset']);
    // Both the default key and the key created before the reset still work.
    expect((await h.request('GET', '/v2/products', { key: { raw: ciKey } })).status).toBe(200);
    expect((await h.request('GET', '/v2/orders')).status).toBe(503);
  });

  test('clock/set moves the clock forward, running what falls due; an earlier instant is 422 naming now', async () => {
    const h = harness();
    const created = await h.request('POST', '/v2/checkout', { body: checkoutRequest(['sku-ibuprofen']) });
    const id = CheckoutSessionEnvelope.parse(created.body).data.checkout_id;
    const moved = await h.request('POST', '/v2/test_helpers/clock/set', {
      body: { now: '2025-03-03T12:00:00.000Z' },
    });
    expect(moved.body).toEqual({ now: '2025-03-03T12:00:00.000Z' });
    expect(h.service.events({ type: 'checkout.expired' }).map((event) => event.data.checkout_id)).toEqual([
      id,
    ]);
    const before = storeSnapshot(h.service);
    const back = await h.request('POST', '/v2/test_helpers/clock/set', {
      body: { now: '2025-03-01T12:00:00.000Z' },
    });
    expect([back.status, errorOf(back).code, errorOf(back).param]).toEqual([422, 'validation_error', 'now']);
    const malformed = await h.request('POST', '/v2/test_helpers/clock/set', { body: { now: 'tomorrow' } });
    expect(errorOf(malformed).param).toBe('now');
    expect(storeSnapshot(h.service)).toBe(before);
    expect(h.service.clock.now().toISOString()).toBe('2025-03-03T12:00:00.000Z');
  });

  test('a snapshot read over HTTP loads back over HTTP; the caller’s keys keep working', async () => {
    const h = harness();
    await h.request('POST', '/v2/checkout', { body: checkoutRequest(['sku-ibuprofen']) });
    const taken = MockSnapshot.parse((await h.request('GET', '/v2/test_helpers/snapshot')).body);
    const withCheckout = storeSnapshot(h.service);
    await h.request('POST', '/v2/checkout', { body: checkoutRequest(['sku-ibuprofen']) });
    const created = await h.request('POST', '/v2/test_helpers/api_keys', {
      body: { mode: 'test', name: 'Later' },
    });
    const laterKey = ApiKeyWithKey.parse(created.body).key;
    const loaded = await h.request('POST', '/v2/test_helpers/snapshot', { body: taken });
    expect(loaded.status).toBe(200);
    expect(loaded.body).toMatchObject({ loaded: true, taken_at: taken.taken_at });
    expect(storeSnapshot(h.service)).toBe(withCheckout);
    expect((await h.request('GET', '/v2/orders', { key: { raw: laterKey } })).status).not.toBe(401);
  });

  test.each([
    [{ format: 'glm-mock-snapshot', version: 2, taken_at: 'x', tables: {} }, 'version', 'version 2', 422],
    [{ format: 'other', version: 1, taken_at: 'x', tables: {} }, 'format', '', 422],
    [
      { format: 'glm-mock-snapshot', version: 1, taken_at: 'x', tables: { products: [5] } },
      'tables.products[0]',
      '',
      400,
    ],
    [{ format: 'glm-mock-snapshot', version: 1, taken_at: 'x' }, 'tables', '', 400],
  ])('a bad snapshot (%j) is refused naming %s and changes nothing', async (body, param, words, status) => {
    const h = harness();
    await h.request('POST', '/v2/checkout', { body: checkoutRequest(['sku-ibuprofen']) });
    const before = storeSnapshot(h.service);
    const reply = await h.request('POST', '/v2/test_helpers/snapshot', { body });
    expect([reply.status, errorOf(reply).param]).toEqual([status, param]);
    expect(String(errorOf(reply).message)).toContain(words);
    if (param === 'version') expect(String(errorOf(reply).message)).toContain('version 1');
    expect(storeSnapshot(h.service)).toBe(before);
  });

  test('a live key is refused every control route with 403, and nothing changes', async () => {
    const h = harness();
    const before = storeSnapshot(h.service);
    for (const [method, path] of [
      ['POST', '/v2/test_helpers/reset'],
      ['POST', '/v2/test_helpers/clock/set'],
      ['GET', '/v2/test_helpers/snapshot'],
      ['POST', '/v2/test_helpers/snapshot'],
      ['GET', '/v2/test_helpers/requests'],
      ['GET', '/v2/test_helpers/faults'],
      ['DELETE', '/v2/test_helpers/faults'],
    ] as const) {
      const reply = await h.request(method, path, { key: 'live', body: method === 'POST' ? {} : undefined });
      expect([reply.status, errorOf(reply).code], `${method} ${path}`).toEqual([403, 'forbidden']);
    }
    expect(storeSnapshot(h.service)).toBe(before);
    expect(h.service.faults.list()).toHaveLength(1);
  });

  test('/healthz answers without a key, outside the version prefixes, never rate limited', async () => {
    const h = harness();
    const reply = await h.request('GET', '/healthz', { key: null });
    expect([reply.status, reply.body]).toEqual([200, { status: 'ok' }]);
    expect(reply.headers.get('x-ratelimit-limit')).toBeNull();
  });

  test('events/{id} answers one event of the caller’s mode, 404 otherwise', async () => {
    const h = harness();
    await h.request('POST', '/v2/checkout', { body: checkoutRequest(['sku-ibuprofen']) });
    const [event] = h.service.events({ mode: 'test' });
    const found = await h.request('GET', `/v2/test_helpers/events/${event?.id}`);
    expect(found.body).toEqual(event);
    const unknown = await h.request('GET', '/v2/test_helpers/events/evt_nope');
    expect([unknown.status, errorOf(unknown).code]).toEqual([404, 'not_found']);
  });

  test('the journal over HTTP: newest first, filtered, paged, with operation, key, client and secrets removed', async () => {
    const h = harness();
    await h.request('POST', '/api/v2/checkout', {
      body: checkoutRequest(['sku-ibuprofen'], { metadata: { note: 'card 4242 4242 4242 4242' } }),
      headers: { 'idempotency-key': 'cart-1', 'x-glm-client': '@glm/sdk/1.0.0 (node/20)' },
    });
    await h.request('GET', '/v2/products?limit=1');
    await h.request('GET', '/v2/products/1');
    const all = RequestList.parse((await h.request('GET', '/v2/test_helpers/requests')).body);
    expect(all.data.map((entry) => `${entry.method} ${entry.path}`)).toEqual([
      'GET /v2/products/1',
      'GET /v2/products',
      'POST /api/v2/checkout',
    ]);
    expect(all.dropped).toBe(0);
    const [created] = RequestList.parse(
      (await h.request('GET', '/v2/test_helpers/requests?operation=createCheckoutSession')).body,
    ).data;
    expect(created).toMatchObject({
      status: 201,
      idempotency_key: 'cart-1',
      client: '@glm/sdk/1.0.0 (node/20)',
      replayed: false,
      fault: null,
      query: '',
    });
    expect(created?.response_bytes).toBeGreaterThan(100);
    expect(created?.headers['authorization']).toMatch(/^Bearer test key [A-Za-z0-9]{16}$/);
    expect(JSON.stringify(created)).not.toContain(h.service.keys.test);
    expect(JSON.stringify(created?.body)).toContain('************4242');
    expect(JSON.stringify(created?.body)).not.toContain('4242 4242 4242 4242');

    const byPath = RequestList.parse(
      (await h.request('GET', '/v2/test_helpers/requests?path=/v2/products/:id&method=get')).body,
    );
    expect(byPath.data.map((entry) => entry.path)).toEqual(['/v2/products/1']);
    const first = RequestList.parse((await h.request('GET', '/v2/test_helpers/requests?limit=2')).body);
    expect(first.has_more).toBe(true);
    const next = RequestList.parse(
      (await h.request('GET', `/v2/test_helpers/requests?limit=2&starting_after=${first.next_cursor}`)).body,
    );
    expect(next.data.map((entry) => entry.id)).not.toContain(first.data[0]?.id);
    const bad = await h.request('GET', '/v2/test_helpers/requests?status=abc');
    expect([bad.status, errorOf(bad).param]).toEqual([400, 'status']);
  });
});

test('the journal is bounded by journalSize and says how many it dropped; waitForRequest sees what comes', async () => {
  const mock = createMockService({ journalSize: 2, rateLimit: false });
  const get = (path: string) =>
    mock.handle(
      new Request(`http://127.0.0.1${path}`, { headers: { authorization: `Bearer ${mock.keys.test}` } }),
    );
  const waiting = mock.waitForRequest((entry) => entry.path === '/v2/orders', { timeoutMs: 2000 });
  for (const path of ['/v2/products', '/v2/products', '/v2/orders']) await get(path);
  expect((await waiting).status).toBe(200);
  const page = RequestList.parse(await (await get('/v2/test_helpers/requests')).json());
  expect(page.data).toHaveLength(2);
  expect(page.dropped).toBe(1);
  expect(mock.requests().map((entry) => entry.path)).toEqual(['/v2/orders', '/v2/test_helpers/requests']);
  await expect(mock.waitForRequest(() => false, { timeoutMs: 20 })).rejects.toThrow('No matching request');
  expect(() => createMockService({ journalSize: -1 })).toThrow('journalSize');
  expect(() => createMockService({ faults: [{ fault: { status: 418 } }] })).toThrow(
    'options.faults[0].fault.status',
  );
});
