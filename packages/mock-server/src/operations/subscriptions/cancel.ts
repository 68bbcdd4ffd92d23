import { ok, SubscriptionCancel } from '@glm/domain';
import { subscriptionTransition } from '@glm/domain/machines';
import { noSuch, refusal } from '../../core/outcome.ts';
import { defineOperation } from '../define-operation.ts';
import { idOf } from '../endpoint-doc.ts';
import { apply } from './apply-move.ts';

/**
 * Cancels a subscription (`POST /v2/subscriptions/{id}/cancel`): at once (`cancelled`, `cancelled_at` =
 * `ended_at` = now, `subscription.cancelled`), or at period end (status unchanged,
 * `cancel_at_period_end: true`, `cancelled_at` = now, `subscription.updated`; it ends uncharged when the
 * period ends). A cancelled subscription is `409 invalid_state`; an unknown id `404`.
 */
export const cancelSubscription = defineOperation({
  endpoint: {
    operationId: 'cancelSubscription',
    pathParameters: { id: idOf('subscription', 'sub_') },
    description:
      'At once: `cancelled`, `cancelled_at` = `ended_at` = now, `subscription.cancelled`. With ' +
      '`cancel_at_period_end: true`: the status stays, `subscription.updated` now, and at ' +
      '`current_period_end` it becomes `cancelled` with `subscription.cancelled`, uncharged.',
    success: { description: 'The subscription.' },
  },
  input: SubscriptionCancel,
  rules: 'subscription.cancel',
  run(context, body, id) {
    const { engine, mode } = context;
    const record = engine.store.modes[mode].subscriptions.get(id);
    if (record === undefined) return noSuch('subscription');
    const moved = subscriptionTransition(record.state, {
      type: 'cancel',
      now: engine.nowIso(),
      at_period_end: body.cancel_at_period_end === true,
    });
    // Refused as a conflict with the subscription's state: 409, where `invalid_state` alone is 400.
    if (!moved.ok) return refusal('invalid_state', moved.message, { param: 'status', status: 409 });
    const subscription = apply(context, record, moved, { reason: body.reason ?? undefined });
    return ok(subscription ?? record.subscription);
  },
});
