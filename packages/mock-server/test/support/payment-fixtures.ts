import { CheckoutSessionEnvelope, Order } from '@glm/domain';
import { checkoutRequest } from './fixtures.ts';
import type { Harness } from './harness.ts';

/** Creates a checkout session for the given merchant product ids over the harness and pays it; answers the order. */
export async function paidOrder(
  harness: Harness,
  productIds: readonly string[],
  overrides: Record<string, unknown> = {},
): Promise<Order> {
  const created = await harness.request('POST', '/api/v2/checkout', {
    body: checkoutRequest(productIds, overrides),
  });
  const session = CheckoutSessionEnvelope.parse(created.body).data;
  const paid = await harness.service.payCheckout(session.checkout_id);
  return Order.parse(paid.order);
}
