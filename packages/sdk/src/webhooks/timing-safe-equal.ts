/**
 * Compares two byte sequences without an early exit: every byte of both inputs is read and folded into
 * one accumulator, whatever position the first difference is at. Only the lengths, which are public
 * here (both sides are SHA-256 digests), decide the answer up front.
 */
export function timingSafeEqual(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  const length = a.length;
  if (length !== b.length) return false;
  let difference = 0;
  for (let index = 0; index < length; index++) {
    // `| 0` keeps the accumulator a small integer even if an index were ever missing.
    difference |= ((a[index] ?? 0) ^ (b[index] ?? 0)) | 0;
  }
  return difference === 0;
}
