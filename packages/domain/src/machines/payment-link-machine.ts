import { err } from '../result.ts';
import type { PaymentLinkStatus } from '../schemas/statuses.ts';
import {
  canMove,
  conflict,
  DAY_MS,
  type EmitEffect,
  forbidden,
  type Instant,
  instantMs,
  invalidInstant,
  isAtOrAfter,
  type Move,
  moved,
  type OrderCreationEffect,
  orderCreationEffects,
  type Refused,
  type SetTimestampEffect,
  shiftInstant,
  type Transition,
  unknownEvent,
} from './machine.ts';

/** A payment link's lifetime when the request names no `expires_at`: 15 days. */
export const PAYMENT_LINK_DEFAULT_LIFETIME_MS = 15 * DAY_MS;
/** The furthest a requested `expires_at` may lie after creation: 90 days. */
const PAYMENT_LINK_MAX_LIFETIME_MS = 90 * DAY_MS;

/** What the payment link machine needs to know about a link. */
export interface PaymentLinkState {
  /** The link's status. */
  readonly status: PaymentLinkStatus;
  /** When the link stops being payable. */
  readonly expires_at: Instant;
}

/** What can happen to a payment link. `now` is the caller's clock. */
export type PaymentLinkEvent =
  | { readonly type: 'cancel'; readonly now: Instant; readonly reason?: string }
  | { readonly type: 'payment_succeeded'; readonly now: Instant }
  | { readonly type: 'expire'; readonly now: Instant };

/** An effect that records the cancellation reason the merchant gave. */
export interface SetCancellationReasonEffect {
  /** Discriminant. */
  readonly kind: 'set_cancellation_reason';
  /** The reason, as given (the request schema bounds it to 500 characters). */
  readonly reason: string;
}

/** The effects of a payment link move, to carry out in order. */
export type PaymentLinkEffect =
  | SetTimestampEffect<'cancelled_at'>
  | SetCancellationReasonEffect
  | OrderCreationEffect
  | EmitEffect<'payment_link.cancelled' | 'payment_link.paid' | 'payment_link.expired'>;

/** The result of {@link paymentLinkTransition}: cancelling a link that is not active is `invalid_state`. */
export type PaymentLinkTransition = Transition<
  PaymentLinkState,
  PaymentLinkEffect,
  'invalid_state' | 'conflict' | 'invalid_request'
>;

/** Every legal move of a payment link; a cancelled link is never reactivated. */
export const paymentLinkMoves = [
  { from: 'active', on: 'cancel', to: 'cancelled' },
  { from: 'active', on: 'payment_succeeded', to: 'paid' },
  { from: 'active', on: 'expire', to: 'expired' },
] as const satisfies readonly Move<PaymentLinkStatus, PaymentLinkEvent['type']>[];

/** When a link created at `createdAt` with no requested expiry expires, or `undefined` for a bad instant. */
export function paymentLinkDefaultExpiresAt(createdAt: Instant): Instant | undefined {
  return shiftInstant(createdAt, PAYMENT_LINK_DEFAULT_LIFETIME_MS);
}

/** Whether a requested `expires_at` is allowed at creation time `now`: in the future and at most 90 days away. */
export function isPaymentLinkExpiryAllowed(expiresAt: Instant, now: Instant): boolean {
  const end = instantMs(expiresAt);
  const start = instantMs(now);
  return (
    end !== undefined && start !== undefined && end > start && end - start <= PAYMENT_LINK_MAX_LIFETIME_MS
  );
}

/** Whether an active link has reached its `expires_at` at `now`. */
export function isPaymentLinkExpired(link: PaymentLinkState, now: Instant): boolean {
  return link.status === 'active' && isAtOrAfter(now, link.expires_at);
}

function notCancellable(status: PaymentLinkStatus): Refused<'invalid_state'> {
  const hint = status === 'paid' ? ' A paid link needs a refund instead.' : '';
  return err('invalid_state', `The payment link is ${status} and cannot be cancelled.${hint}`, 'status');
}

/**
 * Moves a payment link: cancel, pay or expire an active link. Cancelling a link that is not active is
 * the documented `invalid_state` (param `status`); every other forbidden move is `conflict`.
 *
 * Paying a link emits `payment_link.paid` before the order's events. These are the effects of the
 * link's one order: the checkout session opened to pay the link must not create a second one.
 */
export function paymentLinkTransition(
  state: PaymentLinkState,
  event: PaymentLinkEvent,
): PaymentLinkTransition {
  if (!canMove(paymentLinkMoves, state.status, event.type)) {
    return event.type === 'cancel'
      ? notCancellable(state.status)
      : forbidden('payment link', state.status, event.type);
  }
  if (instantMs(event.now) === undefined) return invalidInstant('now');
  const expired = isPaymentLinkExpired(state, event.now);
  switch (event.type) {
    case 'cancel': {
      const effects: PaymentLinkEffect[] = [{ kind: 'set_timestamp', field: 'cancelled_at', at: event.now }];
      if (event.reason !== undefined) effects.push({ kind: 'set_cancellation_reason', reason: event.reason });
      effects.push({ kind: 'emit', event: 'payment_link.cancelled' });
      return moved({ ...state, status: 'cancelled' }, effects);
    }
    case 'payment_succeeded':
      if (expired) return conflict('A payment link past its expires_at cannot be paid.');
      return moved({ ...state, status: 'paid' }, [
        { kind: 'emit', event: 'payment_link.paid' },
        ...orderCreationEffects,
      ]);
    case 'expire':
      if (!expired) return conflict('A payment link is active until its expires_at.');
      return moved({ ...state, status: 'expired' }, [{ kind: 'emit', event: 'payment_link.expired' }]);
    default:
      return unknownEvent(event);
  }
}
