import { describe, expect, it } from 'vitest';
import { cryptoRandom } from './random-source.ts';

describe('cryptoRandom', () => {
  it('answers exactly the size asked for, small (pooled) and large (direct, over 64 KiB)', () => {
    for (const size of [0, 1, 16, 24, 1024, 1025, 4096, 65537, 200_000]) {
      expect(cryptoRandom(size)).toHaveLength(size);
    }
  });

  it('never hands out the same bytes twice across many small draws (pool refills included)', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 2_000; i++) {
      const draw = Buffer.from(cryptoRandom(16)).toString('hex');
      expect(seen.has(draw)).toBe(false);
      seen.add(draw);
    }
  });

  it('answers copies: changing one answer changes no other, earlier or later', () => {
    const first = cryptoRandom(32);
    const kept = Uint8Array.from(first);
    first.fill(0);
    const second = cryptoRandom(32);
    expect(Array.from(second)).not.toEqual(new Array(32).fill(0));
    second.fill(255);
    expect(Array.from(cryptoRandom(32))).not.toEqual(new Array(32).fill(255));
    expect(kept).not.toEqual(first);
  });

  it('draws bytes spread over all 256 values (an unfilled pool would answer zeros)', () => {
    const counts = new Array<number>(256).fill(0);
    for (let i = 0; i < 4_000; i++)
      for (const byte of cryptoRandom(24)) counts[byte] = (counts[byte] ?? 0) + 1;
    // 96,000 bytes: 375 expected per value; a fair source stays within ±40 % with overwhelming probability.
    expect(Math.min(...counts)).toBeGreaterThan(225);
    expect(Math.max(...counts)).toBeLessThan(525);
  });
});
