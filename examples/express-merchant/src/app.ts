import { APIError, type Glm } from '@glm/sdk';
import { createNodeWebhookHandler } from '@glm/sdk/webhooks';
import express, { type ErrorRequestHandler, type Express } from 'express';
import { z } from 'zod';
import type { ShopProduct } from './catalog.ts';
import type { Warehouse } from './fulfilment.ts';

/** What the merchant back end is built from. */
export interface MerchantAppOptions {
  /** One client for the whole app. */
  readonly glm: Glm;
  /** The shop's catalog: the only source of prices. */
  readonly catalog: readonly ShopProduct[];
  /** Where paid orders are shipped. */
  readonly warehouse: Warehouse;
  /** The webhook endpoint's `whsec_…` secret, shown once when it was registered. */
  readonly webhookSecret: string;
  /** Where shoppers come back to after paying, e.g. `https://shop.example.com`. */
  readonly publicUrl: string;
}

const Address = z.object({
  address_line_1: z.string().min(1),
  city: z.string().min(1),
  state: z.string().min(1),
  postal_code: z.string().min(1),
  country: z.string().length(2),
});
const Customer = z.object({ email: z.email(), first_name: z.string().min(1), last_name: z.string().min(1) });
const Refund = z.object({ amount_cents: z.int().positive().optional() });

/**
 * The merchant's HTTP API: `POST /checkout` (a cart becomes a hosted checkout), `POST /payment-links`,
 * `POST /orders/:id/refunds`, and `POST /webhooks/glm`, which ships each paid order once.
 */
export function createMerchantApp(options: MerchantAppOptions): Express {
  const { glm, warehouse, publicUrl } = options;
  const bySku = new Map(options.catalog.map((product) => [product.sku, product]));
  const Sku = z.string().transform((sku, context) => {
    const product = bySku.get(sku);
    if (product === undefined) context.addIssue({ code: 'custom', message: `Unknown product ${sku}.` });
    return product ?? z.NEVER;
  });
  const Line = z.object({ sku: Sku, quantity: z.int().min(1).max(99) });
  const Cart = z.object({
    cart_id: z.string().min(1),
    customer: Customer,
    items: z.array(Line).min(1),
    shipping_address: Address,
  });
  const LinkRequest = Line.extend({ email: z.email().optional() });

  const app = express();
  // The webhook route reads the raw body itself (the signature covers the exact bytes): mount it
  // before express.json(). Verification, deduplication by event id and the 200/400/500 answers are the SDK's.
  app.post(
    '/webhooks/glm',
    createNodeWebhookHandler({
      secret: options.webhookSecret,
      // Refuse a delivery without a signature: the Bearer secret alone gives no replay protection.
      requireSignature: true,
      on: {
        'order.completed': (event) => warehouse.ship(event.data),
        'refund.succeeded': (event) => warehouse.recordRefund(event.data.order_id, event.data.amount_cents),
      },
    }),
  );
  app.use(express.json());

  app.post('/checkout', async (req, res) => {
    const cart = Cart.parse(req.body);
    const session = await glm.checkout.create({
      reference_id: cart.cart_id,
      customer: cart.customer,
      line_items: cart.items.map(({ sku: product, quantity }) => ({
        product_id: product.sku,
        name: product.name,
        price: product.priceCents,
        quantity,
        currency: 'USD',
      })),
      shipping_info: cart.shipping_address,
      success_url: `${publicUrl}/thanks?session={CHECKOUT_SESSION_ID}`,
      failure_url: `${publicUrl}/cart`,
    });
    res
      .status(201)
      .json({ checkout_id: session.checkout_id, checkout_url: session.checkout_url, type: session.type });
  });

  app.post('/payment-links', async (req, res) => {
    const { sku: product, quantity, email } = LinkRequest.parse(req.body);
    const link = await glm.paymentLinks.create({
      amount_cents: product.priceCents * quantity,
      currency: 'USD',
      description: `${quantity} × ${product.name}`,
      products: [
        { merchant_product_id: product.sku, name: product.name, quantity, price_cents: product.priceCents },
      ],
      ...(email === undefined ? {} : { customer: { email } }),
      success_url: `${publicUrl}/thanks?order={ORDER_ID}`,
    });
    res.status(201).json({ id: link.id, url: link.url });
  });

  app.post('/orders/:id/refunds', async (req, res) => {
    const { amount_cents } = Refund.parse(req.body ?? {});
    const refund = await glm.refunds.create({
      order_id: req.params.id,
      reason: 'customer_request',
      ...(amount_cents === undefined ? {} : { amount_cents }),
    });
    res.status(201).json({ id: refund.id, status: refund.status, amount_cents: refund.amount_cents });
  });

  app.use(answerErrors);
  return app;
}

// Express 5 passes rejected promises of async routes here.
const answerErrors: ErrorRequestHandler = (error: unknown, _req, res, _next) => {
  if (error instanceof z.ZodError) {
    res.status(400).json({ error: 'invalid_request', issues: error.issues.map((issue) => issue.message) });
  } else if (error instanceof APIError && error.status < 500) {
    // The service refused (an unknown order, nothing left to refund…): say why, never with our key.
    res.status(error.status === 401 ? 502 : error.status).json({ error: error.code, message: error.message });
  } else {
    res.status(502).json({ error: 'payment_service_unavailable' });
  }
};
