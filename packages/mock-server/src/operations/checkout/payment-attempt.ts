import type { CheckoutSession, Order } from '@glm/domain';
import { checkoutSessionTransition } from '@glm/domain/machines';
import type { DeclineCode, PaymentCardResult } from '@glm/domain/test-helpers';
import { type ApiError, noSuch, refusal } from '../../core/outcome.ts';
import type { PaymentCards } from '../../core/store/payment-cards.ts';
import type { CheckoutRecord } from '../../core/store/store.ts';
import { type Charged, cardCharges, chargedCards, chargeResult } from '../cards/charged-cards.ts';
import type { OperationContext } from '../operation-context.ts';
import { createOrder } from '../orders/create-order.ts';
import { sessionState } from './session-state.ts';

/** What a payment attempt produced (the pay route's `{checkout, order, payment}`). */
export interface PaymentAttempt {
  /** The session after the attempt. */
  readonly checkout: CheckoutSession;
  /** The order, when the payment succeeded. */
  readonly order: Order | null;
  /** The outcome. */
  readonly payment: {
    outcome: 'succeeded' | 'authorized' | 'declined';
    decline_code?: DeclineCode;
    retryable?: boolean;
    cards: PaymentCardResult[];
  };
}

/** Which card paid which part of the cart, and what each answered (the pay helpers' `payment.cards`). */
export function paidCards(charged: Charged): PaymentCardResult[] {
  return cardCharges(charged).map(({ part, card, outcome }) => ({
    part,
    last4: card.slice(-4),
    outcome: outcome.outcome,
    ...(outcome.outcome === 'declined' ? { decline_code: outcome.decline_code } : {}),
  }));
}

/**
 * Plays one payment attempt on an open session with the test cards: the HSA/FSA card pays the
 * eligible part, the regular card the rest (one card alone pays every part); a split cart charges both. A decline emits
 * `payment.failed` (and `checkout.failed` when hard) and leaves the session open; a success creates
 * the completed order, marks the session paid and emits `order.created` then `order.completed`. A
 * payment only authorized (the authorizing test card) marks the session paid too, but its order
 * waits `processing` with the payment `authorized`: only `order.created` is emitted.
 * `before` runs between the order's creation and the order events (payment links emit `payment_link.paid` there;
 * subscriptions `subscription.payment_succeeded`); the order it answers, if any, is the one the events carry.
 */
export function paymentAttempt(
  context: OperationContext,
  id: string,
  cards: PaymentCards,
  before?: (order: Order) => Order | undefined,
): { readonly ok: true; readonly attempt: PaymentAttempt; readonly thenDispute: boolean } | ApiError {
  const { engine, mode } = context;
  const checkouts = engine.store.modes[mode].checkouts;
  const record = checkouts.get(id);
  if (record === undefined) return noSuch('checkout session');
  const { session } = record;
  const charged = chargedCards(session.type, cards);
  const result = chargeResult(charged);
  const declined = result.outcome === 'declined' ? result : undefined;
  const now = engine.nowIso();
  const state = sessionState(session);
  const moved = checkoutSessionTransition(
    state,
    declined === undefined
      ? { type: 'payment_succeeded', now }
      : { type: 'payment_declined', now, retryable: declined.retryable },
  );
  if (!moved.ok) return refusal('conflict', moved.message, { param: 'status' });
  let next: CheckoutSession = { ...session, status: moved.state.status };
  let order: Order | null = null;
  for (const effect of moved.effects) {
    if (effect.kind === 'set_timestamp') next = { ...next, [effect.field]: effect.at };
    if (effect.kind === 'create_order') {
      order = createOrder(
        context,
        record,
        charged,
        result.outcome === 'authorized' ? 'authorized' : 'captured',
      );
      next = { ...next, order_id: order.id };
    }
  }
  const updated: CheckoutRecord = { ...record, session: next };
  checkouts.update(updated);
  if (order !== null) order = before?.(order) ?? order;
  for (const effect of moved.effects) {
    if (effect.kind !== 'emit') continue;
    if (effect.event === 'order.created' || effect.event === 'order.completed') {
      // An authorized order completes later, when a test helper captures it.
      if (effect.event === 'order.completed' && order?.status !== 'completed') continue;
      engine.emit(mode, effect.event, order ?? {});
    } else {
      // The stored session is never changed in place (a later change stores a new object), so an event
      // without extra fields carries it as is: `next.checkout_id` is `id`, and a copy would hold the same
      // keys in the same order.
      const extra = 'data' in effect ? { ...effect.data, decline_code: declined?.decline_code } : undefined;
      engine.emit(mode, effect.event, extra === undefined ? next : { ...next, ...extra, checkout_id: id });
    }
  }
  const cardResults = paidCards(charged);
  const payment: PaymentAttempt['payment'] =
    declined !== undefined
      ? {
          outcome: 'declined',
          decline_code: declined.decline_code,
          retryable: declined.retryable,
          cards: cardResults,
        }
      : { outcome: result.outcome === 'authorized' ? 'authorized' : 'succeeded', cards: cardResults };
  const thenDispute = result.outcome === 'captured' && result.thenDispute;
  return { ok: true, attempt: { checkout: next, order, payment }, thenDispute };
}
