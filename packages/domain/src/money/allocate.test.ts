import fc from 'fast-check';
import { expect, test } from 'vitest';
import { allocate } from './allocate.ts';

const weights = fc.array(fc.maxSafeNat(), { minLength: 1, maxLength: 12 });

function parts(total: number, w: readonly number[]): number[] {
  const result = allocate(total, w);
  if (!result.ok) throw new Error(`allocate refused: ${result.code}`);
  return result.value;
}

test('parts are non-negative integers that sum exactly to the total', () => {
  fc.assert(
    fc.property(fc.maxSafeNat(), weights, (total, w) => {
      const result = parts(total, w);
      expect(result).toHaveLength(w.length);
      expect(result.every((part) => Number.isSafeInteger(part) && part >= 0)).toBe(true);
      expect(result.reduce((sum, part) => sum + part, 0)).toBe(total);
    }),
  );
});

test('each part is within one cent of its exact share, and a zero weight gets nothing', () => {
  fc.assert(
    fc.property(fc.maxSafeNat(), weights, (total, w) => {
      fc.pre(w.some((weight) => weight > 0));
      const weightSum = w.reduce((sum, weight) => sum + BigInt(weight), 0n);
      parts(total, w).forEach((part, index) => {
        const exactTimesSum = BigInt(total) * BigInt(w[index] ?? 0);
        const partTimesSum = BigInt(part) * weightSum;
        // |part - exact| < 1, scaled by the weight sum to stay in integers.
        expect(partTimesSum - exactTimesSum < weightSum && exactTimesSum - partTimesSum < weightSum).toBe(
          true,
        );
        if (w[index] === 0) expect(part).toBe(0);
      });
    }),
  );
});

test('leftover cents go to the largest remainders, the lowest index first among equals', () => {
  expect(allocate(100, [1, 1, 1])).toEqual({ ok: true, value: [34, 33, 33] });
  expect(allocate(2, [1, 1, 1])).toEqual({ ok: true, value: [1, 1, 0] });
  // Shares 3.3, 3.6, 3.1: the remainder 0.6 wins the one leftover cent.
  expect(allocate(10, [33, 36, 31])).toEqual({ ok: true, value: [3, 4, 3] });
});

test('all-zero weights split the total equally, the lowest indexes taking the odd cents', () => {
  expect(allocate(10, [0, 0, 0])).toEqual({ ok: true, value: [4, 3, 3] });
  expect(allocate(0, [0, 0])).toEqual({ ok: true, value: [0, 0] });
});

test('allocation is exact for totals and weights whose product passes 2^53', () => {
  const max = Number.MAX_SAFE_INTEGER;
  expect(allocate(max, [max, max])).toEqual({ ok: true, value: [(max + 1) / 2, (max - 1) / 2] });
  expect(allocate(max, [1, max - 1])).toEqual({ ok: true, value: [1, max - 1] });
});

test('allocate refuses a total that is not cents, and missing or invalid weights', () => {
  expect(allocate(-1, [1])).toMatchObject({ ok: false, code: 'not_cents', param: 'total' });
  expect(allocate(1.5, [1])).toMatchObject({ ok: false, code: 'not_cents' });
  expect(allocate(Number.MAX_SAFE_INTEGER + 1, [1])).toMatchObject({ ok: false, code: 'not_cents' });
  expect(allocate(10, [])).toMatchObject({ ok: false, code: 'invalid_weights', param: 'weights' });
  expect(allocate(10, [1, -1])).toMatchObject({ ok: false, code: 'invalid_weights' });
  expect(allocate(10, [0.5, 1])).toMatchObject({ ok: false, code: 'invalid_weights' });
});
