import type { CheckoutSession, Order } from '@glm/domain';
import { checkoutSessionTransition } from '@glm/domain/machines';
import { type ApiError, failure, noSuch } from '../../core/outcome.ts';
import type { PaymentCards } from '../../core/store/payment-cards.ts';
import type { CheckoutRecord } from '../../core/store/store.ts';
import { chargeTestCard, DEFAULT_TEST_CARD } from '../cards/test-cards.ts';
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
  readonly payment: { outcome: 'succeeded' | 'declined'; decline_code?: string; retryable?: boolean };
}

/**
 * Plays one payment attempt on an open session with the test cards: the HSA/FSA card pays the
 * eligible part, the regular card the rest; a split cart charges both. A decline emits
 * `payment.failed` (and `checkout.failed` when hard) and leaves the session open; a success creates
 * the completed order, marks the session paid and emits `order.created` then `order.completed`.
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
  const hsaCard = session.type === 'regular' ? undefined : (cards.hsa_card_number ?? DEFAULT_TEST_CARD);
  const regularCard = session.type === 'eligible' ? undefined : (cards.card_number ?? DEFAULT_TEST_CARD);
  const outcomes = [hsaCard, regularCard].flatMap((card) =>
    card === undefined ? [] : [chargeTestCard(card)],
  );
  const declined = outcomes.find((outcome) => outcome.outcome === 'declined');
  const now = engine.nowIso();
  const state = sessionState(session);
  const moved = checkoutSessionTransition(
    state,
    declined === undefined
      ? { type: 'payment_succeeded', now }
      : { type: 'payment_declined', now, retryable: declined.retryable },
  );
  if (!moved.ok) return failure('conflict', moved.message, { param: 'status' });
  let next: CheckoutSession = { ...session, status: moved.state.status };
  let order: Order | null = null;
  for (const effect of moved.effects) {
    if (effect.kind === 'set_timestamp') next = { ...next, [effect.field]: effect.at };
    if (effect.kind === 'create_order') {
      order = createOrder(context, record, { hsaCard, regularCard });
      next = { ...next, order_id: order.id };
    }
  }
  const updated: CheckoutRecord = { ...record, session: next };
  checkouts.update(updated);
  if (order !== null) order = before?.(order) ?? order;
  for (const effect of moved.effects) {
    if (effect.kind !== 'emit') continue;
    if (effect.event === 'order.created' || effect.event === 'order.completed') {
      engine.emit(mode, effect.event, order ?? {});
    } else {
      // The stored session is never changed in place (a later change stores a new object), so an event
      // without extra fields carries it as is: `next.checkout_id` is `id`, and a copy would hold the same
      // keys in the same order.
      const extra = 'data' in effect ? effect.data : undefined;
      engine.emit(mode, effect.event, extra === undefined ? next : { ...next, ...extra, checkout_id: id });
    }
  }
  const payment: PaymentAttempt['payment'] =
    declined?.outcome === 'declined'
      ? { outcome: 'declined', decline_code: declined.decline_code, retryable: declined.retryable }
      : { outcome: 'succeeded' };
  const thenDispute = outcomes.some((outcome) => outcome.outcome === 'succeeded' && outcome.thenDispute);
  return { ok: true, attempt: { checkout: next, order, payment }, thenDispute };
}
