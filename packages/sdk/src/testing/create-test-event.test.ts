import { EventType, isId, isKnownEvent, parseEvent } from '@glm/domain';
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { createTestEvent, createUnknownTestEvent } from './create-test-event.ts';

test('the event of every known type parses with the domain schema of that type', () => {
  for (const type of EventType.options) {
    const parsed = parseEvent(createTestEvent(type));
    expect(parsed.ok, type).toBe(true);
    expect(parsed.ok && isKnownEvent(parsed.value) && parsed.value.type).toBe(type);
  }
});

test('the same seed gives the same event, and another seed other ids', () => {
  fc.assert(
    fc.property(fc.constantFrom(...EventType.options), fc.integer(), fc.integer(), (type, seed, other) => {
      expect(createTestEvent(type, { seed })).toEqual(createTestEvent(type, { seed }));
      if (seed !== other)
        expect(createTestEvent(type, { seed }).id).not.toBe(createTestEvent(type, { seed: other }).id);
    }),
    { numRuns: 50 },
  );
});

test('without a seed every event gets a fresh id', () => {
  expect(createTestEvent('order.completed').id).not.toBe(createTestEvent('order.completed').id);
});

test('ids follow the D4 format: prefix and 24 base62 characters', () => {
  const order = createTestEvent('order.completed', { seed: 3 });
  expect(isId('evt_', order.id)).toBe(true);
  expect(isId('ord_', order.data.id)).toBe(true);
  expect(isId('cs_', order.data.checkout_id)).toBe(true);
  expect(order.data.line_items.every((item) => isId('li_', item.id))).toBe(true);
  expect(isId('ref_', createTestEvent('refund.created', { seed: 3 }).data.id)).toBe(true);
  expect(isId('dp_', createTestEvent('dispute.created', { seed: 3 }).data.id)).toBe(true);
  expect(isId('plink_', createTestEvent('payment_link.paid', { seed: 3 }).data.id)).toBe(true);
  expect(isId('sub_', createTestEvent('subscription.trial_ending', { seed: 3 }).data.id)).toBe(true);
});

test('order amounts are consistent: items sum to the subtotal and the parts to the total', () => {
  const { amounts, line_items } = createTestEvent('order.completed', { seed: 1 }).data;
  expect(line_items.reduce((sum, item) => sum + item.price_cents * item.quantity, 0)).toBe(
    amounts.subtotal_cents,
  );
  expect(amounts.hsa_fsa_amount_cents + amounts.regular_amount_cents).toBe(amounts.subtotal_cents);
  expect(amounts.subtotal_cents + amounts.shipping_cents + amounts.tax_cents - amounts.discount_cents).toBe(
    amounts.total_cents,
  );
});

test('data overrides, the clock and test mode are applied', () => {
  const now = new Date('2027-03-04T05:06:07.000Z');
  const event = createTestEvent('order.completed', {
    seed: 1,
    now,
    testMode: false,
    data: { reference_id: 'cart_9' },
  });
  expect(event.data.reference_id).toBe('cart_9');
  expect(event.created_at).toBe(now.toISOString());
  expect(event.test_mode).toBe(false);
  expect(parseEvent(event).ok).toBe(true);
});

test('each event carries the named fields of its type', () => {
  expect(createTestEvent('payment.failed').data.retryable).toBe(true);
  expect(createTestEvent('refund.succeeded').data.payment_status).toBe('partially_refunded');
  expect(createTestEvent('dispute.closed').data.outcome).toBe('won');
  expect(createTestEvent('payment_link.cancelled').data.status).toBe('cancelled');
  expect(createTestEvent('order.failed').data.status).toBe('failed');
  expect(createTestEvent('checkout.expired').data.status).toBe('expired');
});

test('an unknown test event parses as an unknown event, not as a known one', () => {
  const parsed = parseEvent(createUnknownTestEvent('invoice.paid', { invoice_id: 'inv_1' }, { seed: 2 }));
  expect(parsed.ok && !isKnownEvent(parsed.value) && parsed.value.data).toEqual({ invoice_id: 'inv_1' });
});
