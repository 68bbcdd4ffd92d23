import { GlmError } from '../errors/glm-error.ts';

/** A fresh `Idempotency-Key`: a UUID v4 from the platform's CSPRNG. */
function newIdempotencyKey(): string {
  const crypto = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto;
  if (crypto?.randomUUID === undefined) {
    throw new GlmError('No crypto.randomUUID() to make an idempotency key: pass `idempotencyKey`.');
  }
  return crypto.randomUUID();
}

/** Refuses a caller's key the service would refuse: it must be 1–255 printable ASCII characters. */
function checkIdempotencyKey(key: string): string {
  if (!/^[\x20-\x7e]{1,255}$/.test(key)) {
    throw new GlmError(
      'idempotencyKey must be 1 to 255 printable ASCII characters (an empty string is not a key).',
    );
  }
  return key;
}

/** A call's key: the caller's (checked), else a generated one for a POST when `auto`; none otherwise. */
export function idempotencyKeyFor(
  method: string,
  given: string | undefined,
  auto: boolean,
): string | undefined {
  if (method !== 'POST') return undefined;
  if (given !== undefined) return checkIdempotencyKey(given);
  return auto ? newIdempotencyKey() : undefined;
}
