import type { DisputeOutcome, PaymentStatus } from '../schemas/statuses.ts';
import {
  canMove,
  forbidden,
  type Instant,
  instantMs,
  invalidInstant,
  type Move,
  moved,
  type SetTimestampEffect,
  type Transition,
  unknownEvent,
} from './machine.ts';

/** What the payment status machine needs to know about an order's payment. */
export interface PaymentStatusState {
  /** The order's `payment_status`. */
  readonly status: PaymentStatus;
}

/**
 * What can happen to an order's payment. A refund says whether it left nothing to refund;
 * a closed dispute says how it was closed.
 */
export type PaymentStatusEvent =
  | { readonly type: 'authorize' }
  | { readonly type: 'capture'; readonly now: Instant }
  | { readonly type: 'fail' }
  | { readonly type: 'refund_succeeded'; readonly fully_refunded: boolean }
  | { readonly type: 'dispute_opened' }
  | { readonly type: 'dispute_closed'; readonly outcome: DisputeOutcome };

/** The effects of a payment status move: capturing sets `payment.captured_at`. */
export type PaymentStatusEffect = SetTimestampEffect<'captured_at'>;

/** The result of {@link paymentStatusTransition}. */
export type PaymentStatusTransition = Transition<PaymentStatusState, PaymentStatusEffect>;

/**
 * Every legal move of a payment status. The interface shows none; these follow the refund and dispute rules: only a
 * captured payment is refunded or disputed, a partial refund keeps it `captured`, a dispute won or
 * closed with a warning returns it to `captured` and a lost one makes it `refunded`. `failed` and
 * `refunded` are terminal.
 */
export const paymentStatusMoves = [
  { from: 'pending', on: 'authorize', to: 'authorized' },
  { from: 'authorized', on: 'capture', to: 'captured' },
  { from: 'pending', on: 'fail', to: 'failed' },
  { from: 'authorized', on: 'fail', to: 'failed' },
  { from: 'captured', on: 'refund_succeeded', to: 'refunded' },
  { from: 'captured', on: 'refund_succeeded', to: 'captured' },
  { from: 'captured', on: 'dispute_opened', to: 'disputed' },
  { from: 'disputed', on: 'dispute_closed', to: 'captured' },
  { from: 'disputed', on: 'dispute_closed', to: 'refunded' },
] as const satisfies readonly Move<PaymentStatus, PaymentStatusEvent['type']>[];

/** Moves an order's `payment_status` through authorization, capture, refunds and disputes. */
export function paymentStatusTransition(
  state: PaymentStatusState,
  event: PaymentStatusEvent,
): PaymentStatusTransition {
  if (!canMove(paymentStatusMoves, state.status, event.type)) {
    return forbidden('payment', state.status, event.type);
  }
  switch (event.type) {
    case 'authorize':
      return moved({ status: 'authorized' });
    case 'capture':
      if (instantMs(event.now) === undefined) return invalidInstant('now');
      return moved({ status: 'captured' }, [{ kind: 'set_timestamp', field: 'captured_at', at: event.now }]);
    case 'fail':
      return moved({ status: 'failed' });
    case 'refund_succeeded':
      return moved({ status: event.fully_refunded ? 'refunded' : 'captured' });
    case 'dispute_opened':
      return moved({ status: 'disputed' });
    case 'dispute_closed':
      return moved({ status: event.outcome === 'lost' ? 'refunded' : 'captured' });
    default:
      return unknownEvent(event);
  }
}
