import { expect, test } from 'vitest';
import { Event, EventList, isKnownEvent, parseEvent } from './event.ts';
import { EventType } from './event-type.ts';
import {
  checkoutSessionBody,
  disputeBody,
  orderBody,
  paymentLinkBody,
  productBody,
  refundBody,
  subscriptionBody,
} from './test-support/fixtures.ts';

function envelope(type: string, data: object) {
  return {
    id: 'evt_0123456789abcdefghijklmn',
    type,
    created_at: '2025-01-02T03:05:00.000Z',
    test_mode: true,
    api_version: 'v2',
    data,
  };
}

const dataByType: Record<EventType, () => object> = {
  'order.created': orderBody,
  'order.completed': orderBody,
  'order.failed': () => ({ ...orderBody(), status: 'failed', payment: null, completed_at: null }),
  'payment.failed': () => ({ checkout_id: 'cs_1', retryable: false, decline_code: 'card_declined' }),
  'refund.created': refundBody,
  'refund.succeeded': () => ({ ...refundBody(), status: 'succeeded', payment_status: 'partially_refunded' }),
  'refund.failed': () => ({ ...refundBody(), status: 'failed' }),
  'dispute.created': disputeBody,
  'dispute.closed': () => ({ ...disputeBody(), status: 'won', outcome: 'won' }),
  'checkout.expired': () => ({ ...checkoutSessionBody(), status: 'expired' }),
  'checkout.failed': checkoutSessionBody,
  'payment_link.created': () => ({ ...paymentLinkBody(), status: 'active' }),
  'payment_link.paid': () => ({ ...paymentLinkBody(), status: 'paid' }),
  'payment_link.expired': () => ({ ...paymentLinkBody(), status: 'expired' }),
  'payment_link.cancelled': paymentLinkBody,
  'product.created': productBody,
  'product.updated': () => ({ ...productBody(), previous_attributes: { price: 1499, tagline: null } }),
  'subscription.payment_succeeded': () => ({ ...subscriptionBody(), order_id: 'ord_1' }),
  'subscription.trial_ending': subscriptionBody,
  'subscription.payment_failed': () => ({
    ...subscriptionBody(),
    status: 'past_due',
    decline_code: 'card_declined',
    next_retry_at: '2025-02-03T00:00:00.000Z',
  }),
  'subscription.updated': () => ({ ...subscriptionBody(), cancel_at_period_end: true }),
  'subscription.cancelled': () => ({ ...subscriptionBody(), status: 'cancelled', reason: 'payment_failed' }),
};

test.each(EventType.options)('a %s event with its data parses as that known event', (type) => {
  const parsed = parseEvent(envelope(type, dataByType[type]()));
  expect(parsed.ok && isKnownEvent(parsed.value) ? parsed.value.type : undefined).toBe(type);
});

test('an event of a type this version does not know passes through untouched', () => {
  const body = envelope('invoice.paid', { id: 'inv_1', amount_cents: 100 });
  const parsed = parseEvent(body);
  expect(parsed.ok ? parsed.value : undefined).toEqual(body);
  expect(parsed.ok && isKnownEvent(parsed.value)).toBe(false);
});

test('a known event whose data breaks its schema is refused, not passed through as unknown', () => {
  const parsed = parseEvent(envelope('order.created', { id: 'ord_1' }));
  expect(parsed.ok ? undefined : parsed.code).toBe('invalid_event');
  expect(
    EventList.safeParse({ data: [envelope('order.created', {})], has_more: false, next_cursor: null })
      .success,
  ).toBe(false);
});

test('a body that is not an event envelope is refused', () => {
  for (const body of [null, 'order.created', { type: 'order.created' }, envelope('x', {}).data]) {
    expect(parseEvent(body).ok).toBe(false);
  }
});

test('refund.succeeded carries the payment status and dispute.closed the outcome', () => {
  const refund = Event.parse(envelope('refund.succeeded', dataByType['refund.succeeded']()));
  const dispute = Event.parse(envelope('dispute.closed', dataByType['dispute.closed']()));
  expect(refund.type === 'refund.succeeded' ? refund.data.payment_status : undefined).toBe(
    'partially_refunded',
  );
  expect(dispute.type === 'dispute.closed' ? dispute.data.outcome : undefined).toBe('won');
});

test('product.updated keeps only the previous values of the changed fields', () => {
  const event = Event.parse(envelope('product.updated', dataByType['product.updated']()));
  expect(event.type === 'product.updated' ? event.data.previous_attributes : undefined).toEqual({
    price: 1499,
    tagline: null,
  });
});

test('an event list mixes known and unknown types', () => {
  const page = EventList.parse({
    data: [envelope('order.created', orderBody()), envelope('invoice.paid', {})],
    has_more: false,
    next_cursor: null,
  });
  expect(page.data.map(isKnownEvent)).toEqual([true, false]);
});
