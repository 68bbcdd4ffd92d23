import {
  CheckoutSessionStatus,
  Dispute,
  DisputeStatus,
  Event,
  Order,
  OrderStatus,
  PaymentLink,
  PaymentLinkStatus,
  PaymentStatus,
  Refund,
  RefundStatus,
} from '@glm/domain';
import fc from 'fast-check';
import { expect, test } from 'vitest';
import type { MockService } from '../../src/index.ts';
import { createMockService, MockServiceError } from '../../src/index.ts';
import { engineOf } from '../../src/service/private-handles.ts';
import { checkoutRequest, eligibleProduct, paymentLinkRequest, regularProduct } from '../support/fixtures.ts';

/** The ids the commands act on, in creation order; the service holds every other fact. */
interface Model {
  readonly sessions: string[];
  readonly links: string[];
  readonly orders: string[];
  readonly refunds: string[];
  readonly disputes: string[];
}

interface Real {
  readonly service: MockService;
}

const CARDS = ['4242424242424242', '4000000000000002', '4000000000000069', '4000000000000259'] as const;

const call = async (service: MockService, method: string, path: string, body?: unknown): Promise<unknown> => {
  const init: RequestInit = { method, headers: { authorization: `Bearer ${service.keys.test}` } };
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { ...init.headers, 'content-type': 'application/json' };
  }
  const response = await service.handle(new Request(`http://mock.test/v2${path}`, init));
  expect(response.status).toBeLessThan(500);
  return response.json();
};

/** Runs a test helper, treating a documented refusal (a 4xx) as a legal no-op of the random sequence. */
const attempt = async <T>(run: () => Promise<T>): Promise<T | undefined> => {
  try {
    return await run();
  } catch (error) {
    if (error instanceof MockServiceError && error.status < 500) return undefined;
    throw error;
  }
};

const pick = <T>(items: readonly T[], index: number): T | undefined =>
  items.length === 0 ? undefined : items[index % items.length];

const idOf = (body: unknown): string | undefined => {
  const value = (body as { id?: unknown; data?: { checkout_id?: unknown } }) ?? {};
  const id = value.id ?? value.data?.checkout_id;
  return typeof id === 'string' ? id : undefined;
};

/** A command: its label for shrunk counterexamples and what it does to the real service and the model. */
const command = (
  label: string,
  run: (model: Model, real: Real) => Promise<void>,
): fc.AsyncCommand<Model, Real> => ({
  check: () => true,
  run: async (model, real) => {
    await run(model, real);
    checkInvariants(real.service);
  },
  toString: () => label,
});

const commands = [
  fc
    .record({
      items: fc.subarray(['sku-ibuprofen', 'sku-tissue', 'sku-unknown'], { minLength: 1 }),
      shipping: fc.nat(900),
    })
    .map(({ items, shipping }) =>
      command(`createCheckout(${items.join('+')}, ${shipping})`, async (model, { service }) => {
        const id = idOf(await call(service, 'POST', '/checkout', checkoutRequest(items, { shipping })));
        if (id !== undefined) model.sessions.push(id);
      }),
    ),
  fc.tuple(fc.nat(), fc.constantFrom(...CARDS), fc.constantFrom(...CARDS)).map(([i, card, hsa]) =>
    command(`payCheckout(${i}, ${card}, ${hsa})`, async (model, { service }) => {
      const id = pick(model.sessions, i);
      if (id === undefined) return;
      const paid = await attempt(() => service.payCheckout(id, { card_number: card, hsa_card_number: hsa }));
      if (paid?.order != null) model.orders.push(paid.order.id);
    }),
  ),
  fc.nat().map((i) =>
    command(`cancelCheckout(${i})`, async (model, { service }) => {
      const id = pick(model.sessions, i);
      if (id !== undefined) await attempt(() => service.cancelCheckout(id));
    }),
  ),
  fc.integer({ min: 1, max: 20_000 }).map((amount) =>
    command(`createLink(${amount})`, async (model, { service }) => {
      const id = idOf(
        await call(service, 'POST', '/payment-links', paymentLinkRequest({ amount_cents: amount })),
      );
      if (id !== undefined) model.links.push(id);
    }),
  ),
  fc.tuple(fc.nat(), fc.constantFrom(...CARDS)).map(([i, card]) =>
    command(`payLink(${i}, ${card})`, async (model, { service }) => {
      const id = pick(model.links, i);
      if (id === undefined) return;
      const paid = await attempt(() => service.payPaymentLink(id, { card_number: card }));
      if (paid?.order != null) model.orders.push(paid.order.id);
    }),
  ),
  fc.nat().map((i) =>
    command(`cancelLink(${i})`, async (model, { service }) => {
      const id = pick(model.links, i);
      if (id !== undefined) await call(service, 'POST', `/payment-links/${id}/cancel`, { reason: 'model' });
    }),
  ),
  fc.tuple(fc.nat(), fc.option(fc.integer({ min: 1, max: 3000 }), { nil: undefined })).map(([i, amount]) =>
    command(`refund(${i}, ${amount})`, async (model, { service }) => {
      const orderId = pick(model.orders, i);
      if (orderId === undefined) return;
      const body = amount === undefined ? {} : { amount_cents: amount };
      const id = idOf(
        await call(service, 'POST', '/refunds', { order_id: orderId, reason: 'other', ...body }),
      );
      if (id !== undefined) model.refunds.push(id);
    }),
  ),
  fc.tuple(fc.nat(), fc.boolean()).map(([i, succeed]) =>
    command(`${succeed ? 'succeed' : 'fail'}Refund(${i})`, async (model, { service }) => {
      const id = pick(model.refunds, i);
      if (id !== undefined)
        await attempt(() => (succeed ? service.succeedRefund(id) : service.failRefund(id)));
    }),
  ),
  fc.nat().map((i) =>
    command(`openDispute(${i})`, async (model, { service }) => {
      const orderId = pick(model.orders, i);
      const dispute = orderId === undefined ? undefined : await attempt(() => service.openDispute(orderId));
      if (dispute !== undefined) model.disputes.push(dispute.id);
    }),
  ),
  fc
    .tuple(
      fc.nat(),
      fc.constantFrom('won', 'lost', 'warning_closed') as fc.Arbitrary<'won' | 'lost' | 'warning_closed'>,
    )
    .map(([i, outcome]) =>
      command(`closeDispute(${i}, ${outcome})`, async (model, { service }) => {
        const id = pick(model.disputes, i);
        if (id !== undefined) await attempt(() => service.closeDispute(id, outcome));
      }),
    ),
  fc.constantFrom('30s', '1m', '1h', '1d', '16d').map((by) =>
    command(`advance(${by})`, async (_, { service }) => {
      service.clock.advance(by);
    }),
  ),
];

const sum = (values: readonly number[]): number => values.reduce((total, value) => total + value, 0);

/** How many events of each service the D23 envelope check has already parsed (each is parsed once). */
const parsedEvents = new WeakMap<MockService, number>();

/** Every invariant of the lifecycle, read from the store and the event log after each command. */
function checkInvariants(service: MockService): void {
  const { store } = engineOf(service);
  const state = store.modes.test;
  const events = service.events({ mode: 'test' });
  const eventsOf = (type: string, id: string) =>
    events.filter((event) => event.type === type && event.data['id'] === id);
  const orders = [...state.orders.newestFirst()].map((order) => Order.parse(order));
  const refunds = [...state.refunds.newestFirst()].map((refund) => Refund.parse(refund));
  const disputes = [...state.disputes.newestFirst()].map((dispute) => Dispute.parse(dispute));

  // Events (D23): each a test-mode envelope of its type, ids unique, appended in time order.
  for (const event of events.slice(parsedEvents.get(service) ?? 0)) {
    const parsed = Event.safeParse(event);
    expect(parsed.error?.issues ?? [], `${event.type} ${event.id}`).toEqual([]);
    expect(event.test_mode).toBe(true);
  }
  parsedEvents.set(service, events.length);
  expect(new Set(events.map((event) => event.id)).size).toBe(events.length);
  const stamps = events.map((event) => event.created_at);
  expect(stamps).toEqual([...stamps].sort());

  // One order per paid session, none for any other session; order events match the orders; one
  // checkout.expired for each expired session and none for the others.
  for (const { session } of state.checkouts.newestFirst()) {
    CheckoutSessionStatus.parse(session.status);
    const own = orders.filter((order) => order.checkout_id === session.checkout_id);
    expect(own.map((order) => order.id)).toEqual(session.status === 'paid' ? [session.order_id] : []);
    const expired = events.filter(
      (event) => event.type === 'checkout.expired' && event.data['checkout_id'] === session.checkout_id,
    );
    expect(expired).toHaveLength(session.status === 'expired' ? 1 : 0);
  }
  expect(events.filter((event) => event.type === 'order.created')).toHaveLength(orders.length);
  expect(events.filter((event) => event.type === 'order.completed')).toHaveLength(orders.length);

  for (const order of orders) {
    OrderStatus.parse(order.status);
    const paymentStatus = PaymentStatus.parse(order.payment_status);
    const { amounts } = order;
    // Amounts sum: items to subtotal, the two cards to the total, the parts to the total.
    expect(sum(order.line_items.map((item) => item.price_cents * item.quantity))).toBe(
      amounts.subtotal_cents,
    );
    expect(amounts.hsa_fsa_amount_cents + amounts.regular_amount_cents).toBe(amounts.total_cents);
    expect(amounts.subtotal_cents + amounts.shipping_cents + amounts.tax_cents - amounts.discount_cents).toBe(
      amounts.total_cents,
    );
    // Refunds never exceed what was captured, on either card.
    const own = refunds.filter((refund) => refund.order_id === order.id);
    const counted = own.filter((refund) => refund.status !== 'failed');
    const side = (key: 'hsa_fsa_amount_cents' | 'regular_amount_cents') =>
      sum(counted.map((refund) => refund.refund_breakdown[key]));
    expect(side('hsa_fsa_amount_cents')).toBeLessThanOrEqual(amounts.hsa_fsa_amount_cents);
    expect(side('regular_amount_cents')).toBeLessThanOrEqual(amounts.regular_amount_cents);
    const refunded = sum(
      own.filter((refund) => refund.status === 'succeeded').map((refund) => refund.amount_cents),
    );
    // The payment status follows from the refunds and disputes.
    const orderDisputes = disputes.filter((dispute) => dispute.order_id === order.id);
    const open = orderDisputes.filter((dispute) =>
      ['needs_response', 'under_review'].includes(dispute.status),
    );
    const lost = orderDisputes.some((dispute) => dispute.status === 'lost');
    expect(open.length).toBeLessThanOrEqual(1);
    const expected =
      open.length === 1 ? 'disputed' : lost || refunded === amounts.total_cents ? 'refunded' : 'captured';
    expect(paymentStatus).toBe(expected);
    expect(order.status).toBe('completed');
  }

  for (const refund of refunds) {
    const status = RefundStatus.parse(refund.status);
    const { hsa_fsa_amount_cents: hsa, regular_amount_cents: regular } = refund.refund_breakdown;
    expect(hsa + regular).toBe(refund.amount_cents);
    expect(eventsOf('refund.created', refund.id)).toHaveLength(1);
    expect(eventsOf('refund.succeeded', refund.id)).toHaveLength(status === 'succeeded' ? 1 : 0);
    expect(eventsOf('refund.failed', refund.id)).toHaveLength(status === 'failed' ? 1 : 0);
    expect(refund.processed_at === null).toBe(status === 'pending');
  }

  for (const dispute of disputes) {
    const status = DisputeStatus.parse(dispute.status);
    expect(eventsOf('dispute.created', dispute.id)).toHaveLength(1);
    const closed = eventsOf('dispute.closed', dispute.id);
    expect(closed.map((event) => event.data['outcome'])).toEqual(status === 'needs_response' ? [] : [status]);
  }

  for (const { link, checkoutId } of state.paymentLinks.newestFirst()) {
    const parsed = PaymentLink.parse(link);
    const status = PaymentLinkStatus.parse(parsed.status);
    for (const [type, when] of [
      ['payment_link.paid', 'paid'],
      ['payment_link.cancelled', 'cancelled'],
      ['payment_link.expired', 'expired'],
    ] as const) {
      expect(eventsOf(type, link.id)).toHaveLength(status === when ? 1 : 0);
    }
    const paidOrders = orders.filter((order) => order.payment_link_id === link.id);
    expect(paidOrders).toHaveLength(status === 'paid' ? 1 : 0);
    if (status === 'paid') expect(paidOrders[0]?.checkout_id).toBe(checkoutId);
  }
}

test('random sequences of checkouts, payments, cancels, links, refunds, disputes and clock moves keep every invariant', async () => {
  await fc.assert(
    fc.asyncProperty(fc.commands(commands, { maxCommands: 60, size: 'large' }), async (sequence) => {
      const service = createMockService({
        now: '2025-03-01T12:00:00.000Z',
        rateLimit: false,
        seed: { products: [eligibleProduct(), regularProduct()] },
      });
      const setup = () => ({
        model: { sessions: [], links: [], orders: [], refunds: [], disputes: [] } satisfies Model,
        real: { service },
      });
      await fc.asyncModelRun(setup, sequence);
    }),
    { numRuns: 100 },
  );
}, 60_000);
