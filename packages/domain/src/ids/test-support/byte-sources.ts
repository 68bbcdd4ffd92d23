import type { RandomBytes } from '../base62.ts';

/** A source that yields 0, 1, …, 255, 0, 1, … across calls: every byte value equally often. */
export function cyclingBytes(start = 0): RandomBytes {
  let next = start;
  return (length) =>
    Uint8Array.from({ length }, () => {
      const byte = next;
      next = (next + 1) % 256;
      return byte;
    });
}

/** A source that yields `bytes` in order across calls, repeating them when it runs out. */
export function repeatingBytes(bytes: readonly number[]): RandomBytes {
  let index = 0;
  return (length) =>
    Uint8Array.from({ length }, () => {
      const byte = bytes[index % bytes.length] ?? 0;
      index += 1;
      return byte;
    });
}
