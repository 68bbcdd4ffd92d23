import {
  type Mode,
  type Order,
  ok,
  type PaymentSplit,
  PaymentStatus,
  type Refund,
  type RefundCreate,
  RefundStatus,
  refundBreakdown,
} from '@glm/domain';
import { paymentStatusTransition, refundTransition } from '@glm/domain/machines';
import type { Engine } from '../../core/engine.ts';
import { failure, noSuch, type Outcome } from '../../core/outcome.ts';

/**
 * How long a test-mode refund stays `pending` when no test helper settles it: one virtual minute, then
 * it succeeds on its own (the package README documents this choice; the service leaves it open).
 */
export const REFUND_AUTO_SUCCEED_MS = 60_000;

const zero: PaymentSplit = { hsa_fsa_amount_cents: 0, regular_amount_cents: 0 };

/** What an order captured on each card. */
export function capturedSplit(order: Order): PaymentSplit {
  return {
    hsa_fsa_amount_cents: order.amounts.hsa_fsa_amount_cents,
    regular_amount_cents: order.amounts.regular_amount_cents,
  };
}

/** The sum per card of an order's refunds in the given statuses (pending ones count against what is left). */
export function refundedSplit(
  engine: Engine,
  mode: Mode,
  orderId: string,
  statuses: readonly RefundStatus[],
): PaymentSplit {
  const state = engine.store.modes[mode];
  let sum = zero;
  for (const id of state.refundIdsByOrder.get(orderId) ?? []) {
    const refund = state.refunds.get(id);
    if (refund === undefined || !(statuses as readonly string[]).includes(refund.status)) continue;
    sum = {
      hsa_fsa_amount_cents: sum.hsa_fsa_amount_cents + refund.refund_breakdown.hsa_fsa_amount_cents,
      regular_amount_cents: sum.regular_amount_cents + refund.refund_breakdown.regular_amount_cents,
    };
  }
  return sum;
}

const total = (split: PaymentSplit): number => split.hsa_fsa_amount_cents + split.regular_amount_cents;

/** Whether succeeded refunds have given back everything the order captured. */
export function isFullyRefunded(engine: Engine, mode: Mode, order: Order): boolean {
  return total(refundedSplit(engine, mode, order.id, ['succeeded'])) >= total(capturedSplit(order));
}

/** The order's payment status as the domain's vocabulary, or `undefined` for a value it does not know. */
export function paymentStatusOf(order: Order): PaymentStatus | undefined {
  const parsed = PaymentStatus.safeParse(order.payment_status);
  return parsed.success ? parsed.data : undefined;
}

/**
 * Creates a pending refund: only a captured order with money left can be refunded (`409 conflict`);
 * the breakdown over the two cards is the domain's `refundBreakdown` of what is left, pending refunds
 * included (`400 invalid_amount` above it). Emits `refund.created` and schedules the automatic success.
 */
export function createRefund(engine: Engine, mode: Mode, input: RefundCreate): Outcome<Refund> {
  const state = engine.store.modes[mode];
  const order = state.orders.get(input.order_id);
  if (order === undefined) return noSuch('order', 'order_id');
  if (order.payment_status !== 'captured') {
    return failure('conflict', `An order whose payment is ${order.payment_status} cannot be refunded.`, {
      param: 'order_id',
    });
  }
  const breakdown = refundBreakdown({
    captured: capturedSplit(order),
    refunded: refundedSplit(engine, mode, order.id, ['pending', 'succeeded']),
    amount: input.amount_cents,
  });
  if (!breakdown.ok) {
    if (breakdown.code === 'conflict')
      return failure('conflict', `${breakdown.message}.`, { param: 'order_id' });
    if (breakdown.code === 'invalid_amount')
      return failure('invalid_amount', `${breakdown.message}.`, { param: 'amount_cents' });
    return failure('internal_error', `${breakdown.message}.`);
  }
  const refund: Refund = {
    id: engine.newId('ref_'),
    order_id: order.id,
    amount_cents: total(breakdown.value),
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
  engine.schedule(engine.now().getTime() + REFUND_AUTO_SUCCEED_MS, () => {
    if (state.refunds.get(refund.id)?.status === 'pending') settleRefund(engine, mode, refund.id, 'succeed');
  });
  return ok(refund);
}

/**
 * Settles a pending refund: `refund.succeeded` with `payment_status` `refunded` once succeeded
 * refunds cover the whole order (its `payment_status` becomes `refunded` while it is `captured`), else
 * `partially_refunded`; or `refund.failed`, which gives the amount back to what is left. A refund that
 * is no longer pending is `409 conflict`.
 */
export function settleRefund(
  engine: Engine,
  mode: Mode,
  id: string,
  outcome: 'succeed' | 'fail',
): Outcome<Refund> {
  const state = engine.store.modes[mode];
  const refund = state.refunds.get(id);
  if (refund === undefined) return noSuch('refund');
  const order = state.orders.get(refund.order_id);
  const now = engine.nowIso();
  const succeededBefore = total(refundedSplit(engine, mode, refund.order_id, ['succeeded']));
  const captured = order === undefined ? 0 : total(capturedSplit(order));
  const current = RefundStatus.safeParse(refund.status);
  const moved = refundTransition(
    { status: current.success ? current.data : 'failed' },
    outcome === 'succeed'
      ? { type: 'succeed', now, fully_refunded: succeededBefore + refund.amount_cents >= captured }
      : { type: 'fail', now },
  );
  if (!moved.ok) return failure(moved.code, moved.message, { param: 'status' });
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
