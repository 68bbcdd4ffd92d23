import { expectTypeOf, test } from 'vitest';
import type { CheckoutSessionStatus } from '../schemas/statuses.ts';
import {
  type CheckoutSessionEffect,
  type CheckoutSessionEvent,
  type CheckoutSessionState,
  checkoutSessionMoves,
  checkoutSessionTransition,
} from './checkout-session-machine.ts';

declare const state: CheckoutSessionState;
declare const event: CheckoutSessionEvent;

test('the result narrows on ok to the next state and its effects, or to a refusal code', () => {
  const result = checkoutSessionTransition(state, event);
  if (result.ok) {
    expectTypeOf(result.state.status).toEqualTypeOf<CheckoutSessionStatus>();
    expectTypeOf(result.effects).toEqualTypeOf<readonly CheckoutSessionEffect[]>();
  } else {
    expectTypeOf(result.code).toEqualTypeOf<'conflict' | 'invalid_request'>();
  }
});

test('events are a union discriminated on type, and only a decline carries retryable', () => {
  expectTypeOf<CheckoutSessionEvent['type']>().toEqualTypeOf<
    'payment_succeeded' | 'payment_declined' | 'expire'
  >();
  expectTypeOf<
    Extract<CheckoutSessionEvent, { type: 'payment_declined' }>['retryable']
  >().toEqualTypeOf<boolean>();
  // @ts-expect-error a successful payment has no retryable flag
  checkoutSessionTransition(state, { type: 'payment_succeeded', now: '', retryable: true });
});

test('payment.failed is the one emitted event with data, and its data is retryable', () => {
  type Failed = Extract<CheckoutSessionEffect, { event: 'payment.failed' }>;
  expectTypeOf<Failed['data']>().toEqualTypeOf<{ readonly retryable: boolean }>();
});

test('the table speaks the status vocabulary', () => {
  expectTypeOf(checkoutSessionMoves[0].from).toExtend<CheckoutSessionStatus>();
  expectTypeOf<(typeof checkoutSessionMoves)[number]['to']>().toExtend<CheckoutSessionStatus>();
});
