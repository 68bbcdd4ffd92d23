import { expect, test } from 'vitest';
import { cyclingBytes } from './test-support/byte-sources.ts';
import { generateWebhookSecret, isWebhookSecret } from './webhook-secret.ts';

test('a webhook secret is whsec_ and 32 base62 characters', () => {
  const secret = generateWebhookSecret(cyclingBytes(100));
  expect(secret).toMatch(/^whsec_[0-9A-Za-z]{32}$/);
  expect(isWebhookSecret(secret)).toBe(true);
});

test('two secrets from one source differ', () => {
  const random = cyclingBytes();
  expect(generateWebhookSecret(random)).not.toBe(generateWebhookSecret(random));
});

test('isWebhookSecret refuses another prefix or length', () => {
  const secret = generateWebhookSecret(cyclingBytes());
  expect(isWebhookSecret(secret.replace('whsec_', 'whsek_'))).toBe(false);
  expect(isWebhookSecret(secret.slice(0, -1))).toBe(false);
  expect(isWebhookSecret(`${secret}a`)).toBe(false);
  expect(isWebhookSecret(null)).toBe(false);
});
