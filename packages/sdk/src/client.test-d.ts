import type {
  CheckoutSession,
  EligibilityResult,
  Order,
  PaymentLink,
  PaymentLinkPayResult,
  Product,
  Refund,
} from '@glm/domain';
import { expectTypeOf, test } from 'vitest';
import type { APIPromise, WithResponse } from './api-promise.ts';
import type { Glm } from './client.ts';
import type { APIError, ErrorCode } from './errors/api-error.ts';
import type { Page, PagePromise } from './pagination.ts';
import type { ResponseMeta, WithMeta } from './response-meta.ts';

declare const glm: Glm;

test('single-object methods resolve to the exact domain type with its meta', () => {
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
  expectTypeOf<Awaited<APIPromise<Order>>>().toEqualTypeOf<WithMeta<Order>>();
  expectTypeOf<Awaited<APIPromise<Order>>['meta']>().toEqualTypeOf<ResponseMeta>();
  expectTypeOf<Awaited<APIPromise<Order>>>().not.toBeAny();
});

test('withResponse gives typed data, a Response and the meta', () => {
  expectTypeOf(glm.orders.get('ord_1').withResponse()).resolves.toEqualTypeOf<WithResponse<Order>>();
  expectTypeOf(glm.orders.get('ord_1').asResponse()).resolves.toEqualTypeOf<Response>();
});

test('list methods page by the right cursor type and iterate the exact item type', () => {
  expectTypeOf(glm.products.list()).toEqualTypeOf<PagePromise<Product, number>>();
  expectTypeOf(glm.orders.list()).toEqualTypeOf<PagePromise<Order, string>>();
  expectTypeOf(glm.paymentLinks.list()).toEqualTypeOf<PagePromise<PaymentLink, string>>();
  expectTypeOf(glm.refunds.list()).toEqualTypeOf<PagePromise<Refund, string>>();
  expectTypeOf<Awaited<PagePromise<Product, number>>>().toEqualTypeOf<WithMeta<Page<Product, number>>>();
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
  glm.refunds.create({ order_id: 'ord_1', reason: 'duplicate' }, { idempotencyKey: 'k', timeout: 1_000 });
  glm.paymentLinks.list({ status: 'active', limit: 50 });
});

test('error codes keep completion for known codes and accept new ones', () => {
  expectTypeOf<'not_found'>().toExtend<ErrorCode>();
  expectTypeOf<'a_code_from_a_later_version'>().toExtend<ErrorCode>();
  expectTypeOf<APIError['code']>().toEqualTypeOf<ErrorCode | undefined>();
});
