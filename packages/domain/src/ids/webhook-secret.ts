import { isPrefixedBase62, prefixedRandomBase62, type RandomBytes } from './base62.ts';

/** The prefix of every webhook signing secret. */
const WEBHOOK_SECRET_PREFIX = 'whsec_';

const SECRET_LENGTH = 32;

/** A new webhook signing secret: `whsec_` and 32 unbiased base62 characters drawn from `random`. */
export function generateWebhookSecret(random: RandomBytes): `whsec_${string}` {
  return prefixedRandomBase62(WEBHOOK_SECRET_PREFIX, SECRET_LENGTH, random);
}

/** Whether `value` is a well-formed webhook secret: `whsec_` and exactly 32 base62 characters. */
export function isWebhookSecret(value: unknown): value is `whsec_${string}` {
  return isPrefixedBase62(value, WEBHOOK_SECRET_PREFIX, SECRET_LENGTH);
}
