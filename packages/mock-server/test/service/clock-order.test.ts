import { CheckoutSessionEnvelope, OrderList, PaymentLink } from '@glm/domain';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { MockService } from '../../src/index.ts';

import { createMockService } from '../../src/index.ts';
import { checkoutRequest, eligibleProduct, paymentLinkRequest, regularProduct } from '../support/fixtures.ts';

const START = Date.parse('2025-03-01T12:00:00.000Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const at = (ms: number): string => new Date(START + ms).toISOString();

const post = async (service: MockService, path: string, body: unknown): Promise<unknown> => {
  const response = await service.handle(
    new Request(`http://127.0.0.1${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${service.keys.test}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
  );
  if (response.status >= 400) throw new Error(`${path} answered ${response.status}`);
  return response.json();
};

const get = async (service: MockService, path: string): Promise<unknown> =>
  (
    await service.handle(
      new Request(`http://127.0.0.1${path}`, { headers: { authorization: `Bearer ${service.keys.test}` } }),
    )
  ).json();

/** An open checkout (expires at +24 h), a link expiring at +6 h, and a daily subscription with a 5-day trial paid now. */
async function dueWork(service: MockService) {
  const session = CheckoutSessionEnvelope.parse(
    await post(service, '/api/v2/checkout', checkoutRequest(['sku-ibuprofen'])),
  ).data;
  const link = PaymentLink.parse(
    await post(service, '/v2/payment-links', paymentLinkRequest({ expires_at: at(6 * HOUR) })),
  );
  const subscription = PaymentLink.parse(
    await post(
      service,
      '/v2/payment-links',
      paymentLinkRequest({
        payment_type: 'subscription',
        subscription: { interval: 'daily', trial_period_days: 5 },
      }),
    ),
  );
  await service.payPaymentLink(subscription.id);
  return { session, link };
}

const seeded = (clock: 'virtual' | 'system' = 'virtual') =>
  createMockService({
    now: new Date(START),
    clock,
    rateLimit: false,
    seed: { products: [eligibleProduct(), regularProduct()] },
  });

const timeline = (service: MockService, since: number) =>
  service
    .events()
    .slice(since)
    .filter((event) => !event.type.startsWith('order.'))
    .map((event) => [event.type, event.created_at]);

describe('the virtual clock', () => {
  test('one advance runs link expiry, checkout expiry, trial ending, first charge and renewals in time order, each at its due time', async () => {
    const service = seeded();
    await dueWork(service);
    const since = service.events().length;
    service.clock.advance('7d');
    expect(timeline(service, since)).toEqual([
      ['payment_link.expired', at(6 * HOUR)],
      ['checkout.expired', at(DAY)],
      ['subscription.trial_ending', at(2 * DAY)],
      ['subscription.payment_succeeded', at(5 * DAY)],
      ['subscription.payment_succeeded', at(6 * DAY)],
      ['subscription.payment_succeeded', at(7 * DAY)],
    ]);
    const stamps = service.events().map((event) => event.created_at);
    expect(stamps).toEqual([...stamps].sort());
  });

  test('clock.set to a later time runs the same work in the same order as advancing by the difference', async () => {
    const advanced = seeded();
    const set = seeded();
    await dueWork(advanced);
    await dueWork(set);
    const since = advanced.events().length;
    advanced.clock.advance(3 * DAY);
    set.clock.set(new Date(START + 3 * DAY));
    expect(timeline(set, since)).toEqual(timeline(advanced, since));
    expect(timeline(set, since).length).toBeGreaterThan(0);
  });
});

describe('the system clock (glm-mock serve)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  test('work that fell due while nobody called is done lazily, in time order, before the next request answers, dated when it was due', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: START });
    const service = seeded('system');
    const { session, link } = await dueWork(service);
    const since = service.events().length;
    vi.setSystemTime(START + DAY + HOUR);
    expect(timeline(service, since)).toEqual([]);

    const read = CheckoutSessionEnvelope.parse(
      await get(service, `/api/v2/checkout/${session.checkout_id}`),
    ).data;
    expect(read).toMatchObject({ status: 'expired', expired_at: at(DAY) });
    expect(read.expired_at).toBe(session.expires_at);
    expect(PaymentLink.parse(await get(service, `/v2/payment-links/${link.id}`)).status).toBe('expired');
    expect(timeline(service, since)).toEqual([
      ['payment_link.expired', at(6 * HOUR)],
      ['checkout.expired', at(DAY)],
    ]);
    expect(service.clock.now().toISOString()).toBe(at(DAY + HOUR));
  });

  test('renewals caught up late carry their period ends, not the time they were noticed', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: START });
    const service = seeded('system');
    const link = PaymentLink.parse(
      await post(
        service,
        '/v2/payment-links',
        paymentLinkRequest({ payment_type: 'subscription', subscription: { interval: 'daily' } }),
      ),
    );
    await service.payPaymentLink(link.id);
    vi.setSystemTime(START + 3 * DAY + 5 * HOUR);

    const orders = OrderList.parse(await get(service, '/v2/orders?limit=100')).data.reverse();
    expect(orders.map((order) => [order.created_at, order.completed_at])).toEqual(
      [0, DAY, 2 * DAY, 3 * DAY].map((ms) => [at(ms), at(ms)]),
    );
    const renewals = service.events({ type: 'subscription.payment_succeeded' }).slice(1);
    expect(renewals.map((event) => [event.created_at, event.data['current_period_start']])).toEqual(
      [DAY, 2 * DAY, 3 * DAY].map((ms) => [at(ms), at(ms)]),
    );
  });

  test('webhooks of lazy work are dated as due, but signed and attempted on the real clock a receiver checks', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: START });
    const service = seeded('system');
    const signatures: number[] = [];
    await service.registerWebhookEndpoint({
      events: ['checkout.expired'],
      handler: (request) => {
        const t = /^t=(\d+),/.exec(request.headers.get('x-service-signature') ?? '')?.[1];
        signatures.push(Number(t));
        return new Response('{}', { status: 200 });
      },
    });
    await dueWork(service);
    vi.setSystemTime(START + DAY + HOUR);

    await service.flushWebhooks();

    const [expired] = service.events({ type: 'checkout.expired' });
    expect(expired?.created_at).toBe(at(DAY));
    expect(signatures).toEqual([Math.floor((START + DAY + HOUR) / 1000)]);
    const [delivery] = service.deliveries({ eventId: expired?.id ?? '' });
    expect(delivery?.attempts.map((attempt) => attempt.attempted_at)).toEqual([at(DAY + HOUR)]);
    expect(delivery?.status).toBe('delivered');
  });

  test('a job never dates its work before what was already stamped: time that passed during a request moves it to that stamp', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: START });
    const service = seeded('system');
    const { session } = await dueWork(service);
    // The body of a product create arrives slowly: the checkout's expiry falls due while it is read,
    // after the request ran due work, so product.created is stamped past the expiry not yet done.
    const body = JSON.stringify(eligibleProduct({ merchant_product_id: 'sku-slow' }));
    const slow = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          vi.setSystemTime(START + DAY + HOUR);
          controller.enqueue(new TextEncoder().encode(body));
          controller.close();
        },
      },
      { highWaterMark: 0 }, // pulled only when the server reads the body
    );
    const created = await service.handle(
      new Request('http://127.0.0.1/api/v2/products', {
        method: 'POST',
        headers: { authorization: `Bearer ${service.keys.test}`, 'content-type': 'application/json' },
        body: slow,
        duplex: 'half',
      } as RequestInit),
    );
    expect(created.status).toBe(201);
    vi.setSystemTime(START + DAY + 2 * HOUR);

    const read = CheckoutSessionEnvelope.parse(
      await get(service, `/api/v2/checkout/${session.checkout_id}`),
    ).data;
    expect(read.status).toBe('expired');
    const [product] = service.events({ type: 'product.created' }).slice(-1);
    expect(product?.created_at).toBe(at(DAY + HOUR));
    expect(service.events({ type: 'checkout.expired' }).map((event) => event.created_at)).toEqual([
      at(DAY + HOUR),
    ]);
    const stamps = service.events().map((event) => event.created_at);
    expect(stamps).toEqual([...stamps].sort());
  });
});
