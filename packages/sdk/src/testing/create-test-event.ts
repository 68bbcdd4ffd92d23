import { createId, type EventOf, type EventType } from '@glm/domain';
import type { UnknownEvent } from '../webhooks/webhook-event.ts';
import { cryptoRandomBytes, seededRandomBytes } from './seeded-random.ts';
import {
  type TestResourceContext,
  testCheckoutSession,
  testDispute,
  testOrder,
  testPaymentLink,
  testProduct,
  testRefund,
  testSubscription,
} from './test-resources.ts';

/** Options of {@link createTestEvent}. */
export interface TestEventOptions<T extends EventType> {
  /** Makes every id the same on every run. Default: ids from the platform CSPRNG. */
  readonly seed?: number;
  /** The moment the event and its resource are stamped with. Default: now, or 2026-01-15T12:00:00Z with a seed. */
  readonly now?: Date;
  /** `test_mode` of the event. Default `true`. */
  readonly testMode?: boolean;
  /** Fields of `data` to replace (shallow). */
  readonly data?: Partial<EventOf<T>['data']>;
}

const SEEDED_NOW = new Date('2026-01-15T12:00:00.000Z');

type DataBuilders = { readonly [T in EventType]: (context: TestResourceContext) => EventOf<T>['data'] };

const later = (context: TestResourceContext, seconds: number): string =>
  new Date(context.now.getTime() + seconds * 1000).toISOString();

const builders: DataBuilders = {
  'order.created': testOrder,
  'order.completed': testOrder,
  'order.failed': (context) => {
    const order = testOrder(context);
    const failedAt = order.created_at;
    return {
      ...order,
      status: 'failed',
      payment_status: 'failed',
      payment: null,
      completed_at: null,
      status_history: [
        { status: 'pending', timestamp: failedAt, reason: null },
        { status: 'failed', timestamp: failedAt, reason: 'card_declined' },
      ],
    };
  },
  'payment.failed': (context) => {
    const session = testCheckoutSession(context);
    return {
      checkout_id: session.checkout_id,
      reference_id: session.reference_id,
      amount_cents: session.amounts.total,
      decline_code: 'card_declined',
      message: 'Your card was declined.',
      retryable: true,
    };
  },
  'refund.created': (context) => testRefund(context, testOrder(context).id),
  'refund.succeeded': (context) => ({
    ...testRefund(context, testOrder(context).id),
    status: 'succeeded',
    processed_at: later(context, 60),
    payment_status: 'partially_refunded',
  }),
  'refund.failed': (context) => ({
    ...testRefund(context, testOrder(context).id),
    status: 'failed',
    processed_at: later(context, 60),
  }),
  'dispute.created': (context) => testDispute(context, testOrder(context).id),
  'dispute.closed': (context) => ({
    ...testDispute(context, testOrder(context).id),
    status: 'won',
    closed_at: later(context, 3 * 24 * 3600),
    outcome: 'won',
  }),
  'checkout.expired': (context) => ({
    ...testCheckoutSession(context),
    status: 'expired',
    expired_at: later(context, 24 * 3600),
  }),
  // A hard decline leaves the session open so the shopper may retry.
  'checkout.failed': testCheckoutSession,
  'payment_link.created': testPaymentLink,
  'payment_link.paid': (context) => ({ ...testPaymentLink(context), status: 'paid' }),
  'payment_link.expired': (context) => ({ ...testPaymentLink(context), status: 'expired' }),
  'payment_link.cancelled': (context) => ({
    ...testPaymentLink(context),
    status: 'cancelled',
    cancelled_at: later(context, 600),
    cancellation_reason: 'Customer changed their mind',
  }),
  'product.created': testProduct,
  'product.updated': (context) => ({
    ...testProduct(context),
    price: 1999,
    previous_attributes: { price: 2499 },
  }),
  'subscription.payment_succeeded': (context) => ({
    ...testSubscription(context),
    status: 'active',
    trial_end: null,
    order_id: testOrder(context).id,
  }),
  'subscription.trial_ending': testSubscription,
  'subscription.payment_failed': (context) => ({
    ...testSubscription(context),
    status: 'past_due',
    trial_end: null,
    next_billing_date: later(context, 24 * 3600),
    decline_code: 'card_declined',
    next_retry_at: later(context, 24 * 3600),
  }),
  'subscription.updated': (context) => ({
    ...testSubscription(context),
    cancel_at_period_end: true,
    cancelled_at: context.now.toISOString(),
  }),
  'subscription.cancelled': (context) => ({
    ...testSubscription(context),
    status: 'cancelled',
    next_billing_date: null,
    cancelled_at: context.now.toISOString(),
    ended_at: context.now.toISOString(),
    reason: 'Customer asked to stop',
  }),
};

function contextOf(options: { readonly seed?: number; readonly now?: Date }): TestResourceContext {
  return {
    random: options.seed === undefined ? cryptoRandomBytes : seededRandomBytes(options.seed),
    now: options.now ?? (options.seed === undefined ? new Date() : SEEDED_NOW),
  };
}

/**
 * A realistic event of any known type, as the service sends it (`id`, `type`, `created_at`, `test_mode`, `api_version`, `data`): `evt_…` and resource ids in the
 * service's format (prefix and 24 base62 characters), consistent amounts, and `data` shaped like the domain's
 * schema for that type. With a `seed`, the same call gives the same event on every run.
 *
 * @example
 * const event = createTestEvent('order.completed', { seed: 1, data: { reference_id: 'cart_9' } });
 * const { body, headers } = await signTestWebhook(event, secret);
 */
export function createTestEvent<T extends EventType>(type: T, options: TestEventOptions<T> = {}): EventOf<T> {
  const context = contextOf(options);
  // Indexing the mapped type with a generic key loses the link between key and builder; the result is still EventOf<T>.
  const build: (context: TestResourceContext) => object = builders[type];
  const event = {
    id: createId('evt_', context.random),
    type,
    created_at: context.now.toISOString(),
    test_mode: options.testMode ?? true,
    api_version: 'v2',
    data: { ...build(context), ...(options.data as object | undefined) },
  };
  return event as unknown as EventOf<T>;
}

/**
 * An event of a type this SDK does not know (one a later API version adds), to test that an endpoint
 * acknowledges it (`onUnhandled`) instead of failing.
 */
export function createUnknownTestEvent(
  type: string,
  data: Readonly<Record<string, unknown>> = {},
  options: { readonly seed?: number; readonly now?: Date } = {},
): UnknownEvent {
  const context = contextOf(options);
  return {
    id: createId('evt_', context.random),
    type,
    created_at: context.now.toISOString(),
    test_mode: true,
    api_version: 'v2',
    data,
  };
}
