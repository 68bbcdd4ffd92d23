import { GlmError } from '../errors/glm-error.ts';

/** A fresh `Idempotency-Key`: a UUID v4 from the platform's CSPRNG. */
export function newIdempotencyKey(): string {
  const crypto = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto;
  if (crypto?.randomUUID === undefined) {
    throw new GlmError(
      'globalThis.crypto.randomUUID is not available, so no idempotency key can be generated: pass `idempotencyKey` or run on Node 20+, Bun, Deno, Workers or a modern browser.',
    );
  }
  return crypto.randomUUID();
}

/** Refuses a caller's key the service would refuse: it must be 1–255 printable ASCII characters. */
export function checkIdempotencyKey(key: string): string {
  if (!/^[\x20-\x7e]{1,255}$/.test(key)) {
    throw new GlmError(
      'idempotencyKey must be 1 to 255 printable ASCII characters (an empty string is not a key: leave the option out to have one generated).',
    );
  }
  return key;
}
