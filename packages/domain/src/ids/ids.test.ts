import fc from 'fast-check';
import { expect, test } from 'vitest';
import { createId, ID_PREFIXES, ID_RANDOM_LENGTH, isId } from './ids.ts';
import { cyclingBytes, repeatingBytes } from './test-support/byte-sources.ts';

const prefixes = Object.values(ID_PREFIXES);
const byteSource = fc
  .array(fc.nat({ max: 255 }), { minLength: 1, maxLength: 64 })
  .filter((bytes) => bytes.some((byte) => byte < 248))
  .map(repeatingBytes);

test('the prefix table holds the ten prefixes of D4, the customer and payment method prefixes, and the harness prefixes of D32 and D34', () => {
  expect([...prefixes].sort()).toEqual([
    'cs_',
    'cus_',
    'dp_',
    'evt_',
    'flt_',
    'li_',
    'mer_',
    'ord_',
    'pay_',
    'plink_',
    'pm_',
    'ref_',
    'sub_',
    'whep_',
  ]);
});

test('an id is its prefix and 24 base62 characters, and isId accepts it', () => {
  fc.assert(
    fc.property(fc.constantFrom(...prefixes), byteSource, (prefix, random) => {
      const id = createId(prefix, random);
      expect(id.startsWith(prefix)).toBe(true);
      expect(id.slice(prefix.length)).toMatch(new RegExp(`^[0-9A-Za-z]{${ID_RANDOM_LENGTH}}$`));
      expect(isId(prefix, id)).toBe(true);
    }),
  );
});

test('ids from a uniform source use every character equally often', () => {
  const random = cyclingBytes();
  // 31 ids × 24 characters = 3 × 248 accepted bytes: each character exactly 12 times.
  const drawn = Array.from({ length: 31 }, () => createId('ord_', random).slice(4)).join('');
  const counts = new Map<string, number>();
  for (const char of drawn) counts.set(char, (counts.get(char) ?? 0) + 1);
  expect(counts.size).toBe(62);
  expect(new Set(counts.values())).toEqual(new Set([12]));
});

test('isId refuses another prefix, a wrong length and characters outside base62', () => {
  const id = createId('cs_', cyclingBytes());
  expect(isId('ord_', id)).toBe(false);
  expect(isId('cs_', `${id}0`)).toBe(false);
  expect(isId('cs_', id.slice(0, -1))).toBe(false);
  expect(isId('cs_', `${id.slice(0, -1)}-`)).toBe(false);
  expect(isId('cs_', undefined)).toBe(false);
});
