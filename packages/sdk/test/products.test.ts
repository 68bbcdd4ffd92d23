import { expect, test } from 'vitest';
import { APIError } from '../src/errors/api-error.ts';
import { BadRequestError } from '../src/errors/bad-request-error.ts';
import { ConflictError } from '../src/errors/conflict-error.ts';
import { NotFoundError } from '../src/errors/not-found-error.ts';
import { RateLimitError } from '../src/errors/rate-limit-error.ts';
import { UnprocessableEntityError } from '../src/errors/unprocessable-entity-error.ts';
import type { ProductCreateParams } from '../src/resources/products.ts';
import { productRequest, rejectionOf, useMockGlm } from './support/use-mock-glm.ts';

const { glm } = useMockGlm();
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

test('create answers the product with its eligibility, a request id and the generated idempotency key', async () => {
  const { data: product, meta } = await glm.products
    .create(productRequest({ merchant_product_id: 'thermo-1' }))
    .withResponse();
  expect(product).toMatchObject({
    name: 'Digital Thermometer',
    price: 1_299,
    merchant_product_id: 'thermo-1',
  });
  expect(product.eligibility.hsa_fsa_eligible).toBe(true);
  expect(meta.idempotencyKey).toMatch(UUID_V4);
  expect(meta.requestId).toEqual(expect.any(String));
  expect(meta.status).toBe(201);
});

test('repeating a create with the same idempotency key replays the first answer', async () => {
  const first = await glm.products.create(productRequest(), { idempotencyKey: 'create-thermo' });
  const { data: again, meta } = await glm.products
    .create(productRequest(), { idempotencyKey: 'create-thermo' })
    .withResponse();
  expect(again.id).toBe(first.id);
  expect(meta.replayed).toBe(true);
});

test('reusing an idempotency key with another body is a BadRequestError idempotency_error carrying the key', async () => {
  await glm.products.create(productRequest(), { idempotencyKey: 'create-once' });
  const error = await rejectionOf(
    glm.products.create(productRequest({ name: 'Another thing' }), { idempotencyKey: 'create-once' }),
  );
  expect(error).toBeInstanceOf(BadRequestError);
  expect(error).toMatchObject({ status: 400, code: 'idempotency_error', idempotencyKey: 'create-once' });
});

test('a body over 1 MiB is a plain APIError payload_too_large: 413 has no subclass', async () => {
  const error = await rejectionOf(
    glm.products.create(productRequest({ description: 'x'.repeat(1_100_000) })),
  );
  expect(error).toBeInstanceOf(APIError);
  expect(error).not.toBeInstanceOf(BadRequestError);
  expect(error).toMatchObject({ status: 413, code: 'payload_too_large' });
});

test('get and update read and change one product; metadata merges', async () => {
  const created = await glm.products.create(productRequest({ metadata: { color: 'white', size: 'm' } }));
  const updated = await glm.products.update(created.id, {
    price: 999,
    metadata: { size: null, brand: 'acme' },
  });
  expect(updated.price).toBe(999);
  expect(updated.metadata).toEqual({ color: 'white', brand: 'acme' });
  expect(await glm.products.get(created.id)).toEqual(updated);
});

test('list walks every page, newest first', async () => {
  for (const name of ['A', 'B', 'C', 'D', 'E'])
    await glm.products.create(productRequest({ name: `Bandage ${name}` }));
  const names: string[] = [];
  for await (const product of glm.products.list({ limit: 2 })) names.push(product.name);
  expect(names).toEqual(['Bandage E', 'Bandage D', 'Bandage C', 'Bandage B', 'Bandage A']);
  const first = await glm.products.list({ limit: 2 });
  expect(first.hasNextPage()).toBe(true);
  expect((await first.getNextPage()).data.map((product) => product.name)).toEqual(['Bandage C', 'Bandage B']);
});

test('checkEligibility classifies a name without creating a product', async () => {
  const result = await glm.products.checkEligibility({ product_name: 'Reading Glasses' });
  expect(result.hsa_fsa_eligible).toBe(true);
  expect((await glm.products.list()).data).toEqual([]);
});

test('an unknown product id is a NotFoundError naming the id', async () => {
  const error = await rejectionOf(glm.products.get(424_242));
  expect(error).toBeInstanceOf(NotFoundError);
  expect(error).toMatchObject({ status: 404, code: 'not_found', param: 'id' });
});

test.each([
  ['a non-USD currency', { currency: 'EUR' }, BadRequestError, 400, 'invalid_currency', 'currency'],
  ['a negative price', { price: -1 }, BadRequestError, 400, 'invalid_price', 'price'],
  [
    'a barcode with a bad check digit',
    { upc_code_or_gtin: '074100001237' },
    UnprocessableEntityError,
    422,
    'validation_error',
    'upc_code_or_gtin',
  ],
])(
  'creating with %s is refused with its class and code',
  async (_, overrides, ErrorClass, status, code, param) => {
    const error = await rejectionOf(glm.products.create(productRequest(overrides) as ProductCreateParams));
    expect(error).toBeInstanceOf(ErrorClass);
    expect(error).toMatchObject({ status, code, param });
  },
);

test('a duplicate merchant_product_id is a ConflictError', async () => {
  await glm.products.create(productRequest({ merchant_product_id: 'dup' }));
  const error = await rejectionOf(glm.products.create(productRequest({ merchant_product_id: 'dup' })));
  expect(error).toBeInstanceOf(ConflictError);
  expect(error).toMatchObject({ code: 'conflict', param: 'merchant_product_id' });
});

test('a cursor that names no product is a BadRequestError on starting_after', async () => {
  const error = await rejectionOf(glm.products.list({ starting_after: 99_999 }));
  expect(error).toBeInstanceOf(BadRequestError);
  expect(error).toMatchObject({ code: 'invalid_request', param: 'starting_after' });
});

test('an eligibility check with neither barcode nor name (past the types) is a BadRequestError', async () => {
  // @ts-expect-error one of upc_code_or_gtin or product_name is required
  const error = await rejectionOf(glm.products.checkEligibility({}));
  expect(error).toBeInstanceOf(BadRequestError);
  expect(error).toMatchObject({ code: 'invalid_request' });
});

test('going over the eligibility rate limit is a RateLimitError that says how long to wait', async () => {
  for (let call = 0; call < 3; call++) await glm.products.checkEligibility({ product_name: 'Bandage' });
  const error = await rejectionOf(glm.products.checkEligibility({ product_name: 'Bandage' }));
  expect(error).toBeInstanceOf(RateLimitError);
  expect(error).toMatchObject({ status: 429, code: 'rate_limit_exceeded' });
  expect((error as RateLimitError).retryAfterMs).toBeGreaterThan(0);
});
