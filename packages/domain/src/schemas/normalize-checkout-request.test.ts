import fc from 'fast-check';
import { expect, test } from 'vitest';
import { CheckoutCreateFields, CheckoutCreateReference } from './checkout-create.ts';
import { CheckoutCreate } from './checkout-create-body.ts';
import { normalizeCheckoutRequest } from './normalize-checkout-request.ts';
import { checkoutGuideBody, checkoutReferenceBody } from './test-support/fixtures.ts';

const word = fc.stringMatching(/^[A-Za-z][A-Za-z0-9 -]{0,20}$/);
const cents = fc.integer({ min: 0, max: 100_000 });
const address = fc.record(
  {
    address_line_1: word,
    address_line_2: word,
    city: word,
    state: word,
    postal_code: fc.stringMatching(/^\d{5}$/),
    country: fc.constantFrom('US', 'us', 'CA'),
  },
  { requiredKeys: ['address_line_1', 'city', 'state', 'postal_code', 'country'] },
);
const referenceRequest = fc.record(
  {
    reference_id: word,
    customer: fc.record({ email: fc.constant('ada@example.com'), first_name: word, last_name: word }),
    line_items: fc.array(
      fc.record(
        {
          product_id: word,
          name: word,
          image_url: fc.constant('https://cdn.example.com/a.png'),
          price: cents,
          quantity: fc.integer({ min: 1, max: 20 }),
          currency: fc.constantFrom('USD', 'usd'),
        },
        { requiredKeys: ['product_id', 'name', 'price', 'quantity', 'currency'] },
      ),
      { minLength: 1, maxLength: 5 },
    ),
    shipping_info: address,
    billing_info: address,
    shipping: cents,
    tax: cents,
    discount: fc.constant(0),
    success_url: fc.constant('https://shop.example.com/ok'),
    failure_url: fc.constant('https://shop.example.com/failed'),
    payment_type: fc.constant('one_time' as const),
  },
  { requiredKeys: ['reference_id', 'customer', 'line_items', 'shipping_info', 'success_url', 'failure_url'] },
);

type Reference = CheckoutCreateReference;
type AddressIn = Reference['shipping_info'];

function toGuideAddress({ postal_code, ...rest }: AddressIn) {
  return { ...rest, zip: postal_code };
}

/** Rewrites a reference-shape request in the embedded guide's spellings (D14). */
function toGuideShape(request: Reference) {
  const { line_items, shipping_info, billing_info, shipping, tax, discount, failure_url, ...rest } = request;
  return {
    ...rest,
    line_items: line_items.map(({ product_id, price, currency: _currency, ...item }) => ({
      ...item,
      merchant_product_id: product_id,
      price_cents: price,
    })),
    shipping_info: toGuideAddress(shipping_info),
    ...(billing_info === undefined ? {} : { billing_info: toGuideAddress(billing_info) }),
    amounts: { shipping_cents: shipping ?? 0, tax_cents: tax ?? 0, discount_cents: discount ?? 0 },
    cancel_url: failure_url,
  };
}

function normalized(body: unknown) {
  const request = normalizeCheckoutRequest(CheckoutCreate.parse(body));
  if (!request.ok) throw new Error(request.message);
  return request.value;
}

test('a reference-shape request and its guide-shape rewrite normalize to the same form', () => {
  fc.assert(
    fc.property(referenceRequest, (body) => {
      const reference = CheckoutCreateReference.parse(body);
      expect(normalized(toGuideShape(reference))).toEqual(normalized(body));
    }),
  );
});

test('sending both spellings with equal values normalizes like either one alone', () => {
  const both = { ...checkoutReferenceBody(), ...checkoutGuideBody() };
  both.line_items = checkoutGuideBody().line_items.map((item, index) => ({
    ...item,
    ...checkoutReferenceBody().line_items[index],
  }));
  expect(normalized(both)).toEqual(normalized(checkoutReferenceBody()));
});

test('the example reference and guide bodies normalize to the same form with defaults applied', () => {
  const request = normalized(checkoutGuideBody());
  expect(request).toEqual(normalized(checkoutReferenceBody()));
  expect(request.billing_info).toEqual(request.shipping_info);
  expect(request.line_items.map((item) => item.currency)).toEqual(['USD', 'USD']);
  expect([request.payment_type, request.subscription]).toEqual(['one_time', null]);
});

test.each([
  ['failure_url', { cancel_url: 'https://shop.example.com/other' }],
  ['tax', { amounts: { tax_cents: 1 } }],
  [
    'shipping_info.postal_code',
    { shipping_info: { ...checkoutReferenceBody().shipping_info, zip: '10001' } },
  ],
  [
    'line_items[0].product_id',
    { line_items: [{ ...checkoutReferenceBody().line_items[0], merchant_product_id: 'x' }] },
  ],
])('two spellings of %s with different values are refused as bad_request', (param, change) => {
  const body = { ...checkoutReferenceBody(), ...change };
  expect(CheckoutCreate.safeParse(body).success).toBe(false);
  const request = normalizeCheckoutRequest(CheckoutCreateFields.parse(body));
  expect(request.ok ? undefined : [request.code, request.param]).toEqual(['bad_request', param]);
});

test('a field missing in both spellings is refused with the reference spelling as param', () => {
  const { failure_url: _failure, ...body } = checkoutReferenceBody();
  expect(CheckoutCreate.safeParse(body).success).toBe(false);
  const request = normalizeCheckoutRequest(CheckoutCreateFields.parse(body));
  expect(request.ok ? undefined : [request.code, request.param]).toEqual(['bad_request', 'failure_url']);
});

test('a subscription checkout keeps its interval and defaults the count to one', () => {
  const request = normalized({
    ...checkoutReferenceBody(),
    payment_type: 'subscription',
    subscription: { interval: 'monthly', trial_period_days: 14 },
  });
  expect(request.subscription).toEqual({ interval: 'monthly', interval_count: 1, trial_period_days: 14 });
});
