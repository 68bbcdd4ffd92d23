import fc from 'fast-check';
import { expect, test } from 'vitest';
import { seededRandom } from '../../../test/support/seeded-random.ts';
import { seededShuffle } from './seeded-shuffle.ts';

test('a shuffle keeps every item once, and the same seed shuffles the same items the same way', () => {
  fc.assert(
    fc.property(fc.array(fc.integer(), { maxLength: 50 }), fc.integer(), (items, seed) => {
      const first = [...items];
      const second = [...items];
      seededShuffle(first, seededRandom(seed));
      seededShuffle(second, seededRandom(seed));
      expect(first).toEqual(second);
      expect([...first].sort((a, b) => a - b)).toEqual([...items].sort((a, b) => a - b));
    }),
  );
});

test('a shuffle of many items moves some of them', () => {
  const items = Array.from({ length: 20 }, (_, index) => index);
  const shuffled = [...items];
  seededShuffle(shuffled, seededRandom(7));
  expect(shuffled).not.toEqual(items);
});
