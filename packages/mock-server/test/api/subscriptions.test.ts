import { Dispute, DisputeList, type Order, OrderList, Subscription, SubscriptionList } from '@glm/domain';
import { describe, expect, test } from 'vitest';
import { eligibleProduct, regularProduct, subscriptionRequest } from '../support/fixtures.ts';
import { errorOf, type Harness, TRANSPORTS, useHarness } from '../support/harness.ts';
import { paidOrder } from '../support/payment-fixtures.ts';
import { storeSnapshot } from '../support/store-snapshot.ts';

/** A paid order of Ada's, with the catalog it needs. */
async function returningCustomer(h: Harness): Promise<Order> {
  await h.request('POST', '/api/v2/products', { body: eligibleProduct() });
  await h.request('POST', '/api/v2/products', { body: regularProduct() });
  return paidOrder(h, ['sku-ibuprofen']);
}

const ids = (order: Order) => ({
  customerId: order.customer.id ?? '',
  paymentMethodId: order.payment?.payment_method_id ?? '',
});

const createFor = async (h: Harness, order: Order, overrides: object = {}) => {
  const { customerId, paymentMethodId } = ids(order);
  return h.request('POST', '/v2/subscriptions', {
    body: subscriptionRequest(customerId, paymentMethodId, overrides),
  });
};

const ordersOf = async (h: Harness, subscriptionId: string) =>
  OrderList.parse((await h.request('GET', `/v2/orders?subscription_id=${subscriptionId}&limit=100`)).body)
    .data;

describe.each(TRANSPORTS)('subscriptions a merchant manages over %s', (transport) => {
  const harness = useHarness(transport);

  test('a payment records the shopper as a customer and the card as a payment method, found again on the next payment', async () => {
    const h = harness();
    const first = await returningCustomer(h);
    expect(first.customer.id).toMatch(/^cus_[0-9A-Za-z]{24}$/);
    expect(first.payment?.payment_method_id).toMatch(/^pm_[0-9A-Za-z]{24}$/);
    expect(first).toMatchObject({ subscription_id: null, is_recurring: false });
    const again = await paidOrder(h, ['sku-ibuprofen'], {
      reference_id: 'cart-2',
      customer: { email: 'ADA@example.com', first_name: 'Ada', last_name: 'Lovelace' },
    });
    expect(ids(again)).toEqual(ids(first));
    const regular = await paidOrder(h, ['sku-tissue'], { reference_id: 'cart-3' });
    expect(regular.customer.id).toBe(first.customer.id);
    expect(regular.payment?.payment_method_id).not.toBe(first.payment?.payment_method_id);
  });

  test('without a trial the first period is charged at once: one recurring order, payment_succeeded before its order events', async () => {
    const h = harness();
    const order = await returningCustomer(h);
    const since = h.service.events().length;
    const created = await createFor(h, order, { interval: 'monthly', metadata: { plan: 'vitamins' } });
    expect(created.status).toBe(201);
    const subscription = Subscription.parse(created.body);
    expect(subscription).toMatchObject({
      status: 'active',
      customer_id: order.customer.id,
      amount_cents: 2500,
      currency: 'USD',
      interval: 'monthly',
      interval_count: 1,
      trial_period_days: 0,
      trial_end: null,
      current_period_start: '2025-03-01T12:00:00.000Z',
      current_period_end: '2025-04-01T12:00:00.000Z',
      next_billing_date: '2025-04-01T12:00:00.000Z',
      cancel_at_period_end: false,
      cancelled_at: null,
      ended_at: null,
      payment_method: { id: order.payment?.payment_method_id, type: 'hsa_fsa_card', last4: '4242' },
      metadata: { plan: 'vitamins' },
    });
    const [charged, ...more] = await ordersOf(h, subscription.id);
    expect(more).toEqual([]);
    expect(charged).toMatchObject({
      status: 'completed',
      is_recurring: true,
      subscription_id: subscription.id,
      customer: { id: order.customer.id, email: 'ada@example.com' },
      amounts: { total_cents: 2500, hsa_fsa_amount_cents: 2500 },
    });
    expect(
      h.service
        .events()
        .slice(since)
        .map((event) => event.type),
    ).toEqual(['subscription.payment_succeeded', 'order.created', 'order.completed']);
    expect(h.service.events({ type: 'subscription.payment_succeeded' }).at(-1)?.data).toMatchObject({
      id: subscription.id,
      order_id: charged?.id,
    });

    h.service.clock.advance('61d');
    expect((await ordersOf(h, subscription.id)).map((renewal) => renewal.created_at)).toEqual([
      '2025-05-01T12:00:00.000Z',
      '2025-04-01T12:00:00.000Z',
      '2025-03-01T12:00:00.000Z',
    ]);
  });

  test('a trial charges nothing until it ends; the test helpers read the subscription and list it by customer and status', async () => {
    const h = harness();
    const order = await returningCustomer(h);
    const created = Subscription.parse(
      (await createFor(h, order, { trial_period_days: 14, interval_count: 3 })).body,
    );
    expect(created).toMatchObject({ status: 'trialing', trial_end: '2025-03-15T12:00:00.000Z' });
    expect(await ordersOf(h, created.id)).toEqual([]);
    const read = await h.request('GET', `/v2/test_helpers/subscriptions/${created.id}`);
    expect(Subscription.parse(read.body)).toEqual(created);
    const mine = SubscriptionList.parse(
      (
        await h.request(
          'GET',
          `/v2/test_helpers/subscriptions?customer_id=${order.customer.id}&status=trialing`,
        )
      ).body,
    );
    expect(mine.data.map((subscription) => subscription.id)).toEqual([created.id]);
    const none = SubscriptionList.parse(
      (await h.request('GET', '/v2/test_helpers/subscriptions?status=active')).body,
    );
    expect(none.data).toEqual([]);
    expect((await h.request('GET', '/v2/test_helpers/subscriptions/sub_unknown')).status).toBe(404);
  });

  test('cancelling at once ends it now, with subscription.cancelled and its reason; no charge follows; a second cancel is 409 invalid_state', async () => {
    const h = harness();
    const order = await returningCustomer(h);
    const created = Subscription.parse((await createFor(h, order, { interval: 'weekly' })).body);
    h.service.clock.advance('1d');
    const reply = await h.request('POST', `/v2/subscriptions/${created.id}/cancel`, {
      body: { reason: 'moving abroad' },
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      status: 'cancelled',
      cancelled_at: '2025-03-02T12:00:00.000Z',
      ended_at: '2025-03-02T12:00:00.000Z',
      next_billing_date: null,
    });
    expect(h.service.events({ type: 'subscription.cancelled' }).at(-1)?.data).toMatchObject({
      id: created.id,
      reason: 'moving abroad',
    });
    const before = storeSnapshot(h.service);
    const again = await h.request('POST', `/v2/subscriptions/${created.id}/cancel`, { body: {} });
    expect(again.status).toBe(409);
    expect(errorOf(again).code).toBe('invalid_state');
    expect(storeSnapshot(h.service)).toBe(before);
    h.service.clock.advance('30d');
    expect(await ordersOf(h, created.id)).toHaveLength(1);
  });

  test('cancelling at period end keeps it active until the period ends, then ends it uncharged', async () => {
    const h = harness();
    const order = await returningCustomer(h);
    const created = Subscription.parse((await createFor(h, order, { interval: 'monthly' })).body);
    h.service.clock.advance('3d');
    const since = h.service.events().length;
    const scheduled = await h.request('POST', `/v2/subscriptions/${created.id}/cancel`, {
      body: { cancel_at_period_end: true },
    });
    expect(scheduled.body).toMatchObject({
      status: 'active',
      cancel_at_period_end: true,
      cancelled_at: '2025-03-04T12:00:00.000Z',
      ended_at: null,
      next_billing_date: null,
    });
    h.service.clock.advance('60d');
    const ended = Subscription.parse(
      (await h.request('GET', `/v2/test_helpers/subscriptions/${created.id}`)).body,
    );
    expect(ended).toMatchObject({ status: 'cancelled', ended_at: '2025-04-01T12:00:00.000Z' });
    expect(
      h.service
        .events()
        .slice(since)
        .map((event) => [event.type, event.created_at]),
    ).toEqual([
      ['subscription.updated', '2025-03-04T12:00:00.000Z'],
      ['subscription.cancelled', '2025-04-01T12:00:00.000Z'],
    ]);
    expect(await ordersOf(h, created.id)).toHaveLength(1);
  });

  test.each([
    ['an unknown customer', { customer_id: 'cus_unknown' }, 404, 'not_found', 'customer_id'],
    ['an unknown payment method', { payment_method_id: 'pm_unknown' }, 404, 'not_found', 'payment_method_id'],
    ['interval_count 13', { interval_count: 13 }, 422, 'validation_error', 'interval_count'],
    ['interval_count 0', { interval_count: 0 }, 422, 'validation_error', 'interval_count'],
    ['a trial of 731 days', { trial_period_days: 731 }, 422, 'validation_error', 'trial_period_days'],
    ['an unknown product', { product_id: 999 }, 404, 'not_found', 'product_id'],
    ['no interval', { interval: undefined }, 400, 'invalid_request', 'interval'],
  ] as const)(
    '%s is refused with %i %s naming %s, and nothing changes',
    async (_, overrides, status, code, param) => {
      const h = harness();
      const order = await returningCustomer(h);
      const before = storeSnapshot(h.service);
      const reply = await createFor(h, order, overrides);
      expect(reply.status).toBe(status);
      expect(errorOf(reply)).toMatchObject({ code, param });
      expect(storeSnapshot(h.service)).toBe(before);
    },
  );

  test("another customer's payment method is 422, and a live key finds neither the customer nor the method", async () => {
    const h = harness();
    const ada = await returningCustomer(h);
    const grace = await paidOrder(h, ['sku-ibuprofen'], {
      reference_id: 'cart-grace',
      customer: { email: 'grace@example.com', first_name: 'Grace', last_name: 'Hopper' },
    });
    const before = storeSnapshot(h.service);
    const mixed = await h.request('POST', '/v2/subscriptions', {
      body: subscriptionRequest(ada.customer.id ?? '', grace.payment?.payment_method_id ?? ''),
    });
    expect(mixed.status).toBe(422);
    expect(errorOf(mixed)).toMatchObject({ code: 'validation_error', param: 'payment_method_id' });
    const live = await h.request('POST', '/v2/subscriptions', {
      key: 'live',
      body: subscriptionRequest(ada.customer.id ?? '', ada.payment?.payment_method_id ?? ''),
    });
    expect(live.status).toBe(404);
    expect(errorOf(live)).toMatchObject({ param: 'customer_id' });
    expect(storeSnapshot(h.service)).toBe(before);
  });

  test('the mock-only dispute reads find a dispute by id, by order and by status', async () => {
    const h = harness();
    const order = await returningCustomer(h);
    const other = await paidOrder(h, ['sku-ibuprofen'], { reference_id: 'cart-other' });
    const opened = Dispute.parse(
      (await h.request('POST', `/v2/test_helpers/orders/${order.id}/dispute`, { body: {} })).body,
    );
    await h.request('POST', `/v2/test_helpers/orders/${other.id}/dispute`, { body: {} });
    const read = await h.request('GET', `/v2/test_helpers/disputes/${opened.id}`);
    expect(Dispute.parse(read.body)).toEqual(opened);
    const byOrder = DisputeList.parse(
      (await h.request('GET', `/v2/test_helpers/disputes?order_id=${order.id}`)).body,
    );
    expect(byOrder.data.map((dispute) => dispute.id)).toEqual([opened.id]);
    const open = DisputeList.parse(
      (await h.request('GET', '/v2/test_helpers/disputes?status=needs_response')).body,
    );
    expect(open.data).toHaveLength(2);
    expect((await h.request('GET', '/v2/test_helpers/disputes/dp_unknown')).status).toBe(404);
    expect((await h.request('GET', '/v2/test_helpers/disputes?colour=red')).status).toBe(400);
  });
});
