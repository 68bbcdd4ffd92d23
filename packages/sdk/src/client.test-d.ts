import type {
  AnyEvent,
  ApiKey,
  ApiKeyWithKey,
  CheckoutSession,
  Dispute,
  EligibilityResult,
  EventOf,
  Order,
  PaymentLink,
  Product,
  Refund,
  Subscription,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointDeleted,
  WebhookEndpointWithSecret,
  WebhookSecret,
} from '@glm/domain';
import type {
  CheckoutCancelResult,
  CheckoutPayResult,
  ClockState,
  EligibilityRefreshResult,
  PaymentLinkPayResult,
  WebhookFlushResult,
} from '@glm/domain/test-helpers';
import { expectTypeOf, test } from 'vitest';
import type { APIPromise, WithResponse } from './api-promise.ts';
import type { Glm } from './client.ts';
import type { APIError, ErrorCode } from './errors/api-error.ts';
import type { Orders, Refunds, TestClock, TestHelpers } from './index.ts';
import * as sdk from './index.ts';
import type { Page, PagePromise } from './pagination.ts';
import type { ResponseMeta } from './response-meta.ts';

declare const glm: Glm;

test('single-object methods resolve to the exact domain type, plain', () => {
  expectTypeOf(glm.products.get(1)).toEqualTypeOf<APIPromise<Product>>();
  expectTypeOf(glm.products.create).returns.toEqualTypeOf<APIPromise<Product>>();
  expectTypeOf(glm.products.update).returns.toEqualTypeOf<APIPromise<Product>>();
  expectTypeOf(glm.products.checkEligibility).returns.toEqualTypeOf<APIPromise<EligibilityResult>>();
  expectTypeOf(glm.checkout.create).returns.toEqualTypeOf<APIPromise<CheckoutSession>>();
  expectTypeOf(glm.checkout.get).returns.toEqualTypeOf<APIPromise<CheckoutSession>>();
  expectTypeOf(glm.paymentLinks.cancel).returns.toEqualTypeOf<APIPromise<PaymentLink>>();
  expectTypeOf(glm.orders.get).returns.toEqualTypeOf<APIPromise<Order>>();
  expectTypeOf(glm.refunds.create).returns.toEqualTypeOf<APIPromise<Refund>>();
  expectTypeOf(glm.testHelpers.paymentLinks.pay).returns.toEqualTypeOf<APIPromise<PaymentLinkPayResult>>();
  expectTypeOf<Awaited<APIPromise<Order>>>().toEqualTypeOf<Order>();
  // A spread keeps every property the type promises: there is no hidden `meta` to lose.
  expectTypeOf<Awaited<APIPromise<Order>>>().toEqualTypeOf<Order>();
  expectTypeOf<Awaited<APIPromise<Order>>>().not.toBeAny();
});

// What awaiting a method's promise gives, and the item type of a list method's pages.
type Result<P> = Awaited<P>;
type Item<P> = P extends PagePromise<infer I, infer _C> ? I : never;

test('no resource method resolves to any: every result and every list item has a real type', () => {
  const t = glm.testHelpers;
  expectTypeOf<Result<ReturnType<typeof glm.products.get>>>().not.toBeAny();
  expectTypeOf<Result<ReturnType<typeof glm.products.create>>>().not.toBeAny();
  expectTypeOf<Result<ReturnType<typeof glm.products.update>>>().not.toBeAny();
  expectTypeOf<Result<ReturnType<typeof glm.products.checkEligibility>>>().not.toBeAny();
  expectTypeOf<Item<ReturnType<typeof glm.products.list>>>().not.toBeAny();
  expectTypeOf<Result<ReturnType<typeof glm.checkout.create>>>().not.toBeAny();
  expectTypeOf<Result<ReturnType<typeof glm.checkout.get>>>().not.toBeAny();
  expectTypeOf<Result<ReturnType<typeof glm.paymentLinks.create>>>().not.toBeAny();
  expectTypeOf<Result<ReturnType<typeof glm.paymentLinks.get>>>().not.toBeAny();
  expectTypeOf<Result<ReturnType<typeof glm.paymentLinks.cancel>>>().not.toBeAny();
  expectTypeOf<Item<ReturnType<typeof glm.paymentLinks.list>>>().not.toBeAny();
  expectTypeOf<Result<ReturnType<typeof glm.orders.get>>>().not.toBeAny();
  expectTypeOf<Item<ReturnType<typeof glm.orders.list>>>().not.toBeAny();
  expectTypeOf<Result<ReturnType<typeof glm.refunds.create>>>().not.toBeAny();
  expectTypeOf<Result<ReturnType<typeof glm.refunds.get>>>().not.toBeAny();
  expectTypeOf<Item<ReturnType<typeof glm.refunds.list>>>().not.toBeAny();
  expectTypeOf<Result<ReturnType<typeof t.checkout.pay>>>().not.toBeAny();
  expectTypeOf<Result<ReturnType<typeof t.checkout.cancel>>>().not.toBeAny();
  expectTypeOf<Result<ReturnType<typeof t.paymentLinks.pay>>>().not.toBeAny();
  expectTypeOf<Result<ReturnType<typeof t.clock.get>>>().not.toBeAny();
  expectTypeOf<Result<ReturnType<typeof t.clock.advance>>>().not.toBeAny();
  expectTypeOf<Result<ReturnType<typeof t.refunds.succeed>>>().not.toBeAny();
  expectTypeOf<Result<ReturnType<typeof t.refunds.fail>>>().not.toBeAny();
  expectTypeOf<Result<ReturnType<typeof t.orders.dispute>>>().not.toBeAny();
  expectTypeOf<Result<ReturnType<typeof t.disputes.close>>>().not.toBeAny();
  expectTypeOf<Result<ReturnType<typeof t.eligibility.refresh>>>().not.toBeAny();
  expectTypeOf<Item<ReturnType<typeof t.events.list>>>().not.toBeAny();
  expectTypeOf<Item<ReturnType<typeof t.webhookDeliveries.list>>>().not.toBeAny();
  expectTypeOf<Result<ReturnType<typeof t.webhookDeliveries.flush>>>().not.toBeAny();
  expectTypeOf<Result<ReturnType<typeof t.apiKeys.create>>>().not.toBeAny();
  expectTypeOf<Result<ReturnType<typeof t.apiKeys.revoke>>>().not.toBeAny();
  expectTypeOf<Result<ReturnType<typeof t.webhookEndpoints.create>>>().not.toBeAny();
  expectTypeOf<Item<ReturnType<typeof t.webhookEndpoints.list>>>().not.toBeAny();
  expectTypeOf<Result<ReturnType<typeof t.webhookEndpoints.get>>>().not.toBeAny();
  expectTypeOf<Result<ReturnType<typeof t.webhookEndpoints.delete>>>().not.toBeAny();
  expectTypeOf<Result<ReturnType<typeof t.webhookEndpoints.defaultSecret>>>().not.toBeAny();
  // unknown would pass not.toBeAny; the flush answer in particular used to be unknown.
  expectTypeOf<Result<ReturnType<typeof t.webhookDeliveries.flush>>>().not.toBeUnknown();
});

test('test helpers resolve to the exact domain answer of their D28 route', () => {
  const t = glm.testHelpers;
  expectTypeOf(t.checkout.pay).returns.toEqualTypeOf<APIPromise<CheckoutPayResult>>();
  expectTypeOf(t.checkout.cancel).returns.toEqualTypeOf<APIPromise<CheckoutCancelResult>>();
  expectTypeOf(t.clock.get).returns.toEqualTypeOf<APIPromise<ClockState>>();
  expectTypeOf(t.clock.advance).returns.toEqualTypeOf<APIPromise<ClockState>>();
  expectTypeOf(t.refunds.succeed).returns.toEqualTypeOf<APIPromise<Refund>>();
  expectTypeOf(t.refunds.fail).returns.toEqualTypeOf<APIPromise<Refund>>();
  expectTypeOf(t.orders.dispute).returns.toEqualTypeOf<APIPromise<Dispute>>();
  expectTypeOf(t.disputes.close).returns.toEqualTypeOf<APIPromise<Dispute>>();
  expectTypeOf(t.eligibility.refresh).returns.toEqualTypeOf<APIPromise<EligibilityRefreshResult>>();
  expectTypeOf(t.events.list()).toEqualTypeOf<PagePromise<AnyEvent, string>>();
  expectTypeOf(t.webhookDeliveries.list).returns.toEqualTypeOf<PagePromise<WebhookDelivery, string>>();
  expectTypeOf(t.webhookDeliveries.flush).returns.toEqualTypeOf<APIPromise<WebhookFlushResult>>();
  expectTypeOf(t.apiKeys.create).returns.toEqualTypeOf<APIPromise<ApiKeyWithKey>>();
  expectTypeOf(t.apiKeys.revoke).returns.toEqualTypeOf<APIPromise<ApiKey>>();
  expectTypeOf(t.webhookEndpoints.create).returns.toEqualTypeOf<APIPromise<WebhookEndpointWithSecret>>();
  expectTypeOf(t.webhookEndpoints.list).returns.toEqualTypeOf<PagePromise<WebhookEndpoint, string>>();
  expectTypeOf(t.webhookEndpoints.get).returns.toEqualTypeOf<APIPromise<WebhookEndpoint>>();
  expectTypeOf(t.webhookEndpoints.delete).returns.toEqualTypeOf<APIPromise<WebhookEndpointDeleted>>();
  expectTypeOf(t.webhookEndpoints.defaultSecret).returns.toEqualTypeOf<APIPromise<WebhookSecret>>();
  expectTypeOf<WebhookEndpointDeleted['deleted']>().toEqualTypeOf<true>();
});

test('withResponse gives typed data, a Response and the meta', () => {
  expectTypeOf(glm.orders.get('ord_1').withResponse()).resolves.toEqualTypeOf<WithResponse<Order>>();
  expectTypeOf<WithResponse<Order>['meta']>().toEqualTypeOf<ResponseMeta>();
  expectTypeOf<WithResponse<Order>['data']>().toEqualTypeOf<Order>();
  // @ts-expect-error the meta is on withResponse(), not on the result
  void ({} as Awaited<APIPromise<Order>>).meta;
  expectTypeOf(glm.orders.get('ord_1').asResponse()).resolves.toEqualTypeOf<Response>();
});

test('list methods page by the right cursor type and iterate the exact item type', () => {
  expectTypeOf(glm.products.list()).toEqualTypeOf<PagePromise<Product, number>>();
  expectTypeOf(glm.orders.list()).toEqualTypeOf<PagePromise<Order, string>>();
  expectTypeOf(glm.paymentLinks.list()).toEqualTypeOf<PagePromise<PaymentLink, string>>();
  expectTypeOf(glm.refunds.list()).toEqualTypeOf<PagePromise<Refund, string>>();
  expectTypeOf<Awaited<PagePromise<Product, number>>>().toEqualTypeOf<Page<Product, number>>();
  expectTypeOf(glm.orders.list().toArray({ limit: 5 })).resolves.toEqualTypeOf<Order[]>();
});

test('parameters are checked against the domain request schemas', () => {
  // @ts-expect-error product ids are integers
  glm.products.get('1');
  // @ts-expect-error order ids are strings
  glm.orders.get(1);
  // @ts-expect-error an unknown status is refused in requests
  glm.products.list({ status: 'deleted' });
  // @ts-expect-error a refund needs a reason
  glm.refunds.create({ order_id: 'ord_1' });
  // @ts-expect-error toArray needs its bound
  glm.orders.list().toArray();
  // @ts-expect-error an options object without the bound is not enough
  glm.orders.list().toArray({});
  // @ts-expect-error nor is an explicitly undefined bound
  glm.orders.list().toArray({ limit: undefined });
  // @ts-expect-error a page's own toArray needs it too
  void glm.orders.list().then((page) => page.toArray());
  glm.refunds.create({ order_id: 'ord_1', reason: 'duplicate' }, { idempotencyKey: 'k', timeout: 1_000 });
  glm.paymentLinks.list({ status: 'active', limit: 50 });
  // @ts-expect-error a dispute closes with one of the D22 outcomes
  glm.testHelpers.disputes.close('dp_1', { outcome: 'settled' });
  // @ts-expect-error the clock advances by a number of seconds
  glm.testHelpers.clock.advance({ seconds: '60' });
  // @ts-expect-error an API key is test or live
  glm.testHelpers.apiKeys.create({ mode: 'prod', name: 'ci' });
  // @ts-expect-error a refund id is a string
  glm.testHelpers.refunds.succeed(1);
  // @ts-expect-error the endpoint list takes page parameters, not filters it does not have
  glm.testHelpers.webhookEndpoints.list({ status: 'active' });
  glm.testHelpers.webhookEndpoints.list({ limit: 100 }, { signal: AbortSignal.timeout(1_000) });
});

test('error codes keep completion for known codes and accept new ones', () => {
  expectTypeOf<'not_found'>().toExtend<ErrorCode>();
  expectTypeOf<'a_code_from_a_later_version'>().toExtend<ErrorCode>();
  expectTypeOf<APIError['code']>().toEqualTypeOf<ErrorCode | undefined>();
});

test('events listed by a known type are typed as that event; unfiltered they are every event', () => {
  expectTypeOf(glm.testHelpers.events.list({ type: 'order.completed' })).toEqualTypeOf<
    PagePromise<EventOf<'order.completed'>, string>
  >();
  expectTypeOf(glm.testHelpers.events.list()).toEqualTypeOf<PagePromise<AnyEvent, string>>();
  expectTypeOf(glm.testHelpers.events.list({ limit: 5 })).toEqualTypeOf<PagePromise<AnyEvent, string>>();
  // @ts-expect-error not an event type
  glm.testHelpers.events.list({ type: 'order.shipped' });
});

test('subscriptions: create and cancel answer the subscription; cancel takes only its two options', () => {
  expectTypeOf(glm.subscriptions.create).returns.toEqualTypeOf<APIPromise<Subscription>>();
  expectTypeOf(glm.subscriptions.cancel).returns.toEqualTypeOf<APIPromise<Subscription>>();
  expectTypeOf(glm.testHelpers.subscriptions.list()).toEqualTypeOf<PagePromise<Subscription, string>>();
  expectTypeOf(glm.testHelpers.disputes.list({ order_id: 'ord_1' })).toEqualTypeOf<
    PagePromise<Dispute, string>
  >();
  glm.subscriptions.create({
    customer_id: 'c',
    payment_method_id: 'p',
    amount_cents: 1,
    currency: 'USD',
    // @ts-expect-error interval is one of the four intervals
    interval: 'fortnightly',
  });
  // @ts-expect-error no such option
  glm.subscriptions.cancel('sub_1', { prorate: true });
});

test('an SDK call can be caught as an Error, as a native Promise can', () => {
  expectTypeOf(glm.orders.get('ord_1').catch((error: Error) => error.message)).resolves.toEqualTypeOf<
    Order | string
  >();
  expectTypeOf(glm.orders.get('ord_1').then(undefined, (error: Error) => error.name)).resolves.toEqualTypeOf<
    Order | string
  >();
});

test('request types encode "one of": an eligibility check needs a barcode or a name', () => {
  // @ts-expect-error one of upc_code_or_gtin or product_name is required
  glm.products.checkEligibility({});
  glm.products.checkEligibility({ product_name: 'Digital thermometer' });
  glm.products.checkEligibility({ upc_code_or_gtin: '00012345678905' });
  glm.products.checkEligibility({ upc_code_or_gtin: '00012345678905', product_name: 'Thermometer' });
});

test('a subscription link needs its subscription settings; a one-time link has none', () => {
  const base = {
    amount_cents: 2_500,
    currency: 'USD',
    description: 'Vitamins',
    success_url: 'https://s.example/ok',
  };
  glm.paymentLinks.create(base);
  glm.paymentLinks.create({ ...base, payment_type: 'subscription', subscription: { interval: 'monthly' } });
  // @ts-expect-error a subscription link without its settings
  glm.paymentLinks.create({ ...base, payment_type: 'subscription' });
  // @ts-expect-error the settings need an interval
  glm.paymentLinks.create({ ...base, payment_type: 'subscription', subscription: { trial_period_days: 7 } });
  // @ts-expect-error a one-time link takes no subscription settings
  glm.paymentLinks.create({ ...base, subscription: { interval: 'monthly' } });
});

test('resource classes are exported as types: a parameter can be typed with them, nothing can construct them', () => {
  const settle = (refunds: Refunds, clock: TestClock) => [refunds, clock];
  settle(glm.refunds, glm.testHelpers.clock);
  expectTypeOf(glm.orders).toEqualTypeOf<Orders>();
  expectTypeOf(glm.testHelpers).toEqualTypeOf<TestHelpers>();
  expectTypeOf(sdk).not.toHaveProperty('Orders');
  expectTypeOf(sdk).not.toHaveProperty('TestHelpers');
  expectTypeOf(sdk).toHaveProperty('Glm');
});
