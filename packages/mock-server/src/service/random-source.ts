import type { RandomBytes } from '@glm/domain';

/** A source of random bytes: answers a new array of `size` bytes. Inject one for determinism. */
export type RandomSource = RandomBytes;

/** The default source: the platform CSPRNG (`globalThis.crypto.getRandomValues`). */
export const cryptoRandom: RandomSource = (size) => {
  const bytes = new Uint8Array(size);
  // getRandomValues accepts at most 65536 bytes per call.
  for (let offset = 0; offset < size; offset += 65536) {
    globalThis.crypto.getRandomValues(bytes.subarray(offset, Math.min(size, offset + 65536)));
  }
  return bytes;
};
