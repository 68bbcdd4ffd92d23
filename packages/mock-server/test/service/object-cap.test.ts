import { expect, test } from 'vitest';
import type { MockService } from '../../src/index.ts';
import { createMockService, MockServiceError } from '../../src/index.ts';
import { eligibleProduct } from '../support/fixtures.ts';
import { storeSnapshot } from '../support/store-snapshot.ts';

const post = (service: MockService, path: string, body: unknown, key?: string) =>
  service.handle(
    new Request(`http://127.0.0.1/api/v2${path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${service.keys.test}`,
        'content-type': 'application/json',
        ...(key === undefined ? {} : { 'idempotency-key': key }),
      },
      body: JSON.stringify(body),
    }),
  );

const product = (sku: string) => eligibleProduct({ merchant_product_id: sku });

test('at the cap, creating answers 507 storage_full naming the cap and how to raise it, and changes nothing', async () => {
  const service = createMockService({
    maxObjects: 2,
    rateLimit: false,
    seed: { products: [product('seed')] },
  });
  expect((await post(service, '/products', product('sku-1'))).status).toBe(201);
  const before = storeSnapshot(service);
  const refused = await post(service, '/products', product('sku-2'));
  expect(refused.status).toBe(507);
  expect(refused.headers.get('x-request-id')).toMatch(/^req_/);
  const body = (await refused.json()) as { error: { code: string; message: string } };
  expect(body.error.code).toBe('storage_full');
  expect(body.error.message).toMatch(/holds 2 objects.*maxObjects 2.*--max-objects.*reset\(\)/);
  expect(storeSnapshot(service)).toBe(before);
});

test('at the cap, reads still answer and the helpers throw the same 507', async () => {
  const service = createMockService({
    maxObjects: 1,
    rateLimit: false,
    seed: { products: [product('seed')] },
  });
  const list = await service.handle(
    new Request('http://127.0.0.1/api/v2/products', {
      headers: { authorization: `Bearer ${service.keys.test}` },
    }),
  );
  expect(list.status).toBe(200);
  await expect(service.payCheckout('cs_any')).rejects.toSatisfy(
    (error) => error instanceof MockServiceError && error.status === 507 && error.code === 'storage_full',
  );
});

test('a 507 is not kept for its Idempotency-Key: the key is free for another body', async () => {
  const service = createMockService({
    maxObjects: 1,
    rateLimit: false,
    seed: { products: [product('seed')] },
  });
  expect((await post(service, '/products', product('a'), 'key-1')).status).toBe(507);
  // Kept, the first answer would make another body with the key a 400 idempotency_error.
  expect((await post(service, '/products', product('b'), 'key-1')).status).toBe(507);
});

test('reset() empties the store and creating works again', async () => {
  const service = createMockService({ maxObjects: 1, rateLimit: false });
  expect((await post(service, '/products', product('a'))).status).toBe(201);
  expect((await post(service, '/products', product('b'))).status).toBe(507);
  service.reset();
  expect((await post(service, '/products', product('b'))).status).toBe(201);
});

test('a cap that is not a positive whole number is refused at creation', () => {
  for (const bad of [0, -1, 1.5, Number.NaN]) {
    expect(() => createMockService({ maxObjects: bad })).toThrow(/maxObjects/);
  }
});
