import { type Order, ok, SUBSCRIPTION_PAYMENT_FAILED_REASON } from '@glm/domain';
import { orderStatusTransition, paymentStatusTransition, subscriptionTransition } from '@glm/domain/machines';
import { OrderFailRequest } from '@glm/domain/test-helpers';
import { refusal } from '../../core/outcome.ts';
import { defineOperation } from '../define-operation.ts';
import { idOf } from '../endpoint-doc.ts';
import type { OperationContext } from '../operation-context.ts';
import { apply } from '../subscriptions/apply-move.ts';
import { authorizedOrder } from './authorized-order.ts';

/**
 * Fails an authorized order (`POST /v2/test_helpers/orders/{id}/fail` `{reason?}`): the payment
 * becomes `failed`, the order `failed` (a `status_history` entry with the reason), and `order.failed`
 * is emitted. A subscription whose first payment this was is cancelled
 * (`subscription.cancelled`, reason `payment_failed`): it never started. A payment link it paid stays
 * `paid`. Any order whose payment is not only authorized is `409 conflict`.
 */
export const failOrder = defineOperation({
  endpoint: {
    operationId: 'testFailOrder',
    description:
      'The payment and the order become failed, with the reason in the status history; emits order.failed. A subscription whose first payment it was is cancelled (subscription.cancelled, reason payment_failed). An order whose payment is not authorized is 409 conflict.',
    pathParameters: { id: idOf('order', 'ord_') },
    success: { description: 'The failed order.' },
  },
  input: OrderFailRequest,
  rules: 'test_helpers.order.fail',
  target: authorizedOrder,
  run(context, input, order) {
    const { engine, mode } = context;
    const now = engine.nowIso();
    const payment = paymentStatusTransition({ status: 'authorized' }, { type: 'fail' });
    const status = orderStatusTransition(
      { status: 'processing' },
      { type: 'fail', now, ...(input.reason === undefined ? {} : { reason: input.reason }) },
    );
    if (!payment.ok || !status.ok) return refusal('conflict', 'The order cannot be failed.');
    let failed: Order = { ...order, status: status.state.status, payment_status: payment.state.status };
    for (const effect of status.effects) {
      if (effect.kind === 'add_status_history') {
        failed = { ...failed, status_history: [...failed.status_history, effect.entry] };
      }
    }
    engine.store.modes[mode].orders.update(failed);
    for (const effect of status.effects) {
      if (effect.kind === 'emit') engine.emit(mode, effect.event, failed);
    }
    endSubscription(context, order);
    return ok(failed);
  },
});

/** Cancels the subscription whose first payment the failed order was, if any. */
function endSubscription(context: OperationContext, order: Order): void {
  if (order.subscription_id === null) return;
  const { engine, mode } = context;
  const record = engine.store.modes[mode].subscriptions.get(order.subscription_id);
  if (record === undefined) return;
  const moved = subscriptionTransition(record.state, {
    type: 'cancel',
    now: engine.nowIso(),
    at_period_end: false,
  });
  apply(context, record, moved, { reason: SUBSCRIPTION_PAYMENT_FAILED_REASON });
}
