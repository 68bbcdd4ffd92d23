import { type Dispute, ok } from '@glm/domain';
import { disputeEvidenceDueBy, paymentStatusTransition } from '@glm/domain/machines';
import { DisputeOpenRequest } from '@glm/domain/test-helpers';
import { noSuch, type Outcome, refusal } from '../../core/outcome.ts';
import { defineOperation } from '../define-operation.ts';
import { idOf } from '../endpoint-doc.ts';
import type { OperationContext } from '../operation-context.ts';
import { capturedSplit, paymentStatusOf, refundedSplit } from '../refunds/refund-split.ts';

/**
 * Opens a chargeback on a captured order: a `needs_response` dispute over what succeeded refunds
 * have not given back, evidence due in 7 days; the order's `payment_status` becomes `disputed`; emits
 * `dispute.created`. An unknown order is `404`, an order whose payment is not captured `409 conflict`.
 */
export function disputeOrder(
  context: OperationContext,
  orderId: string,
  reason: string | null,
): Outcome<Dispute> {
  const { engine, mode } = context;
  const state = engine.store.modes[mode];
  const order = state.orders.get(orderId);
  if (order === undefined) return noSuch('order');
  const status = paymentStatusOf(order);
  const moved =
    status === undefined ? undefined : paymentStatusTransition({ status }, { type: 'dispute_opened' });
  if (moved === undefined || !moved.ok) {
    const message = `An order whose payment is ${order.payment_status} cannot be disputed.`;
    return refusal('conflict', message, { param: 'payment_status' });
  }
  const now = engine.nowIso();
  const captured = capturedSplit(order);
  const refunded = refundedSplit(context, order.id, ['succeeded']);
  const dispute: Dispute = {
    id: engine.newId('dp_'),
    order_id: order.id,
    amount_cents:
      captured.hsa_fsa_amount_cents +
      captured.regular_amount_cents -
      refunded.hsa_fsa_amount_cents -
      refunded.regular_amount_cents,
    reason,
    status: 'needs_response',
    evidence_due_by: disputeEvidenceDueBy(now) ?? now,
    created_at: now,
    closed_at: null,
  };
  state.disputes.insert(dispute);
  state.orders.update({ ...order, payment_status: moved.state.status });
  engine.emit(mode, 'dispute.created', dispute);
  return ok(dispute);
}

/** Opens a chargeback on a captured order (`dispute.created`; the order becomes `disputed`). */
export const openDispute = defineOperation({
  endpoint: {
    operationId: 'testOpenDispute',
    pathParameters: { id: idOf('order', 'ord_') },
    success: { description: 'The dispute, status needs_response.' },
  },
  input: DisputeOpenRequest,
  rules: 'test_helpers.dispute.open',
  creates: true,
  run: (context, input, orderId) => disputeOrder(context, orderId, input.reason ?? null),
});
