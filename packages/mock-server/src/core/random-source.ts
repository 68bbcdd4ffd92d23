import type { RandomBytes } from '@glm/domain';

/** A source of random bytes: answers a new array of `size` bytes. Inject one for determinism. */
export type RandomSource = RandomBytes;

/** getRandomValues accepts at most 65536 bytes per call. */
const MAX_DRAW = 65536;
/** Bytes drawn from the CSPRNG at a time for small requests (ids, tokens, request ids). */
const POOL_SIZE = 4096;

let pool: Uint8Array<ArrayBuffer> = new Uint8Array(0);
let used = 0;

/**
 * The default source: the platform CSPRNG (`globalThis.crypto.getRandomValues`). Small draws are served
 * from a pool filled 4 KB at a time: one call into the platform per ~150 ids instead of one per id, which
 * is dear next to the work of an id. Every byte is used once; each answer is a copy, never a view.
 */
export const cryptoRandom: RandomSource = (size) => {
  if (size > POOL_SIZE / 4) return drawDirect(size);
  if (used + size > pool.length) {
    pool = drawDirect(POOL_SIZE);
    used = 0;
  }
  const bytes = pool.slice(used, used + size);
  used += size;
  return bytes;
};

function drawDirect(size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  for (let offset = 0; offset < size; offset += MAX_DRAW) {
    globalThis.crypto.getRandomValues(bytes.subarray(offset, Math.min(size, offset + MAX_DRAW)));
  }
  return bytes;
}
