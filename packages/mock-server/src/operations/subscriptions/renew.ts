import { SUBSCRIPTION_PAYMENT_FAILED_REASON } from '@glm/domain';
import { subscriptionDueAt, subscriptionTransition } from '@glm/domain/machines';
import { chargeCards } from '../cards/charged-cards.ts';
import type { OperationContext } from '../operation-context.ts';
import { apply } from './apply-move.ts';
import { chargedOf } from './charge-order.ts';

/** Schedules the subscription's next charge (a period end or a retry), when one is due. */
export function scheduleDue(context: OperationContext, id: string): void {
  const { engine, mode } = context;
  const record = engine.store.modes[mode].subscriptions.get(id);
  const due = record === undefined ? undefined : subscriptionDueAt(record.state);
  if (due === undefined) return;
  engine.schedule(Date.parse(due), () => chargeDue(context, id, due));
}

/**
 * What happens when a subscription's charge falls due (a period end or a retry): one cancelled at
 * period end ends; otherwise the card is charged as a renewal. A success creates the period's order
 * (`subscription.payment_succeeded`, `order.created`, `order.completed`); a decline creates no order and
 * emits `subscription.payment_failed` with `next_retry_at`, and the fourth decline cancels it
 * (`subscription.cancelled`, reason `payment_failed`). A job whose due time is no longer the
 * subscription's (it was cancelled meanwhile) does nothing.
 */
function chargeDue(context: OperationContext, id: string, due: string): void {
  const { engine, mode } = context;
  const state = engine.store.modes[mode];
  const record = state.subscriptions.get(id);
  if (record === undefined || subscriptionDueAt(record.state) !== due) return;
  const now = engine.nowIso();
  if (record.state.cancel_at_period_end) {
    apply(context, record, subscriptionTransition(record.state, { type: 'end', now }), {});
    return;
  }
  const declined = chargeCards(chargedOf(record.cards), 'renewal').find(
    (outcome) => outcome.outcome === 'declined',
  );
  const type = declined === undefined ? 'charge_succeeded' : 'charge_failed';
  const moved = subscriptionTransition(record.state, { type, now });
  apply(context, record, moved, {
    declineCode: declined?.outcome === 'declined' ? declined.decline_code : undefined,
    reason: declined === undefined ? undefined : SUBSCRIPTION_PAYMENT_FAILED_REASON,
  });
  scheduleDue(context, id);
}
