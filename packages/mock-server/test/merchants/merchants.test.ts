import { CheckoutSessionEnvelope, ProductList } from '@glm/domain';
import { Merchant, MerchantWithKeys } from '@glm/domain/test-helpers';
import { describe, expect, test } from 'vitest';
import { createMockService } from '../../src/index.ts';
import { checkoutRequest, eligibleProduct } from '../support/fixtures.ts';
import { errorOf, TRANSPORTS, useHarness } from '../support/harness.ts';

// D34: many merchants on one server.

describe.each(TRANSPORTS)('merchants over %s', (transport) => {
  const harness = useHarness(transport, {
    seed: { products: [eligibleProduct()] },
    faults: [{ match: { path: '/v2/orders' }, fault: { status: 503 }, times: 1 }],
  });

  /** Creates a merchant with the first merchant's test key and answers it with its keys. */
  const createMerchant = async (name?: string) => {
    const created = await harness().request('POST', '/v2/test_helpers/merchants', {
      body: name === undefined ? {} : { name },
    });
    expect(created.status).toBe(201);
    return MerchantWithKeys.parse(created.body);
  };

  test('a new merchant answers 201 with its own keys and secret, and its key reaches it and no other', async () => {
    const h = harness();
    const merchant = await createMerchant('Team B');
    expect(merchant.id).toMatch(/^mer_[0-9A-Za-z]{24}$/);
    expect(merchant.name).toBe('Team B');
    expect(merchant.keys.test).not.toBe(h.service.keys.test);
    expect(merchant.webhook_secret).toMatch(/^whsec_/);
    const own = await h.request('GET', '/v2/test_helpers/merchants/current', {
      key: { raw: merchant.keys.test },
    });
    expect(own.body).toEqual({ id: merchant.id, name: 'Team B', created_at: merchant.created_at });
    const first = Merchant.parse((await h.request('GET', '/v2/test_helpers/merchants/current')).body);
    expect(first.id).not.toBe(merchant.id);
    const secret = await h.request('GET', '/v2/test_helpers/webhook_secret', {
      key: { raw: merchant.keys.test },
    });
    expect(secret.body).toEqual({ secret: merchant.webhook_secret });
    // A name is made up when none is given.
    expect((await createMerchant()).name).toMatch(/^Merchant \d+$/);
  });

  test("one merchant's objects, clock and reset are invisible to the other", async () => {
    const h = harness();
    const b = await createMerchant();
    const asB = { key: { raw: b.keys.test } } as const;
    // Both start from the server's seed, each its own copy.
    const seeded = ProductList.parse((await h.request('GET', '/v2/products', asB)).body);
    expect(seeded.data.map((product) => product.name)).toEqual([eligibleProduct().name]);

    await h.request('POST', '/v2/products', {
      ...asB,
      body: eligibleProduct({ merchant_product_id: 'b-only' }),
    });
    const created = await h.request('POST', '/v2/checkout', {
      ...asB,
      body: checkoutRequest(['sku-ibuprofen']),
    });
    const checkoutId = CheckoutSessionEnvelope.parse(created.body).data.checkout_id;

    const aProducts = ProductList.parse((await h.request('GET', '/v2/products')).body);
    expect(aProducts.data).toHaveLength(1);
    const missing = await h.request('GET', `/v2/checkout/${checkoutId}`);
    expect(missing.status).toBe(404);
    expect(errorOf(missing).code).toBe('not_found');
    const paid = await h.request('POST', `/v2/test_helpers/checkout/${checkoutId}/pay`, { body: {} });
    expect(paid.status).toBe(404);
    expect((await h.request('GET', `/v2/checkout/${checkoutId}`, asB)).status).toBe(200);

    // B's clock moves; A's does not.
    const before = (await h.request('GET', '/v2/test_helpers/clock')).body;
    await h.request('POST', '/v2/test_helpers/clock/advance', { ...asB, body: { seconds: 86_400 } });
    expect((await h.request('GET', '/v2/test_helpers/clock')).body).toEqual(before);
    expect((await h.request('GET', '/v2/test_helpers/clock', asB)).body).not.toEqual(before);

    // A's reset leaves B's objects; B's snapshot holds B's only.
    await h.request('POST', '/v2/products', { body: eligibleProduct({ merchant_product_id: 'a-only' }) });
    expect((await h.request('POST', '/v2/test_helpers/reset')).status).toBe(200);
    expect(ProductList.parse((await h.request('GET', '/v2/products')).body).data).toHaveLength(1);
    expect(ProductList.parse((await h.request('GET', '/v2/products', asB)).body).data).toHaveLength(2);
    const snapshot = JSON.stringify((await h.request('GET', '/v2/test_helpers/snapshot', asB)).body);
    expect(snapshot).toContain('b-only');
    expect(snapshot).not.toContain('a-only');

    // B's reset brings B back to the seed, and B's key keeps working.
    await h.request('POST', '/v2/test_helpers/reset', asB);
    expect(ProductList.parse((await h.request('GET', '/v2/products', asB)).body).data).toHaveLength(1);
  });

  test("a new merchant starts with the server's fault rules, and one merchant's faults never strike another", async () => {
    const h = harness();
    const b = await createMerchant();
    const asB = { key: { raw: b.keys.test } } as const;
    expect((await h.request('GET', '/v2/orders', asB)).status).toBe(503);
    expect((await h.request('GET', '/v2/orders', asB)).status).toBe(200);
    await h.request('POST', '/v2/test_helpers/faults', {
      ...asB,
      body: { fault: { status: 500 }, times: null },
    });
    expect((await h.request('GET', '/v2/orders')).status).toBe(503);
    expect((await h.request('GET', '/v2/orders')).status).toBe(200);
    expect((await h.request('GET', '/v2/orders', asB)).status).toBe(500);
  });

  test("a merchant's hosted checkout page is served by the page of its own session", async () => {
    const h = harness();
    const b = await createMerchant();
    const created = await h.request('POST', '/v2/checkout', {
      key: { raw: b.keys.test },
      body: checkoutRequest(['sku-ibuprofen']),
    });
    const session = CheckoutSessionEnvelope.parse(created.body).data;
    const path = new URL(session.checkout_url).pathname + new URL(session.checkout_url).search;
    const page = await h.request('GET', path, { key: null });
    expect(page.status).toBe(200);
    expect(String(page.body)).toContain(`data-checkout-id="${session.checkout_id}"`);
  });

  test('deleting a merchant removes it and its keys; the first merchant cannot be removed', async () => {
    const h = harness();
    const b = await createMerchant();
    const asB = { key: { raw: b.keys.test } } as const;
    const removed = await h.request('DELETE', '/v2/test_helpers/merchants/current', asB);
    expect(removed.body).toEqual({ id: b.id, deleted: true });
    const after = await h.request('GET', '/v2/products', asB);
    expect(after.status).toBe(401);
    expect(errorOf(after).code).toBe('unauthorized');
    const first = await h.request('DELETE', '/v2/test_helpers/merchants/current');
    expect(first.status).toBe(409);
    expect(errorOf(first).code).toBe('conflict');
  });

  test('live keys may not create merchants, and a malformed body is refused naming the field', async () => {
    const h = harness();
    const live = await h.request('POST', '/v2/test_helpers/merchants', { key: 'live', body: {} });
    expect(live.status).toBe(403);
    const bad = await h.request('POST', '/v2/test_helpers/merchants', { body: { name: 7 } });
    expect(bad.status).toBe(400);
    expect(errorOf(bad).param).toBe('name');
    const extra = await h.request('POST', '/v2/test_helpers/merchants', { body: { colour: 'red' } });
    expect(extra.status).toBeGreaterThanOrEqual(400);
    expect(extra.status).toBeLessThan(500);
  });
});

describe('the merchant limit', () => {
  test('past maxMerchants a new merchant is 507 storage_full, and removing one makes room', async () => {
    const mock = createMockService({ maxMerchants: 2, rateLimit: false });
    const post = (key: string, method = 'POST', path = '/v2/test_helpers/merchants') =>
      mock.handle(
        new Request(`http://127.0.0.1${path}`, {
          method,
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          ...(method === 'POST' ? { body: '{}' } : {}),
        }),
      );
    const second = MerchantWithKeys.parse(await (await post(mock.keys.test)).json());
    const refused = await post(mock.keys.test);
    expect(refused.status).toBe(507);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('storage_full');
    await post(second.keys.test, 'DELETE', '/v2/test_helpers/merchants/current');
    expect((await post(mock.keys.test)).status).toBe(201);
  });

  test('maxMerchants must be a positive whole number', () => {
    expect(() => createMockService({ maxMerchants: 0 })).toThrow(/maxMerchants/);
  });
});
