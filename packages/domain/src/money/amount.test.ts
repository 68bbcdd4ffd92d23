import fc from 'fast-check';
import { expect, test } from 'vitest';
import { addCents, formatCents, isCents, multiplyCents, subtractCents } from './amount.ts';

const MAX = Number.MAX_SAFE_INTEGER;

test('isCents accepts non-negative safe integers and nothing else', () => {
  expect([0, 1, 1234, MAX].every(isCents)).toBe(true);
  expect([-1, 1.5, MAX + 1, Number.NaN, Number.POSITIVE_INFINITY, '12', null].some(isCents)).toBe(false);
});

test('addCents sums any number of amounts exactly while the sum stays safe', () => {
  fc.assert(
    fc.property(fc.array(fc.nat({ max: 2 ** 40 }), { maxLength: 20 }), (amounts) => {
      expect(addCents(...amounts)).toEqual({ ok: true, value: amounts.reduce((sum, a) => sum + a, 0) });
    }),
  );
});

test('addCents refuses a sum past MAX_SAFE_INTEGER', () => {
  expect(addCents(MAX, 0)).toEqual({ ok: true, value: MAX });
  expect(addCents(MAX, 1)).toMatchObject({ ok: false, code: 'amount_overflow' });
  fc.assert(
    fc.property(fc.maxSafeNat(), fc.maxSafeNat(), (a, b) => {
      const result = addCents(a, b);
      expect(result.ok).toBe(BigInt(a) + BigInt(b) <= BigInt(MAX));
    }),
  );
});

test('addCents names the input that is not cents', () => {
  expect(addCents(1, -2)).toMatchObject({ ok: false, code: 'not_cents', param: 'amounts[1]' });
  expect(addCents(0.5)).toMatchObject({ ok: false, code: 'not_cents', param: 'amounts[0]' });
});

test('subtractCents refuses to go below zero', () => {
  expect(subtractCents(500, 200)).toEqual({ ok: true, value: 300 });
  expect(subtractCents(200, 200)).toEqual({ ok: true, value: 0 });
  expect(subtractCents(200, 201)).toMatchObject({ ok: false, code: 'amount_negative' });
  expect(subtractCents(-1, 0)).toMatchObject({ ok: false, code: 'not_cents', param: 'a' });
  expect(subtractCents(1, 0.1)).toMatchObject({ ok: false, code: 'not_cents', param: 'b' });
});

test('multiplyCents is exact up to MAX_SAFE_INTEGER and refuses anything past it', () => {
  fc.assert(
    fc.property(fc.maxSafeNat(), fc.nat({ max: 10_000 }), (price, quantity) => {
      const exact = BigInt(price) * BigInt(quantity);
      const result = multiplyCents(price, quantity);
      if (exact <= BigInt(MAX)) expect(result).toEqual({ ok: true, value: Number(exact) });
      else expect(result).toMatchObject({ ok: false, code: 'amount_overflow' });
    }),
  );
  expect(multiplyCents(MAX, 1)).toEqual({ ok: true, value: MAX });
  expect(multiplyCents(2 ** 52, 2)).toMatchObject({ ok: false, code: 'amount_overflow' });
});

test('multiplyCents refuses a negative or fractional price or quantity', () => {
  expect(multiplyCents(-100, 2)).toMatchObject({ ok: false, param: 'price' });
  expect(multiplyCents(100, 1.5)).toMatchObject({ ok: false, param: 'quantity' });
});

test('formatCents shows dollars and cents with the currency symbol', () => {
  expect(formatCents(1234, 'USD')).toBe('$12.34');
  expect(formatCents(5)).toBe('$0.05');
  expect(formatCents(0, 'usd')).toBe('$0.00');
  expect(formatCents(123456789, 'USD')).toBe('$1,234,567.89');
  expect(formatCents(-250, 'USD')).toBe('-$2.50');
  expect(formatCents(1234, 'EUR')).toBe('€12.34');
});

test('formatCents keeps the largest safe amount exact', () => {
  expect(formatCents(MAX, 'USD')).toBe('$90,071,992,547,409.91');
});

test('formatCents uses the currency minor unit', () => {
  expect(formatCents(1234, 'JPY')).toBe('¥1,234');
});

test('formatCents shows a malformed currency or amount plainly instead of throwing', () => {
  expect(formatCents(1234, 'US')).toBe('1234 US');
  expect(formatCents(1.5, 'USD')).toBe('1.5 USD');
});
