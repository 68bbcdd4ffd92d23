// Subscriptions a merchant manages and the dispute reads, against
// `glm-mock serve` in another process.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { AnyEvent, Glm, Subscription } from '@glm/sdk';
import { type EventOfType, isKnownEventType, type KnownEventType } from '@glm/sdk/webhooks';
import {
  customerOf,
  ordersOf,
  startCheckout,
  stopRenewing,
  subscribeReturningCustomer,
  subscriptionLinkRequest,
} from '../src/shop.js';
import { keepCoverage } from './support/coverage.js';
import { type MockProcess, startGlmMock } from './support/glm-mock.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const shopper = { email: 'katherine@example.com', firstName: 'Katherine', lastName: 'Johnson' };
const vitamins = { id: 'vitamins-monthly', amountCents: 2500, interval: 'monthly' } as const;

let mock: MockProcess;
let glm: Glm;

before(async () => {
  mock = await startGlmMock();
  glm = mock.client();
});

after(async () => {
  try {
    if (mock !== undefined) await keepCoverage(mock, 'subscriptions');
  } finally {
    await mock?.stop();
  }
});

/** Moves the mock's clock to `at` plus a minute (everything due by then happens). */
async function advancePast(at: string): Promise<void> {
  const { now } = await glm.testHelpers.clock.get();
  const seconds = Math.ceil((Date.parse(at) - Date.parse(now)) / 1000) + 60;
  if (seconds > 0) await glm.testHelpers.clock.advance({ seconds });
}

type SubscriptionEvent = EventOfType<Extract<KnownEventType, `subscription.${string}`>>;
const isSubscriptionEvent = (event: AnyEvent): event is SubscriptionEvent =>
  isKnownEventType(event.type) && event.type.startsWith('subscription.');

/** The events of one subscription, oldest first. */
async function subscriptionEvents(subscriptionId: string): Promise<SubscriptionEvent[]> {
  const events = await glm.testHelpers.events.list().toArray({ limit: 1000 });
  return events
    .filter(isSubscriptionEvent)
    .filter((event) => event.data.id === subscriptionId)
    .reverse();
}

test('a returning customer subscribes, renews, stops renewing and ends at the period end', async () => {
  const session = await startCheckout(glm, 'cart-subs-1', shopper, [
    { sku: 'vit-d', name: 'Vitamin D3', priceCents: 1899, quantity: 1 },
  ]);
  const { order } = await glm.testHelpers.checkout.pay(session.checkout_id, {
    card_number: '4111111111111111',
  });
  assert.ok(order, 'the 4111 card pays');
  const { customerId, paymentMethodId } = customerOf(order);
  assert.match(customerId, /^cus_/);
  assert.match(paymentMethodId, /^pm_/);

  // Subscribing twice (a double click) answers one subscription.
  const { subscription, replayed } = await subscribeReturningCustomer(glm, order.id, vitamins);
  const again = await subscribeReturningCustomer(glm, order.id, vitamins);
  assert.equal(replayed, false);
  assert.equal(again.replayed, true, 'the second request is answered from the first');
  assert.deepEqual(again.subscription, subscription);
  assert.match(subscription.id, /^sub_/);
  assert.equal(subscription.status, 'active');
  assert.equal(subscription.customer_id, customerId);
  assert.equal(subscription.payment_method?.id, paymentMethodId);

  const firstOrders = await ordersOf(glm, subscription.id);
  assert.equal(firstOrders.length, 1, 'the first period is charged at once, once');
  assert.equal(firstOrders[0]?.subscription_id, subscription.id);
  assert.equal(firstOrders[0]?.customer.id, customerId);

  await advancePast(subscription.current_period_end);
  const renewed = await ordersOf(glm, subscription.id);
  assert.equal(renewed.length, 2, 'one renewal order');
  assert.equal(renewed[0]?.is_recurring, true, 'the newest is the renewal');
  assert.equal(renewed[0]?.amounts.total_cents, vitamins.amountCents);

  const stopping = await stopRenewing(glm, subscription.id, 'Customer moved abroad');
  assert.equal(stopping.status, 'active', 'it runs until the period it paid for ends');
  assert.equal(stopping.cancel_at_period_end, true);
  assert.ok(stopping.cancelled_at !== null);
  assert.equal(stopping.ended_at, null);

  await advancePast(stopping.current_period_end);
  const ended = await glm.testHelpers.subscriptions.get(subscription.id);
  assert.equal(ended.status, 'cancelled');
  assert.ok(ended.ended_at !== null && Date.parse(ended.ended_at) >= Date.parse(stopping.current_period_end));
  assert.equal((await ordersOf(glm, subscription.id)).length, 2, 'nothing charged after cancelling');

  const types = (await subscriptionEvents(subscription.id)).map((event) => event.type);
  assert.deepEqual(types.slice(-2), ['subscription.updated', 'subscription.cancelled']);
});

test('a renewal declined by 4000000000000341 goes past_due, is retried after 1, 3 and 5 days, then cancelled', async () => {
  const link = await glm.paymentLinks.create(subscriptionLinkRequest('Allergy relief box', 3100));
  const signup = await glm.testHelpers.paymentLinks.pay(link.id, { card_number: '4000000000000341' });
  assert.ok(signup.order, 'the signup charge succeeds');
  const subscriptionId = signup.order.subscription_id;
  assert.ok(subscriptionId);
  const started = await glm.testHelpers.subscriptions.get(subscriptionId);
  assert.equal(started.status, 'active');

  await advancePast(started.current_period_end);
  const pastDue = await glm.testHelpers.subscriptions.get(subscriptionId);
  assert.equal(pastDue.status, 'past_due');
  const [firstFailure] = (await subscriptionEvents(subscriptionId)).filter(
    (event) => event.type === 'subscription.payment_failed',
  );
  assert.ok(firstFailure?.type === 'subscription.payment_failed', 'subscription.payment_failed');
  const declinedAt = Date.parse(firstFailure.created_at);
  assert.ok(firstFailure.data.next_retry_at !== null);
  assert.equal(Date.parse(firstFailure.data.next_retry_at) - declinedAt, DAY_MS, 'first retry a day later');

  const statusAfter = async (days: number): Promise<Subscription['status']> => {
    await advancePast(new Date(declinedAt + days * DAY_MS).toISOString());
    return (await glm.testHelpers.subscriptions.get(subscriptionId)).status;
  };
  assert.equal(await statusAfter(1), 'past_due');
  assert.equal(await statusAfter(3), 'past_due');
  assert.equal(await statusAfter(5), 'cancelled');

  const events = await subscriptionEvents(subscriptionId);
  const failures = events.flatMap((event) => (event.type === 'subscription.payment_failed' ? [event] : []));
  const daysAfterFirstDecline = (at: string | null) =>
    at === null ? null : (Date.parse(at) - declinedAt) / DAY_MS;
  assert.deepEqual(
    failures.map((event) => [
      daysAfterFirstDecline(event.created_at),
      daysAfterFirstDecline(event.data.next_retry_at),
      event.data.decline_code,
    ]),
    [
      [0, 1, 'card_declined'],
      [1, 3, 'card_declined'],
      [3, 5, 'card_declined'],
      [5, null, 'card_declined'],
    ],
    'four declines: at the renewal, then retries after 1, 3 and 5 days, the last with no retry left',
  );
  const cancelled = events.at(-1);
  assert.ok(
    cancelled?.type === 'subscription.cancelled',
    `the last event is the cancellation (${cancelled?.type})`,
  );
  assert.equal(cancelled.data.reason, 'payment_failed');
  assert.equal((Date.parse(cancelled.created_at) - declinedAt) / DAY_MS, 5);
  assert.equal((await ordersOf(glm, subscriptionId)).length, 1, 'declined renewals create no order');
});

test('a dispute opened by the test helper is found by order id', async () => {
  const session = await startCheckout(glm, 'cart-dispute-1', shopper, [
    { sku: 'bp-cuff', name: 'Blood pressure monitor', priceCents: 4999, quantity: 1 },
  ]);
  const { order } = await glm.testHelpers.checkout.pay(session.checkout_id);
  assert.ok(order);
  const opened = await glm.testHelpers.orders.dispute(order.id, { reason: 'product_not_received' });

  const found = await glm.testHelpers.disputes.list({ order_id: order.id }).toArray({ limit: 10 });
  assert.deepEqual(
    found.map((dispute) => [dispute.id, dispute.order_id, dispute.status]),
    [[opened.id, order.id, 'needs_response']],
  );
  assert.equal(found[0]?.amount_cents, order.amounts.total_cents);
  assert.equal((await glm.testHelpers.disputes.get(opened.id)).id, opened.id);
  assert.equal((await glm.orders.get(order.id)).payment_status, 'disputed');
});
