import { type Dispute, type DisputeOutcome, DisputeStatus, type Mode, ok } from '@glm/domain';
import { disputeEvidenceDueBy, disputeTransition, paymentStatusTransition } from '@glm/domain/machines';
import type { Engine } from '../../core/engine.ts';
import { failure, noSuch, type Outcome } from '../../core/outcome.ts';
import { capturedSplit, isFullyRefunded, paymentStatusOf, refundedSplit } from '../refunds/refunds.ts';

/**
 * Opens a chargeback on a captured order: a `needs_response` dispute over what succeeded refunds
 * have not given back, evidence due in 7 days; the order's `payment_status` becomes `disputed`; emits
 * `dispute.created`. An unknown order is `404`, an order whose payment is not captured `409 conflict`.
 */
export function openDispute(
  engine: Engine,
  mode: Mode,
  orderId: string,
  reason: string | null,
): Outcome<Dispute> {
  const state = engine.store.modes[mode];
  const order = state.orders.get(orderId);
  if (order === undefined) return noSuch('order');
  const status = paymentStatusOf(order);
  const moved =
    status === undefined ? undefined : paymentStatusTransition({ status }, { type: 'dispute_opened' });
  if (moved === undefined || !moved.ok) {
    const message = `An order whose payment is ${order.payment_status} cannot be disputed.`;
    return failure('conflict', message, { param: 'payment_status' });
  }
  const now = engine.nowIso();
  const captured = capturedSplit(order);
  const refunded = refundedSplit(engine, mode, order.id, ['succeeded']);
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

/**
 * Closes an open dispute with its outcome: `won` and `warning_closed` return the order to
 * `captured` (or `refunded` when succeeded refunds already gave everything back), `lost` makes it
 * `refunded`; emits `dispute.closed` with `outcome`. A closed dispute is `409 conflict`.
 */
export function closeDispute(
  engine: Engine,
  mode: Mode,
  id: string,
  outcome: DisputeOutcome,
): Outcome<Dispute> {
  const state = engine.store.modes[mode];
  const dispute = state.disputes.get(id);
  if (dispute === undefined) return noSuch('dispute');
  const current = DisputeStatus.safeParse(dispute.status);
  const moved = disputeTransition(
    { status: current.success ? current.data : 'lost' },
    { type: 'close', now: engine.nowIso(), outcome },
  );
  if (!moved.ok) return failure(moved.code, moved.message, { param: 'status' });
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
    if (after.status === 'captured' && isFullyRefunded(engine, mode, order)) {
      const refunded = paymentStatusTransition(after, { type: 'refund_succeeded', fully_refunded: true });
      if (refunded.ok) after = refunded.state;
    }
    state.orders.update({ ...order, payment_status: after.status });
  }
  for (const effect of moved.effects) {
    if (effect.kind === 'emit') engine.emit(mode, effect.event, { ...next, ...effect.data });
  }
  return ok(next);
}
