import fc from 'fast-check';
import { expect, test } from 'vitest';
import { extractMmHg, extractSpf } from './measurements.ts';
import { tokenize } from './phrase-match.ts';

const spf = (name: string) => extractSpf(tokenize(name));
const mmHg = (name: string) => extractMmHg(tokenize(name));

test('the SPF is read in its usual spellings', () => {
  expect(spf('Sunscreen SPF 50')).toBe(50);
  expect(spf('Sport Lotion SPF-30+')).toBe(30);
  expect(spf('Lip Balm spf15')).toBe(15);
  expect(spf('Daily Cream 30 SPF')).toBe(30);
  expect(spf('Sunscreen Stick 2 pack SPF 45')).toBe(45);
});

test('a name without an SPF figure has no SPF', () => {
  expect(spf('Sunscreen Lotion')).toBeNull();
  expect(spf('Moisturizer with SPF')).toBeNull();
  expect(spf('Ibuprofen 200')).toBeNull();
});

test('any stated SPF figure is read back', () => {
  fc.assert(
    fc.property(fc.integer({ min: 1, max: 100 }), fc.constantFrom('SPF ', 'SPF-', 'spf'), (value, prefix) => {
      expect(spf(`Sun Lotion ${prefix}${value} 8 oz`)).toBe(value);
    }),
  );
});

test('the pressure is read in mmHg, and a range counts by its lower bound', () => {
  expect(mmHg('Compression Stockings 30-40 mmHg')).toBe(30);
  expect(mmHg('Socks 20 to 30 mm Hg')).toBe(20);
  expect(mmHg('Sleeve 15mmHg')).toBe(15);
  expect(mmHg('Sleeve 20-30mmHg')).toBe(20);
  expect(mmHg('Compression Socks Medium')).toBeNull();
  expect(mmHg('Compression Socks mmHg rated')).toBeNull();
});
