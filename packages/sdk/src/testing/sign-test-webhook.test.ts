import { EventType, parseEvent } from '@glm/domain';
import { expect, test } from 'vitest';
import { verifyWebhook } from '../webhooks/verify-webhook.ts';
import { isWebhookVerificationError } from '../webhooks/webhook-verification-error.ts';
import { createTestEvent, createUnknownTestEvent } from './create-test-event.ts';
import { signTestWebhook } from './sign-test-webhook.ts';

const secret = 'whsec_Zx8Qp2Lm4Nv6Bc1Df3Gh5Jk7Rt9Ws0Ya';

test('a signed test event of every type round-trips through verifyWebhook with full validation', async () => {
  for (const type of EventType.options) {
    const event = createTestEvent(type, { seed: 11 });
    const { body, headers } = await signTestWebhook(event, secret);
    expect(
      await verifyWebhook({ body, headers, secret, requireSignature: true, validate: parseEvent }),
    ).toEqual(event);
  }
});

test('an unknown test event round-trips too', async () => {
  const event = createUnknownTestEvent('invoice.paid', { invoice_id: 'inv_1' });
  const { body, headers } = await signTestWebhook(event, secret);
  expect(await verifyWebhook({ body, headers, secret, validate: parseEvent })).toEqual(event);
});

test('the delivery carries the D24 headers, with the delivery id and attempt given', async () => {
  const event = createTestEvent('order.completed', { seed: 1 });
  const { headers } = await signTestWebhook(event, secret, {
    timestamp: 1_700_000_000,
    webhookId: 'whd_1',
    attempt: 3,
  });
  expect(headers).toMatchObject({
    authorization: `Bearer ${secret}`,
    'content-type': 'application/json',
    'x-webhook-id': 'whd_1',
    'x-webhook-attempt': '3',
  });
  expect(headers['x-service-signature']).toMatch(/^t=1700000000,v1=[0-9a-f]{64}$/);
});

test('an old signing timestamp is refused by the tolerance check', async () => {
  const event = createTestEvent('order.completed', { seed: 1 });
  const signedAt = Math.floor(Date.now() / 1000) - 301;
  const { body, headers } = await signTestWebhook(event, secret, { timestamp: signedAt });
  const error: unknown = await verifyWebhook({ body, headers, secret }).catch((caught: unknown) => caught);
  expect(isWebhookVerificationError(error) && error.reason).toBe('timestamp_outside_tolerance');
});
