import fc from 'fast-check';
import { expect, test } from 'vitest';
import { timingSafeEqual } from './timing-safe-equal.ts';

// Counts every indexed read, so a test can see how much of each input the comparison looked at.
function counted(bytes: Uint8Array): { readonly view: ArrayLike<number>; readonly reads: () => number } {
  let reads = 0;
  const view = new Proxy(bytes, {
    get(target, property) {
      if (typeof property === 'string' && /^\d+$/.test(property)) reads++;
      return Reflect.get(target, property, target);
    },
  });
  return { view, reads: () => reads };
}

function withByteFlipped(bytes: Uint8Array, index: number): Uint8Array {
  const copy = bytes.slice();
  copy[index] = (copy[index] ?? 0) ^ 0xff;
  return copy;
}

const digest = Uint8Array.from({ length: 32 }, (_, index) => (index * 37 + 11) & 0xff);

test('equal byte sequences compare equal', () => {
  expect(timingSafeEqual(digest, digest.slice())).toBe(true);
});

test('a difference in the first, a middle or the last byte makes the sequences unequal', () => {
  for (const index of [0, 16, 31]) {
    expect(timingSafeEqual(digest, withByteFlipped(digest, index))).toBe(false);
  }
});

test('sequences of different lengths are unequal', () => {
  expect(timingSafeEqual(digest, digest.subarray(0, 31))).toBe(false);
});

test('the comparison reads every byte of both inputs wherever the first difference is (no early exit)', () => {
  const readsFor = (other: Uint8Array): readonly [number, number] => {
    const left = counted(digest);
    const right = counted(other);
    timingSafeEqual(left.view, right.view);
    return [left.reads(), right.reads()];
  };
  // What this shows: the JavaScript loop does the same work for a first-byte and a last-byte difference.
  // What it cannot show: that the engine's machine code runs in constant time; no unit test can.
  expect(readsFor(withByteFlipped(digest, 0))).toEqual([32, 32]);
  expect(readsFor(withByteFlipped(digest, 31))).toEqual([32, 32]);
  expect(readsFor(digest.slice())).toEqual([32, 32]);
});

test('the comparison agrees with element-by-element equality on any two sequences', () => {
  fc.assert(
    fc.property(fc.uint8Array({ maxLength: 40 }), fc.uint8Array({ maxLength: 40 }), (a, b) => {
      const naive = a.length === b.length && a.every((byte, index) => byte === b[index]);
      expect(timingSafeEqual(a, b)).toBe(naive);
    }),
  );
});
