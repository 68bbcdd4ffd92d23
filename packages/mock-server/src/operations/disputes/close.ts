import { type Dispute, DisputeStatus, ok } from '@glm/domain';
import { disputeTransition, paymentStatusTransition } from '@glm/domain/machines';
import { DisputeCloseRequest } from '@glm/domain/test-helpers';
import { noSuch, refusal } from '../../core/outcome.ts';
import { defineOperation } from '../define-operation.ts';
import { idOf } from '../endpoint-doc.ts';
import { isFullyRefunded, paymentStatusOf } from '../refunds/refund-split.ts';

/**
 * Closes an open dispute with its outcome: `won` and `warning_closed` return the order to
 * `captured` (or `refunded` when succeeded refunds already gave everything back), `lost` makes it
 * `refunded`; emits `dispute.closed` with `outcome`. A closed dispute is `409 conflict`.
 */
export const closeDispute = defineOperation({
  endpoint: {
    operationId: 'testCloseDispute',
    pathParameters: { id: idOf('dispute', 'dp_') },
    success: { description: 'The closed dispute.' },
  },
  input: DisputeCloseRequest,
  rules: 'test_helpers.dispute.close',
  run(context, { outcome }, id) {
    const { engine, mode } = context;
    const state = engine.store.modes[mode];
    const dispute = state.disputes.get(id);
    if (dispute === undefined) return noSuch('dispute');
    const current = DisputeStatus.safeParse(dispute.status);
    const moved = disputeTransition(
      { status: current.success ? current.data : 'lost' },
      { type: 'close', now: engine.nowIso(), outcome },
    );
    if (!moved.ok) return refusal(moved.code, moved.message, { param: 'status' });
    let next: Dispute = { ...dispute, status: moved.state.status };
    for (const effect of moved.effects) {
      if (effect.kind === 'set_timestamp') next = { ...next, [effect.field]: effect.at };
    }
    state.disputes.update(next);
    const order = state.orders.get(dispute.order_id);
    const status = order === undefined ? undefined : paymentStatusOf(order);
    if (order !== undefined && status !== undefined) {
      const closed = paymentStatusTransition({ status }, { type: 'dispute_closed', outcome });
      let after = closed.ok ? closed.state : { status };
      if (after.status === 'captured' && isFullyRefunded(context, order)) {
        const refunded = paymentStatusTransition(after, { type: 'refund_succeeded', fully_refunded: true });
        if (refunded.ok) after = refunded.state;
      }
      state.orders.update({ ...order, payment_status: after.status });
    }
    for (const effect of moved.effects) {
      if (effect.kind === 'emit') engine.emit(mode, effect.event, { ...next, ...effect.data });
    }
    return ok(next);
  },
});
