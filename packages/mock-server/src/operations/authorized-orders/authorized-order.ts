import { type Order, ok } from '@glm/domain';
import { noSuch, type Outcome, refusal } from '../../core/outcome.ts';
import type { OperationContext } from '../operation-context.ts';

/**
 * The order a capture or a failure acts on: one whose payment is only `authorized` (paid with the
 * authorizing test card, still `processing`). An unknown order is `404`; any other order
 * `409 conflict`, naming its payment status.
 */
export function authorizedOrder({ engine, mode }: OperationContext, id: string): Outcome<Order> {
  const order = engine.store.modes[mode].orders.get(id);
  if (order === undefined) return noSuch('order');
  if (order.payment_status !== 'authorized' || order.status !== 'processing') {
    return refusal(
      'conflict',
      `Only an order whose payment is authorized and not yet captured can be captured or failed; this one is ${order.status} with payment ${order.payment_status}.`,
      { param: 'payment_status' },
    );
  }
  return ok(order);
}
