import { productRequest, refundRequest } from '@glm/test-fixtures';
import { expect, test } from 'vitest';
import type { z } from 'zod';
import { CheckoutCreate } from '../schemas/checkout-create-body.ts';
import { EligibilityCheckRequest } from '../schemas/eligibility-check-request.ts';
import { PaymentLinkCancel, PaymentLinkCreate } from '../schemas/payment-link-requests.ts';
import { ProductCreate, ProductListQuery } from '../schemas/product-requests.ts';
import { RefundCreate } from '../schemas/refund-requests.ts';
import {
  ApiKeyCreateRequest,
  DisputeCloseRequest,
  EligibilityRefreshRequest,
  WebhookEndpointCreateRequest,
} from '../schemas/test-helper-requests.ts';
import { checkoutReferenceBody, paymentLinkCreateBody } from '../schemas/test-support/fixtures.ts';
import { parseRequest, type RequestOperation } from './parse-request.ts';

const product = productRequest({ currency: 'usd', upc_code_or_gtin: '0360-0029-1452' });
const checkout = checkoutReferenceBody();
const [thermometer, mug] = checkout.line_items;
const link = paymentLinkCreateBody();
const refund = refundRequest('ord_0123456789abcdefghijklmn', { notes: 'Cracked' });
const { name: _name, ...productWithoutName } = product;
const { price: _price, ...productWithoutPrice } = product;
const { amount_cents: _amount, ...linkWithoutAmount } = link;
const { order_id: _order, ...refundWithoutOrder } = refund;

type Row = [string, z.ZodType, RequestOperation, unknown, number, string, string | undefined];

const rows: Row[] = [
  [
    'a product without name',
    ProductCreate,
    'product.create',
    productWithoutName,
    400,
    'invalid_request',
    'name',
  ],
  [
    'a product without price',
    ProductCreate,
    'product.create',
    productWithoutPrice,
    400,
    'invalid_request',
    'price',
  ],
  [
    'a negative product price',
    ProductCreate,
    'product.create',
    { ...product, price: -1 },
    400,
    'invalid_price',
    'price',
  ],
  [
    'a product price as text',
    ProductCreate,
    'product.create',
    { ...product, price: '19.99' },
    400,
    'invalid_price',
    'price',
  ],
  [
    'a product priced in EUR',
    ProductCreate,
    'product.create',
    { ...product, currency: 'eur' },
    400,
    'invalid_currency',
    'currency',
  ],
  [
    'a malformed product currency',
    ProductCreate,
    'product.create',
    { ...product, currency: 'dollars' },
    422,
    'validation_error',
    'currency',
  ],
  [
    'a bad UPC check digit',
    ProductCreate,
    'product.create',
    { ...product, upc_code_or_gtin: '036000291453' },
    422,
    'validation_error',
    'upc_code_or_gtin',
  ],
  [
    'an ftp image URL',
    ProductCreate,
    'product.create',
    { ...product, images: ['ftp://x.example/a.png'] },
    422,
    'validation_error',
    'images[0]',
  ],
  [
    'eleven product images',
    ProductCreate,
    'product.create',
    { ...product, images: Array(11).fill('https://x.example/a.png') },
    422,
    'validation_error',
    'images',
  ],
  [
    'an unknown product field',
    ProductCreate,
    'product.create',
    { ...product, colour: 'red' },
    400,
    'invalid_request',
    'colour',
  ],
  [
    'a product body that is not an object',
    ProductCreate,
    'product.create',
    [product],
    400,
    'invalid_request',
    undefined,
  ],
  ['a page size of 500', ProductListQuery, 'product.list', { limit: '500' }, 400, 'invalid_request', 'limit'],
  [
    'an unknown query parameter',
    ProductListQuery,
    'product.list',
    { sort: 'name' },
    400,
    'invalid_request',
    'sort',
  ],
  [
    'a non-boolean eligibility filter',
    ProductListQuery,
    'product.list',
    { hsa_fsa_eligible: 'yes' },
    400,
    'invalid_request',
    'hsa_fsa_eligible',
  ],
  [
    'an eligibility check with neither field',
    EligibilityCheckRequest,
    'eligibility.check',
    {},
    400,
    'invalid_request',
    undefined,
  ],
  [
    'an eligibility check with a short UPC',
    EligibilityCheckRequest,
    'eligibility.check',
    { upc_code_or_gtin: '12345' },
    422,
    'validation_error',
    'upc_code_or_gtin',
  ],
  ['an empty checkout body', CheckoutCreate, 'checkout.create', {}, 400, 'bad_request', 'reference_id'],
  [
    'malformed checkout JSON read as null',
    CheckoutCreate,
    'checkout.create',
    null,
    400,
    'bad_request',
    undefined,
  ],
  [
    'a checkout item in EUR',
    CheckoutCreate,
    'checkout.create',
    { ...checkout, line_items: [thermometer, { ...mug, currency: 'EUR' }] },
    422,
    'validation_error',
    'line_items[1].currency',
  ],
  [
    'a negative checkout price',
    CheckoutCreate,
    'checkout.create',
    { ...checkout, line_items: [{ ...thermometer, price: -5 }] },
    422,
    'validation_error',
    'line_items[0].price',
  ],
  [
    'disagreeing price spellings',
    CheckoutCreate,
    'checkout.create',
    { ...checkout, line_items: [{ ...thermometer, price_cents: 1 }] },
    400,
    'bad_request',
    'line_items[0].price',
  ],
  [
    'a checkout item without price',
    CheckoutCreate,
    'checkout.create',
    { ...checkout, line_items: [{ ...thermometer, price: undefined }] },
    400,
    'bad_request',
    'line_items[0].price',
  ],
  [
    'an empty cart',
    CheckoutCreate,
    'checkout.create',
    { ...checkout, line_items: [] },
    400,
    'bad_request',
    'line_items',
  ],
  [
    'a bad customer email',
    CheckoutCreate,
    'checkout.create',
    { ...checkout, customer: { ...checkout.customer, email: 'ada' } },
    422,
    'validation_error',
    'customer.email',
  ],
  [
    'a non-http success URL',
    CheckoutCreate,
    'checkout.create',
    { ...checkout, success_url: 'javascript:alert(1)' },
    422,
    'validation_error',
    'success_url',
  ],
  [
    'a discount above the total',
    CheckoutCreate,
    'checkout.create',
    { ...checkout, discount: 999_999 },
    422,
    'validation_error',
    'discount',
  ],
  [
    'a subscription checkout without interval',
    CheckoutCreate,
    'checkout.create',
    { ...checkout, payment_type: 'subscription', subscription: { trial_period_days: 7 } },
    422,
    'validation_error',
    'subscription.interval',
  ],
  [
    'a zero payment link amount',
    PaymentLinkCreate,
    'payment_link.create',
    { ...link, amount_cents: 0 },
    400,
    'invalid_amount',
    'amount_cents',
  ],
  [
    'a fractional payment link amount',
    PaymentLinkCreate,
    'payment_link.create',
    { ...link, amount_cents: 45.5 },
    400,
    'invalid_amount',
    'amount_cents',
  ],
  [
    'a payment link without amount',
    PaymentLinkCreate,
    'payment_link.create',
    linkWithoutAmount,
    400,
    'invalid_request',
    'amount_cents',
  ],
  [
    'a payment link in CAD',
    PaymentLinkCreate,
    'payment_link.create',
    { ...link, currency: 'CAD' },
    400,
    'invalid_currency',
    'currency',
  ],
  [
    'a subscription link without interval',
    PaymentLinkCreate,
    'payment_link.create',
    { ...link, subscription: {} },
    422,
    'validation_error',
    'subscription.interval',
  ],
  [
    'link products above the amount',
    PaymentLinkCreate,
    'payment_link.create',
    { ...link, amount_cents: 4000 },
    422,
    'validation_error',
    'products',
  ],
  [
    'a 501-character cancel reason',
    PaymentLinkCancel,
    'payment_link.cancel',
    { reason: 'x'.repeat(501) },
    422,
    'validation_error',
    'reason',
  ],
  [
    'a negative refund amount alias',
    RefundCreate,
    'refund.create',
    { ...refund, amount_cents: undefined, amount: -1 },
    400,
    'invalid_amount',
    'amount',
  ],
  [
    'disagreeing refund amounts',
    RefundCreate,
    'refund.create',
    { ...refund, amount: 999 },
    400,
    'invalid_request',
    'amount',
  ],
  [
    'an unknown refund reason',
    RefundCreate,
    'refund.create',
    { ...refund, reason: 'because' },
    422,
    'validation_error',
    'reason',
  ],
  [
    'a refund without order',
    RefundCreate,
    'refund.create',
    refundWithoutOrder,
    400,
    'invalid_request',
    'order_id',
  ],
];

test.each(rows)(
  '%s is refused with the documented status, code and param',
  (_name, schema, operation, body, status, code, param) => {
    const parsed = parseRequest(schema, body, operation);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect([parsed.status, parsed.body.error.code, parsed.body.error.param]).toEqual([status, code, param]);
    expect([parsed.code, parsed.param]).toEqual([code, param]);
  },
);

test.each([
  ['product creation', ProductCreate, 'product.create', product],
  ['checkout creation', CheckoutCreate, 'checkout.create', checkout],
  ['payment link creation', PaymentLinkCreate, 'payment_link.create', link],
  ['refund creation', RefundCreate, 'refund.create', refund],
] as const)('a valid %s body parses', (_name, schema, operation, body) => {
  expect(parseRequest(schema, body, operation).ok).toBe(true);
});

test('a refusal lists every problem in details, each with its field', () => {
  const parsed = parseRequest(ProductCreate, { price: -1, currency: 'EUR', colour: 'red' }, 'product.create');
  expect(parsed.ok).toBe(false);
  if (parsed.ok) return;
  expect(parsed.body.error.details?.map((detail) => detail.field)).toEqual([
    'name',
    'price',
    'currency',
    'colour',
  ]);
  expect(parsed.body.error.message).toBe('Missing required parameter: name.');
});

test('a refusal of only well-typed values is a 422 naming the first of them', () => {
  const parsed = parseRequest(ProductCreate, { ...product, name: ' ', images: ['nope'] }, 'product.create');
  expect(parsed.ok ? undefined : [parsed.status, parsed.param, parsed.body.error.details?.length]).toEqual([
    422,
    'name',
    2,
  ]);
});

const refreshEntry = {
  upc_code_or_gtin: '036000291452',
  hsa_fsa_eligible: true,
  eligibility_type: 'auto_substantiation',
  reason: 'Listed',
};
const { reason: _reason, ...refundWithoutReason } = refund;
const { eligibility_type: _type, ...entryWithoutType } = refreshEntry;
const { payment_type: _paymentType, subscription: _subscription, ...oneTimeLink } = link;

test.each([
  ['a refund without reason', RefundCreate, 'refund.create', refundWithoutReason, 'reason'],
  ['a dispute close without outcome', DisputeCloseRequest, 'test_helpers.dispute.close', {}, 'outcome'],
  ['an API key without mode', ApiKeyCreateRequest, 'test_helpers.api_key.create', { name: 'ci' }, 'mode'],
  [
    'a refresh entry without eligibility type',
    EligibilityRefreshRequest,
    'test_helpers.eligibility.refresh',
    { entries: [entryWithoutType] },
    'entries[0].eligibility_type',
  ],
  [
    'a link product without merchant_product_id',
    PaymentLinkCreate,
    'payment_link.create',
    { ...oneTimeLink, products: [{ name: 'Vitamins', quantity: 1, price_cents: 4500 }] },
    'products[0].merchant_product_id',
  ],
] as const)(
  '%s is a missing parameter (400 invalid_request), not a 422',
  (_name, schema, operation, body, param) => {
    const parsed = parseRequest(schema, body, operation);
    expect(parsed.ok ? undefined : [parsed.status, parsed.code, parsed.param, parsed.message]).toEqual([
      400,
      'invalid_request',
      param,
      `Missing required parameter: ${param}.`,
    ]);
  },
);

test('a subscription without interval stays a 422, as interface 7 lists it', () => {
  const parsed = parseRequest(
    PaymentLinkCreate,
    { ...link, subscription: { interval_count: 2 } },
    'payment_link.create',
  );
  expect(parsed.ok ? undefined : [parsed.status, parsed.param]).toEqual([422, 'subscription.interval']);
});

/** Every path to a property of a JSON body, parents before children. */
function propertyPaths(value: unknown, prefix: readonly (string | number)[] = []): (string | number)[][] {
  if (typeof value !== 'object' || value === null) return [];
  const entries: [string | number, unknown][] = Array.isArray(value)
    ? value.map((item, index): [number, unknown] => [index, item])
    : Object.entries(value);
  return entries.flatMap(([key, item]) => {
    const path = [...prefix, key];
    return typeof key === 'number' ? propertyPaths(item, path) : [path, ...propertyPaths(item, path)];
  });
}

function without(value: unknown, path: readonly (string | number)[]): unknown {
  const [head, ...rest] = path;
  if (head === undefined || typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map((item, index) => (index === head ? without(item, rest) : item));
  if (rest.length > 0) {
    return { ...value, [head]: without((value as Record<string, unknown>)[String(head)], rest) };
  }
  const { [String(head)]: _removed, ...kept } = value as Record<string, unknown>;
  return kept;
}

test.each([
  ['product creation', ProductCreate, 'product.create', product, 'invalid_request'],
  ['checkout creation', CheckoutCreate, 'checkout.create', checkout, 'bad_request'],
  ['payment link creation', PaymentLinkCreate, 'payment_link.create', oneTimeLink, 'invalid_request'],
  ['refund creation', RefundCreate, 'refund.create', refund, 'invalid_request'],
  [
    'API key creation',
    ApiKeyCreateRequest,
    'test_helpers.api_key.create',
    { mode: 'test', name: 'ci' },
    'invalid_request',
  ],
  [
    'dispute closing',
    DisputeCloseRequest,
    'test_helpers.dispute.close',
    { outcome: 'won' },
    'invalid_request',
  ],
  [
    'webhook endpoint creation',
    WebhookEndpointCreateRequest,
    'test_helpers.webhook_endpoint.create',
    { url: 'https://shop.example.com/hooks', events: ['order.completed'] },
    'invalid_request',
  ],
  [
    'eligibility refresh',
    EligibilityRefreshRequest,
    'test_helpers.eligibility.refresh',
    { version: '2025-02', entries: [refreshEntry] },
    'invalid_request',
  ],
] as const)(
  'leaving out any one field of a valid %s body either parses or is a 400 naming that field',
  (_name, schema, operation, body, badRequest) => {
    const paths = propertyPaths(body);
    expect(paths.length).toBeGreaterThan(0);
    for (const path of paths) {
      const parsed = parseRequest(schema, without(body, path), operation);
      if (parsed.ok) continue;
      const param = path
        .map((key) => (typeof key === 'number' ? `[${key}]` : `.${key}`))
        .join('')
        .slice(1);
      expect([path, parsed.status, parsed.code, parsed.param]).toEqual([path, 400, badRequest, param]);
    }
  },
);

test('a __proto__, constructor or prototype key anywhere is refused with 400 naming it, not dropped', () => {
  const text = JSON.stringify({ ...link, metadata: {} }).replace(
    '"metadata":{}',
    '"metadata":{"__proto__":"x"}',
  );
  const refused = parseRequest(PaymentLinkCreate, JSON.parse(text), 'payment_link.create');
  expect(refused).toMatchObject({
    ok: false,
    status: 400,
    code: 'invalid_request',
    param: 'metadata.__proto__',
  });
  const nested = parseRequest(
    CheckoutCreate,
    { ...checkout, metadata: { constructor: 'x' } },
    'checkout.create',
  );
  expect(nested).toMatchObject({
    ok: false,
    status: 400,
    code: 'bad_request',
    param: 'metadata.constructor',
  });
});
