import { expectTypeOf, test } from 'vitest';
import type { PaymentLinkStatus } from '../schemas/statuses.ts';
import {
  type PaymentLinkEffect,
  type PaymentLinkEvent,
  type PaymentLinkState,
  type paymentLinkMoves,
  paymentLinkTransition,
} from './payment-link-machine.ts';

declare const state: PaymentLinkState;
declare const event: PaymentLinkEvent;

test('the result narrows on ok, and only a refusal can be invalid_state', () => {
  const result = paymentLinkTransition(state, event);
  if (result.ok) {
    expectTypeOf(result.state.status).toEqualTypeOf<PaymentLinkStatus>();
    expectTypeOf(result.effects).toEqualTypeOf<readonly PaymentLinkEffect[]>();
  } else {
    expectTypeOf(result.code).toEqualTypeOf<'invalid_state' | 'conflict' | 'invalid_request'>();
  }
});

test('only a cancel carries an optional reason', () => {
  expectTypeOf<PaymentLinkEvent['type']>().toEqualTypeOf<'cancel' | 'payment_succeeded' | 'expire'>();
  expectTypeOf<Extract<PaymentLinkEvent, { type: 'cancel' }>['reason']>().toEqualTypeOf<string | undefined>();
  // @ts-expect-error an expiry has no reason
  paymentLinkTransition(state, { type: 'expire', now: '', reason: 'late' });
});

test('the emitted events are the payment link and order events of 6.2', () => {
  expectTypeOf<Extract<PaymentLinkEffect, { kind: 'emit' }>['event']>().toEqualTypeOf<
    | 'payment_link.cancelled'
    | 'payment_link.paid'
    | 'payment_link.expired'
    | 'order.created'
    | 'order.completed'
  >();
  expectTypeOf<(typeof paymentLinkMoves)[number]['from']>().toEqualTypeOf<'active'>();
});
