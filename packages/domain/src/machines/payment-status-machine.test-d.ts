import { expectTypeOf, test } from 'vitest';
import type { DisputeOutcome, PaymentStatus } from '../schemas/statuses.ts';
import {
  type PaymentStatusEffect,
  type PaymentStatusEvent,
  type PaymentStatusState,
  paymentStatusTransition,
} from './payment-status-machine.ts';

declare const state: PaymentStatusState;
declare const event: PaymentStatusEvent;

test('the result narrows on ok to the next payment status', () => {
  const result = paymentStatusTransition(state, event);
  if (result.ok) {
    expectTypeOf(result.state.status).toEqualTypeOf<PaymentStatus>();
    expectTypeOf(result.effects).toEqualTypeOf<readonly PaymentStatusEffect[]>();
  } else {
    expectTypeOf(result.code).toEqualTypeOf<'conflict' | 'invalid_request'>();
  }
});

test('a closed dispute carries its outcome and a refund whether it emptied the payment', () => {
  expectTypeOf<
    Extract<PaymentStatusEvent, { type: 'dispute_closed' }>['outcome']
  >().toEqualTypeOf<DisputeOutcome>();
  expectTypeOf<
    Extract<PaymentStatusEvent, { type: 'refund_succeeded' }>['fully_refunded']
  >().toEqualTypeOf<boolean>();
  // @ts-expect-error partially_refunded is an event value, never a payment status
  paymentStatusTransition({ status: 'partially_refunded' }, event);
});
