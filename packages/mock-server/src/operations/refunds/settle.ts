import { ok, type Refund, RefundStatus } from '@glm/domain';
import { paymentStatusTransition, refundTransition } from '@glm/domain/machines';
import { noSuch, type Outcome, refusal } from '../../core/outcome.ts';
import { defineOperation } from '../define-operation.ts';
import { idOf } from '../endpoint-doc.ts';
import type { OperationContext } from '../operation-context.ts';
import { capturedSplit, paymentStatusOf, refundedSplit, splitTotal } from './refund-split.ts';

/**
 * How long a test-mode refund stays `pending` when no test helper settles it: one virtual minute, then
 * it succeeds on its own (the package README documents this choice; the service leaves it open).
 */
export const REFUND_AUTO_SUCCEED_MS = 60_000;

/** Schedules a pending refund's automatic success at `at` (epoch ms); settled by then, it is left as it is. */
export function scheduleAutoSuccess(context: OperationContext, id: string, at: number): void {
  const { engine, mode } = context;
  engine.schedule(at, () => {
    if (engine.store.modes[mode].refunds.get(id)?.status === 'pending') settleRefund(context, id, 'succeed');
  });
}

/**
 * Settles a pending refund: `refund.succeeded` with `payment_status` `refunded` once succeeded
 * refunds cover the whole order (its `payment_status` becomes `refunded` while it is `captured`), else
 * `partially_refunded`; or `refund.failed`, which gives the amount back to what is left. A refund that
 * is no longer pending is `409 conflict`.
 */
function settleRefund(context: OperationContext, id: string, outcome: 'succeed' | 'fail'): Outcome<Refund> {
  const { engine, mode } = context;
  const state = engine.store.modes[mode];
  const refund = state.refunds.get(id);
  if (refund === undefined) return noSuch('refund');
  const order = state.orders.get(refund.order_id);
  const now = engine.nowIso();
  const succeededBefore = splitTotal(refundedSplit(context, refund.order_id, ['succeeded']));
  const captured = order === undefined ? 0 : splitTotal(capturedSplit(order));
  const current = RefundStatus.safeParse(refund.status);
  const moved = refundTransition(
    { status: current.success ? current.data : 'failed' },
    outcome === 'succeed'
      ? { type: 'succeed', now, fully_refunded: succeededBefore + refund.amount_cents >= captured }
      : { type: 'fail', now },
  );
  if (!moved.ok) return refusal(moved.code, moved.message, { param: 'status' });
  let next: Refund = { ...refund, status: moved.state.status };
  for (const effect of moved.effects) {
    if (effect.kind === 'set_timestamp') next = { ...next, [effect.field]: effect.at };
  }
  state.refunds.update(next);
  const status = order === undefined ? undefined : paymentStatusOf(order);
  for (const effect of moved.effects) {
    if (effect.kind !== 'emit') continue;
    if (effect.event === 'refund.succeeded' && order !== undefined && status !== undefined) {
      // While a dispute is open the order stays disputed; closing it takes the refunds into account.
      const paid = paymentStatusTransition(
        { status },
        { type: 'refund_succeeded', fully_refunded: effect.data.payment_status === 'refunded' },
      );
      if (paid.ok && paid.state.status !== status)
        state.orders.update({ ...order, payment_status: paid.state.status });
    }
    engine.emit(mode, effect.event, 'data' in effect ? { ...next, ...effect.data } : next);
  }
  return ok(next);
}

/** Settles a pending refund as succeeded (`refund.succeeded`). */
export const succeedRefund = defineOperation({
  endpoint: {
    operationId: 'testSucceedRefund',
    pathParameters: { id: idOf('refund', 'ref_') },
    success: { description: 'The refund.' },
  },
  run: (context, _input, id) => settleRefund(context, id, 'succeed'),
});

/** Settles a pending refund as failed (`refund.failed`); its amount is left to refund again. */
export const failRefund = defineOperation({
  endpoint: {
    operationId: 'testFailRefund',
    pathParameters: { id: idOf('refund', 'ref_') },
    success: { description: 'The refund.' },
  },
  run: (context, _input, id) => settleRefund(context, id, 'fail'),
});
