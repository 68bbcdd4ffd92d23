import fc from 'fast-check';
import { expect, test } from 'vitest';
import { splitPayment } from './payment-split.ts';

const cents = fc.nat({ max: 10_000_000 });

test('a split cart divides the total so the two parts are non-negative and sum to it', () => {
  fc.assert(
    fc.property(cents, cents, cents, (hsa, regular, total) => {
      const result = splitPayment('split', { hsa_amount: hsa, regular_amount: regular, total });
      if (!result.ok) throw new Error(result.message);
      const { hsa_fsa_amount_cents: hsaPart, regular_amount_cents: regularPart } = result.value;
      expect(hsaPart).toBeGreaterThanOrEqual(0);
      expect(regularPart).toBeGreaterThanOrEqual(0);
      expect(hsaPart + regularPart).toBe(total);
    }),
  );
});

test('a split cart shares shipping, tax and discount in proportion to the item amounts', () => {
  // Items 6000 eligible + 4000 regular, shipping 1000, tax 500, discount 1500: total 10000.
  expect(splitPayment('split', { hsa_amount: 6000, regular_amount: 4000, total: 10_000 })).toEqual({
    ok: true,
    value: { hsa_fsa_amount_cents: 6000, regular_amount_cents: 4000 },
  });
  // Items 1000 + 2000 with 1000 shipping: 4000 shared 1:2 is 1333.33 / 2666.67.
  expect(splitPayment('split', { hsa_amount: 1000, regular_amount: 2000, total: 4000 })).toEqual({
    ok: true,
    value: { hsa_fsa_amount_cents: 1333, regular_amount_cents: 2667 },
  });
});

test('an exact tie in the odd cent goes to the HSA/FSA card', () => {
  expect(splitPayment('split', { hsa_amount: 500, regular_amount: 500, total: 1001 })).toEqual({
    ok: true,
    value: { hsa_fsa_amount_cents: 501, regular_amount_cents: 500 },
  });
});

test('an eligible cart puts everything, shipping and tax included, on the HSA/FSA card', () => {
  expect(splitPayment('eligible', { hsa_amount: 2000, regular_amount: 0, total: 2650 })).toEqual({
    ok: true,
    value: { hsa_fsa_amount_cents: 2650, regular_amount_cents: 0 },
  });
});

test('a regular cart puts everything on the regular card', () => {
  expect(splitPayment('regular', { hsa_amount: 0, regular_amount: 2000, total: 2650 })).toEqual({
    ok: true,
    value: { hsa_fsa_amount_cents: 0, regular_amount_cents: 2650 },
  });
});

test('a split cart of free items puts shipping and tax on the regular card', () => {
  expect(splitPayment('split', { hsa_amount: 0, regular_amount: 0, total: 700 })).toEqual({
    ok: true,
    value: { hsa_fsa_amount_cents: 0, regular_amount_cents: 700 },
  });
});

test('amounts that contradict the cart type, or are not cents, are refused', () => {
  expect(splitPayment('eligible', { hsa_amount: 100, regular_amount: 1, total: 101 })).toMatchObject({
    ok: false,
    code: 'invalid_amounts',
    param: 'regular_amount',
  });
  expect(splitPayment('regular', { hsa_amount: 1, regular_amount: 100, total: 101 })).toMatchObject({
    param: 'hsa_amount',
  });
  expect(splitPayment('split', { hsa_amount: 1, regular_amount: 1, total: -2 })).toMatchObject({
    code: 'invalid_amounts',
  });
});
