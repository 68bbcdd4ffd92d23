import type { Subscription } from '@glm/domain';
import { type SubscriptionState, type SubscriptionTransition, subscriptionDueAt } from '@glm/domain/machines';
import type { SubscriptionRecord } from '../../core/store/payment-records.ts';
import type { OperationContext } from '../operation-context.ts';
import { chargeOrder } from './charge-order.ts';

/** The next charge as the wire object says it: none once cancelled or cancelled at period end. */
const nextBillingDate = (state: SubscriptionState): string | null =>
  state.status === 'cancelled' || state.cancel_at_period_end ? null : (subscriptionDueAt(state) ?? null);

/** The wire object after a move: the machine's fields, the timestamps its effects set, `updated_at`. */
export function wire(
  subscription: Subscription,
  moved: Extract<SubscriptionTransition, { ok: true }>,
  now: string,
) {
  const { state } = moved;
  let next: Subscription = {
    ...subscription,
    status: state.status,
    interval: state.interval,
    interval_count: state.interval_count,
    current_period_start: state.current_period_start,
    current_period_end: state.current_period_end,
    trial_end: state.trial_end,
    next_billing_date: nextBillingDate(state),
    cancel_at_period_end: state.cancel_at_period_end,
    updated_at: now,
  };
  for (const effect of moved.effects) {
    if (effect.kind === 'set_timestamp') next = { ...next, [effect.field]: effect.at };
  }
  return next;
}

/**
 * Stores a move and carries out its effects in order: the period's order first when one is created
 * (its id is in `subscription.payment_succeeded`), then each event with the data its type carries.
 */
export function apply(
  context: OperationContext,
  record: SubscriptionRecord,
  moved: SubscriptionTransition,
  extras: { readonly declineCode?: string | undefined; readonly reason?: string | undefined },
): Subscription | undefined {
  if (!moved.ok) return undefined;
  const { engine, mode } = context;
  const state = engine.store.modes[mode];
  const reason = extras.reason ?? record.cancellationReason;
  const next: SubscriptionRecord = {
    ...record,
    subscription: wire(record.subscription, moved, engine.nowIso()),
    state: moved.state,
    cancellationReason: reason,
  };
  state.subscriptions.update(next);
  const order = moved.effects.some((effect) => effect.kind === 'create_order')
    ? chargeOrder(context, next, 'renewal')
    : undefined;
  const { subscription } = next;
  for (const effect of moved.effects) {
    if (effect.kind !== 'emit') continue;
    switch (effect.event) {
      case 'subscription.payment_succeeded':
        engine.emit(mode, effect.event, { ...subscription, order_id: order?.id ?? null });
        break;
      case 'subscription.payment_failed':
        engine.emit(mode, effect.event, {
          ...subscription,
          decline_code: extras.declineCode ?? 'card_declined',
          next_retry_at: moved.state.next_retry_at,
        });
        break;
      case 'subscription.cancelled':
        engine.emit(mode, effect.event, { ...subscription, reason });
        break;
      case 'subscription.updated':
        engine.emit(mode, effect.event, subscription);
        break;
      default:
        if (order !== undefined) engine.emit(mode, effect.event, order);
    }
  }
  return subscription;
}
