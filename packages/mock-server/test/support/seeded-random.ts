import type { RandomSource } from '../../src/index.ts';

/** A deterministic random source for tests: xorshift32 from `seed` (ids, keys and tokens repeat run to run). */
export function seededRandom(seed: number): RandomSource {
  return forkableRandom(seed).random;
}

/**
 * {@link seededRandom} whose state can be copied: `fork()` answers a source that goes on from where this
 * one is now, so a service restored from a snapshot draws the ids the original would have drawn.
 */
export function forkableRandom(seed: number): { random: RandomSource; fork(): RandomSource } {
  let state = seed >>> 0 || 1;
  const random: RandomSource = (size) => {
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
  return { random, fork: () => forkableRandom(state).random };
}
