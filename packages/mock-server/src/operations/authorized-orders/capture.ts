import { type Order, ok } from '@glm/domain';
import { orderStatusTransition, paymentStatusTransition } from '@glm/domain/machines';
import { refusal } from '../../core/outcome.ts';
import { defineOperation } from '../define-operation.ts';
import { idOf } from '../endpoint-doc.ts';
import { authorizedOrder } from './authorized-order.ts';

/**
 * Captures an authorized order (`POST /v2/test_helpers/orders/{id}/capture`): the payment becomes
 * `captured` (`payment.captured_at`), the order `completed` (`completed_at`, a `status_history`
 * entry), and `order.completed` is emitted. The first payment of a subscription succeeds now:
 * `subscription.payment_succeeded` (with `order_id`) comes before `order.completed`. Any order whose
 * payment is not only authorized is `409 conflict`.
 */
export const captureOrder = defineOperation({
  endpoint: {
    operationId: 'testCaptureOrder',
    description:
      'The payment becomes captured and the order completed; emits order.completed (after subscription.payment_succeeded when it was the first payment of a subscription). An order whose payment is not authorized is 409 conflict.',
    pathParameters: { id: idOf('order', 'ord_') },
    success: { description: 'The completed order.' },
  },
  target: authorizedOrder,
  run(context, _input, order) {
    const { engine, mode } = context;
    const now = engine.nowIso();
    const payment = paymentStatusTransition({ status: 'authorized' }, { type: 'capture', now });
    const status = orderStatusTransition({ status: 'processing' }, { type: 'capture', now });
    if (!payment.ok || !status.ok) return refusal('conflict', 'The order cannot be captured.');
    let captured: Order = {
      ...order,
      status: status.state.status,
      payment_status: payment.state.status,
      payment: order.payment === null ? null : { ...order.payment, captured_at: now },
    };
    for (const effect of status.effects) {
      if (effect.kind === 'set_timestamp') captured = { ...captured, completed_at: effect.at };
      if (effect.kind === 'add_status_history') {
        captured = { ...captured, status_history: [...captured.status_history, effect.entry] };
      }
    }
    const state = engine.store.modes[mode];
    state.orders.update(captured);
    const subscription =
      order.subscription_id === null ? undefined : state.subscriptions.get(order.subscription_id);
    if (subscription !== undefined) {
      engine.emit(mode, 'subscription.payment_succeeded', {
        ...subscription.subscription,
        order_id: order.id,
      });
    }
    engine.emit(mode, 'order.completed', captured);
    return ok(captured);
  },
});
