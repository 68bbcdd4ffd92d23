import { runInNewContext } from 'node:vm';
import { expect, test } from 'vitest';
import { isWebhookVerificationError, WebhookVerificationError } from './webhook-verification-error.ts';

test('the guard recognises its own errors and narrows to their reason', () => {
  const error: unknown = new WebhookVerificationError('invalid_signature');
  expect(isWebhookVerificationError(error) && error.reason).toBe('invalid_signature');
});

test('the guard recognises a verification error made in another realm', () => {
  // A vm context is another realm: its Error is not ours, so instanceof alone would miss it.
  const foreign: unknown = runInNewContext(
    "Object.assign(new Error('refused'), { name: 'WebhookVerificationError', reason: 'invalid_token' })",
  );
  expect(foreign instanceof WebhookVerificationError).toBe(false);
  expect(isWebhookVerificationError(foreign)).toBe(true);
});

test('look-alikes with an unknown reason, another name or no object at all are refused', () => {
  const lookAlike = (name: string, reason: unknown) => Object.assign(new Error('x'), { name, reason });
  expect(isWebhookVerificationError(lookAlike('WebhookVerificationError', 'toString'))).toBe(false);
  expect(isWebhookVerificationError(lookAlike('WebhookVerificationError', 'made_up'))).toBe(false);
  expect(isWebhookVerificationError(lookAlike('TypeError', 'invalid_token'))).toBe(false);
  expect(isWebhookVerificationError(null)).toBe(false);
  expect(isWebhookVerificationError('WebhookVerificationError')).toBe(false);
});
