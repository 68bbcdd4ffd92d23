// The merchant's own code: what a shop does with the SDK. Each function is one business operation
// with a stable idempotency key, so a retry after a crash or a timeout never charges twice.
import {
  type CheckoutCreateParams,
  ConflictError,
  type Glm,
  type Order,
  type PaymentLinkCreateParams,
  type Refund,
  type Subscription,
} from '@glm/sdk';

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

/** What the shop does next with an order. */
export type NextStep = 'ship' | 'release' | 'wait';

/**
 * What the shop does next with an order, read from its status. Only a status this code knows to be final
 * ends the wait: a status the service adds later (or `pending`, `processing`) means "not final yet",
 * never an error, so a new value is waited out instead of crashing the thank-you page.
 */
export function nextStep(order: Order): NextStep {
  switch (order.status) {
    case 'completed':
      return 'ship';
    case 'failed':
    case 'cancelled':
      return 'release';
    default:
      return 'wait';
  }
}

/** How long {@link settledOrder} polls: this many reads, this far apart. */
export interface PollBound {
  readonly reads: number;
  readonly intervalMs: number;
}

/**
 * Reads an order until its status is final, at most `bound.reads` times: the thank-you page's poll. It
 * always ends: an order still not final (or in a status this code does not know) answers `wait`, and the
 * shop leaves fulfilment to its `order.completed` webhook.
 */
export async function settledOrder(
  glm: Glm,
  orderId: string,
  bound: PollBound = { reads: 5, intervalMs: 200 },
): Promise<{ order: Order; step: NextStep; reads: number }> {
  let order = await glm.orders.get(orderId);
  let reads = 1;
  while (nextStep(order) === 'wait' && reads < bound.reads) {
    await new Promise((resolve) => setTimeout(resolve, bound.intervalMs));
    order = await glm.orders.get(orderId);
    reads += 1;
  }
  return { order, step: nextStep(order), reads };
}

/**
 * Refunds part of an order for a returned item, keyed by the return so a retried job refunds once. An
 * order the service cannot refund now (its payment only authorized, or nothing left to refund) is
 * answered `409`: the shop gets the service's reason back to show, never a retry.
 */
export async function refundReturn(
  glm: Glm,
  returnId: string,
  orderId: string,
  amountCents: number,
): Promise<{ refund: Refund } | { refused: string }> {
  try {
    const refund = await glm.refunds.create(
      { order_id: orderId, amount_cents: amountCents, reason: 'customer_request' },
      { idempotencyKey: `return-${returnId}` },
    );
    return { refund };
  } catch (error) {
    if (error instanceof ConflictError) return { refused: error.message };
    throw error;
  }
}

/** Every refund of an order, newest first: what the shop reconciles its returns against. */
export function refundsOf(glm: Glm, orderId: string): Promise<Refund[]> {
  return glm.refunds.list({ order_id: orderId }).toArray({ limit: 100 });
}
