import {
  CheckoutSessionEnvelope,
  Order,
  OrderList,
  PaymentFailure,
  PaymentLink,
  PaymentLinkPayResult,
} from '@glm/domain';
import { describe, expect, test } from 'vitest';
import { createMockService } from '../service/create-mock-service.ts';
import { engineOf } from '../service/internals.ts';
import type { MockService } from '../service/mock-service.ts';
import { checkoutRequest, regularProduct } from '../test-support/fixtures.ts';
import { type Harness, TRANSPORTS, useHarness } from '../test-support/harness.ts';
import { paymentLinkRequest } from '../test-support/payment-fixtures.ts';
import { verifyIndependently } from '../webhooks/test-support/receiver.ts';

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

  test("a subscription paid with 4000000000000341 starts, and its first renewal creates that period's order and fails it: payment.failed, then order.failed, the subscription past_due, no more renewals", async () => {
    const h = harness();
    const link = await subscriptionLink(h, { interval: 'daily' });
    const paid = await payWith(h, link.id, RENEWALS_DECLINE);
    expect(paid.payment).toEqual({ outcome: 'succeeded' });
    expect(paid.order).toMatchObject({ status: 'completed', payment_status: 'captured' });
    const subscriptionId = paid.order?.subscription_id;
    const since = h.service.events().length;

    h.service.clock.advance('5d');

    const [first, renewal, ...later] = await orders(h);
    expect(later).toEqual([]);
    expect(first?.id).toBe(paid.order?.id);
    expect(renewal).toMatchObject({
      status: 'failed',
      payment_status: 'failed',
      completed_at: null,
      created_at: '2025-03-02T12:00:00.000Z',
      subscription_id: subscriptionId,
      payment_link_id: link.id,
      payment: { last4: '0341', captured_at: null },
    });
    expect(renewal?.status_history.map((entry) => [entry.status, entry.timestamp])).toEqual([
      ['pending', '2025-03-02T12:00:00.000Z'],
      ['failed', '2025-03-02T12:00:00.000Z'],
    ]);
    expect(renewal?.status_history.at(-1)?.reason).toContain('card_declined');
    expect(paymentAndOrderEvents(h, since)).toEqual([
      ['payment.failed', '2025-03-02T12:00:00.000Z'],
      ['order.failed', '2025-03-02T12:00:00.000Z'],
    ]);
    const [declined] = h.service.events({ type: 'payment.failed' });
    expect(PaymentFailure.parse(declined?.data)).toMatchObject({
      checkout_id: paid.checkout.checkout_id,
      payment_link_id: link.id,
      decline_code: 'card_declined',
      retryable: false,
      amount_cents: 5000,
    });
    expect(declined?.data).toMatchObject({ order_id: renewal?.id, subscription_id: subscriptionId });
    const [closed] = h.service.events({ type: 'order.failed' });
    const read = await h.request('GET', `/v2/orders/${renewal?.id ?? ''}`);
    expect(Order.parse(closed?.data)).toEqual(Order.parse(read.body));
    expect(subscriptionStatus(h.service, subscriptionId)).toBe('past_due');
    const failedOnly = OrderList.parse((await h.request('GET', '/v2/orders?status=failed')).body);
    expect(failedOnly.data.map((order) => order.id)).toEqual([renewal?.id]);
  });

  test('with a trial, 4000000000000341 signs up and the first charge at trial_end fails its order', async () => {
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
      ['payment.failed', '2025-03-08T12:00:00.000Z'],
      ['order.failed', '2025-03-08T12:00:00.000Z'],
    ]);
    const [failed, ...others] = await orders(h);
    expect(others).toEqual([]);
    expect(failed).toMatchObject({ status: 'failed', created_at: '2025-03-08T12:00:00.000Z' });
    expect(subscriptionStatus(h.service, failed?.subscription_id)).toBe('past_due');
  });
});

test('a merchant webhook handler receives order.failed for a declined renewal, with a Bearer secret and a signature that verify', async () => {
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
    events: ['order.failed'],
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
    type: 'order.failed',
    data: { status: 'failed', payment_link_id: link.id },
    verified: { bearer: true, signature: true },
  });
  expect(mock.deliveries({ endpointId: endpoint.id, status: 'delivered' })).toHaveLength(1);
});
