import type { CheckoutSession, Glm } from '@glm/sdk';
import { createWebhookHandler } from '@glm/sdk/webhooks';

/** Where a cart stands, as the shop sees it. */
type CartStatus = 'awaiting_payment' | 'paid' | 'expired';

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

/** Builds the shop. Carts move to `paid` on `order.completed` and to `expired` on `checkout.expired`. */
export function createShop(options: ShopOptions): Shop {
  const carts = new Map<string, CartStatus>();
  const receipts: string[] = [];
  const webhook = createWebhookHandler({
    secret: options.webhookSecret,
    ...(options.now === undefined ? {} : { now: options.now }),
    on: {
      'order.completed': (event) => {
        const cartId = event.data.reference_id ?? '';
        if (carts.get(cartId) !== 'awaiting_payment') return; // not ours, or already settled
        carts.set(cartId, 'paid');
        receipts.push(`${event.data.customer.email}: order ${event.data.order_number}`);
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
