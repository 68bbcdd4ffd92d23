import { CheckoutSessionEnvelope, OrderList, PaymentLink, Subscription } from '@glm/domain';
import { PaymentLinkPayResult } from '@glm/domain/test-helpers';
import { describe, expect, test } from 'vitest';
import type { MockService } from '../../src/index.ts';
import { createMockService } from '../../src/index.ts';
import { engineOf } from '../../src/service/private-handles.ts';
import { checkoutRequest, paymentLinkRequest, regularProduct } from '../support/fixtures.ts';
import { type Harness, TRANSPORTS, useHarness } from '../support/harness.ts';

import { verifyIndependently } from '../support/webhook-receiver.ts';

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

/** D27: the shopper's payment succeeds, every renewal charged to the card later declines. */
const RENEWALS_DECLINE = '4000000000000341';

const payWith = async (h: Harness, id: string, card: string) =>
  PaymentLinkPayResult.parse(
    (
      await h.request('POST', `/v2/test_helpers/payment-links/${id}/pay`, {
        body: { card_number: card },
      })
    ).body,
  );

const subscriptionStatus = (service: MockService, id: string | null | undefined) =>
  engineOf(service).store.modes.test.subscriptions.get(id ?? '')?.subscription.status;

const paymentAndOrderEvents = (h: Harness, since: number) =>
  h.service
    .events()
    .slice(since)
    .filter((event) => /^(payment|order|subscription)\./.test(event.type))
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

  test('a subscription paid with 4000000000000341: each declined renewal is past_due with subscription.payment_failed, retried 1, 3 and 5 days later, and the fourth decline cancels it; no order is created', async () => {
    const h = harness();
    const link = await subscriptionLink(h, { interval: 'daily' });
    const paid = await payWith(h, link.id, RENEWALS_DECLINE);
    expect(paid.payment).toMatchObject({ outcome: 'succeeded' });
    expect(paid.payment.cards.every((card) => card.last4 === '0341' && card.outcome === 'succeeded')).toBe(
      true,
    );
    expect(paid.order).toMatchObject({
      status: 'completed',
      payment_status: 'captured',
      is_recurring: false,
    });
    const subscriptionId = paid.order?.subscription_id ?? '';
    const since = h.service.events().length;

    h.service.clock.advance('1d');
    const pastDue = Subscription.parse(
      (await h.request('GET', `/v2/test_helpers/subscriptions/${subscriptionId}`)).body,
    );
    expect(pastDue).toMatchObject({ status: 'past_due', next_billing_date: '2025-03-03T12:00:00.000Z' });

    h.service.clock.advance('11d');

    expect((await orders(h)).map((order) => order.id)).toEqual([paid.order?.id]);
    expect(paymentAndOrderEvents(h, since)).toEqual([
      ['subscription.payment_failed', '2025-03-02T12:00:00.000Z'],
      ['subscription.payment_failed', '2025-03-03T12:00:00.000Z'],
      ['subscription.payment_failed', '2025-03-05T12:00:00.000Z'],
      ['subscription.payment_failed', '2025-03-07T12:00:00.000Z'],
      ['subscription.cancelled', '2025-03-07T12:00:00.000Z'],
    ]);
    const failures = h.service.events({ type: 'subscription.payment_failed' }).map((event) => event.data);
    expect(failures.map((data) => [data['status'], data['decline_code'], data['next_retry_at']])).toEqual([
      ['past_due', 'card_declined', '2025-03-03T12:00:00.000Z'],
      ['past_due', 'card_declined', '2025-03-05T12:00:00.000Z'],
      ['past_due', 'card_declined', '2025-03-07T12:00:00.000Z'],
      ['cancelled', 'card_declined', null],
    ]);
    const [cancelled] = h.service.events({ type: 'subscription.cancelled' });
    expect(cancelled?.data).toMatchObject({
      id: subscriptionId,
      status: 'cancelled',
      reason: 'payment_failed',
      ended_at: '2025-03-07T12:00:00.000Z',
      next_billing_date: null,
    });
    expect(subscriptionStatus(h.service, subscriptionId)).toBe('cancelled');
  });

  test('a successful retry returns a past_due subscription to active, its periods dated as if paid on time', async () => {
    const h = harness();
    const link = await subscriptionLink(h, { interval: 'monthly' });
    const paid = await payWith(h, link.id, RENEWALS_DECLINE);
    const subscriptionId = paid.order?.subscription_id ?? '';
    h.service.clock.advance('31d');
    expect(subscriptionStatus(h.service, subscriptionId)).toBe('past_due');
    // The shopper's bank lifts the block: the card on file now pays renewals.
    const store = engineOf(h.service).store.modes.test.subscriptions;
    const record = store.get(subscriptionId);
    if (record === undefined) throw new Error('no subscription');
    store.update({ ...record, cards: { card_number: '4242424242424242' } });

    h.service.clock.advance('1d');

    const recovered = Subscription.parse(
      (await h.request('GET', `/v2/test_helpers/subscriptions/${subscriptionId}`)).body,
    );
    expect(recovered).toMatchObject({
      status: 'active',
      current_period_start: '2025-04-01T12:00:00.000Z',
      current_period_end: '2025-05-01T12:00:00.000Z',
      next_billing_date: '2025-05-01T12:00:00.000Z',
    });
    const renewals = (await orders(h)).filter((order) => order.is_recurring === true);
    expect(renewals.map((order) => [order.created_at, order.subscription_id])).toEqual([
      ['2025-04-02T12:00:00.000Z', subscriptionId],
    ]);
  });

  test('with a trial, 4000000000000341 signs up; the declined first charge at trial_end is retried, then cancels', async () => {
    const h = harness();
    const link = await subscriptionLink(h, { interval: 'monthly', trial_period_days: 7 });
    const paid = await payWith(h, link.id, RENEWALS_DECLINE);
    expect(paid).toMatchObject({
      order: null,
      payment: { outcome: 'succeeded' },
      checkout: { status: 'paid' },
    });
    const since = h.service.events().length;

    h.service.clock.advance('70d');

    expect(paymentAndOrderEvents(h, since)).toEqual([
      ['subscription.trial_ending', '2025-03-05T12:00:00.000Z'],
      ['subscription.payment_failed', '2025-03-08T12:00:00.000Z'],
      ['subscription.payment_failed', '2025-03-09T12:00:00.000Z'],
      ['subscription.payment_failed', '2025-03-11T12:00:00.000Z'],
      ['subscription.payment_failed', '2025-03-13T12:00:00.000Z'],
      ['subscription.cancelled', '2025-03-13T12:00:00.000Z'],
    ]);
    expect(await orders(h)).toEqual([]);
  });
});

test('a merchant webhook handler receives subscription.payment_failed for a declined renewal, with a Bearer secret and a signature that verify', async () => {
  const mock = createMockService({
    now: '2025-03-01T12:00:00.000Z',
    rateLimit: false,
    seed: { products: [regularProduct()] },
  });
  const received: {
    type: string;
    data: Record<string, unknown>;
    verified: ReturnType<typeof verifyIndependently>;
  }[] = [];
  let secret = '';
  const endpoint = await mock.registerWebhookEndpoint({
    events: ['subscription.payment_failed'],
    handler: async (request) => {
      const body = await request.text();
      const event = JSON.parse(body) as { type: string; data: Record<string, unknown> };
      const headers = Object.fromEntries(request.headers);
      received.push({ ...event, verified: verifyIndependently({ headers, body }, secret) });
      return new Response('{"received":true}', { status: 200 });
    },
  });
  secret = endpoint.secret;
  const created = await mock.handle(
    new Request('http://127.0.0.1/v2/payment-links', {
      method: 'POST',
      headers: { authorization: `Bearer ${mock.keys.test}`, 'content-type': 'application/json' },
      body: JSON.stringify(
        paymentLinkRequest({ payment_type: 'subscription', subscription: { interval: 'weekly' } }),
      ),
    }),
  );
  const link = PaymentLink.parse(await created.json());
  await mock.payPaymentLink(link.id, { card_number: RENEWALS_DECLINE });
  await mock.flushWebhooks();
  expect(received).toEqual([]);

  mock.clock.advance('7d');
  await mock.flushWebhooks();

  expect(received).toHaveLength(1);
  expect(received[0]).toMatchObject({
    type: 'subscription.payment_failed',
    data: {
      status: 'past_due',
      payment_link_id: link.id,
      decline_code: 'card_declined',
      next_retry_at: '2025-03-09T12:00:00.000Z',
    },
    verified: { bearer: true, signature: true },
  });
  expect(mock.deliveries({ endpointId: endpoint.id, status: 'delivered' })).toHaveLength(1);
});
