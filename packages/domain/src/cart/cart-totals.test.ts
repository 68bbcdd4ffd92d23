import fc from 'fast-check';
import { expect, test } from 'vitest';
import { cartTotals } from './cart-totals.ts';

const MAX = Number.MAX_SAFE_INTEGER;

const line = fc.record({
  price: fc.nat({ max: 10_000_000 }),
  quantity: fc.integer({ min: 1, max: 1000 }),
  is_hsa_fsa_eligible: fc.boolean(),
});

test('amounts follow D15: eligible lines make hsa_amount, the rest regular_amount, and the total adds up', () => {
  fc.assert(
    fc.property(
      fc.array(line, { minLength: 1, maxLength: 10 }),
      fc.nat({ max: 100_000 }),
      fc.nat({ max: 100_000 }),
      fc.nat(),
      (lines, shipping, tax, discountSeed) => {
        const lineTotal = (l: (typeof lines)[number]) => l.price * l.quantity;
        const hsa = lines.filter((l) => l.is_hsa_fsa_eligible).reduce((sum, l) => sum + lineTotal(l), 0);
        const subtotal = lines.reduce((sum, l) => sum + lineTotal(l), 0);
        const discount = discountSeed % (subtotal + shipping + tax + 1);
        expect(cartTotals({ line_items: lines, shipping, tax, discount })).toEqual({
          ok: true,
          value: {
            subtotal,
            hsa_amount: hsa,
            regular_amount: subtotal - hsa,
            shipping,
            tax,
            discount,
            total: subtotal + shipping + tax - discount,
          },
        });
      },
    ),
  );
});

test('shipping, tax and discount default to zero', () => {
  const result = cartTotals({ line_items: [{ price: 1250, quantity: 2, is_hsa_fsa_eligible: false }] });
  expect(result).toMatchObject({
    ok: true,
    value: { subtotal: 2500, shipping: 0, tax: 0, discount: 0, total: 2500 },
  });
});

test('a dual-purpose line counts toward hsa_amount', () => {
  const result = cartTotals({
    line_items: [
      { price: 1000, quantity: 1, is_hsa_fsa_eligible: false, eligibility_type: 'dual_purpose' },
      { price: 300, quantity: 1, is_hsa_fsa_eligible: false },
    ],
  });
  expect(result).toMatchObject({ ok: true, value: { hsa_amount: 1000, regular_amount: 300 } });
});

test('a discount equal to subtotal + shipping + tax makes a zero total, one cent more is refused', () => {
  const line_items = [{ price: 1000, quantity: 1, is_hsa_fsa_eligible: true }];
  expect(cartTotals({ line_items, shipping: 500, tax: 80, discount: 1580 })).toMatchObject({
    ok: true,
    value: { total: 0 },
  });
  expect(cartTotals({ line_items, shipping: 500, tax: 80, discount: 1581 })).toMatchObject({
    ok: false,
    code: 'validation_error',
    param: 'discount',
  });
});

test('an empty cart is a bad request', () => {
  expect(cartTotals({ line_items: [] })).toMatchObject({
    ok: false,
    code: 'bad_request',
    param: 'line_items',
  });
});

test('a negative or fractional amount, or a quantity below one, is refused with the field named', () => {
  const ok = { price: 100, quantity: 1, is_hsa_fsa_eligible: false };
  expect(cartTotals({ line_items: [ok, { ...ok, price: -1 }] })).toMatchObject({
    code: 'validation_error',
    param: 'line_items[1].price',
  });
  expect(cartTotals({ line_items: [{ ...ok, quantity: 0 }] })).toMatchObject({
    param: 'line_items[0].quantity',
  });
  expect(cartTotals({ line_items: [{ ...ok, quantity: 1.5 }] })).toMatchObject({
    param: 'line_items[0].quantity',
  });
  expect(cartTotals({ line_items: [ok], shipping: -5 })).toMatchObject({ param: 'shipping' });
  expect(cartTotals({ line_items: [ok], tax: 0.5 })).toMatchObject({ param: 'tax' });
  expect(cartTotals({ line_items: [ok], discount: -1 })).toMatchObject({ param: 'discount' });
});

test('a line, subtotal or total past MAX_SAFE_INTEGER is refused, not rounded', () => {
  const big = { price: 2 ** 52, quantity: 1, is_hsa_fsa_eligible: true };
  expect(cartTotals({ line_items: [{ ...big, quantity: 2 }] })).toMatchObject({
    code: 'validation_error',
    param: 'line_items[0].quantity',
  });
  expect(cartTotals({ line_items: [big, big] })).toMatchObject({ param: 'line_items[1].quantity' });
  expect(cartTotals({ line_items: [{ ...big, price: MAX }], shipping: 1 })).toMatchObject({
    param: 'shipping',
  });
  expect(cartTotals({ line_items: [{ ...big, price: MAX - 1 }], shipping: 1, tax: 1 })).toMatchObject({
    param: 'tax',
  });
  expect(cartTotals({ line_items: [{ ...big, price: MAX }] })).toMatchObject({
    ok: true,
    value: { total: MAX },
  });
});
