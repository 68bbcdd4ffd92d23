import type { Order } from '@glm/domain';
import { expect, test } from 'vitest';
import type { Glm } from '../src/client.ts';
import { ConflictError } from '../src/errors/conflict-error.ts';
import { NotFoundError } from '../src/errors/not-found-error.ts';
import { UnprocessableEntityError } from '../src/errors/unprocessable-entity-error.ts';
import { paymentLinkRequest, rejectionOf, subscriptionRequest, useMockGlm } from './support/use-mock-glm.ts';

const { glm } = useMockGlm();
const DAY_S = 24 * 3600;

/** A one-time order a shopper paid through a link: it names the customer and the card kept for them. */
async function paidOrder(client: Glm, card?: string): Promise<Order> {
  const link = await client.paymentLinks.create(
    paymentLinkRequest({ amount_cents: 4_000, description: 'Vitamins' }),
  );
  const paid = await client.testHelpers.paymentLinks.pay(
    link.id,
    card === undefined ? {} : { card_number: card, hsa_card_number: card },
  );
  if (paid.order === null) throw new Error('the link was not paid');
  return paid.order;
}

const monthlyFor = (order: Order) =>
  subscriptionRequest(order.customer.id ?? '', order.payment?.payment_method_id ?? '');

test('a returning customer subscribes; its first order is listed by subscription_id and the test helpers read it', async () => {
  const order = await paidOrder(glm);
  expect(order.customer.id).toMatch(/^cus_/);
  expect(order.payment?.payment_method_id).toMatch(/^pm_/);

  const subscription = await glm.subscriptions.create(monthlyFor(order));
  expect(subscription).toMatchObject({
    status: 'active',
    customer_id: order.customer.id,
    amount_cents: 2_500,
  });
  const orders = await glm.orders.list({ subscription_id: subscription.id }).toArray({ limit: 10 });
  expect(orders).toHaveLength(1);
  expect(orders[0]).toMatchObject({ subscription_id: subscription.id, is_recurring: true });

  expect(await glm.testHelpers.subscriptions.get(subscription.id)).toEqual(subscription);
  const listed = await glm.testHelpers.subscriptions
    .list({ customer_id: subscription.customer_id ?? '', status: 'active' })
    .toArray({ limit: 10 });
  expect(listed.map((item) => item.id)).toEqual([subscription.id]);
});

test('create is idempotent: a retry with the same key answers the same subscription and charges once', async () => {
  const order = await paidOrder(glm);
  const options = { idempotencyKey: 'sub-create-1' };
  const first = await glm.subscriptions.create(monthlyFor(order), options);
  const again = await glm.subscriptions.create(monthlyFor(order), options);
  expect(again.id).toBe(first.id);
  expect(await glm.orders.list({ subscription_id: first.id }).toArray({ limit: 10 })).toHaveLength(1);
});

test('cancel at period end keeps it active until the clock passes the period, then it is cancelled without a charge', async () => {
  const order = await paidOrder(glm);
  const subscription = await glm.subscriptions.create(monthlyFor(order));
  const scheduled = await glm.subscriptions.cancel(subscription.id, {
    cancel_at_period_end: true,
    reason: 'Moving away',
  });
  expect(scheduled).toMatchObject({ status: 'active', cancel_at_period_end: true, ended_at: null });

  await glm.testHelpers.clock.advance({ seconds: 32 * DAY_S });
  const ended = await glm.testHelpers.subscriptions.get(subscription.id);
  expect(ended).toMatchObject({ status: 'cancelled', ended_at: subscription.current_period_end });
  expect(await glm.orders.list({ subscription_id: subscription.id }).toArray({ limit: 10 })).toHaveLength(1);
});

test('cancelling a cancelled subscription is a ConflictError thrown at once, without retries', async () => {
  const order = await paidOrder(glm);
  const subscription = await glm.subscriptions.create(monthlyFor(order));
  const cancelled = await glm.subscriptions.cancel(subscription.id);
  expect(cancelled).toMatchObject({ status: 'cancelled' });
  const retrying = glm.withOptions({ maxRetries: 2 });
  const started = Date.now();
  const error = await rejectionOf(retrying.subscriptions.cancel(subscription.id));
  expect(error).toBeInstanceOf(ConflictError);
  expect(error).toMatchObject({ code: 'invalid_state' });
  expect(Date.now() - started).toBeLessThan(400);
});

test('an unknown customer is a NotFoundError; an interval_count out of range an UnprocessableEntityError', async () => {
  const order = await paidOrder(glm);
  expect(
    await rejectionOf(glm.subscriptions.create({ ...monthlyFor(order), customer_id: 'cus_unknown' })),
  ).toBeInstanceOf(NotFoundError);
  expect(
    await rejectionOf(glm.subscriptions.create({ ...monthlyFor(order), interval_count: 13 })),
  ).toBeInstanceOf(UnprocessableEntityError);
});

test('a renewal declined by 4000000000000341 leaves the subscription past_due, retried a day later', async () => {
  const order = await paidOrder(glm, '4000000000000341');
  const subscription = await glm.subscriptions.create(monthlyFor(order));
  const clock = await glm.testHelpers.clock.get();
  const toRenewal = (Date.parse(subscription.current_period_end) - Date.parse(clock.now)) / 1000;
  await glm.testHelpers.clock.advance({ seconds: toRenewal });
  const pastDue = await glm.testHelpers.subscriptions.get(subscription.id);
  const retryAt = new Date(Date.parse(subscription.current_period_end) + DAY_S * 1000).toISOString();
  expect(pastDue).toMatchObject({ status: 'past_due', next_billing_date: retryAt });
  const [failed, ...rest] = await glm.testHelpers.events
    .list({ type: 'subscription.payment_failed' })
    .toArray({ limit: 10 });
  expect(rest).toEqual([]);
  expect(failed?.data).toMatchObject({
    id: subscription.id,
    next_retry_at: retryAt,
    decline_code: 'card_declined',
  });
});

test('the dispute reads find a dispute a test opened, by id and by order', async () => {
  const order = await paidOrder(glm);
  const dispute = await glm.testHelpers.orders.dispute(order.id, { reason: 'fraudulent' });
  expect(await glm.testHelpers.disputes.get(dispute.id)).toEqual(dispute);
  const listed = await glm.testHelpers.disputes.list({ order_id: order.id }).toArray({ limit: 10 });
  expect(listed.map((item) => item.id)).toEqual([dispute.id]);
  expect(await rejectionOf(glm.testHelpers.disputes.get('dp_unknown'))).toBeInstanceOf(NotFoundError);
});
