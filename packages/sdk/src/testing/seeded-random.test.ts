import fc from 'fast-check';
import { expect, test } from 'vitest';
import { seededRandomBytes } from './seeded-random.ts';

test('a seed always yields the same bytes', () => {
  fc.assert(
    fc.property(fc.integer(), fc.integer({ min: 0, max: 64 }), (seed, length) => {
      expect(seededRandomBytes(seed)(length)).toEqual(seededRandomBytes(seed)(length));
    }),
  );
});

test('consecutive draws continue the sequence instead of repeating it', () => {
  const random = seededRandomBytes(1);
  expect(random(16)).not.toEqual(random(16));
});

test('the bytes cover the whole byte range roughly evenly', () => {
  const counts = new Array<number>(256).fill(0);
  for (const byte of seededRandomBytes(42)(256 * 200)) counts[byte] = (counts[byte] ?? 0) + 1;
  expect(Math.min(...counts)).toBeGreaterThan(120);
  expect(Math.max(...counts)).toBeLessThan(280);
});
