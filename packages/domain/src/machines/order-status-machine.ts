import type { OrderStatus } from '../schemas/statuses.ts';
import {
  canMove,
  type EmitEffect,
  forbidden,
  type Instant,
  instantMs,
  invalidInstant,
  type Move,
  type Moved,
  moved,
  type SetTimestampEffect,
  type Transition,
  unknownEvent,
} from './machine.ts';

/** What the order status machine needs to know about an order: its fulfilment status. */
export interface OrderStatusState {
  /** The order's status. */
  readonly status: OrderStatus;
}

/** What can happen to an order's status. A missing `reason` gets a standard one. */
export type OrderStatusEvent =
  | { readonly type: 'start_processing'; readonly now: Instant; readonly reason?: string }
  | { readonly type: 'capture'; readonly now: Instant; readonly reason?: string }
  | { readonly type: 'fail'; readonly now: Instant; readonly reason?: string }
  | { readonly type: 'cancel'; readonly now: Instant; readonly reason?: string };

/** An effect that appends an entry to the order's `status_history`. */
export interface AddStatusHistoryEffect {
  /** Discriminant. */
  readonly kind: 'add_status_history';
  /** The entry to append. */
  readonly entry: { readonly status: OrderStatus; readonly timestamp: Instant; readonly reason: string };
}

/**
 * The effects of an order status move, to carry out in order. `order.created` and `order.completed`
 * come from the payment that creates the order (checkout session, payment link, subscription), so they
 * are not repeated here; `order.failed` has no other source.
 */
export type OrderStatusEffect =
  | AddStatusHistoryEffect
  | SetTimestampEffect<'completed_at'>
  | EmitEffect<'order.failed'>;

/** The result of {@link orderStatusTransition}. */
export type OrderStatusTransition = Transition<OrderStatusState, OrderStatusEffect>;

/**
 * Every legal move of an order's status. The interface does not show the moves into
 * `failed` and `cancelled`; an order may fail or be cancelled while it is `pending` or `processing`, and
 * `completed`, `failed` and `cancelled` are terminal (a completed order is undone by a refund).
 */
export const orderStatusMoves = [
  { from: 'pending', on: 'start_processing', to: 'processing' },
  { from: 'processing', on: 'capture', to: 'completed' },
  { from: 'pending', on: 'fail', to: 'failed' },
  { from: 'processing', on: 'fail', to: 'failed' },
  { from: 'pending', on: 'cancel', to: 'cancelled' },
  { from: 'processing', on: 'cancel', to: 'cancelled' },
] as const satisfies readonly Move<OrderStatus, OrderStatusEvent['type']>[];

/** The `status_history` reason of each move when the event gives none. */
export const ORDER_STATUS_DEFAULT_REASONS = {
  created: 'Order created',
  start_processing: 'Payment processing began',
  capture: 'Payment captured',
  fail: 'Payment failed',
  cancel: 'Order cancelled',
} as const satisfies Record<'created' | OrderStatusEvent['type'], string>;

function historyEntry(status: OrderStatus, timestamp: Instant, reason: string): AddStatusHistoryEffect {
  return { kind: 'add_status_history', entry: { status, timestamp, reason } };
}

/** A new order's status, `pending`, with the first of its `status_history` entries. */
export function createOrderStatus(
  now: Instant,
  reason: string = ORDER_STATUS_DEFAULT_REASONS.created,
): Moved<OrderStatusState, OrderStatusEffect> {
  return moved({ status: 'pending' }, [historyEntry('pending', now, reason)]);
}

/**
 * Moves an order's status: `pending → processing → completed`, or into `failed` or `cancelled` before it
 * completes. Every move appends a `status_history` entry; completion sets `completed_at`; failing or
 * cancelling emits `order.failed` (the order is terminally closed and will not complete).
 */
export function orderStatusTransition(
  state: OrderStatusState,
  event: OrderStatusEvent,
): OrderStatusTransition {
  if (!canMove(orderStatusMoves, state.status, event.type)) {
    return forbidden('order', state.status, event.type);
  }
  if (instantMs(event.now) === undefined) return invalidInstant('now');
  const reason = event.reason ?? ORDER_STATUS_DEFAULT_REASONS[event.type];
  switch (event.type) {
    case 'start_processing':
      return moved({ status: 'processing' }, [historyEntry('processing', event.now, reason)]);
    case 'capture':
      return moved({ status: 'completed' }, [
        { kind: 'set_timestamp', field: 'completed_at', at: event.now },
        historyEntry('completed', event.now, reason),
      ]);
    case 'fail':
      return moved({ status: 'failed' }, [
        historyEntry('failed', event.now, reason),
        { kind: 'emit', event: 'order.failed' },
      ]);
    case 'cancel':
      return moved({ status: 'cancelled' }, [
        historyEntry('cancelled', event.now, reason),
        { kind: 'emit', event: 'order.failed' },
      ]);
    default:
      return unknownEvent(event);
  }
}
