import { expectTypeOf, test } from 'vitest';
import type { z } from 'zod';
import type { EligibilityCheckInput } from '../eligibility/eligibility-check.ts';
import type { CheckoutCreateReference } from './checkout-create.ts';
import type { EligibilityCheckRequest } from './eligibility-check-request.ts';
import type { ListPage } from './list-page.ts';
import type { NormalizedCheckoutRequest } from './normalize-checkout-request.ts';
import type { Open } from './open-enum.ts';
import type { Order } from './order.ts';
import type { ProductList } from './product.ts';
import type { ProductListQuery } from './product-requests.ts';
import type { RefundCreate } from './refund-requests.ts';
import type { OrderStatus } from './statuses.ts';

test('response status fields are closed unions: a typo is a compile error', () => {
  expectTypeOf<Order['status']>().toEqualTypeOf<OrderStatus>();
  expectTypeOf<'on_hold'>().not.toExtend<Order['status']>();
  const order = {} as Order;
  // @ts-expect-error 'completd' is not an order status
  if (order.status === 'completd') return;
});

test('error codes stay open: a later code still reaches error handling, the known ones keep completion', () => {
  expectTypeOf<'some_future_code'>().toExtend<Open<'not_found'>>();
});

test('a product page is a list page with an integer cursor', () => {
  expectTypeOf<ProductList['next_cursor']>().toEqualTypeOf<number | null>();
  expectTypeOf<ProductList>().toExtend<ListPage<ProductList['data'][number], number>>();
});

test('a parsed list query has its default limit and coerced types', () => {
  expectTypeOf<ProductListQuery['limit']>().toEqualTypeOf<number>();
  expectTypeOf<ProductListQuery['hsa_fsa_eligible']>().toEqualTypeOf<boolean | undefined>();
  expectTypeOf<z.input<typeof import('./product-requests.ts').ProductListQuery>['limit']>().toEqualTypeOf<
    string | number | undefined
  >();
});

test('a parsed refund carries amount_cents only, never the amount alias', () => {
  expectTypeOf<RefundCreate>().not.toHaveProperty('amount');
  expectTypeOf<RefundCreate['amount_cents']>().toEqualTypeOf<number | undefined>();
});

test('the checkout reference shape normalizes to fields with nulls, not optionals', () => {
  expectTypeOf<NormalizedCheckoutRequest['customer']['phone']>().toEqualTypeOf<string | null>();
  expectTypeOf<CheckoutCreateReference['line_items'][number]['currency']>().toEqualTypeOf<string>();
});

test('the wire eligibility body fits the eligibility check of the domain', () => {
  expectTypeOf<EligibilityCheckRequest>().toExtend<EligibilityCheckInput>();
});
