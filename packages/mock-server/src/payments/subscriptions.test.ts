import { CheckoutSessionEnvelope, OrderList, PaymentLink, PaymentLinkPayResult } from '@glm/domain';
import { describe, expect, test } from 'vitest';
import { checkoutRequest, regularProduct } from '../test-support/fixtures.ts';
import { type Harness, TRANSPORTS, useHarness } from '../test-support/harness.ts';
import { paymentLinkRequest } from '../test-support/payment-fixtures.ts';

const subscriptionLink = async (h: Harness, subscription: Record<string, unknown>) => {
  const reply = await h.request('POST', '/v2/payment-links', {
    body: paymentLinkRequest({ payment_type: 'subscription', subscription }),
  });
  return PaymentLink.parse(reply.body);
};

const pay = async (h: Harness, id: string) =>
  PaymentLinkPayResult.parse(
    (await h.request('POST', `/v2/test_helpers/payment-links/${id}/pay`, { body: {} })).body,
  );

const orders = async (h: Harness) =>
  OrderList.parse((await h.request('GET', '/v2/orders?limit=100')).body).data.reverse();

const subscriptionEvents = (h: Harness) =>
  h.service
    .events()
    .filter((event) => event.type.startsWith('subscription.') || event.type.startsWith('order.'))
    .map((event) => [event.type, event.created_at]);

describe.each(TRANSPORTS)('subscriptions over %s', (transport) => {
  const harness = useHarness(transport, { seed: { products: [regularProduct()] } });

  test('paying a subscription link charges the first period: subscription.payment_succeeded precedes the order events', async () => {
    const h = harness();
    const link = await subscriptionLink(h, { interval: 'monthly' });
    const paid = await pay(h, link.id);
    expect(paid.order).toMatchObject({
      payment_link_id: link.id,
      subscription_id: expect.stringMatching(/^sub_/),
    });
    const types = h.service.events().map((event) => event.type);
    expect(types.slice(-4)).toEqual([
      'payment_link.paid',
      'subscription.payment_succeeded',
      'order.created',
      'order.completed',
    ]);
    const [event] = h.service.events({ type: 'subscription.payment_succeeded' });
    expect(event?.data).toMatchObject({
      id: paid.order?.subscription_id,
      status: 'active',
      interval: 'monthly',
      interval_count: 1,
      current_period_start: '2025-03-01T12:00:00.000Z',
      current_period_end: '2025-04-01T12:00:00.000Z',
      trial_end: null,
      order_id: paid.order?.id,
    });
  });

  test('renewals happen in time order as the clock passes them, one order per period', async () => {
    const h = harness();
    const link = await subscriptionLink(h, { interval: 'weekly', interval_count: 2 });
    await pay(h, link.id);
    h.service.clock.advance('43d');
    const created = (await orders(h)).map((order) => [order.created_at, order.amounts.total_cents]);
    expect(created).toEqual([
      ['2025-03-01T12:00:00.000Z', 5000],
      ['2025-03-15T12:00:00.000Z', 5000],
      ['2025-03-29T12:00:00.000Z', 5000],
      ['2025-04-12T12:00:00.000Z', 5000],
    ]);
    const renewals = h.service.events({ type: 'subscription.payment_succeeded' });
    expect(renewals.map((event) => event.data['order_id'])).toEqual(
      (await orders(h)).map((order) => order.id),
    );
    expect(subscriptionEvents(h).slice(-3)).toEqual([
      ['subscription.payment_succeeded', '2025-04-12T12:00:00.000Z'],
      ['order.created', '2025-04-12T12:00:00.000Z'],
      ['order.completed', '2025-04-12T12:00:00.000Z'],
    ]);
  });

  test('a trial charges nothing until it ends, and trial_ending comes 3 days before', async () => {
    const h = harness();
    const link = await subscriptionLink(h, { interval: 'monthly', trial_period_days: 14 });
    const paid = await pay(h, link.id);
    expect(paid).toMatchObject({
      order: null,
      payment: { outcome: 'succeeded' },
      checkout: { status: 'paid' },
    });
    expect(paid.payment_link.status).toBe('paid');
    expect(await orders(h)).toEqual([]);
    h.service.clock.advance('14d');
    expect(subscriptionEvents(h)).toEqual([
      ['subscription.trial_ending', '2025-03-12T12:00:00.000Z'],
      ['subscription.payment_succeeded', '2025-03-15T12:00:00.000Z'],
      ['order.created', '2025-03-15T12:00:00.000Z'],
      ['order.completed', '2025-03-15T12:00:00.000Z'],
    ]);
    const [ending] = h.service.events({ type: 'subscription.trial_ending' });
    expect(ending?.data).toMatchObject({ status: 'trialing', trial_end: '2025-03-15T12:00:00.000Z' });
  });

  test('a declined card on a trial signup declines like any payment and starts nothing', async () => {
    const h = harness();
    const link = await subscriptionLink(h, { interval: 'monthly', trial_period_days: 7 });
    const reply = await h.request('POST', `/v2/test_helpers/payment-links/${link.id}/pay`, {
      body: { card_number: '4000000000000069' },
    });
    expect(reply.body).toMatchObject({
      payment: { outcome: 'declined', retryable: false },
      payment_link: { status: 'active' },
    });
    h.service.clock.advance('30d');
    expect(subscriptionEvents(h)).toEqual([]);
  });

  test('paying a subscription checkout session starts a subscription too', async () => {
    const h = harness();
    const created = await h.request('POST', '/api/v2/checkout', {
      body: checkoutRequest(['sku-tissue'], {
        payment_type: 'subscription',
        subscription: { interval: 'daily' },
      }),
    });
    const session = CheckoutSessionEnvelope.parse(created.body).data;
    const paid = await h.service.payCheckout(session.checkout_id);
    expect(paid.order?.subscription_id).toMatch(/^sub_/);
    h.service.clock.advance('2d');
    expect((await orders(h)).map((order) => order.subscription_id)).toEqual(
      Array(3).fill(paid.order?.subscription_id),
    );
  });
});
