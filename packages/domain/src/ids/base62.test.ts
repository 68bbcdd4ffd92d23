import fc from 'fast-check';
import { expect, test } from 'vitest';
import { BASE62_ALPHABET, isBase62, isPrefixedBase62, prefixedRandomBase62, randomBase62 } from './base62.ts';
import { cyclingBytes, repeatingBytes } from './test-support/byte-sources.ts';

test('the alphabet is the 62 distinct digits and ASCII letters', () => {
  expect(new Set(BASE62_ALPHABET).size).toBe(62);
  expect(BASE62_ALPHABET).toMatch(/^[0-9A-Za-z]{62}$/);
});

test('every byte below 248 picks alphabet[byte % 62] and every other byte is drawn again', () => {
  fc.assert(
    fc.property(
      fc.array(fc.nat({ max: 255 }), { minLength: 1, maxLength: 100 }),
      fc.nat({ max: 60 }),
      (bytes, n) => {
        fc.pre(bytes.some((byte) => byte < 248));
        const accepted = bytes.filter((byte) => byte < 248);
        const expected = Array.from({ length: n }, (_, i) =>
          BASE62_ALPHABET.charAt((accepted[i % accepted.length] ?? 0) % 62),
        );
        expect(randomBase62(n, repeatingBytes(bytes))).toBe(expected.join(''));
      },
    ),
  );
});

test('a prefixed draw is the prefix followed by the same characters the plain draw picks', () => {
  fc.assert(
    fc.property(
      fc.string({ maxLength: 8 }),
      fc.array(fc.nat({ max: 255 }), { minLength: 1, maxLength: 100 }),
      fc.nat({ max: 60 }),
      (prefix, bytes, n) => {
        fc.pre(bytes.some((byte) => byte < 248));
        expect(prefixedRandomBase62(prefix, n, repeatingBytes(bytes))).toBe(
          `${prefix}${randomBase62(n, repeatingBytes(bytes))}`,
        );
      },
    ),
  );
});

test('a long draw is every character the bytes pick, however many there are', () => {
  const length = 20_000;
  const drawn = prefixedRandomBase62('tok_', length, cyclingBytes());
  const picked = Array.from({ length }, (_, i) => BASE62_ALPHABET.charAt((i % 248) % 62)).join('');
  expect(drawn).toBe(`tok_${picked}`);
});

test('a source that never yields a usable byte is reported instead of looping forever', () => {
  expect(() => randomBase62(4, repeatingBytes([248, 255]))).toThrow(/no usable bytes/);
  expect(() => randomBase62(4, () => new Uint8Array(0))).toThrow(/no usable bytes/);
});

test('a negative or fractional length is refused', () => {
  expect(() => randomBase62(-1, cyclingBytes())).toThrow(RangeError);
  expect(() => randomBase62(1.5, cyclingBytes())).toThrow(RangeError);
  expect(randomBase62(0, cyclingBytes())).toBe('');
});

test('isBase62 and isPrefixedBase62 check the alphabet and the exact length', () => {
  expect(isBase62('aZ09', 4)).toBe(true);
  expect(isBase62('aZ0', 4)).toBe(false);
  expect(isBase62('aZ0_', 4)).toBe(false);
  expect(isBase62('aZ0é', 4)).toBe(false);
  expect(isPrefixedBase62('x_aZ09', 'x_', 4)).toBe(true);
  expect(isPrefixedBase62('y_aZ09', 'x_', 4)).toBe(false);
  expect(isPrefixedBase62(42, 'x_', 4)).toBe(false);
});
