import { type CheckoutSession, CheckoutSessionStatus, type Order } from '@glm/domain';
import { checkoutSessionTransition } from '@glm/domain/machines';
import type { TestPayer } from '@glm/domain/test-helpers';
import { refusal } from '../../core/outcome.ts';
import type { PaymentCards } from '../../core/store/payment-cards.ts';
import { chargeCards, chargedCards } from '../cards/charged-cards.ts';
import { disputeOrder } from '../disputes/open.ts';
import type { OperationContext } from '../operation-context.ts';
import { beginSubscription, subscriptionTerms } from '../subscriptions/start.ts';
import { assignPayer } from './assign-payer.ts';
import { paidCards, paymentAttempt } from './payment-attempt.ts';

/** The outcome of {@link paySession}: the core's payment attempt. */
export type SessionPayment = ReturnType<typeof paymentAttempt>;

/** What pays a session, and what runs once it is paid (see {@link paySession}). */
export interface SessionPayer {
  /** The card numbers given. */
  readonly cards: PaymentCards;
  /** The shopper named on the session; the test shopper when absent and the session names nobody. */
  readonly payer?: TestPayer | undefined;
  /** Runs once the payment succeeded, before the order's events. */
  readonly onPaid?: () => void;
}

/**
 * One payment attempt on a session with everything that follows it: the session's customer is named
 * first (`payer`, or the test shopper when the session names nobody); `onPaid` runs once the payment
 * succeeded, before the order's events (the payment link's `payment_link.paid`); a subscription
 * session starts its subscription, and with a trial nothing is charged and no order is created
 * until the trial ends; the dispute test card (`4000000000000259`) opens a dispute on the new order.
 */
export function paySession(
  context: OperationContext,
  id: string,
  { cards, payer, onPaid = () => undefined }: SessionPayer,
): SessionPayment {
  const { engine, mode } = context;
  assignPayer(context, id, payer);
  const record = engine.store.modes[mode].checkouts.get(id);
  const terms = record === undefined ? undefined : subscriptionTerms(record);
  if (record !== undefined && terms !== undefined && terms.trial_period_days > 0) {
    return startTrial(context, id, cards, onPaid);
  }
  const charged = chargedCards(record?.session.type ?? 'regular', cards);
  const result = paymentAttempt(context, id, cards, (order) => {
    onPaid();
    return record === undefined ? order : beginSubscription(context, record, charged, order);
  });
  const order = result.ok ? result.attempt.order : null;
  if (!result.ok || order === null || !result.thenDispute) return result;
  const opened = disputeOrder(context, order.id, 'fraudulent');
  const disputed: Order = opened.ok ? (engine.store.modes[mode].orders.get(order.id) ?? order) : order;
  return { ...result, attempt: { ...result.attempt, order: disputed } };
}

/**
 * Signs a shopper up for a subscription with a free trial: the cards are checked (a decline plays
 * exactly as on any session, through the core's payment attempt), the session becomes `paid` with no
 * order, and the subscription starts `trialing`; its first charge is due at `trial_end`.
 */
function startTrial(
  context: OperationContext,
  id: string,
  cards: PaymentCards,
  onPaid: () => void,
): SessionPayment {
  const { engine, mode } = context;
  const checkouts = engine.store.modes[mode].checkouts;
  const record = checkouts.get(id);
  if (record === undefined) return paymentAttempt(context, id, cards);
  const charged = chargedCards(record.session.type, cards);
  if (chargeCards(charged).some((outcome) => outcome.outcome === 'declined')) {
    return paymentAttempt(context, id, cards);
  }
  const { session } = record;
  const status = CheckoutSessionStatus.safeParse(session.status);
  const moved = checkoutSessionTransition(
    { status: status.success ? status.data : 'expired', expires_at: session.expires_at },
    { type: 'payment_succeeded', now: engine.nowIso() },
  );
  if (!moved.ok) return refusal('conflict', moved.message, { param: 'status' });
  let next: CheckoutSession = { ...session, status: moved.state.status };
  // Only the timestamps apply: the order effects wait for the first charge at the end of the trial.
  for (const effect of moved.effects) {
    if (effect.kind === 'set_timestamp') next = { ...next, [effect.field]: effect.at };
  }
  const updated = { ...record, session: next };
  checkouts.update(updated);
  onPaid();
  beginSubscription(context, updated, charged, undefined);
  return {
    ok: true,
    attempt: { checkout: next, order: null, payment: { outcome: 'succeeded', cards: paidCards(charged) } },
    thenDispute: false,
  };
}
