import { CheckoutSessionEnvelope, Order } from '@glm/domain';
import { checkoutRequest } from './fixtures.ts';
import type { Harness } from './harness.ts';

/** A payment link creation body (4.7) of 5000 cents; `overrides` replace top-level fields. */
export const paymentLinkRequest = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  amount_cents: 5000,
  currency: 'USD',
  description: 'Annual eye exam',
  success_url: 'https://shop.example.com/thanks',
  ...overrides,
});

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
