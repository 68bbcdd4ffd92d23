import { expect, test } from 'vitest';
import { formatOrderNumber } from './order-number.ts';

test('an order number is ORD, the year and the sequence padded to six digits', () => {
  expect(formatOrderNumber(2026, 1)).toEqual({ ok: true, value: 'ORD-2026-000001' });
  expect(formatOrderNumber(2026, 4321)).toEqual({ ok: true, value: 'ORD-2026-004321' });
  expect(formatOrderNumber(2027, 999_999)).toEqual({ ok: true, value: 'ORD-2027-999999' });
});

test('a sequence past six digits is refused instead of rolling over', () => {
  expect(formatOrderNumber(2026, 1_000_000)).toMatchObject({
    ok: false,
    code: 'sequence_exhausted',
    param: 'sequence',
  });
});

test('a sequence below one, a fractional sequence or a year without four digits is refused', () => {
  expect(formatOrderNumber(2026, 0)).toMatchObject({ code: 'invalid_sequence' });
  expect(formatOrderNumber(2026, 1.5)).toMatchObject({ code: 'invalid_sequence' });
  expect(formatOrderNumber(999, 1)).toMatchObject({ code: 'invalid_year', param: 'year' });
  expect(formatOrderNumber(10_000, 1)).toMatchObject({ code: 'invalid_year' });
});
