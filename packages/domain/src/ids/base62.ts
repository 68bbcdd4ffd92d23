/** The 62 characters of random tokens: digits, then upper-case, then lower-case letters. */
export const BASE62_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/**
 * A source of random bytes, injected so the domain stays pure: `length` bytes from a CSPRNG in
 * production (`(n) => crypto.getRandomValues(new Uint8Array(n))`), a fixed sequence in tests.
 */
export type RandomBytes = (length: number) => Uint8Array;

// 248 = 4 × 62: a byte from 248 up is drawn again, otherwise the first 8 characters would come up
// 5 times in 256 instead of 4. Written as a number, not `4 * BASE62_ALPHABET.length`: a bundler keeps
// that expression (and so the alphabet) even where nothing draws, as in the SDK client's bundle.
const ACCEPT_BELOW = 248;
const MAX_BARREN_DRAWS = 64;
const BASE62 = /^[0-9A-Za-z]*$/;

/**
 * Draws `length` base62 characters from `random`, without bias: each byte below 248 picks
 * `BASE62_ALPHABET[byte % 62]` and any other byte is rejected and drawn again.
 *
 * @throws RangeError when `length` is not a non-negative safe integer, and Error when the source
 * yields 64 draws in a row without one usable byte (a broken source, not bad luck: a CSPRNG does that
 * with probability below 2^-320).
 */
export function randomBase62(length: number, random: RandomBytes): string {
  return prefixedRandomBase62('', length, random);
}

/**
 * `prefix` followed by {@link randomBase62}'s `length` characters, built in one piece: the character
 * codes are collected and made into one flat string at once. Appending the characters one by one (and
 * then the prefix) leaves V8 a rope of a dozen 32-byte nodes per 28-character id, about 450 bytes
 * instead of 48, for as long as the id is kept (the mock server keeps thousands); joining an array of
 * one-character strings makes a string per character first.
 *
 * @throws As {@link randomBase62}.
 */
export function prefixedRandomBase62<P extends string>(
  prefix: P,
  length: number,
  random: RandomBytes,
): `${P}${string}` {
  if (!Number.isSafeInteger(length) || length < 0) {
    throw new RangeError(`length must be a non-negative safe integer, got ${length}`);
  }
  const codes: number[] = [];
  for (let index = 0; index < prefix.length; index++) codes.push(prefix.charCodeAt(index));
  let drawn = 0;
  let barren = 0;
  while (drawn < length) {
    const before = drawn;
    for (const byte of random(length - drawn)) {
      if (drawn === length) break;
      if (byte < ACCEPT_BELOW) {
        codes.push(BASE62_ALPHABET.charCodeAt(byte % BASE62_ALPHABET.length));
        drawn += 1;
      }
    }
    barren = drawn === before ? barren + 1 : 0;
    if (barren >= MAX_BARREN_DRAWS) throw new Error('The random source yields no usable bytes');
  }
  // The text starts with `prefix`'s codes; the type cannot follow it there.
  return textOfCodes(codes) as `${P}${string}`;
}

/** Codes handed to `String.fromCharCode` at once: well below the engines' limits on arguments. */
const CODES_PER_CALL = 8192;

/** The string of UTF-16 code units `codes`: one flat string for an id or a token, pieces for more. */
function textOfCodes(codes: readonly number[]): string {
  let text = '';
  for (let start = 0; start < codes.length; start += CODES_PER_CALL) {
    text += String.fromCharCode(...codes.slice(start, start + CODES_PER_CALL));
  }
  return text;
}

/** Whether `value` is exactly `length` base62 characters. */
export function isBase62(value: string, length: number): boolean {
  return value.length === length && BASE62.test(value);
}

/** Whether `value` is a string made of `prefix` and exactly `length` base62 characters. */
export function isPrefixedBase62(value: unknown, prefix: string, length: number): boolean {
  return (
    typeof value === 'string' && value.startsWith(prefix) && isBase62(value.slice(prefix.length), length)
  );
}
