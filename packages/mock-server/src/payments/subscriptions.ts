import {
  type Mode,
  type Order,
  type Subscription,
  SubscriptionInterval,
  type SubscriptionState,
  startSubscription,
  subscriptionTransition,
  subscriptionTrialEndingAt,
} from '@glm/domain';
import type { Engine } from '../service/engine.ts';
import type { CheckoutRecord } from '../store/store.ts';
import { chargeCards } from './charged-cards.ts';
import { type Charged, createFailedOrder, createOrder } from './create-order.ts';
import { openDispute } from './disputes.ts';
import type { CardOutcome } from './test-cards.ts';

/** The subscription terms of a paid subscription session, or `undefined` for a one-time session (D20). */
export function subscriptionTerms(
  record: CheckoutRecord,
): { interval: SubscriptionInterval; interval_count: number; trial_period_days: number } | undefined {
  const { session } = record;
  if (session.payment_type !== 'subscription' || session.subscription == null) return undefined;
  const interval = SubscriptionInterval.safeParse(session.subscription.interval);
  if (!interval.success) return undefined;
  return {
    interval: interval.data,
    interval_count: session.subscription.interval_count,
    trial_period_days: session.subscription.trial_period_days ?? 0,
  };
}

const wire = (subscription: Subscription, state: SubscriptionState): Subscription => ({
  ...subscription,
  status: state.status,
  interval: state.interval,
  interval_count: state.interval_count,
  current_period_start: state.current_period_start,
  current_period_end: state.current_period_end,
  trial_end: state.trial_end,
});

/**
 * Creates the subscription a paid subscription session starts (D20) and schedules its trial notice and
 * next charge. Without a trial the payment that created it paid the first period: `firstOrder` is that
 * order, which gets the `subscription_id`, and `subscription.payment_succeeded` (with `order_id`) is
 * emitted now, before the order's own events. With a trial nothing is charged until `trial_end`.
 * Answers the first order as it now reads, or `undefined` when there is none.
 */
export function beginSubscription(
  engine: Engine,
  mode: Mode,
  record: CheckoutRecord,
  charged: Charged,
  firstOrder: Order | undefined,
): Order | undefined {
  const terms = subscriptionTerms(record);
  if (terms === undefined) return firstOrder;
  const now = engine.nowIso();
  const started = startSubscription({ now, ...terms });
  if (!started.ok) return firstOrder;
  const id = engine.newId('sub_');
  const subscription = wire(
    {
      id,
      status: started.state.status,
      interval: terms.interval,
      interval_count: terms.interval_count,
      current_period_start: now,
      current_period_end: now,
      trial_end: null,
      amount_cents: record.session.amounts.total,
      currency: record.session.line_items[0]?.currency ?? 'USD',
      payment_link_id: record.paymentLinkId,
      checkout_id: record.session.checkout_id,
      created_at: now,
      cancelled_at: null,
    },
    started.state,
  );
  const state = engine.store.modes[mode];
  state.subscriptions.insert({
    subscription,
    state: started.state,
    checkoutId: record.session.checkout_id,
    cards: { card_number: charged.regularCard, hsa_card_number: charged.hsaCard },
  });
  const order = firstOrder === undefined ? undefined : { ...firstOrder, subscription_id: id };
  if (order !== undefined) state.orders.update(order);
  for (const effect of started.effects) {
    if (effect.kind === 'emit')
      engine.emit(mode, effect.event, { ...subscription, order_id: order?.id ?? null });
  }
  const notice = subscriptionTrialEndingAt(started.state);
  if (notice !== undefined) {
    engine.schedule(Date.parse(notice), () => {
      const current = state.subscriptions.get(id);
      if (current?.state.status === 'trialing')
        engine.emit(mode, 'subscription.trial_ending', current.subscription);
    });
  }
  scheduleCharge(engine, mode, id);
  return order;
}

function scheduleCharge(engine: Engine, mode: Mode, id: string): void {
  const record = engine.store.modes[mode].subscriptions.get(id);
  if (record === undefined) return;
  engine.schedule(Date.parse(record.state.current_period_end), () => chargePeriod(engine, mode, id));
}

/**
 * Charges the period that is due (D20): one order per period with `subscription.payment_succeeded`,
 * then `order.created` and `order.completed`; the next charge is scheduled at the new period end. A
 * declined card (D27's `4000000000000341`) fails that period's order (see {@link failRenewal}), makes the
 * subscription `past_due` and stops renewals. The D27 dispute card opens a dispute on the period's order.
 */
function chargePeriod(engine: Engine, mode: Mode, id: string): void {
  const state = engine.store.modes[mode];
  const record = state.subscriptions.get(id);
  const checkout = record === undefined ? undefined : state.checkouts.get(record.checkoutId);
  if (record === undefined || checkout === undefined) return;
  const charged: Charged = { hsaCard: record.cards.hsa_card_number, regularCard: record.cards.card_number };
  const outcomes = chargeCards(charged, 'renewal');
  const declined = outcomes.find((outcome) => outcome.outcome === 'declined');
  const now = engine.nowIso();
  const moved = subscriptionTransition(record.state, {
    type: declined === undefined ? 'charge_succeeded' : 'charge_failed',
    now,
  });
  if (!moved.ok) return;
  const subscription = wire(record.subscription, moved.state);
  state.subscriptions.update({ ...record, subscription, state: moved.state });
  if (declined?.outcome === 'declined') {
    failRenewal(engine, mode, checkout, charged, subscription, declined);
    return;
  }
  let order: Order | undefined;
  for (const effect of moved.effects) {
    if (effect.kind !== 'create_order') continue;
    order = { ...createOrder(engine, mode, checkout, charged), subscription_id: id };
    state.orders.update(order);
  }
  for (const effect of moved.effects) {
    if (effect.kind !== 'emit') continue;
    if (effect.event === 'subscription.payment_succeeded') {
      engine.emit(mode, effect.event, { ...subscription, order_id: order?.id ?? null });
    } else if (order !== undefined) {
      engine.emit(mode, effect.event, order);
    }
  }
  if (
    order !== undefined &&
    outcomes.some((outcome) => outcome.outcome === 'succeeded' && outcome.thenDispute)
  ) {
    openDispute(engine, mode, order.id, 'fraudulent');
  }
  scheduleCharge(engine, mode, id);
}

/**
 * A declined renewal (docs/decisions/0013): nobody is there to retry, so the period's order is created
 * and failed at once (`status_history` pending, then failed with the decline code), and the merchant
 * hears `payment.failed` (the declined attempt, `retryable: false`, with `order_id` and
 * `subscription_id`) then `order.failed` (the order is closed, interface 6.2). No `order.created`: no
 * payment completed.
 */
function failRenewal(
  engine: Engine,
  mode: Mode,
  checkout: CheckoutRecord,
  charged: Charged,
  subscription: Subscription,
  declined: Extract<CardOutcome, { outcome: 'declined' }>,
): void {
  const reason = `Renewal charge declined (${declined.decline_code})`;
  const made = createFailedOrder(engine, mode, checkout, charged, reason);
  const order: Order = { ...made.order, subscription_id: subscription.id };
  engine.store.modes[mode].orders.update(order);
  engine.emit(mode, 'payment.failed', {
    checkout_id: checkout.session.checkout_id,
    payment_link_id: checkout.paymentLinkId,
    reference_id: checkout.session.reference_id,
    amount_cents: order.amounts.total_cents,
    decline_code: declined.decline_code,
    message: 'The renewal charge of the subscription was declined.',
    retryable: declined.retryable,
    order_id: order.id,
    subscription_id: subscription.id,
  });
  for (const event of made.emits) engine.emit(mode, event, order);
}
