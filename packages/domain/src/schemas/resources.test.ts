import { expect, test } from 'vitest';
import { CheckoutSessionEnvelope } from './checkout-session.ts';
import { Dispute } from './dispute.ts';
import { EligibilityResult } from './eligibility-result.ts';
import { CheckoutErrorBody, ErrorBody } from './error-body.ts';
import { Order } from './order.ts';
import { PaymentLink } from './payment-link.ts';
import { Refund } from './refund.ts';
import { Subscription } from './subscription.ts';
import {
  checkoutEnvelopeBody,
  disputeBody,
  notEligibleResultBody,
  orderBody,
  paymentLinkBody,
  refundBody,
  subscriptionBody,
  webhookDeliveryBody,
} from './test-support/fixtures.ts';
import { WebhookDelivery } from './webhook-delivery.ts';

const examples = [
  ['eligibility result', EligibilityResult, notEligibleResultBody],
  ['checkout envelope', CheckoutSessionEnvelope, checkoutEnvelopeBody],
  ['payment link', PaymentLink, paymentLinkBody],
  ['order', Order, orderBody],
  ['refund', Refund, refundBody],
  ['dispute', Dispute, disputeBody],
  ['subscription', Subscription, subscriptionBody],
  ['webhook delivery', WebhookDelivery, webhookDeliveryBody],
] as const;

test.each(examples)('the example %s body parses unchanged', (_name, schema, body) => {
  expect(schema.parse(body())).toEqual(body());
});

test.each(examples)('the %s schema tolerates a field it does not know', (_name, schema, body) => {
  expect(schema.safeParse({ ...body(), added_later: { nested: true } }).success).toBe(true);
});

test('a not-eligible result carries a null eligibility type', () => {
  expect(EligibilityResult.parse(notEligibleResultBody()).eligibility_type).toBeNull();
});

test('an order status this version does not know is refused; every known payment status parses', () => {
  expect(Order.safeParse({ ...orderBody(), status: 'on_hold' }).success).toBe(false);
  const parsed = Order.parse({ ...orderBody(), payment_status: 'partially_refunded' });
  expect(parsed.payment_status).toBe('partially_refunded');
});

test('a checkout envelope must say success and carry the request id', () => {
  expect(CheckoutSessionEnvelope.safeParse({ ...checkoutEnvelopeBody(), success: false }).success).toBe(
    false,
  );
  const { metadata: _metadata, ...withoutMetadata } = checkoutEnvelopeBody();
  expect(CheckoutSessionEnvelope.safeParse(withoutMetadata).success).toBe(false);
});

test('an error body with an unknown code parses, and a checkout error carries success false', () => {
  const body = {
    error: { code: 'card_expired', message: 'Expired', details: [{ field: 'x', message: 'y' }] },
  };
  expect(ErrorBody.parse(body).error.code).toBe('card_expired');
  const checkout = { ...body, success: false, metadata: { request_id: 'req_1' } };
  expect(CheckoutErrorBody.parse(checkout).success).toBe(false);
});
