import type { CheckoutSession, Glm } from '@glm/sdk';
import { createWebhookHandler } from '@glm/sdk/webhooks';

/**
 * Where a cart stands, as the shop sees it: `awaiting_capture` when its order was created but its
 * payment is only authorized (the order is `processing`): not paid yet, so nothing ships and no receipt
 * goes out until `order.completed`; `payment_failed` when that payment then failed (`order.failed`).
 */
type CartStatus = 'awaiting_payment' | 'awaiting_capture' | 'paid' | 'payment_failed' | 'expired';

/** A shopper's cart; `sku` is the catalog's `merchant_product_id`. */
interface Cart {
  readonly id: string;
  readonly customer: { readonly email: string; readonly first_name: string; readonly last_name: string };
  readonly lines: readonly {
    readonly sku: string;
    readonly name: string;
    readonly priceCents: number;
    readonly quantity: number;
  }[];
}

/** What the shop is built from. */
export interface ShopOptions {
  readonly glm: Glm;
  /** The webhook endpoint's `whsec_…` secret. */
  readonly webhookSecret: string;
  /** The shop's clock in epoch ms (webhook signatures are checked against it). Default `Date.now`. */
  readonly now?: () => number;
}

/** The code under test: a shop's checkout and its webhook route. */
export interface Shop {
  /** Opens a hosted checkout for a cart; the shopper is sent to its `checkout_url`. */
  checkout(cart: Cart): Promise<CheckoutSession>;
  /** The Fetch-style webhook route (`POST /webhooks/glm` in Next.js, Hono, Remix…). */
  webhook(request: Request): Promise<Response>;
  /** Where a cart stands; `undefined` for a cart the shop never checked out. */
  status(cartId: string): CartStatus | undefined;
  /** Receipts emailed, one per paid cart. */
  receipts(): string[];
}

/**
 * Builds the shop. Carts move to `paid` on `order.completed`, to `awaiting_capture` on an `order.created`
 * that is not completed yet (and then to `payment_failed` on `order.failed`), and to `expired` on
 * `checkout.expired`.
 */
export function createShop(options: ShopOptions): Shop {
  const carts = new Map<string, CartStatus>();
  const receipts: string[] = [];
  const webhook = createWebhookHandler({
    secret: options.webhookSecret,
    ...(options.now === undefined ? {} : { now: options.now }),
    on: {
      // An order is created when the session is paid, but its payment may only be authorized: then it
      // is `processing`, and `order.completed` (captured) or `order.failed` follows later.
      'order.created': (event) => {
        const cartId = event.data.reference_id ?? '';
        if (event.data.status !== 'completed' && carts.get(cartId) === 'awaiting_payment')
          carts.set(cartId, 'awaiting_capture');
      },
      'order.completed': (event) => {
        const cartId = event.data.reference_id ?? '';
        const status = carts.get(cartId);
        if (status !== 'awaiting_payment' && status !== 'awaiting_capture') return; // not ours, or settled
        carts.set(cartId, 'paid');
        receipts.push(`${event.data.customer.email}: order ${event.data.order_number}`);
      },
      'order.failed': (event) => {
        const cartId = event.data.reference_id ?? '';
        if (carts.get(cartId) === 'awaiting_capture') carts.set(cartId, 'payment_failed');
      },
      'checkout.expired': (event) => {
        if (carts.get(event.data.reference_id) === 'awaiting_payment')
          carts.set(event.data.reference_id, 'expired');
      },
    },
  });

  return {
    async checkout(cart) {
      const session = await options.glm.checkout.create({
        reference_id: cart.id,
        customer: cart.customer,
        line_items: cart.lines.map((line) => ({
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
        success_url: 'https://shop.example.com/thanks?session={CHECKOUT_SESSION_ID}',
        failure_url: 'https://shop.example.com/cart',
      });
      carts.set(cart.id, 'awaiting_payment');
      return session;
    },
    webhook,
    status: (cartId) => carts.get(cartId),
    receipts: () => [...receipts],
  };
}
