import { Product, ProductList } from '@glm/domain';
import { describe, expect, test } from 'vitest';
import { eligibleProduct, regularProduct } from '../support/fixtures.ts';
import { errorOf, TRANSPORTS, useHarness } from '../support/harness.ts';

describe.each(TRANSPORTS)('products over %s', (transport) => {
  const harness = useHarness(transport);

  test('creating a product answers 201 with the next integer id and its eligibility from the database', async () => {
    const { request } = harness();
    const first = await request('POST', '/api/v2/products', { body: eligibleProduct() });
    const second = await request('POST', '/v2/products', { body: regularProduct() });
    expect(first.status).toBe(201);
    const a = Product.parse(first.body);
    const b = Product.parse(second.body);
    expect(b.id).toBe(a.id + 1);
    expect(a.currency).toBe('USD');
    expect(a.eligibility).toMatchObject({ hsa_fsa_eligible: true, eligibility_type: 'auto_substantiation' });
    expect(b.eligibility).toMatchObject({ hsa_fsa_eligible: false, eligibility_type: null });
  });

  test('creating a product emits product.created with the product', async () => {
    const { request, service } = harness();
    const created = await request('POST', '/api/v2/products', { body: eligibleProduct() });
    const [event] = service.events({ type: 'product.created' });
    expect(event?.data).toEqual(created.body);
  });

  test.each([
    ['a missing name', { name: undefined }, 400, 'invalid_request', 'name'],
    ['a negative price', { price: -1 }, 400, 'invalid_price', 'price'],
    ['a non-USD currency', { currency: 'EUR' }, 400, 'invalid_currency', 'currency'],
    [
      'a barcode with a bad check digit',
      { upc_code_or_gtin: '074100001237' },
      422,
      'validation_error',
      'upc_code_or_gtin',
    ],
    [
      'eleven images',
      { images: Array.from({ length: 11 }, (_, i) => `https://img.example/${i}.png`) },
      422,
      'validation_error',
      'images',
    ],
  ])(
    'creating a product with %s is refused and stores nothing',
    async (_, overrides, status, code, param) => {
      const { request, service } = harness();
      const reply = await request('POST', '/api/v2/products', { body: eligibleProduct(overrides) });
      expect(reply.status).toBe(status);
      expect(errorOf(reply)).toMatchObject({ code, param });
      const list = await request('GET', '/api/v2/products');
      expect(ProductList.parse(list.body).data).toEqual([]);
      expect(service.events()).toEqual([]);
    },
  );

  test('a duplicate merchant_product_id is 409 conflict', async () => {
    const { request } = harness();
    await request('POST', '/api/v2/products', { body: eligibleProduct() });
    const reply = await request('POST', '/api/v2/products', { body: eligibleProduct({ name: 'Other' }) });
    expect(reply.status).toBe(409);
    expect(errorOf(reply)).toMatchObject({ code: 'conflict', param: 'merchant_product_id' });
  });

  test('the list is newest first and pages with next_cursor', async () => {
    const { request, service } = harness();
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      const reply = await request('POST', '/api/v2/products', {
        body: regularProduct({ merchant_product_id: `sku-${i}` }),
      });
      ids.push(Product.parse(reply.body).id);
      service.clock.advance('1s');
    }
    const first = ProductList.parse((await request('GET', '/api/v2/products?limit=2')).body);
    expect(first.data.map((p) => p.id)).toEqual([ids[4], ids[3]]);
    expect(first).toMatchObject({ has_more: true, next_cursor: ids[3] });
    const rest = ProductList.parse(
      (await request('GET', `/api/v2/products?limit=10&starting_after=${first.next_cursor}`)).body,
    );
    expect(rest.data.map((p) => p.id)).toEqual([ids[2], ids[1], ids[0]]);
    expect(rest).toMatchObject({ has_more: false, next_cursor: null });
  });

  test('the list filters by status, eligibility, merchant_product_id and creation time', async () => {
    const { request, service } = harness();
    await request('POST', '/api/v2/products', { body: eligibleProduct() });
    service.clock.advance('1h');
    const middle = service.clock.now().toISOString();
    service.clock.advance('1h');
    await request('POST', '/api/v2/products', { body: regularProduct({ status: 'inactive' }) });
    const names = async (query: string) =>
      ProductList.parse((await request('GET', `/api/v2/products?${query}`)).body).data.map(
        (p) => p.merchant_product_id,
      );
    expect(await names('status=inactive')).toEqual(['sku-tissue']);
    expect(await names('hsa_fsa_eligible=true')).toEqual(['sku-ibuprofen']);
    expect(await names('merchant_product_id=sku-tissue')).toEqual(['sku-tissue']);
    expect(await names(`created_after=${middle}`)).toEqual(['sku-tissue']);
    expect(await names(`created_before=${middle}`)).toEqual(['sku-ibuprofen']);
  });

  test.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=ten', 'limit'],
    ['status=deleted', 'status'],
    ['hsa_fsa_eligible=yes', 'hsa_fsa_eligible'],
    ['created_after=yesterday', 'created_after'],
    ['colour=red', 'colour'],
    ['starting_after=999', 'starting_after'],
  ])('the list query %s is 400 invalid_request naming the parameter', async (query, param) => {
    const reply = await harness().request('GET', `/api/v2/products?${query}`);
    expect(reply.status).toBe(400);
    expect(errorOf(reply)).toMatchObject({ code: 'invalid_request', param });
  });

  test('getting a product answers it; an unknown id is 404 and a non-integer id 400', async () => {
    const { request } = harness();
    const created = Product.parse(
      (await request('POST', '/api/v2/products', { body: eligibleProduct() })).body,
    );
    expect((await request('GET', `/api/v2/products/${created.id}`)).body).toEqual(created);
    const missing = await request('GET', `/api/v2/products/${created.id + 1}`);
    expect(missing.status).toBe(404);
    expect(errorOf(missing)).toMatchObject({ code: 'not_found', param: 'id' });
    const bad = await request('GET', '/api/v2/products/abc');
    expect(bad.status).toBe(400);
    expect(errorOf(bad)).toMatchObject({ code: 'invalid_request', param: 'id' });
  });

  test('an update changes only the fields sent, merges metadata and emits previous_attributes', async () => {
    const { request, service } = harness();
    const created = Product.parse(
      (await request('POST', '/api/v2/products', { body: eligibleProduct({ metadata: { a: '1', b: '2' } }) }))
        .body,
    );
    service.clock.advance('1m');
    const reply = await request('PUT', `/api/v2/products/${created.id}`, {
      body: { price: 1500, metadata: { a: null, c: '3' } },
    });
    expect(reply.status).toBe(200);
    const updated = Product.parse(reply.body);
    expect(updated).toMatchObject({ price: 1500, name: created.name, metadata: { b: '2', c: '3' } });
    expect(updated.updated_at).not.toBe(created.updated_at);
    const [event] = service.events({ type: 'product.updated' });
    expect(event?.data['previous_attributes']).toEqual({ price: 1299, metadata: { a: '1', b: '2' } });
  });

  test('a new barcode re-runs the eligibility check', async () => {
    const { request } = harness();
    const created = Product.parse(
      (await request('POST', '/api/v2/products', { body: regularProduct() })).body,
    );
    const updated = await request('PUT', `/api/v2/products/${created.id}`, {
      body: { upc_code_or_gtin: '074100001236' },
    });
    expect(Product.parse(updated.body).eligibility.hsa_fsa_eligible).toBe(true);
  });

  test('an archived product may only become inactive; other moves are 409 conflict', async () => {
    const { request } = harness();
    const created = Product.parse(
      (await request('POST', '/api/v2/products', { body: regularProduct() })).body,
    );
    const path = `/api/v2/products/${created.id}`;
    expect((await request('PUT', path, { body: { status: 'archived' } })).status).toBe(200);
    const refused = await request('PUT', path, { body: { status: 'active' } });
    expect(refused.status).toBe(409);
    expect(errorOf(refused)).toMatchObject({ code: 'conflict', param: 'status' });
    expect((await request('PUT', path, { body: { status: 'inactive' } })).status).toBe(200);
  });

  test('an update with no change emits nothing', async () => {
    const { request, service } = harness();
    const created = Product.parse(
      (await request('POST', '/api/v2/products', { body: regularProduct() })).body,
    );
    const reply = await request('PUT', `/api/v2/products/${created.id}`, { body: { price: created.price } });
    expect(reply.body).toEqual(created);
    expect(service.events({ type: 'product.updated' })).toEqual([]);
  });

  test('updating an unknown product is 404; an invalid field is refused before the lookup', async () => {
    const { request } = harness();
    expect((await request('PUT', '/api/v2/products/42', { body: { price: 1 } })).status).toBe(404);
    expect(errorOf(await request('PUT', '/api/v2/products/42', { body: { price: 'x' } })).code).toBe(
      'invalid_price',
    );
  });

  test('check-eligibility answers from the barcode database and creates no product', async () => {
    const { request, service } = harness();
    const reply = await request('POST', '/v2/products/check-eligibility', {
      body: { upc_code_or_gtin: '086123400019' },
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      hsa_fsa_eligible: true,
      eligibility_type: 'rx',
      checked_at: service.clock.now().toISOString(),
    });
    expect(ProductList.parse((await request('GET', '/api/v2/products')).body).data).toEqual([]);
  });

  test('check-eligibility without a barcode or a name is 400; a malformed barcode is 422', async () => {
    const { request } = harness();
    const none = await request('POST', '/api/v2/products/check-eligibility', { body: {} });
    expect(none.status).toBe(400);
    expect(errorOf(none).code).toBe('invalid_request');
    const bad = await request('POST', '/api/v2/products/check-eligibility', {
      body: { upc_code_or_gtin: '12345' },
    });
    expect(bad.status).toBe(422);
    expect(errorOf(bad)).toMatchObject({ code: 'validation_error', param: 'upc_code_or_gtin' });
  });

  test('GET on check-eligibility is 405, not a product lookup', async () => {
    const reply = await harness().request('GET', '/api/v2/products/check-eligibility');
    expect(reply.status).toBe(405);
    expect(errorOf(reply).code).toBe('method_not_allowed');
  });
});

describe.each(TRANSPORTS)('check-eligibility rate limit over %s', (transport) => {
  const harness = useHarness(transport, {
    rateLimit: { eligibility: { test: { limit: 2, windowMs: 60_000 } } },
  });

  test('the third check in a minute is 429 with Retry-After, and the window slides on the virtual clock', async () => {
    const { request, service } = harness();
    const check = () =>
      request('POST', '/api/v2/products/check-eligibility', { body: { product_name: 'Bandages' } });
    const first = await check();
    expect(first.headers.get('x-ratelimit-limit')).toBe('2');
    expect(first.headers.get('x-ratelimit-remaining')).toBe('1');
    await check();
    const refused = await check();
    expect(refused.status).toBe(429);
    expect(errorOf(refused).code).toBe('rate_limit_exceeded');
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(Number(refused.headers.get('x-ratelimit-reset'))).toBe(
      Math.ceil((service.clock.now().getTime() + 60_000) / 1000),
    );
    service.clock.advance('60s');
    expect((await check()).status).toBe(200);
  });
});
