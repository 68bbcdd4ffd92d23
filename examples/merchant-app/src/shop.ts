// The merchant's own code: what a shop does with the SDK. Each function is one business operation
// with a stable idempotency key, so a retry after a crash or a timeout never charges twice.
import type { CheckoutCreateParams, Glm, Order, PaymentLinkCreateParams, Subscription } from '@glm/sdk';

/** A cart line of this shop. */
export interface CartLine {
  readonly sku: string;
  readonly name: string;
  readonly priceCents: number;
  readonly quantity: number;
}

/** A shopper of this shop. */
export interface Shopper {
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
}

/** A plan a returning customer can subscribe to. */
export interface Plan {
  readonly id: string;
  readonly amountCents: number;
  readonly interval: 'daily' | 'weekly' | 'monthly' | 'yearly';
}

/** The checkout request for a cart, shipped to the shop's test address. */
export function checkoutRequest(
  cartId: string,
  shopper: Shopper,
  lines: readonly CartLine[],
): CheckoutCreateParams {
  return {
    reference_id: cartId,
    customer: { email: shopper.email, first_name: shopper.firstName, last_name: shopper.lastName },
    line_items: lines.map((line) => ({
      product_id: line.sku,
      name: line.name,
      price: line.priceCents,
      quantity: line.quantity,
      currency: 'USD',
    })),
    shipping_info: {
      address_line_1: '1 Main St',
      city: 'Austin',
      state: 'TX',
      postal_code: '78701',
      country: 'US',
    },
    success_url: 'https://shop.example/thanks?session={CHECKOUT_SESSION_ID}',
    failure_url: 'https://shop.example/cart',
  };
}

/** Opens a checkout for a cart; the cart id is the idempotency key, so a double submit opens one session. */
export function startCheckout(glm: Glm, cartId: string, shopper: Shopper, lines: readonly CartLine[]) {
  return glm.checkout.create(checkoutRequest(cartId, shopper, lines), {
    idempotencyKey: `checkout-${cartId}`,
  });
}

/** A payment link for a monthly subscription box. */
export function subscriptionLinkRequest(description: string, amountCents: number): PaymentLinkCreateParams {
  return {
    amount_cents: amountCents,
    currency: 'USD',
    description,
    payment_type: 'subscription',
    subscription: { interval: 'monthly' },
    success_url: 'https://shop.example/subscribed',
  };
}

/** The customer and card an order recorded, which a returning customer's subscription reuses. */
export function customerOf(order: Order): { customerId: string; paymentMethodId: string } {
  // Only an order that charged no card has no payment method.
  const paymentMethodId = order.payment?.payment_method_id;
  if (paymentMethodId == null) throw new Error(`order ${order.id} charged no card`);
  return { customerId: order.customer.id, paymentMethodId };
}

/**
 * Subscribes the customer of a paid order to a plan, charged to the card that paid the order. The key
 * names the customer and the plan: asking twice (a double click, a retried job) answers one subscription,
 * the second time as a replay.
 */
export async function subscribeReturningCustomer(
  glm: Glm,
  orderId: string,
  plan: Plan,
): Promise<{ subscription: Subscription; replayed: boolean }> {
  const { customerId, paymentMethodId } = customerOf(await glm.orders.get(orderId));
  const { data, meta } = await glm.subscriptions
    .create(
      {
        customer_id: customerId,
        payment_method_id: paymentMethodId,
        amount_cents: plan.amountCents,
        currency: 'USD',
        interval: plan.interval,
        metadata: { plan: plan.id },
      },
      { idempotencyKey: `subscribe-${customerId}-${plan.id}` },
    )
    .withResponse();
  return { subscription: data, replayed: meta.replayed };
}

/** Stops renewing: the customer keeps what they paid for until the period ends. */
export function stopRenewing(glm: Glm, subscriptionId: string, reason: string): Promise<Subscription> {
  return glm.subscriptions.cancel(subscriptionId, { cancel_at_period_end: true, reason });
}

/** Every order of a subscription (the signup's and each renewal's), newest first. */
export function ordersOf(glm: Glm, subscriptionId: string): Promise<Order[]> {
  return glm.orders.list({ subscription_id: subscriptionId }).toArray({ limit: 100 });
}
