import type { CheckoutSessionStatus } from '../schemas/statuses.ts';
import {
  canMove,
  conflict,
  type EmitEffect,
  type EmitWithDataEffect,
  forbidden,
  HOUR_MS,
  type Instant,
  instantMs,
  invalidInstant,
  isAtOrAfter,
  type Move,
  moved,
  type OrderCreationEffect,
  orderCreationEffects,
  type SetTimestampEffect,
  shiftInstant,
  type Transition,
  unknownEvent,
} from './machine.ts';

/** How long a checkout session stays open: 24 hours after creation. */
export const CHECKOUT_SESSION_LIFETIME_MS = 24 * HOUR_MS;

/** What the checkout session machine needs to know about a session. */
export interface CheckoutSessionState {
  /** The session's status. */
  readonly status: CheckoutSessionStatus;
  /** When the session stops accepting payment (24 hours after creation). */
  readonly expires_at: Instant;
}

/** What can happen to a checkout session. `now` is the caller's clock, never read here. */
export type CheckoutSessionEvent =
  | { readonly type: 'payment_succeeded'; readonly now: Instant }
  | { readonly type: 'payment_declined'; readonly now: Instant; readonly retryable: boolean }
  | { readonly type: 'expire'; readonly now: Instant };

/** The effects of a checkout session move, to carry out in order. */
export type CheckoutSessionEffect =
  | SetTimestampEffect<'paid_at' | 'expired_at'>
  | OrderCreationEffect
  | EmitEffect<'checkout.failed' | 'checkout.expired'>
  | EmitWithDataEffect<'payment.failed', { readonly retryable: boolean }>;

/** The result of {@link checkoutSessionTransition}. */
export type CheckoutSessionTransition = Transition<CheckoutSessionState, CheckoutSessionEffect>;

/** Every legal move of a checkout session; anything else is `conflict`. */
export const checkoutSessionMoves = [
  { from: 'open', on: 'payment_succeeded', to: 'paid' },
  { from: 'open', on: 'payment_declined', to: 'open' },
  { from: 'open', on: 'expire', to: 'expired' },
] as const satisfies readonly Move<CheckoutSessionStatus, CheckoutSessionEvent['type']>[];

/** When a session created at `createdAt` expires, or `undefined` when `createdAt` is not an instant. */
export function checkoutSessionExpiresAt(createdAt: Instant): Instant | undefined {
  return shiftInstant(createdAt, CHECKOUT_SESSION_LIFETIME_MS);
}

/** Whether an open session has reached its expiry at `now`; a paid or expired session is not "due". */
export function isCheckoutExpired(session: CheckoutSessionState, now: Instant): boolean {
  return session.status === 'open' && isAtOrAfter(now, session.expires_at);
}

/**
 * Moves a checkout session: a successful payment makes it `paid` and creates the order, a declined
 * attempt leaves it `open` for a retry, and reaching `expires_at` makes it `expired`.
 */
export function checkoutSessionTransition(
  state: CheckoutSessionState,
  event: CheckoutSessionEvent,
): CheckoutSessionTransition {
  if (!canMove(checkoutSessionMoves, state.status, event.type)) {
    return forbidden('checkout session', state.status, event.type);
  }
  if (instantMs(event.now) === undefined) return invalidInstant('now');
  const expired = isCheckoutExpired(state, event.now);
  switch (event.type) {
    case 'payment_succeeded':
      if (expired) return conflict('A checkout session past its expires_at cannot be paid.');
      // The order is created and completed in the same step, then both events carry it.
      return moved({ ...state, status: 'paid' }, [
        { kind: 'set_timestamp', field: 'paid_at', at: event.now },
        ...orderCreationEffects,
      ]);
    case 'payment_declined': {
      if (expired) return conflict('A checkout session past its expires_at cannot take a payment attempt.');
      const failed: CheckoutSessionEffect = {
        kind: 'emit',
        event: 'payment.failed',
        data: { retryable: event.retryable },
      };
      // A hard decline also tells the merchant through checkout.failed; the shopper may still retry.
      return moved(state, event.retryable ? [failed] : [failed, { kind: 'emit', event: 'checkout.failed' }]);
    }
    case 'expire':
      if (!expired) return conflict('A checkout session is open until its expires_at.');
      return moved({ ...state, status: 'expired' }, [
        { kind: 'set_timestamp', field: 'expired_at', at: event.now },
        { kind: 'emit', event: 'checkout.expired' },
      ]);
    default:
      return unknownEvent(event);
  }
}
