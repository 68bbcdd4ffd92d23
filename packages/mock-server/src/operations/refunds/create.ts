import { ok, type Refund, RefundCreate, refundBreakdown } from '@glm/domain';
import { noSuch, refusal } from '../../core/outcome.ts';
import { defineOperation } from '../define-operation.ts';
import { capturedSplit, refundedSplit, splitTotal } from './refund-split.ts';
import { REFUND_AUTO_SUCCEED_MS, scheduleAutoSuccess } from './settle.ts';

/**
 * Creates a pending refund: only a captured order with money left can be refunded (`409 conflict`);
 * the breakdown over the two cards is the domain's `refundBreakdown` of what is left, pending refunds
 * included (`400 invalid_amount` above it). Emits `refund.created` and schedules the automatic success.
 */
export const createRefund = defineOperation({
  endpoint: {
    operationId: 'createRefund',
    description:
      '`amount_cents` (alias `amount`; both must agree) defaults to what is left to refund. Only a captured ' +
      'order with money left can be refunded (409 conflict); an amount above what is left is 400 invalid_amount. ' +
      'Emits `refund.created`, then `refund.succeeded` or `refund.failed`.',
    success: { description: 'The refund, status pending.' },
  },
  input: RefundCreate,
  rules: 'refund.create',
  creates: true,
  run(context, input) {
    const { engine, mode } = context;
    const state = engine.store.modes[mode];
    const order = state.orders.get(input.order_id);
    if (order === undefined) return noSuch('order', 'order_id');
    if (order.payment_status !== 'captured') {
      return refusal('conflict', `An order whose payment is ${order.payment_status} cannot be refunded.`, {
        param: 'order_id',
      });
    }
    const breakdown = refundBreakdown({
      captured: capturedSplit(order),
      refunded: refundedSplit(context, order.id, ['pending', 'succeeded']),
      amount: input.amount_cents,
    });
    if (!breakdown.ok) {
      if (breakdown.code === 'conflict')
        return refusal('conflict', `${breakdown.message}.`, { param: 'order_id' });
      if (breakdown.code === 'invalid_amount')
        return refusal('invalid_amount', `${breakdown.message}.`, { param: 'amount_cents' });
      return refusal('internal_error', `${breakdown.message}.`);
    }
    const refund: Refund = {
      id: engine.newId('ref_'),
      order_id: order.id,
      amount_cents: splitTotal(breakdown.value),
      reason: input.reason,
      notes: input.notes ?? null,
      status: 'pending',
      refund_breakdown: breakdown.value,
      metadata: { ...input.metadata },
      created_at: engine.nowIso(),
      processed_at: null,
    };
    state.refunds.insert(refund);
    state.refundIdsByOrder.set(order.id, [...(state.refundIdsByOrder.get(order.id) ?? []), refund.id]);
    engine.emit(mode, 'refund.created', refund);
    scheduleAutoSuccess(context, refund.id, engine.now().getTime() + REFUND_AUTO_SUCCEED_MS);
    return ok(refund);
  },
});
