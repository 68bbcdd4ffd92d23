// D35: POST /v2/test_helpers/triggers and mock.trigger(type, options): every event type, overrides on
// the flow's requests, existing objects, and a refused trigger that changes nothing.
import { EventType, Order, type Product } from '@glm/domain';
import { TriggerResult } from '@glm/domain/test-helpers';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { createMockService, type MockService, MockServiceError } from '../../src/index.ts';
import { eligibleProduct } from '../support/fixtures.ts';
import { errorOf, type Harness, useHarness } from '../support/harness.ts';
import { storeSnapshot } from '../support/store-snapshot.ts';

/** For each type, overrides and what the event's data must then say. */
const REFLECTED: Readonly<
  Record<EventType, { overrides: Record<string, unknown>; data: Record<string, unknown> }>
> = {
  'product.created': { overrides: { name: 'Trigger Thermometer' }, data: { name: 'Trigger Thermometer' } },
  'product.updated': { overrides: { price: 4321 }, data: { price: 4321 } },
  'order.created': {
    overrides: { reference_id: 'cart-42', 'customer.email': 'ada@example.com' },
    data: { reference_id: 'cart-42', customer: { email: 'ada@example.com' } },
  },
  'order.completed': {
    overrides: { 'checkout.reference_id': 'cart-43' },
    data: { reference_id: 'cart-43', status: 'completed', payment_status: 'captured' },
  },
  'order.failed': {
    overrides: { reference_id: 'cart-44', 'order_fail.reason': 'Capture refused' },
    data: { reference_id: 'cart-44', status: 'failed', payment_status: 'failed' },
  },
  'payment.failed': {
    overrides: { reference_id: 'cart-45' },
    data: { reference_id: 'cart-45', retryable: true },
  },
  'checkout.failed': {
    overrides: { reference_id: 'cart-46' },
    data: { reference_id: 'cart-46', status: 'open' },
  },
  'checkout.expired': {
    overrides: { reference_id: 'cart-47' },
    data: { reference_id: 'cart-47', status: 'expired' },
  },
  'refund.created': { overrides: { amount_cents: 500 }, data: { amount_cents: 500, status: 'pending' } },
  'refund.succeeded': {
    overrides: { amount_cents: 600, notes: 'Damaged box' },
    data: { amount_cents: 600, notes: 'Damaged box', status: 'succeeded' },
  },
  'refund.failed': { overrides: { amount_cents: 700 }, data: { amount_cents: 700, status: 'failed' } },
  'dispute.created': {
    overrides: { reason: 'product_not_received' },
    data: { reason: 'product_not_received' },
  },
  'dispute.closed': { overrides: { outcome: 'lost' }, data: { status: 'lost' } },
  'payment_link.created': {
    overrides: { description: 'Trigger link' },
    data: { description: 'Trigger link' },
  },
  'payment_link.paid': { overrides: { amount_cents: 7500 }, data: { amount_cents: 7500, status: 'paid' } },
  'payment_link.cancelled': {
    overrides: { 'payment_link_cancel.reason': 'duplicate' },
    data: { cancellation_reason: 'duplicate', status: 'cancelled' },
  },
  'payment_link.expired': {
    overrides: { description: 'Short-lived' },
    data: { description: 'Short-lived', status: 'expired' },
  },
  'subscription.payment_succeeded': {
    overrides: { amount_cents: 2500 },
    data: { amount_cents: 2500, status: 'active' },
  },
  'subscription.trial_ending': {
    overrides: { amount_cents: 2600 },
    data: { amount_cents: 2600, status: 'trialing' },
  },
  'subscription.payment_failed': {
    overrides: { amount_cents: 2700 },
    data: { amount_cents: 2700, status: 'past_due' },
  },
  'subscription.updated': {
    overrides: { 'payment_link.subscription.interval': 'weekly' },
    data: { interval: 'weekly', cancel_at_period_end: true },
  },
  'subscription.cancelled': {
    overrides: { amount_cents: 2800, 'subscription_cancel.reason': 'too expensive' },
    data: { amount_cents: 2800, status: 'cancelled', reason: 'too expensive' },
  },
};

/** An event's data as plain fields. */
const dataOf = (event: { readonly data: unknown }): Record<string, unknown> =>
  event.data as Record<string, unknown>;

/** The answer must be the event in the log, last of the events it lists of its type, with the overrides in its data. */
function expectReflected(service: MockService, type: EventType, answer: unknown): TriggerResult {
  const result = TriggerResult.parse(answer);
  expect(result.event.type).toBe(type);
  expect(result.event.data).toMatchObject(REFLECTED[type].data);
  expect(result.events.map((event) => event.id)).toContain(result.event.id);
  expect(service.events({ type }).map((event) => event.id)).toContain(result.event.id);
  expect(result.objects.length).toBeGreaterThan(0);
  return result;
}

describe('over HTTP', () => {
  const harness = useHarness('http');

  test('every event type has a flow, and the override table covers each', () => {
    expect(Object.keys(REFLECTED).sort()).toEqual([...EventType.options].sort());
  });

  test.each(EventType.options)('%s is triggered with overrides that show in its data', async (type) => {
    const answer = await harness().request('POST', '/v2/test_helpers/triggers', {
      body: { type, overrides: REFLECTED[type].overrides },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expectReflected(harness().service, type, answer.body);
  });

  test('a live key is refused before anything runs', async () => {
    const before = storeSnapshot(harness().service);
    const answer = await harness().request('POST', '/v2/test_helpers/triggers', {
      body: { type: 'order.created' },
      key: 'live',
    });
    expect(answer.status).toBe(403);
    expect(storeSnapshot(harness().service)).toBe(before);
  });
});

describe('in JavaScript', () => {
  const harness = useHarness('msw');

  test.each(EventType.options)(
    'mock.trigger(%s) is triggered with overrides that show in its data',
    async (type) => {
      const result = await harness().service.trigger(type, { overrides: REFLECTED[type].overrides });
      expectReflected(harness().service, type, result);
    },
  );

  test('order.failed keeps the reason in the failed order', async () => {
    const { event } = await harness().service.trigger('order.failed', {
      overrides: { 'order_fail.reason': 'Issuer refused the capture' },
    });
    expect(Order.parse(event.data).status_history.at(-1)?.reason).toBe('Issuer refused the capture');
  });
});

/** Sends a trigger that must be refused, and checks that it changed nothing at all. */
async function refused(
  h: Harness,
  body: unknown,
): Promise<{ status: number; code: unknown; param: unknown; message: string }> {
  await h.service.flushWebhooks();
  const before = storeSnapshot(h.service);
  const clock = h.service.clock.now().getTime();
  const deliveries = h.service.deliveries().length;
  const answer = await h.request('POST', '/v2/test_helpers/triggers', { body });
  await h.service.flushWebhooks();
  expect(storeSnapshot(h.service)).toBe(before);
  expect(h.service.clock.now().getTime()).toBe(clock);
  expect(h.service.deliveries()).toHaveLength(deliveries);
  const error = errorOf(answer);
  return { status: answer.status, code: error.code, param: error.param, message: String(error.message) };
}

describe('refused triggers change nothing', () => {
  const harness = useHarness('http');

  test('an unknown field is 422 naming it, with or without a request name', async () => {
    const h = harness();
    expect(
      await refused(h, { type: 'order.created', overrides: { 'customer.emial': 'a@b.example' } }),
    ).toMatchObject({
      status: 422,
      code: 'validation_error',
      param: 'overrides.customer.emial',
      message: expect.stringContaining('Unknown field customer.emial'),
    });
    expect(
      await refused(h, { type: 'refund.created', overrides: { 'checkout.line_items.0.prize': 5 } }),
    ).toMatchObject({ status: 422, param: 'overrides.checkout.line_items.0.prize' });
    expect(
      await refused(h, { type: 'product.created', overrides: { 'refund.amount_cents': 5 } }),
    ).toMatchObject({
      status: 422,
      param: 'overrides.refund.amount_cents',
      message: expect.stringContaining('the requests it makes: product'),
    });
  });

  test('a field the trigger fills itself cannot be overridden', async () => {
    expect(
      await refused(harness(), { type: 'refund.created', overrides: { order_id: 'ord_x' } }),
    ).toMatchObject({
      status: 422,
      param: 'overrides.order_id',
    });
  });

  test('a missing object, or one the type does not take, is 422 naming it', async () => {
    const h = harness();
    expect(await refused(h, { type: 'order.created', objects: { customer: 'cus_missing' } })).toMatchObject({
      status: 422,
      param: 'objects.customer',
      message: expect.stringContaining('No such customer'),
    });
    expect(await refused(h, { type: 'refund.created', objects: { order: 'ord_missing' } })).toMatchObject({
      status: 422,
      param: 'objects.order',
    });
    expect(await refused(h, { type: 'order.created', objects: { product: 999 } })).toMatchObject({
      status: 422,
      param: 'objects.product',
    });
    expect(await refused(h, { type: 'product.created', objects: { order: 'ord_x' } })).toMatchObject({
      status: 422,
      param: 'objects.order',
      message: expect.stringContaining('does not take an existing order'),
    });
  });

  test('a request of the flow refused halfway (a refund above the order) changes nothing and names the request', async () => {
    expect(
      await refused(harness(), { type: 'refund.created', overrides: { amount_cents: 99_999_999 } }),
    ).toMatchObject({ status: 400, code: 'invalid_amount', param: 'refund.amount_cents' });
  });

  test('a value of the wrong type is refused by the request it patches', async () => {
    expect(
      await refused(harness(), { type: 'order.created', overrides: { 'customer.email': 'not an e-mail' } }),
    ).toMatchObject({ status: 422, param: 'checkout.customer.email' });
  });

  test('an override of a request the flow skips for a given object is refused', async () => {
    const h = harness();
    const made = await h.service.trigger('order.completed');
    const orderId = String(made.objects.find((object) => object.object === 'order')?.id);
    expect(
      await refused(h, {
        type: 'refund.created',
        objects: { order: orderId },
        overrides: { 'checkout.reference_id': 'x' },
      }),
    ).toMatchObject({ status: 422, param: 'overrides.checkout.reference_id' });
  });

  test('an object in a state where the event cannot happen is 409, and nothing changes', async () => {
    const h = harness();
    const made = await h.service.trigger('order.completed');
    const orderId = String(made.objects.find((object) => object.object === 'order')?.id);
    expect(await refused(h, { type: 'order.failed', objects: { order: orderId } })).toMatchObject({
      status: 409,
      code: 'conflict',
    });
  });

  test('a refused trigger sends no webhook, and an accepted one sends each event once', async () => {
    const h = harness();
    const received: string[] = [];
    await h.service.registerWebhookEndpoint({
      events: ['*'],
      handler: async (request) => {
        received.push(String(((await request.json()) as { type: string }).type));
        return new Response('ok');
      },
    });
    await refused(h, { type: 'refund.created', overrides: { amount_cents: 99_999_999 } });
    expect(received).toEqual([]);
    const { events } = await h.service.trigger('refund.created');
    await h.service.flushWebhooks();
    // Deliveries run concurrently: each event arrives once, in any order.
    expect([...received].sort()).toEqual(events.map((event) => event.type).sort());
  });
});

describe('declines a merchant meets with HSA/FSA cards (decline)', () => {
  const harness = useHarness('http');

  test.each([
    // A regular card on the eligible item; an HSA/FSA card on a regular item; the eligible item otherwise.
    ['not_hsa_fsa_card', true],
    ['restricted_card', false],
    ['expired_card', true],
    ['incorrect_cvc', true],
  ] as const)(
    'payment.failed with decline %s: the session stays open and declined so, and payment.failed carries it',
    async (decline, eligible) => {
      const h = harness();
      const answer = await h.request('POST', '/v2/test_helpers/triggers', {
        body: { type: 'payment.failed', decline },
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const result = TriggerResult.parse(answer.body);
      expect(result.event.data).toMatchObject({ retryable: true, decline_code: decline });
      const sessionId = (result.event.data as { checkout_id: string }).checkout_id;
      const session = await h.request('GET', `/api/v2/checkout/${sessionId}`);
      expect(session.body).toMatchObject({ data: { status: 'open', order_id: null } });
      const items = (session.body as { data: { line_items: { is_hsa_fsa_eligible: boolean }[] } }).data
        .line_items;
      expect(items.map((item) => item.is_hsa_fsa_eligible)).toEqual([eligible]);
      expect(h.service.events({ type: 'order.created' })).toEqual([]);
      const [failed] = h.service.events({ type: 'payment.failed' });
      expect(failed?.data).toMatchObject({ decline_code: decline });
    },
  );

  test('checkout.failed takes hard_decline, its own; a decline a type cannot produce is 422 naming decline', async () => {
    const h = harness();
    const hard = await h.service.trigger('checkout.failed', { decline: 'hard_decline' });
    expect(hard.events.find((event) => event.type === 'payment.failed')?.data).toMatchObject({
      decline_code: 'hard_decline',
      retryable: false,
    });
    expect(await refused(h, { type: 'payment.failed', decline: 'hard_decline' })).toMatchObject({
      status: 422,
      param: 'decline',
      message: expect.stringContaining('it produces card_declined, insufficient_funds'),
    });
    expect(await refused(h, { type: 'order.completed', decline: 'expired_card' })).toMatchObject({
      status: 422,
      param: 'decline',
      message: expect.stringContaining('takes no decline'),
    });
    expect(await refused(h, { type: 'payment.failed', decline: 'stolen_card' })).toMatchObject({
      status: 422,
      param: 'decline',
    });
  });
});

describe('existing objects', () => {
  const harness = useHarness('http');

  const product = async (h: Harness): Promise<Product> =>
    (await h.request('POST', '/api/v2/products', { body: eligibleProduct() })).body as Product;

  test('--product: the checkout sells that product', async () => {
    const h = harness();
    const item = await product(h);
    const { event, objects } = await h.service.trigger('order.completed', { objects: { product: item.id } });
    expect(objects[0]).toEqual({ object: 'product', id: item.id });
    expect(Order.parse(event.data).line_items).toMatchObject([
      { product_id: item.id, merchant_product_id: 'sku-ibuprofen', name: item.name, price_cents: item.price },
    ]);
    expect(h.service.events({ type: 'product.created' })).toHaveLength(1);
  });

  test("--customer: the order is that customer's, paid with its saved card", async () => {
    const h = harness();
    const first = Order.parse((await h.service.trigger('order.completed')).event.data);
    const customerId = first.customer.id ?? '';
    const { event } = await h.service.trigger('order.completed', { objects: { customer: customerId } });
    const order = Order.parse(event.data);
    expect(order.customer.id).toBe(customerId);
    expect(order.customer.email).toBe(first.customer.email);
    expect(order.payment?.payment_method_id).toBe(first.payment?.payment_method_id);
  });

  test('--customer with no card that pays is 422 naming the customer', async () => {
    const h = harness();
    const declinedOnce = await h.service.trigger('order.created', {
      overrides: { 'payment.card_number': '4000000000000200', 'payment.hsa_card_number': '4000000000000200' },
    });
    const customerId = Order.parse(declinedOnce.event.data).customer.id;
    expect(await refused(h, { type: 'order.completed', objects: { customer: customerId } })).toMatchObject({
      status: 422,
      param: 'objects.customer',
    });
  });

  test('--order: refunds, disputes, captures and fails act on that order', async () => {
    const h = harness();
    const paid = Order.parse((await h.service.trigger('order.completed')).event.data);
    const refund = await h.service.trigger('refund.created', {
      objects: { order: paid.id },
      overrides: { amount_cents: 100 },
    });
    expect(refund.event.data).toMatchObject({ order_id: paid.id, amount_cents: 100 });
    expect(refund.objects).toEqual([
      { object: 'order', id: paid.id },
      { object: 'refund', id: dataOf(refund.event)['id'] },
    ]);
    const dispute = await h.service.trigger('dispute.created', { objects: { order: paid.id } });
    expect(dispute.event.data).toMatchObject({ order_id: paid.id });

    const waiting = Order.parse(
      (
        await h.service.trigger('order.created', {
          overrides: {
            'payment.card_number': '4000000000000200',
            'payment.hsa_card_number': '4000000000000200',
          },
        })
      ).event.data,
    );
    expect(waiting.payment_status).toBe('authorized');
    const completed = await h.service.trigger('order.completed', { objects: { order: waiting.id } });
    expect(completed.event.data).toMatchObject({ id: waiting.id, status: 'completed' });
  });

  test('--subscription: updated, cancelled and the next charge act on that subscription', async () => {
    const h = harness();
    const started = await h.service.trigger('subscription.payment_succeeded');
    const id = String(dataOf(started.event)['id']);
    const renewed = await h.service.trigger('subscription.payment_succeeded', {
      objects: { subscription: id },
    });
    expect(renewed.event.data).toMatchObject({ id });
    expect(dataOf(renewed.event)['order_id']).not.toBe(dataOf(started.event)['order_id']);
    const updated = await h.service.trigger('subscription.updated', { objects: { subscription: id } });
    expect(updated.event.data).toMatchObject({ id, cancel_at_period_end: true });
    expect(updated.objects).toEqual([{ object: 'subscription', id }]);
    const cancelled = await h.service.trigger('subscription.cancelled', { objects: { subscription: id } });
    expect(cancelled.event.data).toMatchObject({ id, status: 'cancelled' });
    expect(await refused(h, { type: 'subscription.cancelled', objects: { subscription: id } })).toMatchObject(
      {
        status: 409,
        code: 'invalid_state',
        param: 'subscription_cancel.status',
      },
    );
  });
});

test('any trigger either produces its event or is refused and changes nothing (property)', async () => {
  const field = fc.constantFrom(
    'amount_cents',
    'reference_id',
    'customer.email',
    'checkout.line_items.0.price',
    'checkout.line_items.0.quantity',
    'payment.card_number',
    'refund.amount_cents',
    'payment_link.amount_cents',
    'description',
    'price',
    'outcome',
    'reason',
    'nonsense.field',
  );
  const value = fc.oneof(
    fc.integer({ min: -5, max: 100_000 }),
    fc.constantFrom('4000000000000002', '4000000000000200', '4242424242424242', 'lost', 'x', '', null),
  );
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...EventType.options),
      fc.dictionary(field, value, { maxKeys: 2 }),
      async (type, overrides) => {
        const mock = createMockService({ now: '2025-03-01T12:00:00Z' });
        await mock.trigger('order.completed');
        const before = storeSnapshot(mock);
        const clock = mock.clock.now().getTime();
        try {
          const result = await mock.trigger(type, { overrides });
          expect(result.event.type).toBe(type);
        } catch (error) {
          if (!(error instanceof MockServiceError)) throw error;
          expect(error.status, error.message).toBeLessThan(500);
          expect(storeSnapshot(mock)).toBe(before);
          expect(mock.clock.now().getTime()).toBe(clock);
        }
      },
    ),
    { numRuns: 60, seed: 26 },
  );
});
