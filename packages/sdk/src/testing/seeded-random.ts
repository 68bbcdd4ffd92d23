import type { RandomBytes } from '@glm/domain';

/**
 * A deterministic byte source (mulberry32): the same seed gives the same bytes on every run and
 * runtime. For test data only; it is not a CSPRNG.
 */
export function seededRandomBytes(seed: number): RandomBytes {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), state | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return (mixed ^ (mixed >>> 14)) >>> 0;
  };
  return (length) => Uint8Array.from({ length }, () => next() & 0xff);
}

/** The platform CSPRNG as a {@link RandomBytes} source. */
export const cryptoRandomBytes: RandomBytes = (length) =>
  globalThis.crypto.getRandomValues(new Uint8Array(length));
