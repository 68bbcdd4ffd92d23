import type { EventPaymentStatus, RefundStatus } from '../schemas/statuses.ts';
import {
  canMove,
  type EmitEffect,
  type EmitWithDataEffect,
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

/** What the refund machine needs to know about a refund. */
export interface RefundState {
  /** The refund's status. */
  readonly status: RefundStatus;
}

/**
 * What can happen to a pending refund. A success says whether the order has anything left to
 * refund after it (the caller knows the amounts; pending refunds already count against what is left).
 */
export type RefundEvent =
  | { readonly type: 'succeed'; readonly now: Instant; readonly fully_refunded: boolean }
  | { readonly type: 'fail'; readonly now: Instant };

/** The order's payment status a `refund.succeeded` event reports. */
export type RefundedPaymentStatus = Extract<EventPaymentStatus, 'refunded' | 'partially_refunded'>;

/** The effects of a refund move, to carry out in order. */
export type RefundEffect =
  | SetTimestampEffect<'processed_at'>
  | EmitWithDataEffect<'refund.succeeded', { readonly payment_status: RefundedPaymentStatus }>
  | EmitEffect<'refund.failed'>;

/** The result of {@link refundTransition}. */
export type RefundTransition = Transition<RefundState, RefundEffect>;

/** Every legal move of a refund: `pending → succeeded | failed`; both are terminal. */
export const refundMoves = [
  { from: 'pending', on: 'succeed', to: 'succeeded' },
  { from: 'pending', on: 'fail', to: 'failed' },
] as const satisfies readonly Move<RefundStatus, RefundEvent['type']>[];

/**
 * Settles a pending refund. Either way `processed_at` is set (when the outcome was known); a success
 * emits `refund.succeeded` with `payment_status` `refunded` when nothing is left, else
 * `partially_refunded`, and a failure emits `refund.failed`.
 */
export function refundTransition(state: RefundState, event: RefundEvent): RefundTransition {
  if (!canMove(refundMoves, state.status, event.type)) {
    return forbidden('refund', state.status, event.type);
  }
  if (instantMs(event.now) === undefined) return invalidInstant('now');
  const processed: RefundEffect = { kind: 'set_timestamp', field: 'processed_at', at: event.now };
  switch (event.type) {
    case 'succeed':
      return moved({ status: 'succeeded' }, [
        processed,
        {
          kind: 'emit',
          event: 'refund.succeeded',
          data: { payment_status: event.fully_refunded ? 'refunded' : 'partially_refunded' },
        },
      ]);
    case 'fail':
      return moved({ status: 'failed' }, [processed, { kind: 'emit', event: 'refund.failed' }]);
    default:
      return unknownEvent(event);
  }
}
