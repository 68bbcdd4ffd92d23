import { productRequest, refundRequest } from '@glm/test-fixtures';
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { EligibilityCheckRequest } from './eligibility-check-request.ts';
import { Gtin } from './gtin.ts';
import { PaymentLinkCancel, PaymentLinkCreate } from './payment-link-requests.ts';
import { ProductCreate, ProductListQuery, ProductUpdate } from './product-requests.ts';
import { RefundCreate } from './refund-requests.ts';
import { paymentLinkCreateBody } from './test-support/fixtures.ts';

test('a product body is normalized: currency upper-cased, barcode bare digits, status active', () => {
  const product = ProductCreate.parse(
    productRequest({ currency: 'usd', upc_code_or_gtin: '0360-0029-1452' }),
  );
  expect([product.currency, product.upc_code_or_gtin, product.status]).toEqual([
    'USD',
    '036000291452',
    'active',
  ]);
});

test('a product update may clear fields and remove metadata keys with null', () => {
  const update = ProductUpdate.parse({ tagline: null, metadata: { color: null, size: 'L' } });
  expect(update).toEqual({ tagline: null, metadata: { color: null, size: 'L' } });
  expect(ProductUpdate.parse({})).toEqual({});
});

test('list query strings are coerced: limit defaults to 10, booleans and integers are read', () => {
  expect(ProductListQuery.parse({})).toEqual({ limit: 10 });
  expect(ProductListQuery.parse({ limit: '100', starting_after: '42', hsa_fsa_eligible: 'false' })).toEqual({
    limit: 100,
    starting_after: 42,
    hsa_fsa_eligible: false,
  });
});

test('a page size outside 1 to 100 is refused', () => {
  fc.assert(
    fc.property(fc.oneof(fc.integer({ max: 0 }), fc.integer({ min: 101 })), (limit) => {
      return !ProductListQuery.safeParse({ limit: String(limit) }).success;
    }),
  );
});

test('an eligibility check accepts a barcode, a name or both', () => {
  expect(EligibilityCheckRequest.safeParse({ product_name: 'Sunscreen SPF 50' }).success).toBe(true);
  expect(EligibilityCheckRequest.safeParse({ upc_code_or_gtin: '4006381333931' }).success).toBe(true);
  expect(EligibilityCheckRequest.safeParse({}).success).toBe(false);
});

test('a barcode is stripped of spaces and hyphens and must carry a valid check digit', () => {
  expect(Gtin.parse('0 36000-29145 2')).toBe('036000291452');
  fc.assert(
    fc.property(fc.integer({ min: 1, max: 9 }), (shift) => {
      const wrong = `03600029145${(2 + shift) % 10}`;
      return !Gtin.safeParse(wrong).success;
    }),
  );
});

test('a one-time payment link defaults its payment type and refuses a stray subscription', () => {
  const { payment_type: _type, subscription: _subscription, ...oneTime } = paymentLinkCreateBody();
  expect(PaymentLinkCreate.parse(oneTime).payment_type).toBe('one_time');
  expect(PaymentLinkCreate.safeParse({ ...oneTime, subscription: { interval: 'daily' } }).success).toBe(
    false,
  );
});

test('a cancel body may be empty and its reason holds up to 500 characters', () => {
  expect(PaymentLinkCancel.parse({})).toEqual({});
  expect(PaymentLinkCancel.safeParse({ reason: 'x'.repeat(500) }).success).toBe(true);
});

test('a refund amount given as amount is read as amount_cents', () => {
  const { amount_cents: _cents, ...body } = refundRequest('ord_0123456789abcdefghijklmn', {
    notes: 'Cracked',
  });
  expect(RefundCreate.parse({ ...body, amount: 250 })).toEqual({ ...body, amount_cents: 250 });
  expect(RefundCreate.parse({ ...body, amount: 250, amount_cents: 250 }).amount_cents).toBe(250);
  expect(RefundCreate.parse(body)).not.toHaveProperty('amount_cents');
});
