import { CheckoutSessionEnvelope, PaymentLink } from '@glm/domain';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { checkoutRequest, eligibleProduct, regularProduct } from '../test-support/fixtures.ts';
import { paymentLinkRequest } from '../test-support/payment-fixtures.ts';
import { createMockService } from './create-mock-service.ts';
import type { MockService } from './mock-service.ts';

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

  test('work that fell due while nobody called is done lazily, in time order, before the next request answers', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: START });
    const service = seeded('system');
    const { session, link } = await dueWork(service);
    const since = service.events().length;
    vi.setSystemTime(START + DAY + HOUR);
    expect(timeline(service, since)).toEqual([]);

    const read = CheckoutSessionEnvelope.parse(
      await get(service, `/api/v2/checkout/${session.checkout_id}`),
    ).data;
    expect(read.status).toBe('expired');
    expect(PaymentLink.parse(await get(service, `/v2/payment-links/${link.id}`)).status).toBe('expired');
    // In time order. Dated when they were noticed: the system clock cannot go back to the due times
    // (the standalone server notices within a tick, as its timer runs due work).
    expect(timeline(service, since)).toEqual([
      ['payment_link.expired', at(DAY + HOUR)],
      ['checkout.expired', at(DAY + HOUR)],
    ]);
  });
});
