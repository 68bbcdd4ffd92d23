import type { Order, PaymentSplit, RefundStatus } from '@glm/domain';
import { PaymentStatus } from '@glm/domain';
import type { OperationContext } from '../operation-context.ts';

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
  { engine, mode }: OperationContext,
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

/** What a split holds over both cards. */
export const splitTotal = (split: PaymentSplit): number =>
  split.hsa_fsa_amount_cents + split.regular_amount_cents;

/** Whether succeeded refunds have given back everything the order captured. */
export function isFullyRefunded(context: OperationContext, order: Order): boolean {
  return splitTotal(refundedSplit(context, order.id, ['succeeded'])) >= splitTotal(capturedSplit(order));
}

/** The order's payment status as the domain's vocabulary, or `undefined` for a value it does not know. */
export function paymentStatusOf(order: Order): PaymentStatus | undefined {
  const parsed = PaymentStatus.safeParse(order.payment_status);
  return parsed.success ? parsed.data : undefined;
}
