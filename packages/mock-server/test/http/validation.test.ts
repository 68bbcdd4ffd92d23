import { ErrorBody } from '@glm/domain';
import { describe, expect, test } from 'vitest';
import { MAX_BODY_BYTES } from '../../src/http/read-body.ts';
import { routes } from '../../src/http/routes.ts';
import { checkoutRequest, eligibleProduct, paymentLinkRequest } from '../support/fixtures.ts';
import { errorOf, type Harness, type Reply, TRANSPORTS, useHarness } from '../support/harness.ts';
import { storeSnapshot } from '../support/store-snapshot.ts';
import { buildWorld, pathFor, type World } from '../support/world.ts';

/** The first integer that is not safe (`Number.isSafeInteger` is false). */
const UNSAFE = 2 ** 53;
const long = (length: number): string => 'x'.repeat(length);

/** One refused request of the "Validation" bullet of issue 3, with the answer D3/D5/D8/D14/D21 give it. */
interface Case {
  readonly name: string;
  readonly method: 'POST' | 'PUT';
  readonly path: (world: World) => string;
  readonly body: unknown;
  readonly status: number;
  readonly code: string;
  readonly param: string;
}

const products = '/api/v2/products';
const newProduct = (overrides: Record<string, unknown>) =>
  eligibleProduct({ merchant_product_id: 'sku-new', ...overrides });
const checkout = (overrides: Record<string, unknown>) => checkoutRequest(['sku-ibuprofen'], overrides);
const lineItem = (overrides: Record<string, unknown>) =>
  checkout({
    line_items: [
      {
        product_id: 'sku-ibuprofen',
        name: 'Ibuprofen',
        price: 1000,
        quantity: 1,
        currency: 'USD',
        ...overrides,
      },
    ],
  });
const refund = (overrides: Record<string, unknown>) => (world: World) => ({
  order_id: world.orderId,
  reason: 'other',
  ...overrides,
});

const FIELD_CASES: readonly (Omit<Case, 'body'> & {
  readonly body: unknown | ((world: World) => unknown);
})[] = [
  // Products (D8, D9): price has its own 400 code; over-long strings and lists are 422.
  {
    name: 'a product price of the wrong type',
    method: 'POST',
    path: () => products,
    body: newProduct({ price: '1299' }),
    status: 400,
    code: 'invalid_price',
    param: 'price',
  },
  {
    name: 'a negative product price',
    method: 'POST',
    path: () => products,
    body: newProduct({ price: -1 }),
    status: 400,
    code: 'invalid_price',
    param: 'price',
  },
  {
    name: 'an unsafe-integer product price',
    method: 'POST',
    path: () => products,
    body: newProduct({ price: UNSAFE }),
    status: 400,
    code: 'invalid_price',
    param: 'price',
  },
  {
    name: 'a fractional product price',
    method: 'POST',
    path: () => products,
    body: newProduct({ price: 12.5 }),
    status: 400,
    code: 'invalid_price',
    param: 'price',
  },
  {
    name: 'a product name over 255 characters',
    method: 'POST',
    path: () => products,
    body: newProduct({ name: long(256) }),
    status: 422,
    code: 'validation_error',
    param: 'name',
  },
  {
    name: 'a tagline over 255 characters',
    method: 'POST',
    path: () => products,
    body: newProduct({ tagline: long(256) }),
    status: 422,
    code: 'validation_error',
    param: 'tagline',
  },
  {
    name: 'eleven product images',
    method: 'POST',
    path: () => products,
    body: newProduct({ images: Array.from({ length: 11 }, (_, i) => `https://img.example/${i}.png`) }),
    status: 422,
    code: 'validation_error',
    param: 'images',
  },
  {
    name: 'a product name of the wrong type',
    method: 'POST',
    path: () => products,
    body: newProduct({ name: 42 }),
    status: 400,
    code: 'invalid_request',
    param: 'name',
  },
  {
    name: 'an unknown product field',
    method: 'POST',
    path: () => products,
    body: newProduct({ colour: 'red' }),
    status: 400,
    code: 'invalid_request',
    param: 'colour',
  },
  {
    name: 'an unsupported product currency',
    method: 'POST',
    path: () => products,
    body: newProduct({ currency: 'EUR' }),
    status: 400,
    code: 'invalid_currency',
    param: 'currency',
  },
  {
    name: 'a negative price on update',
    method: 'PUT',
    path: (w) => `${products}/${w.productId}`,
    body: { price: -5 },
    status: 400,
    code: 'invalid_price',
    param: 'price',
  },
  {
    name: 'a metadata value over 500 characters on update',
    method: 'PUT',
    path: (w) => `${products}/${w.productId}`,
    body: { metadata: { note: long(501) } },
    status: 422,
    code: 'validation_error',
    param: 'metadata.note',
  },
  // Check eligibility (4.3, D12).
  {
    name: 'a product name of the wrong type on check-eligibility',
    method: 'POST',
    path: () => `${products}/check-eligibility`,
    body: { product_name: 42 },
    status: 400,
    code: 'invalid_request',
    param: 'product_name',
  },
  {
    name: 'a malformed barcode on check-eligibility',
    method: 'POST',
    path: () => `${products}/check-eligibility`,
    body: { upc_code_or_gtin: '12345' },
    status: 422,
    code: 'validation_error',
    param: 'upc_code_or_gtin',
  },
  {
    name: 'a product name over 255 characters on check-eligibility',
    method: 'POST',
    path: () => `${products}/check-eligibility`,
    body: { product_name: long(256) },
    status: 422,
    code: 'validation_error',
    param: 'product_name',
  },
  // Checkout creation (D14): mistyped is 400 bad_request, well-typed but invalid 422.
  {
    name: 'a checkout quantity of the wrong type',
    method: 'POST',
    path: () => '/api/v2/checkout',
    body: lineItem({ quantity: '1' }),
    status: 400,
    code: 'bad_request',
    param: 'line_items[0].quantity',
  },
  {
    name: 'a negative checkout price',
    method: 'POST',
    path: () => '/api/v2/checkout',
    body: lineItem({ price: -1 }),
    status: 422,
    code: 'validation_error',
    param: 'line_items[0].price',
  },
  {
    name: 'an unsafe-integer checkout price',
    method: 'POST',
    path: () => '/api/v2/checkout',
    body: lineItem({ price: UNSAFE }),
    status: 422,
    code: 'validation_error',
    param: 'line_items[0].price',
  },
  {
    name: 'a checkout quantity of 0',
    method: 'POST',
    path: () => '/api/v2/checkout',
    body: lineItem({ quantity: 0 }),
    status: 422,
    code: 'validation_error',
    param: 'line_items[0].quantity',
  },
  {
    name: 'a non-USD checkout line (D5)',
    method: 'POST',
    path: () => '/api/v2/checkout',
    body: lineItem({ currency: 'EUR' }),
    status: 422,
    code: 'validation_error',
    param: 'line_items[0].currency',
  },
  {
    name: 'a checkout reference_id over 255 characters',
    method: 'POST',
    path: () => '/api/v2/checkout',
    body: checkout({ reference_id: long(256) }),
    status: 422,
    code: 'validation_error',
    param: 'reference_id',
  },
  {
    name: 'a malformed customer email',
    method: 'POST',
    path: () => '/api/v2/checkout',
    body: checkout({ customer: { email: 'nope', first_name: 'A', last_name: 'B' } }),
    status: 422,
    code: 'validation_error',
    param: 'customer.email',
  },
  {
    name: 'a checkout without reference_id',
    method: 'POST',
    path: () => '/api/v2/checkout',
    body: checkout({ reference_id: undefined }),
    status: 400,
    code: 'bad_request',
    param: 'reference_id',
  },
  // Payment links (4.7): the amount has its own 400 code.
  {
    name: 'a payment link amount of 0',
    method: 'POST',
    path: () => '/v2/payment-links',
    body: paymentLinkRequest({ amount_cents: 0 }),
    status: 400,
    code: 'invalid_amount',
    param: 'amount_cents',
  },
  {
    name: 'an unsafe-integer payment link amount',
    method: 'POST',
    path: () => '/v2/payment-links',
    body: paymentLinkRequest({ amount_cents: UNSAFE }),
    status: 400,
    code: 'invalid_amount',
    param: 'amount_cents',
  },
  {
    name: 'a payment link amount of the wrong type',
    method: 'POST',
    path: () => '/v2/payment-links',
    body: paymentLinkRequest({ amount_cents: '5000' }),
    status: 400,
    code: 'invalid_amount',
    param: 'amount_cents',
  },
  {
    name: 'an unsupported payment link currency',
    method: 'POST',
    path: () => '/v2/payment-links',
    body: paymentLinkRequest({ currency: 'EUR' }),
    status: 400,
    code: 'invalid_currency',
    param: 'currency',
  },
  {
    name: 'a payment link description over 1000 characters',
    method: 'POST',
    path: () => '/v2/payment-links',
    body: paymentLinkRequest({ description: long(1001) }),
    status: 422,
    code: 'validation_error',
    param: 'description',
  },
  {
    name: 'a subscription link without an interval',
    method: 'POST',
    path: () => '/v2/payment-links',
    body: paymentLinkRequest({ payment_type: 'subscription', subscription: {} }),
    status: 422,
    code: 'validation_error',
    param: 'subscription.interval',
  },
  {
    name: 'a cancellation reason of the wrong type',
    method: 'POST',
    path: (w) => `/v2/payment-links/${w.linkId}/cancel`,
    body: { reason: 5 },
    status: 400,
    code: 'invalid_request',
    param: 'reason',
  },
  {
    name: 'a cancellation reason over 500 characters',
    method: 'POST',
    path: (w) => `/v2/payment-links/${w.linkId}/cancel`,
    body: { reason: long(501) },
    status: 422,
    code: 'validation_error',
    param: 'reason',
  },
  // Refunds (D21).
  {
    name: 'a negative refund amount',
    method: 'POST',
    path: () => '/api/v2/refunds',
    body: refund({ amount_cents: -1 }),
    status: 400,
    code: 'invalid_amount',
    param: 'amount_cents',
  },
  {
    name: 'an unsafe-integer refund amount',
    method: 'POST',
    path: () => '/api/v2/refunds',
    body: refund({ amount_cents: UNSAFE }),
    status: 400,
    code: 'invalid_amount',
    param: 'amount_cents',
  },
  {
    name: 'refund notes over 500 characters',
    method: 'POST',
    path: () => '/api/v2/refunds',
    body: refund({ notes: long(501) }),
    status: 422,
    code: 'validation_error',
    param: 'notes',
  },
  {
    name: 'a refund without order_id',
    method: 'POST',
    path: () => '/api/v2/refunds',
    body: { reason: 'other' },
    status: 400,
    code: 'invalid_request',
    param: 'order_id',
  },
  {
    name: 'a refund reason outside the list',
    method: 'POST',
    path: () => '/api/v2/refunds',
    body: refund({ reason: 'whim' }),
    status: 422,
    code: 'validation_error',
    param: 'reason',
  },
  // Test helpers (D28).
  {
    name: 'clock seconds of the wrong type',
    method: 'POST',
    path: () => '/v2/test_helpers/clock/advance',
    body: { seconds: '60' },
    status: 400,
    code: 'invalid_request',
    param: 'seconds',
  },
  {
    name: 'unsafe-integer clock seconds',
    method: 'POST',
    path: () => '/v2/test_helpers/clock/advance',
    body: { seconds: UNSAFE },
    status: 422,
    code: 'validation_error',
    param: 'seconds',
  },
  {
    name: 'a card number of the wrong type',
    method: 'POST',
    path: (w) => `/v2/test_helpers/checkout/${w.openCheckoutId}/pay`,
    body: { card_number: 4242424242424242 },
    status: 400,
    code: 'invalid_request',
    param: 'card_number',
  },
  {
    name: 'an API key name over 255 characters',
    method: 'POST',
    path: () => '/v2/test_helpers/api_keys',
    body: { mode: 'test', name: long(256) },
    status: 422,
    code: 'validation_error',
    param: 'name',
  },
  {
    name: 'a webhook endpoint URL that is not http(s)',
    method: 'POST',
    path: () => '/v2/test_helpers/webhook_endpoints',
    body: { url: 'ftp://hooks.example', events: ['*'] },
    status: 422,
    code: 'validation_error',
    param: 'url',
  },
  {
    name: 'a webhook endpoint description over 500 characters',
    method: 'POST',
    path: () => '/v2/test_helpers/webhook_endpoints',
    body: { url: 'https://hooks.example', events: ['*'], description: long(501) },
    status: 422,
    code: 'validation_error',
    param: 'description',
  },
  {
    name: 'eligibility refresh entries of the wrong type',
    method: 'POST',
    path: () => '/v2/test_helpers/eligibility/refresh',
    body: { entries: 'all' },
    status: 400,
    code: 'invalid_request',
    param: 'entries',
  },
];

/** Every list route and the parameters it refuses, each `400 invalid_request` naming the parameter (D11). */
const LIST_PATHS = routes
  .filter((route) => route.method === 'GET' && !route.path.includes(':') && route.public !== true)
  .map((route) => route.path)
  .filter(
    (path) =>
      ![
        '/test_helpers/clock',
        '/test_helpers/webhook_secret',
        '/test_helpers/faults',
        '/test_helpers/snapshot',
        '/test_helpers/merchants/current',
        '/test_helpers/future',
      ].includes(path),
  );
const BAD_QUERIES = [
  ['colour=red', 'colour'],
  ['limit=0', 'limit'],
  ['limit=101', 'limit'],
  ['limit=ten', 'limit'],
  ['limit=2.5', 'limit'],
  [`limit=${UNSAFE + 1}`, 'limit'],
  ['limit=1&limit=2', 'limit'],
] as const;

const expectRefused = (reply: Reply, what: string) => {
  expect(reply.status, what).toBeGreaterThanOrEqual(400);
  expect(reply.status, what).toBeLessThan(500);
  expect(ErrorBody.safeParse(reply.body).success, what).toBe(true);
};

describe.each(TRANSPORTS)('validation over %s', (transport) => {
  const harness = useHarness(transport);
  const withWorld = async (): Promise<{ h: Harness; world: World; before: string }> => {
    const h = harness();
    const world = await buildWorld(h);
    return { h, world, before: storeSnapshot(h.service) };
  };

  test('every route that reads a body refuses malformed JSON, a non-JSON type and a body over 1 MiB, changing nothing', async () => {
    const { h, world, before } = await withWorld();
    const bodyRoutes = routes.filter((route) => route.method === 'POST' || route.method === 'PUT');
    expect(bodyRoutes.length).toBeGreaterThanOrEqual(20);
    const json = { 'content-type': 'application/json' };
    for (const route of bodyRoutes) {
      const path = `/v2${pathFor(route.path, world)}`;
      const what = `${route.method} ${path}`;
      const broken = await h.request(route.method, path, { rawBody: '{"name":', headers: json });
      expectRefused(broken, what);
      expect([broken.status, errorOf(broken).code], what).toEqual([
        400,
        route.malformedCode ?? 'invalid_request',
      ]);
      const text = await h.request(route.method, path, {
        rawBody: 'name=x',
        headers: { 'content-type': 'text/plain' },
      });
      expect([text.status, errorOf(text).code], what).toEqual([415, 'unsupported_media_type']);
      const big = await h.request(route.method, path, {
        rawBody: JSON.stringify({ name: long(MAX_BODY_BYTES) }),
        headers: json,
      });
      expect([big.status, errorOf(big).code], what).toEqual([413, 'payload_too_large']);
    }
    expect(storeSnapshot(h.service)).toBe(before);
  });

  test('every list refuses unknown parameters and bad limits with 400 invalid_request naming the parameter', async () => {
    const { h, before } = await withWorld();
    expect(LIST_PATHS.length).toBeGreaterThanOrEqual(7);
    for (const path of LIST_PATHS) {
      for (const [query, param] of BAD_QUERIES) {
        const reply = await h.request('GET', `/api/v2${path}?${query}`);
        expectRefused(reply, `${path}?${query}`);
        expect([reply.status, errorOf(reply).code, errorOf(reply).param], `${path}?${query}`).toEqual([
          400,
          'invalid_request',
          param,
        ]);
      }
    }
    expect(storeSnapshot(h.service)).toBe(before);
  });

  test.each(FIELD_CASES)('$name is $status $code naming $param, and changes nothing', async (field) => {
    const { h, world, before } = await withWorld();
    const endpoints = h.service.listWebhookEndpoints().length;
    const body = typeof field.body === 'function' ? field.body(world) : field.body;
    const reply = await h.request(field.method, field.path(world), { body });
    expectRefused(reply, field.name);
    expect([reply.status, errorOf(reply).code, errorOf(reply).param]).toEqual([
      field.status,
      field.code,
      field.param,
    ]);
    expect(storeSnapshot(h.service)).toBe(before);
    expect(h.service.listWebhookEndpoints()).toHaveLength(endpoints);
  });
});
