import { expectTypeOf, test } from 'vitest';
import type { RefundStatus } from '../schemas/statuses.ts';
import {
  type RefundEffect,
  type RefundEvent,
  type RefundedPaymentStatus,
  type RefundState,
  refundTransition,
} from './refund-machine.ts';

declare const state: RefundState;
declare const event: RefundEvent;

test('the result narrows on ok to the refund status and its effects', () => {
  const result = refundTransition(state, event);
  if (result.ok) {
    expectTypeOf(result.state.status).toEqualTypeOf<RefundStatus>();
    expectTypeOf(result.effects).toEqualTypeOf<readonly RefundEffect[]>();
  } else {
    expectTypeOf(result.code).toEqualTypeOf<'conflict' | 'invalid_request'>();
  }
});

test('refund.succeeded reports only refunded or partially_refunded', () => {
  expectTypeOf<RefundedPaymentStatus>().toEqualTypeOf<'refunded' | 'partially_refunded'>();
  type Succeeded = Extract<RefundEffect, { event: 'refund.succeeded' }>;
  expectTypeOf<Succeeded['data']['payment_status']>().toEqualTypeOf<RefundedPaymentStatus>();
  // @ts-expect-error a success must say whether anything is left to refund
  refundTransition(state, { type: 'succeed', now: '' });
});
