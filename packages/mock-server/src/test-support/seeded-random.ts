import type { RandomSource } from '../service/random-source.ts';

/** A deterministic random source for tests: xorshift32 from `seed` (ids, keys and tokens repeat run to run). */
export function seededRandom(seed: number): RandomSource {
  let state = seed >>> 0 || 1;
  return (size) => {
    const bytes = new Uint8Array(size);
    for (let i = 0; i < size; i++) {
      state ^= state << 13;
      state >>>= 0;
      state ^= state >>> 17;
      state ^= state << 5;
      state >>>= 0;
      bytes[i] = state & 0xff;
    }
    return bytes;
  };
}
